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
/// `scale` multiplies the font (13 px at 1) and the style's sizes, in ImGui's units (window
/// coordinates): the preview's PanelScale of the window's content scale. No ini file.
bool halo_imgui_init(GLFWwindow *window, float scale);
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

/// A panel (a titled, movable window sized to its contents) at (x, y) points from the
/// window's top-left the first time it appears. Returns false when collapsed: draw its
/// contents only when true; call panel_end either way.
bool halo_imgui_panel_begin(const char *title, float x, float y);
void halo_imgui_panel_end(void);

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
/// RGBA, each 0...1 (the colour's own components, straight alpha; shown as given).
bool halo_imgui_color_edit4(const char *label, float rgba[4]);
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

/// Dims the window from `top` points down (a translucent black quad, 55% black, over
/// what is drawn there: the last good frame, under an error).
void halo_imgui_dim(float top);
/// Draws a panel in the middle of the window naming `file:line:column` (line or column 0: left out), the message and, when
/// given, the source line with a caret under the column (1-based).
void halo_imgui_error_panel(const char *file, int line, int column, const char *message, const char *sourceLine);

#ifdef __cplusplus
}
#endif

#endif
