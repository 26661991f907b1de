// Dear ImGui for Halo's preview window: the C interface of halo_imgui.h.
#include "halo_imgui.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
// ImGui 1.86's headers memset non-trivial classes (a clang 16+ warning): theirs, not ours.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wnontrivial-memcall"
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#pragma clang diagnostic pop
#include <algorithm>
#include <cmath>
#include <string>

namespace {
bool ready = false;
float appliedScale = 0;
/// ImGui's own font (ProggyClean, monospaced, so the error section's caret lines up) is 13 px at scale 1.
constexpr float baseFontPixels = 13;
/// The UI font (a TTF or OTF file) is 14 px at scale 1.
constexpr float uiFontPixels = 14;
std::string uiFontPath;
bool uiFontLoaded = false;
ImFont *monoFont = nullptr;

/// Adds ImGui's own font at `scale`; it is the monospaced font, and the UI font when no file is used.
ImFont *addDefaultFont(float scale) {
    ImFontConfig font;
    font.SizePixels = std::round(baseFontPixels * scale);
    return ImGui::GetIO().Fonts->AddFontDefault(&font);
}

void applyScale(float scale) {
    ImGuiIO &io = ImGui::GetIO();
    io.Fonts->Clear();
    uiFontLoaded = false;
    if (!uiFontPath.empty() && io.Fonts->AddFontFromFileTTF(uiFontPath.c_str(), std::round(uiFontPixels * scale))) {
        monoFont = addDefaultFont(scale);
        // A file stb_truetype cannot read fails here: ImGui's own font then serves for both.
        uiFontLoaded = io.Fonts->Build();
        if (!uiFontLoaded) io.Fonts->Clear();
    }
    if (!uiFontLoaded) monoFont = addDefaultFont(scale);
    ImGui::GetStyle() = ImGuiStyle();
    ImGui::StyleColorsDark();
    ImGui::GetStyle().ScaleAllSizes(scale);
    appliedScale = scale;
}
}

void halo_imgui_set_font_file(const char *path) { uiFontPath = path ? path : ""; }
bool halo_imgui_font_loaded(void) { return ready && uiFontLoaded; }

bool halo_imgui_init(GLFWwindow *window, float scale) {
    if (ready) return true;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;   // no imgui.ini in the working folder
    if (!ImGui_ImplGlfw_InitForOpenGL(window, false)) { ImGui::DestroyContext(); return false; }
    if (!ImGui_ImplOpenGL3_Init("#version 330 core")) { ImGui_ImplGlfw_Shutdown(); ImGui::DestroyContext(); return false; }
    applyScale(scale);
    ready = true;
    return true;
}

void halo_imgui_set_scale(float scale) {
    if (!ready || scale == appliedScale) return;
    applyScale(scale);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
}

void halo_imgui_shutdown(void) {
    if (!ready) return;
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    ready = false;
}

void halo_imgui_key_event(GLFWwindow *w, int key, int scancode, int action, int mods) {
    if (ready) ImGui_ImplGlfw_KeyCallback(w, key, scancode, action, mods);
}
void halo_imgui_char_event(GLFWwindow *w, unsigned int c) { if (ready) ImGui_ImplGlfw_CharCallback(w, c); }
void halo_imgui_mouse_button_event(GLFWwindow *w, int button, int action, int mods) {
    if (ready) ImGui_ImplGlfw_MouseButtonCallback(w, button, action, mods);
}
void halo_imgui_scroll_event(GLFWwindow *w, double dx, double dy) { if (ready) ImGui_ImplGlfw_ScrollCallback(w, dx, dy); }

