// A C interface to Dear ImGui for Halo's preview window (Swift sees only C).
// One context, one GLFW window, OpenGL 3.3 core; every call is on the main thread, with
// the window's GL context current. Calls before halo_imgui_init (or after a failed one)
// do nothing and return false.
#ifndef HALO_IMGUI_H
#define HALO_IMGUI_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GLFWwindow GLFWwindow;

/// Creates the context for `window` (ImGui's GLFW backend without its own callbacks: the
/// preview forwards its events) and the OpenGL 3 backend for "#version 330 core".
/// `scale` multiplies the fonts (the UI font 14 px at 1, ImGui's own 13 px) and the style's
/// sizes, in ImGui's units (window coordinates): the preview's PanelScale of the window's
/// content scale. No ini file.
bool halo_imgui_init(GLFWwindow *window, float scale);
/// The UI font: a TTF or OTF file (null or "": ImGui's own font, ProggyClean). Call before
/// init; it is loaded at each scale, ImGui's own font kept for source lines (monospaced).
void halo_imgui_set_font_file(const char *path);
/// Whether the UI font file was loaded (false: ImGui's own font serves, or no init).
bool halo_imgui_font_loaded(void);
/// Rebuilds the font and the style for a new scale (no effect when unchanged).
void halo_imgui_set_scale(float scale);
void halo_imgui_shutdown(void);

/// Forwarded GLFW events (GLFW's callback arguments).
void halo_imgui_key_event(GLFWwindow *window, int key, int scancode, int action, int mods);
void halo_imgui_char_event(GLFWwindow *window, unsigned int codepoint);
void halo_imgui_mouse_button_event(GLFWwindow *window, int button, int action, int mods);
void halo_imgui_scroll_event(GLFWwindow *window, double dx, double dy);

/// Starts a frame (reads the cursor, the framebuffer size and the time).
void halo_imgui_new_frame(void);
/// Ends the frame and draws it into the bound framebuffer (GL state is restored after).
void halo_imgui_render(void);
/// Whether the UI takes the keyboard (a text field or a typed value is being edited):
/// the preview's shortcuts must then ignore keys. As of the last new_frame.
bool halo_imgui_wants_keyboard(void);
/// Whether the cursor is over the UI or a widget is being dragged.
bool halo_imgui_wants_mouse(void);

/// The side column: a fixed window from (x, 0) of `width` and the display's height (points),
/// opaque, without a title bar; widgets between begin and end go in it, one under another.
void halo_imgui_column_begin(float x, float width);
/// Ends the column; returns the height its contents take (points, padding included), which
/// may exceed the window's (the column then scrolls).
float halo_imgui_column_end(void);
/// A collapsible section heading in the column (open at first); true when open: draw its
/// contents only then.
bool halo_imgui_section(const char *title);

/// Widget identities: labels of equal text under different ids are different widgets.
void halo_imgui_push_id(const char *id);
void halo_imgui_pop_id(void);
/// The next widget goes on the current line.
void halo_imgui_same_line(void);
void halo_imgui_separator(void);
void halo_imgui_text(const char *text);
/// Text dimmed (hints, notes).
void halo_imgui_text_disabled(const char *text);

/// A slider over [min, max] that snaps to min + k * step while dragged (step <= 0: no
/// snapping); Ctrl+click types an exact value, kept as typed (clamped to the range).
/// True when the value changed this frame.
bool halo_imgui_slider_float(const char *label, float *value, float min, float max, float step);
/// A number without a range: drag to change it by `step` a pixel, double-click to type.
bool halo_imgui_drag_float(const char *label, float *value, float step);
/// A colour row: a swatch that opens ImGui's colour picker with `paletteCount` colours
/// under it (`palette`: 4 floats each, straight RGBA 0...1; `paletteNames`: each one's
/// tooltip), a hex field, the alpha as a percentage, and `label`. `rgba` is straight alpha,
/// each 0...1; `hex` (NUL-terminated, `capacity` bytes) is the text the field shows.
/// Returns 1 when the picker, a palette colour or the alpha changed `rgba`, 2 when text was
/// typed into the field and Enter pressed (`hex` holds the text, for the caller to parse),
/// 0 otherwise. `focusHex` puts keyboard focus in the hex field (scripted runs).
int halo_imgui_colour(const char *label, float rgba[4], char *hex, int capacity, bool focusHex,
                      const float *palette, const char *const *paletteNames, int paletteCount);
/// Text in the error colour, wrapped to the column.
void halo_imgui_text_error(const char *text);
bool halo_imgui_checkbox(const char *label, bool *value);
/// `count` options; `index` is 0-based.
bool halo_imgui_combo(const char *label, int *index, const char *const *options, int count);
/// True on the frame the button is clicked.
bool halo_imgui_button(const char *label);
/// A dot on the current line when `differs` (a value that is not the file's), with a
/// tooltip saying so; an equal-width gap otherwise, so that rows stay aligned.
void halo_imgui_differs_marker(bool differs);
/// Puts keyboard focus on the next widget (a slider then takes a typed value), as a
/// Ctrl+click would. For scripted runs.
void halo_imgui_focus_next(void);

/// The column's error section naming `file:line:column` (line or column 0: left out), the
/// message wrapped to the column and, when given, the source line in a monospaced font with
/// a caret under the column (1-based).
void halo_imgui_error_section(const char *file, int line, int column, const char *message, const char *sourceLine);

/// The column's warning section: `count` warnings, each wrapped to the column.
void halo_imgui_warning_section(const char *const *warnings, int count);

#ifdef __cplusplus
}
#endif

#endif
