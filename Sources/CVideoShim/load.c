#include "CVideoShim.h"
#include "ffmpeg.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sf_ffmpeg_functions sf_ffmpeg;

#define SF_TEXT(x) #x
#define SF_NUMBER(x) SF_TEXT(x)

/* One FFmpeg library: its soname and Debian package, both from the headers' major version. */
struct library {
    const char *soname;
    const char *package;
    void *handle;
};

static struct library avutil = {"libavutil.so." SF_NUMBER(LIBAVUTIL_VERSION_MAJOR),
                                "libavutil" SF_NUMBER(LIBAVUTIL_VERSION_MAJOR), NULL};
static struct library avcodec = {"libavcodec.so." SF_NUMBER(LIBAVCODEC_VERSION_MAJOR),
                                 "libavcodec" SF_NUMBER(LIBAVCODEC_VERSION_MAJOR), NULL};
static struct library avformat = {"libavformat.so." SF_NUMBER(LIBAVFORMAT_VERSION_MAJOR),
                                  "libavformat" SF_NUMBER(LIBAVFORMAT_VERSION_MAJOR), NULL};
static struct library swscale = {"libswscale.so." SF_NUMBER(LIBSWSCALE_VERSION_MAJOR),
                                 "libswscale" SF_NUMBER(LIBSWSCALE_VERSION_MAJOR), NULL};

/* True when SCENEFLOW_SIMULATE_MISSING_LIBRARY names `soname`'s library (`libavcodec` for
   libavcodec.so.59): tests see the message a machine without it gives. */
static int sf_simulated_missing(const char *soname) {
    const char *missing = getenv("SCENEFLOW_SIMULATE_MISSING_LIBRARY");
    size_t length = missing ? strlen(missing) : 0;
    return length > 0 && strncmp(soname, missing, length) == 0 && strncmp(soname + length, ".so.", 4) == 0;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static int open_library(struct library *library) {
    int simulated = sf_simulated_missing(library->soname);
    if (!simulated) library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (library->handle) return 0;
    const char *reason = simulated ? "cannot open shared object file" : dlerror();
    snprintf(failure, sizeof failure, "cannot load FFmpeg's %s (Debian package %s): %s", library->soname,
             library->package, reason ? reason : "unknown reason");
    return -1;
}

static void load(void) {
    if (open_library(&avutil) || open_library(&avcodec) || open_library(&avformat) || open_library(&swscale)) return;
#define SF_FFMPEG_RESOLVE(library, name)                                                             \
    if (!(sf_ffmpeg.name = (__typeof__(&name))dlsym(library.handle, #name))) {                       \
        snprintf(failure, sizeof failure, "FFmpeg's %s (Debian package %s) has no %s", library.soname, \
                 library.package, #name);                                                            \
        return;                                                                                      \
    }
    SF_FFMPEG_FUNCTIONS(SF_FFMPEG_RESOLVE)
#undef SF_FFMPEG_RESOLVE
}

/* libyuv (Debian package libyuv0, Chromium's colour conversions): optional, loaded beside FFmpeg.
   Its ABGRToI420 turns R,G,B,A bytes into YUV 4:2:0 (BT.601, limited range, as swscale's
   default) with SIMD, several times faster than swscale's generic path for this conversion. */
sf_abgr_to_i420 sf_libyuv_abgr_to_i420;
static struct library libyuv = {"libyuv.so.0", "libyuv0", NULL};

static void load_libyuv(void) {
    if (sf_simulated_missing(libyuv.soname)) return;
    libyuv.handle = dlopen(libyuv.soname, RTLD_NOW | RTLD_LOCAL);
    if (libyuv.handle) sf_libyuv_abgr_to_i420 = (sf_abgr_to_i420)dlsym(libyuv.handle, "ABGRToI420");
}

int sf_video_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (!failure[0]) {
        static pthread_once_t yuv_once = PTHREAD_ONCE_INIT;
        pthread_once(&yuv_once, load_libyuv);
        return 0;
    }
    snprintf(error, error_size, "%s", failure);
    return -1;
}