void halo_imgui_new_frame(void) {
    if (!ready) return;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void halo_imgui_render(void) {
    if (!ready) return;
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

bool halo_imgui_wants_keyboard(void) { return ready && ImGui::GetIO().WantCaptureKeyboard; }
bool halo_imgui_wants_mouse(void) { return ready && ImGui::GetIO().WantCaptureMouse; }

void halo_imgui_column_begin(float x, float width) {
    ImGuiIO &io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(x, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(1);
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize
                           | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
    ImGui::Begin("##halo-column", nullptr, flags);
    // Widgets fill the column but for their labels (and a reset button) on the right.
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9);
}
float halo_imgui_column_end(void) {
    ImGui::PopItemWidth();
    // The cursor's y in window coordinates does not move with scrolling: the contents' height.
    float height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
    ImGui::End();
    return height;
}
bool halo_imgui_section(const char *title) { return ImGui::CollapsingHeader(title, ImGuiTreeNodeFlags_DefaultOpen); }

void halo_imgui_push_id(const char *id) { ImGui::PushID(id); }
void halo_imgui_pop_id(void) { ImGui::PopID(); }
void halo_imgui_same_line(void) { ImGui::SameLine(); }
void halo_imgui_separator(void) { ImGui::Separator(); }
void halo_imgui_text(const char *text) { ImGui::TextUnformatted(text); }
void halo_imgui_text_disabled(const char *text) { ImGui::TextDisabled("%s", text); }

bool halo_imgui_slider_float(const char *label, float *value, float min, float max, float step) {
    bool changed = ImGui::SliderFloat(label, value, min, max, "%.3g", ImGuiSliderFlags_AlwaysClamp);
    // A typed value is kept as typed; a dragged one snaps to the step's grid.
    if (changed && step > 0 && !ImGui::TempInputIsActive(ImGui::GetItemID())) {
        *value = std::clamp(min + std::round((*value - min) / step) * step, min, max);
    }
    return changed;
}

bool halo_imgui_drag_float(const char *label, float *value, float step) {
    return ImGui::DragFloat(label, value, step > 0 ? step : 0.01f, 0, 0, "%.4g");
}

int halo_imgui_colour(const char *label, float rgba[4], char *hex, int capacity, bool focusHex,
                      const float *palette, const char *const *paletteNames, int paletteCount) {
    int result = 0;
    ImGui::PushID(label);
    ImGuiColorEditFlags shown = ImGuiColorEditFlags_AlphaPreviewHalf;
    // The swatch opens ImGui's colour picker (a square and hue bar, an alpha bar), with the scene's colours under it.
    if (ImGui::ColorButton("##swatch", ImVec4(rgba[0], rgba[1], rgba[2], rgba[3]), shown)) ImGui::OpenPopup("picker");
    if (ImGui::BeginPopup("picker")) {
        if (ImGui::ColorPicker4("##picker", rgba, ImGuiColorEditFlags_AlphaBar | shown)) result = 1;
        if (paletteCount > 0) {
            ImGui::Separator();
            ImGui::TextDisabled("in this scene");
            for (int i = 0; i < paletteCount; i++) {
                const float *c = palette + 4 * i;
                ImGui::PushID(i);
                if (i % 8 != 0) ImGui::SameLine(0, ImGui::GetStyle().ItemSpacing.y);
                float side = ImGui::GetFrameHeight();
                // The button's tooltip names the colour as the file writes it.
                if (ImGui::ColorButton(paletteNames[i], ImVec4(c[0], c[1], c[2], c[3]), shown, ImVec2(side, side))) {
                    std::copy(c, c + 4, rgba);
                    result = 1;
                }
                ImGui::PopID();
            }
        }
        ImGui::EndPopup();
    }
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.5f);
    if (focusHex) ImGui::SetKeyboardFocusHere(0);
    // The typed text is taken on Enter (the field shows ImGui's copy of it while it is edited).
    if (ImGui::InputText("##hex", hex, size_t(capacity), ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll
                                                         | ImGuiInputTextFlags_CharsNoBlank)) result = 2;
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.5f);
    float percent = rgba[3] * 100;
    if (ImGui::DragFloat("##alpha", &percent, 0.5f, 0, 100, "%.0f%%", ImGuiSliderFlags_AlwaysClamp)) {
        rgba[3] = std::clamp(percent, 0.0f, 100.0f) / 100;
        if (result == 0) result = 1;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("alpha (opacity), percent");
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextUnformatted(label);
    ImGui::PopID();
    return result;
}

void halo_imgui_text_error(const char *text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.5f, 1));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

bool halo_imgui_checkbox(const char *label, bool *value) { return ImGui::Checkbox(label, value); }

bool halo_imgui_combo(const char *label, int *index, const char *const *options, int count) {
    return ImGui::Combo(label, index, options, count);
}

bool halo_imgui_button(const char *label) { return ImGui::SmallButton(label); }

void halo_imgui_differs_marker(bool differs) {
    float r = ImGui::GetFontSize() * 0.22f, h = ImGui::GetFrameHeight();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(r * 2 + ImGui::GetStyle().ItemInnerSpacing.x, h));
    if (!differs) return;
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + r, p.y + h * 0.5f), r, IM_COL32(255, 170, 40, 255));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("differs from the file");
}

void halo_imgui_focus_next(void) { ImGui::SetKeyboardFocusHere(0); }

void halo_imgui_warning_section(const char *const *warnings, int count) {
    if (!ready || count <= 0) return;
    ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0.55f, 0.4f, 0.05f, 1));
    bool open = ImGui::CollapsingHeader("Warning", ImGuiTreeNodeFlags_DefaultOpen);
    ImGui::PopStyleColor();
    if (!open) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.82f, 0.45f, 1));
    for (int i = 0; i < count; i++) ImGui::TextWrapped("%s", warnings[i] ? warnings[i] : "");
    ImGui::PopStyleColor();
    ImGui::Spacing();
}

void halo_imgui_error_section(const char *file, int line, int column, const char *message, const char *sourceLine) {
    if (!ready) return;
    ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0.55f, 0.08f, 0.1f, 1));
    bool open = ImGui::CollapsingHeader("Error", ImGuiTreeNodeFlags_DefaultOpen);
    ImGui::PopStyleColor();
    if (!open) return;
    std::string where = file && *file ? file : "";
    if (line > 0) where += ":" + std::to_string(line);
    if (line > 0 && column > 0) where += ":" + std::to_string(column);
    if (!where.empty()) halo_imgui_text_error(where.c_str());
    ImGui::TextWrapped("%s", message ? message : "");
    if (sourceLine && *sourceLine) {
        // One cell a character (ImGui's own font is monospaced): tabs become one space so the caret's column is the character's.
        std::string source = sourceLine;
        std::replace(source.begin(), source.end(), '\t', ' ');
        ImGui::Separator();
        ImGui::PushFont(monoFont);
        // A line wider than the column is shown around the column it names, "..." marking
        // the cut ends, so that the caret stays in view.
        int cells = std::max(12, int(ImGui::GetContentRegionAvail().x / std::max(1.0f, ImGui::CalcTextSize("0").x)));
        int length = int(source.size());
        if (length > cells) {
            int start = column > 0 ? std::max(0, std::min(column - 1 - cells / 2, length - cells)) : 0;
            source = source.substr(size_t(start), size_t(cells));
            if (start > 0) source.replace(0, 3, "...");
            if (start + cells < length) source.replace(size_t(cells - 3), 3, "...");
            if (column > 0) column -= start;
        }
        ImGui::TextUnformatted(source.c_str());
        if (column > 0) {
            std::string caret(size_t(column - 1), ' ');
            caret += '^';
            ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.5f, 1), "%s", caret.c_str());
        }
        ImGui::PopFont();
    }
    ImGui::Spacing();
}
