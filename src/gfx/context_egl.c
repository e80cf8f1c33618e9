/* Headless OpenGL 4.5 core through EGL with no surface and no X server.
 * Order of preference: an EGL device that drives the wanted CUDA device (NVIDIA,
 * EGL_NV_device_cuda) on the device platform; then Mesa's surfaceless platform;
 * then any other EGL device. */
#include "gl/gl.h"
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx/context_internal.h"

typedef struct egl_state {
    EGLDisplay display;
    EGLContext context;
} egl_state;

typedef struct egl_procs {
    PFNEGLQUERYDEVICESEXTPROC query_devices;
    PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string;
    PFNEGLQUERYDEVICEATTRIBEXTPROC query_device_attrib;
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display;
} egl_procs;

static bool has_extension(const char *list, const char *name)
{
    if (!list) return false;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
    return false;
}

static const char *egl_error_name(EGLint e)
{
    switch (e) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error";
    }
}

/* Initializes DPY and makes a surfaceless 4.5 core context current on it. */
static int make_context(egl_state *st, EGLDisplay dpy, bool debug, sw_error *err)
{
    EGLint major = 0, minor = 0;
    if (!eglInitialize(dpy, &major, &minor))
        return sw_fail(err, "eglInitialize failed (%s)", egl_error_name(eglGetError()));
    const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
    if (!has_extension(exts, "EGL_KHR_surfaceless_context")) {
        eglTerminate(dpy);
        return sw_fail(err, "EGL display lacks EGL_KHR_surfaceless_context");
    }
    if (!eglBindAPI(EGL_OPENGL_API)) {
        eglTerminate(dpy);
        return sw_fail(err, "eglBindAPI(EGL_OPENGL_API) failed (%s)", egl_error_name(eglGetError()));
    }
    EGLConfig config = EGL_NO_CONFIG_KHR;
    if (!has_extension(exts, "EGL_KHR_no_config_context")) {
        const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                               EGL_NONE};
        EGLint n = 0;
        if (!eglChooseConfig(dpy, want, &config, 1, &n) || n < 1) {
            eglTerminate(dpy);
            return sw_fail(err, "no EGL config renders OpenGL");
        }
    }
    const EGLint attribs[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE, EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT) {
        EGLint e = eglGetError();
        eglTerminate(dpy);
        return sw_fail(err, "cannot create an OpenGL 4.5 core context (%s)", egl_error_name(e));
    }
    if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        EGLint e = eglGetError();
        eglDestroyContext(dpy, ctx);
        eglTerminate(dpy);
        return sw_fail(err, "eglMakeCurrent with no surface failed (%s)", egl_error_name(e));
    }
    st->display = dpy;
    st->context = ctx;
    return 0;
}

static bool verbose(void)
{
    const char *v = getenv("SCANWORKS_EGL_VERBOSE");
    return v && *v && strcmp(v, "0");
}

static int try_devices(egl_state *st, const egl_procs *p, gfx_context_info *info, int cuda_device,
                       bool want_cuda, bool debug, sw_error *err)
{
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (!p->query_devices(16, devices, &count)) {
        if (verbose()) fprintf(stderr, "scanworks: eglQueryDevicesEXT failed (%s)\n", egl_error_name(eglGetError()));
        return -1;
    }
    if (verbose()) fprintf(stderr, "scanworks: %d EGL device(s), looking for %s\n", (int)count,
                           want_cuda ? "a CUDA device" : "any other");
    for (EGLint i = 0; i < count; i++) {
        const char *dexts = p->query_device_string(devices[i], EGL_EXTENSIONS);
        EGLAttrib cuda = -1;
        bool is_cuda = has_extension(dexts, "EGL_NV_device_cuda") &&
                       p->query_device_attrib(devices[i], EGL_CUDA_DEVICE_NV, &cuda);
        if (verbose())
            fprintf(stderr, "scanworks: EGL device %d: cuda %s (ordinal %ld), extensions: %s\n", (int)i,
                    is_cuda ? "yes" : "no", (long)cuda, dexts ? dexts : "(none)");
        if (want_cuda != is_cuda) continue;
        if (want_cuda && cuda_device >= 0 && cuda != cuda_device) continue;
        if (!want_cuda && has_extension(dexts, "EGL_MESA_device_software")) continue;
        EGLDisplay dpy = p->get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
        if (dpy == EGL_NO_DISPLAY) continue;
        if (make_context(st, dpy, debug, err) != 0) {
            if (verbose()) fprintf(stderr, "scanworks: EGL device %d: %s\n", (int)i, err->msg);
        } else {
            info->egl_cuda_device = is_cuda ? (int)cuda : -1;
            snprintf(info->platform, sizeof info->platform, "EGL device %d%s", (int)i,
                     is_cuda ? " (CUDA-capable)" : "");
            return 0;
        }
    }
    return -1;
}

