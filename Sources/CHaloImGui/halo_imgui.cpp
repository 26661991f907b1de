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
/// ImGui's own font (ProggyClean, monospaced, so the error panel's caret lines up) is 13 px at scale 1.
constexpr float baseFontPixels = 13;

void applyScale(float scale) {
    ImGuiIO &io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig font;
    font.SizePixels = std::round(baseFontPixels * scale);
    io.Fonts->AddFontDefault(&font);
    ImGui::GetStyle() = ImGuiStyle();
    ImGui::StyleColorsDark();
    ImGui::GetStyle().ScaleAllSizes(scale);
    appliedScale = scale;
}
}

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

bool halo_imgui_panel_begin(const char *title, float x, float y) {
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
    return ImGui::Begin(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize);
}
void halo_imgui_panel_end(void) { ImGui::End(); }

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

bool halo_imgui_color_edit4(const char *label, float rgba[4]) {
    return ImGui::ColorEdit4(label, rgba, ImGuiColorEditFlags_AlphaBar | ImGuiColorEditFlags_AlphaPreviewHalf);
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

void halo_imgui_dim(float top) {
    if (!ready) return;
    // 140 / 255 = 55% black over the frame: still recognisable, plainly not live.
    ImGui::GetBackgroundDrawList()->AddRectFilled(ImVec2(0, top), ImGui::GetIO().DisplaySize, IM_COL32(0, 0, 0, 140));
}

void halo_imgui_error_panel(const char *file, int line, int column, const char *message, const char *sourceLine) {
    if (!ready) return;
    ImGuiIO &io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(io.DisplaySize.x * 0.9f, io.DisplaySize.y * 0.9f));
    ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings
                           | ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin("Error##halo", nullptr, flags)) {
        std::string where = file && *file ? file : "";
        if (line > 0) where += ":" + std::to_string(line);
        if (line > 0 && column > 0) where += ":" + std::to_string(column);
        if (!where.empty()) ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.5f, 1), "%s", where.c_str());
        ImGui::PushTextWrapPos(io.DisplaySize.x * 0.85f);
        ImGui::TextUnformatted(message ? message : "");
        ImGui::PopTextWrapPos();
        if (sourceLine && *sourceLine) {
            // One cell a character (the font is monospaced): tabs become one space so the caret's column is the character's.
            std::string source = sourceLine;
            std::replace(source.begin(), source.end(), '\t', ' ');
            ImGui::Separator();
            ImGui::TextUnformatted(source.c_str());
            if (column > 0) {
                std::string caret(size_t(column - 1), ' ');
                caret += '^';
                ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.5f, 1), "%s", caret.c_str());
            }
        }
    }
    ImGui::End();
}
