// GLFW for the preview window; GL itself comes from libepoxy, so GLFW must not include GL headers.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
