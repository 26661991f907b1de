// libepoxy's entry points as plain functions Swift can call.
// Epoxy exposes glFoo as macros over function-pointer globals (epoxy_glFoo), which Swift
// does not import as functions; each wrapper below calls one through epoxy's dispatch.
// Generated from epoxy's headers by tools/gen-epoxy-shim; add a name there to wrap more.
#include <epoxy/gl.h>
#include <epoxy/egl.h>

static inline void halo_glClear(GLbitfield mask) { epoxy_glClear(mask); }
static inline void halo_glClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) { epoxy_glClearColor(red, green, blue, alpha); }
static inline void halo_glViewport(GLint x, GLint y, GLsizei width, GLsizei height) { epoxy_glViewport(x, y, width, height); }
static inline void halo_glGenTextures(GLsizei n, GLuint * textures) { epoxy_glGenTextures(n, textures); }
static inline void halo_glDeleteTextures(GLsizei n, const GLuint * textures) { epoxy_glDeleteTextures(n, textures); }
static inline void halo_glBindTexture(GLenum target, GLuint texture) { epoxy_glBindTexture(target, texture); }
static inline void halo_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type, const void * pixels) { epoxy_glTexImage2D(target, level, internalformat, width, height, border, format, type, pixels); }
static inline void halo_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type, const void * pixels) { epoxy_glTexSubImage2D(target, level, xoffset, yoffset, width, height, format, type, pixels); }
static inline void halo_glTexParameteri(GLenum target, GLenum pname, GLint param) { epoxy_glTexParameteri(target, pname, param); }
static inline void halo_glActiveTexture(GLenum texture) { epoxy_glActiveTexture(texture); }
static inline void halo_glGenFramebuffers(GLsizei n, GLuint * framebuffers) { epoxy_glGenFramebuffers(n, framebuffers); }
static inline void halo_glDeleteFramebuffers(GLsizei n, const GLuint * framebuffers) { epoxy_glDeleteFramebuffers(n, framebuffers); }
static inline void halo_glBindFramebuffer(GLenum target, GLuint framebuffer) { epoxy_glBindFramebuffer(target, framebuffer); }
static inline void halo_glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level) { epoxy_glFramebufferTexture2D(target, attachment, textarget, texture, level); }
static inline GLenum halo_glCheckFramebufferStatus(GLenum target) { return epoxy_glCheckFramebufferStatus(target); }
static inline GLuint halo_glCreateShader(GLenum type) { return epoxy_glCreateShader(type); }
static inline void halo_glShaderSource(GLuint shader, GLsizei count, const GLchar *const* string, const GLint * length) { epoxy_glShaderSource(shader, count, string, length); }
static inline void halo_glCompileShader(GLuint shader) { epoxy_glCompileShader(shader); }
static inline void halo_glGetShaderiv(GLuint shader, GLenum pname, GLint * params) { epoxy_glGetShaderiv(shader, pname, params); }
static inline void halo_glGetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei * length, GLchar * infoLog) { epoxy_glGetShaderInfoLog(shader, bufSize, length, infoLog); }
static inline void halo_glDeleteShader(GLuint shader) { epoxy_glDeleteShader(shader); }
static inline GLuint halo_glCreateProgram(void) { return epoxy_glCreateProgram(); }
static inline void halo_glAttachShader(GLuint program, GLuint shader) { epoxy_glAttachShader(program, shader); }
static inline void halo_glLinkProgram(GLuint program) { epoxy_glLinkProgram(program); }
static inline void halo_glGetProgramiv(GLuint program, GLenum pname, GLint * params) { epoxy_glGetProgramiv(program, pname, params); }
static inline void halo_glGetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei * length, GLchar * infoLog) { epoxy_glGetProgramInfoLog(program, bufSize, length, infoLog); }
static inline void halo_glDeleteProgram(GLuint program) { epoxy_glDeleteProgram(program); }
static inline void halo_glUseProgram(GLuint program) { epoxy_glUseProgram(program); }
static inline GLint halo_glGetUniformLocation(GLuint program, const GLchar * name) { return epoxy_glGetUniformLocation(program, name); }
static inline void halo_glUniform1i(GLint location, GLint v0) { epoxy_glUniform1i(location, v0); }
static inline void halo_glUniform1f(GLint location, GLfloat v0) { epoxy_glUniform1f(location, v0); }
static inline void halo_glUniform2f(GLint location, GLfloat v0, GLfloat v1) { epoxy_glUniform2f(location, v0, v1); }
static inline void halo_glUniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) { epoxy_glUniform4f(location, v0, v1, v2, v3); }
static inline void halo_glUniform1iv(GLint location, GLsizei count, const GLint * value) { epoxy_glUniform1iv(location, count, value); }
static inline void halo_glUniform2iv(GLint location, GLsizei count, const GLint * value) { epoxy_glUniform2iv(location, count, value); }
static inline void halo_glUniform4iv(GLint location, GLsizei count, const GLint * value) { epoxy_glUniform4iv(location, count, value); }
static inline void halo_glUniform4fv(GLint location, GLsizei count, const GLfloat * value) { epoxy_glUniform4fv(location, count, value); }
static inline void halo_glUniform1fv(GLint location, GLsizei count, const GLfloat * value) { epoxy_glUniform1fv(location, count, value); }
static inline void halo_glUniform2i(GLint location, GLint v0, GLint v1) { epoxy_glUniform2i(location, v0, v1); }
static inline void halo_glGenVertexArrays(GLsizei n, GLuint * arrays) { epoxy_glGenVertexArrays(n, arrays); }
static inline void halo_glBindVertexArray(GLuint array) { epoxy_glBindVertexArray(array); }
static inline void halo_glDeleteVertexArrays(GLsizei n, const GLuint * arrays) { epoxy_glDeleteVertexArrays(n, arrays); }
static inline void halo_glDrawArrays(GLenum mode, GLint first, GLsizei count) { epoxy_glDrawArrays(mode, first, count); }
static inline void halo_glEnable(GLenum cap) { epoxy_glEnable(cap); }
static inline void halo_glDisable(GLenum cap) { epoxy_glDisable(cap); }
static inline void halo_glBlendFunc(GLenum sfactor, GLenum dfactor) { epoxy_glBlendFunc(sfactor, dfactor); }
static inline void halo_glBlendEquation(GLenum mode) { epoxy_glBlendEquation(mode); }
static inline void halo_glBlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha) { epoxy_glBlendEquationSeparate(modeRGB, modeAlpha); }
static inline void halo_glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void * pixels) { epoxy_glReadPixels(x, y, width, height, format, type, pixels); }
static inline void halo_glFinish(void) { epoxy_glFinish(); }
static inline void halo_glFlush(void) { epoxy_glFlush(); }
static inline GLenum halo_glGetError(void) { return epoxy_glGetError(); }
static inline const GLubyte * halo_glGetString(GLenum name) { return epoxy_glGetString(name); }
static inline void halo_glGetIntegerv(GLenum pname, GLint * data) { epoxy_glGetIntegerv(pname, data); }
static inline void halo_glPixelStorei(GLenum pname, GLint param) { epoxy_glPixelStorei(pname, param); }
static inline void halo_glGenQueries(GLsizei n, GLuint * ids) { epoxy_glGenQueries(n, ids); }
static inline void halo_glDeleteQueries(GLsizei n, const GLuint * ids) { epoxy_glDeleteQueries(n, ids); }
static inline void halo_glBeginQuery(GLenum target, GLuint id) { epoxy_glBeginQuery(target, id); }
static inline void halo_glEndQuery(GLenum target) { epoxy_glEndQuery(target); }
static inline void halo_glGetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 * params) { epoxy_glGetQueryObjectui64v(id, pname, params); }
static inline void halo_glGetQueryObjectiv(GLuint id, GLenum pname, GLint * params) { epoxy_glGetQueryObjectiv(id, pname, params); }
static inline void halo_glQueryCounter(GLuint id, GLenum target) { epoxy_glQueryCounter(id, target); }
static inline void halo_glBlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter) { epoxy_glBlitFramebuffer(srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter); }
static inline void halo_glScissor(GLint x, GLint y, GLsizei width, GLsizei height) { epoxy_glScissor(x, y, width, height); }
static inline void halo_glDebugMessageCallback(GLDEBUGPROC callback, const void * userParam) { epoxy_glDebugMessageCallback(callback, userParam); }
static inline void halo_glGetActiveUniform(GLuint program, GLuint index, GLsizei bufSize, GLsizei * length, GLint * size, GLenum * type, GLchar * name) { epoxy_glGetActiveUniform(program, index, bufSize, length, size, type, name); }
static inline void halo_glGenBuffers(GLsizei n, GLuint * buffers) { epoxy_glGenBuffers(n, buffers); }
static inline void halo_glDeleteBuffers(GLsizei n, const GLuint * buffers) { epoxy_glDeleteBuffers(n, buffers); }
static inline void halo_glBindBuffer(GLenum target, GLuint buffer) { epoxy_glBindBuffer(target, buffer); }
static inline void halo_glBufferData(GLenum target, GLsizeiptr size, const void * data, GLenum usage) { epoxy_glBufferData(target, size, data, usage); }
static inline void halo_glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void * data) { epoxy_glBufferSubData(target, offset, size, data); }
static inline void halo_glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride, const void * pointer) { epoxy_glVertexAttribPointer(index, size, type, normalized, stride, pointer); }
static inline void halo_glEnableVertexAttribArray(GLuint index) { epoxy_glEnableVertexAttribArray(index); }
static inline void halo_glVertexAttribDivisor(GLuint index, GLuint divisor) { epoxy_glVertexAttribDivisor(index, divisor); }
static inline void halo_glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instancecount) { epoxy_glDrawArraysInstanced(mode, first, count, instancecount); }
static inline void halo_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void * pixels) { epoxy_glTexImage3D(target, level, internalformat, width, height, depth, border, format, type, pixels); }
static inline void halo_glFramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level, GLint layer) { epoxy_glFramebufferTextureLayer(target, attachment, texture, level, layer); }
static inline void halo_glDrawBuffers(GLsizei n, const GLenum * bufs) { epoxy_glDrawBuffers(n, bufs); }