int gfx_context_egl_create(gfx_context_info *info, void **egl_out, int cuda_device, bool debug,
                           sw_error *err)
{
    *egl_out = NULL;
    egl_state *st = calloc(1, sizeof *st);
    if (!st) return sw_fail(err, "out of memory creating the EGL context");
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    egl_procs p = {0};
    p.get_platform_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    /* EGL_EXT_device_base is the older name for enumeration + query together. */
    bool can_enumerate = (has_extension(client, "EGL_EXT_device_enumeration") ||
                          has_extension(client, "EGL_EXT_device_base")) &&
                         has_extension(client, "EGL_EXT_platform_device") && p.get_platform_display;
    if (can_enumerate) {
        p.query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
        p.query_device_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
        p.query_device_attrib = (PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
        can_enumerate = p.query_devices && p.query_device_string && p.query_device_attrib;
    }
    if (verbose()) fprintf(stderr, "scanworks: EGL client extensions: %s\n", client ? client : "(none)");
    sw_error last = {{0}};
    snprintf(last.msg, sizeof last.msg, "no EGL platform gave an OpenGL context");
    int ok = -1;
    /* 1. The NVIDIA device that drives the wanted CUDA device. */
    if (can_enumerate) ok = try_devices(st, &p, info, cuda_device, true, debug, &last);
    /* 2. Mesa's surfaceless platform (llvmpipe or a DRI driver). */
    if (ok != 0 && p.get_platform_display && has_extension(client, "EGL_MESA_platform_surfaceless")) {
        EGLDisplay dpy = p.get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
        if (dpy != EGL_NO_DISPLAY && make_context(st, dpy, debug, &last) == 0) {
            snprintf(info->platform, sizeof info->platform, "EGL surfaceless (Mesa)");
            ok = 0;
        }
    }
    /* 3. Any other device. */
    if (ok != 0 && can_enumerate) ok = try_devices(st, &p, info, -1, false, debug, &last);
    if (ok != 0) {
        free(st);
        if (!client)
            return sw_fail(err, "headless OpenGL unavailable: EGL has no client extensions "
                                "(install libegl1 and a driver: Mesa's libegl-mesa0 or NVIDIA's)");
        return sw_fail(err, "headless OpenGL 4.5 unavailable: %s", last.msg);
    }
    if (!gladLoadGL((GLADloadfunc)eglGetProcAddress)) {
        gfx_context_egl_destroy(st);
        return sw_fail(err, "cannot load OpenGL 4.5 entry points through EGL");
    }
    *egl_out = st;
    if (gfx_context_finish_init(info, debug, err)) {
        gfx_context_egl_destroy(st);
        *egl_out = NULL;
        return -1;
    }
    return 0;
}

void gfx_context_egl_destroy(void *state)
{
    egl_state *st = state;
    if (!st) return;
    if (st->display != EGL_NO_DISPLAY) {
        eglMakeCurrent(st->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (st->context != EGL_NO_CONTEXT) eglDestroyContext(st->display, st->context);
        eglTerminate(st->display);
    }
    eglReleaseThread();
    free(st);
}
