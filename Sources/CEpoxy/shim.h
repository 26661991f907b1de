// libepoxy's GL and EGL headers. Swift does not import epoxy's `glFoo` macros;
// HaloGL calls the function-pointer globals `epoxy_glFoo` through its GL layer.
#include <epoxy/gl.h>
#include <epoxy/egl.h>