static inline EGLDisplay halo_eglGetPlatformDisplayEXT(EGLenum platform, void * native_display, const EGLint * attrib_list) { return epoxy_eglGetPlatformDisplayEXT(platform, native_display, attrib_list); }
static inline EGLBoolean halo_eglInitialize(EGLDisplay dpy, EGLint * major, EGLint * minor) { return epoxy_eglInitialize(dpy, major, minor); }
static inline EGLBoolean halo_eglBindAPI(EGLenum api) { return epoxy_eglBindAPI(api); }
static inline EGLBoolean halo_eglChooseConfig(EGLDisplay dpy, const EGLint * attrib_list, EGLConfig * configs, EGLint config_size, EGLint * num_config) { return epoxy_eglChooseConfig(dpy, attrib_list, configs, config_size, num_config); }
static inline EGLContext halo_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint * attrib_list) { return epoxy_eglCreateContext(dpy, config, share_context, attrib_list); }
static inline EGLBoolean halo_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx) { return epoxy_eglMakeCurrent(dpy, draw, read, ctx); }
static inline EGLBoolean halo_eglDestroyContext(EGLDisplay dpy, EGLContext ctx) { return epoxy_eglDestroyContext(dpy, ctx); }
static inline EGLBoolean halo_eglTerminate(EGLDisplay dpy) { return epoxy_eglTerminate(dpy); }
static inline EGLint halo_eglGetError(void) { return epoxy_eglGetError(); }
static inline const char * halo_eglQueryString(EGLDisplay dpy, EGLint name) { return epoxy_eglQueryString(dpy, name); }
static inline EGLBoolean halo_eglQueryDevicesEXT(EGLint max_devices, EGLDeviceEXT * devices, EGLint * num_devices) { return epoxy_eglQueryDevicesEXT(max_devices, devices, num_devices); }
static inline EGLBoolean halo_eglReleaseThread(void) { return epoxy_eglReleaseThread(); }
