#include "CSDLShim.h"
/* The definitions below are the executable's own: hidden, so no library loaded later binds to them. */
#define DECLSPEC __attribute__((visibility("hidden")))
#define FcPublic __attribute__((visibility("hidden")))
#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <SDL2/SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SF_TEXT(x) #x
#define SF_NUMBER(x) SF_TEXT(x)

/* One library: its soname and Debian package (SDL's from the headers' major versions; fontconfig's
   soname is libfontconfig.so.1 for every fontconfig 2.x), its handle once opened. */
struct library {
    const char *name;
    const char *soname;
    const char *package;
    pthread_once_t once;
    void *handle;
};

static struct library SDL2 = {"SDL2", "libSDL" SF_NUMBER(SDL_MAJOR_VERSION) "-2.0.so.0",
                              "libsdl" SF_NUMBER(SDL_MAJOR_VERSION) "-2.0-0", PTHREAD_ONCE_INIT, NULL};
static struct library SDL2_image = {"SDL2_image", "libSDL" SF_NUMBER(SDL_IMAGE_MAJOR_VERSION) "_image-2.0.so.0",
                                    "libsdl" SF_NUMBER(SDL_IMAGE_MAJOR_VERSION) "-image-2.0-0", PTHREAD_ONCE_INIT,
                                    NULL};
static struct library SDL2_ttf = {"SDL2_ttf", "libSDL" SF_NUMBER(SDL_TTF_MAJOR_VERSION) "_ttf-2.0.so.0",
                                  "libsdl" SF_NUMBER(SDL_TTF_MAJOR_VERSION) "-ttf-2.0-0", PTHREAD_ONCE_INIT, NULL};
static struct library fontconfig = {"fontconfig", "libfontconfig.so.1", "libfontconfig1", PTHREAD_ONCE_INIT, NULL};

/* True when SCENEFLOW_SIMULATE_MISSING_LIBRARY names `soname`'s library by the part before its
   version (`libSDL2` for libSDL2-2.0.so.0, `libSDL2_ttf` for libSDL2_ttf-2.0.so.0). */
static int simulated_missing(const char *soname) {
    const char *missing = getenv("SCENEFLOW_SIMULATE_MISSING_LIBRARY");
    size_t length = missing ? strlen(missing) : 0;
    return length > 0 && strncmp(soname, missing, length) == 0 && (soname[length] == '-' || soname[length] == '.');
}

/* Ends the process: exit code 70 (the system failed), the reason on standard error. */
static void fail(const struct library *library, const char *reason) {
    fprintf(stderr, "sceneflow: cannot load %s's %s (Debian package %s): %s\n", library->name, library->soname,
            library->package, reason && reason[0] ? reason : "unknown reason");
    exit(70);
}

/* The pointers every definition forwards through, filled when their library is opened. */
#define SF_POINTER(library, name) static __typeof__(name) *sf_##name;
#define SF_FUNCTION(library, type, name, parameters, arguments) SF_POINTER(library, name)
#define SF_PROCEDURE(library, name, parameters, arguments) SF_POINTER(library, name)
#include "functions.h"
#undef SF_FUNCTION
#undef SF_PROCEDURE

#define SF_RESOLVE_ONE(library, name)                                                                  \
    if (&library == sf_this_library && !(sf_##name = (__typeof__(name) *)dlsym(library.handle, #name))) \
        fail(&library, "it has no " #name);
#define SF_FUNCTION(library, type, name, parameters, arguments) SF_RESOLVE_ONE(library, name)
#define SF_PROCEDURE(library, name, parameters, arguments) SF_RESOLVE_ONE(library, name)

/* Opens `library` and resolves all of its functions in functions.h. */
static void resolve(struct library *sf_this_library) {
#include "functions.h"
}
#undef SF_FUNCTION
#undef SF_PROCEDURE

static void open_library(struct library *library) {
    if (simulated_missing(library->soname)) fail(library, "cannot open shared object file (simulated)");
    library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) fail(library, dlerror());
    resolve(library);
}

static void open_SDL2(void) { open_library(&SDL2); }
static void open_SDL2_image(void) { open_library(&SDL2_image); }
static void open_SDL2_ttf(void) { open_library(&SDL2_ttf); }
static void open_fontconfig(void) { open_library(&fontconfig); }

/* Each definition: open the library once, then call through. */
#define SF_FUNCTION(library, type, name, parameters, arguments) \
    type name parameters {                                      \
        pthread_once(&library.once, open_##library);            \
        return sf_##name arguments;                             \
    }
#define SF_PROCEDURE(library, name, parameters, arguments) \
    void name parameters {                                 \
        pthread_once(&library.once, open_##library);       \
        sf_##name arguments;                               \
    }
#include "functions.h"
#undef SF_FUNCTION
#undef SF_PROCEDURE

int sf_sdl_library_loaded(const char *library) {
    struct library *all[] = {&SDL2, &SDL2_image, &SDL2_ttf, &fontconfig};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, library) == 0) return all[i]->handle != NULL;
    return 0;
}
