#include "CTesseractShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tesseract/version.h>

#define SF_TEXT(x) #x
#define SF_NUMBER(x) SF_TEXT(x)
static const char soname[] = "libtesseract.so." SF_NUMBER(TESSERACT_MAJOR_VERSION);
static const char package[] = "libtesseract" SF_NUMBER(TESSERACT_MAJOR_VERSION);

/* Leptonica's function, declared here so that no Leptonica header is needed. */
typedef int set_message_severity_function(int);

#define SF_TESSERACT_FUNCTIONS(X)                                                                      \
    X(TessVersion) X(TessDeleteText) X(TessBaseAPICreate) X(TessBaseAPIDelete) X(TessBaseAPIInit3)    \
    X(TessBaseAPISetPageSegMode) X(TessBaseAPISetVariable) X(TessBaseAPISetImage)                     \
    X(TessBaseAPISetSourceResolution) X(TessBaseAPIRecognize) X(TessBaseAPIGetIterator)               \
    X(TessBaseAPIClear) X(TessBaseAPIEnd) X(TessPageIteratorBoundingBox) X(TessResultIteratorDelete)  \
    X(TessResultIteratorGetPageIteratorConst) X(TessResultIteratorNext)                              \
    X(TessResultIteratorGetUTF8Text) X(TessResultIteratorConfidence) X(TessMonitorCreate)             \
    X(TessMonitorDelete) X(TessMonitorSetDeadlineMSecs)

static struct {
#define SF_MEMBER(name) __typeof__(&name) name;
    SF_TESSERACT_FUNCTIONS(SF_MEMBER)
#undef SF_MEMBER
    set_message_severity_function *setMsgSeverity;
} tess;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    /* SCENEFLOW_SIMULATE_MISSING_LIBRARY=libtesseract: tests see the message a machine without it gives. */
    const char *missing = getenv("SCENEFLOW_SIMULATE_MISSING_LIBRARY");
    int simulated = missing && strcmp(missing, "libtesseract") == 0;
    void *handle = simulated ? NULL : dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = simulated ? "cannot open shared object file" : dlerror();
        snprintf(failure, sizeof failure, "cannot load Tesseract's %s (Debian package %s): %s", soname, package,
                 reason ? reason : "unknown reason");
        return;
    }
#define SF_RESOLVE(name)                                                                                  \
    if (!(tess.name = (__typeof__(&name))dlsym(handle, #name))) {                                        \
        snprintf(failure, sizeof failure, "Tesseract's %s (Debian package %s) has no %s", soname, package, #name); \
        return;                                                                                           \
    }
    SF_TESSERACT_FUNCTIONS(SF_RESOLVE)
#undef SF_RESOLVE
    /* dlsym on libtesseract's handle also searches the libraries it needs (Leptonica). */
    tess.setMsgSeverity = (set_message_severity_function *)dlsym(handle, "setMsgSeverity");
}

int sf_tesseract_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (!failure[0]) return 0;
    snprintf(error, error_size, "%s", failure);
    return -1;
}

const char *sf_tesseract_header_version(void) { return TESSERACT_VERSION_STR; }

const char *sf_TessVersion(void) { return tess.TessVersion(); }
void sf_TessDeleteText(const char *text) { tess.TessDeleteText(text); }
TessBaseAPI *sf_TessBaseAPICreate(void) { return tess.TessBaseAPICreate(); }
void sf_TessBaseAPIDelete(TessBaseAPI *handle) { tess.TessBaseAPIDelete(handle); }
int sf_TessBaseAPIInit3(TessBaseAPI *handle, const char *datapath, const char *language) {
    return tess.TessBaseAPIInit3(handle, datapath, language);
}
void sf_TessBaseAPISetPageSegMode(TessBaseAPI *handle, TessPageSegMode mode) {
    tess.TessBaseAPISetPageSegMode(handle, mode);
}
int sf_TessBaseAPISetVariable(TessBaseAPI *handle, const char *name, const char *value) {
    return tess.TessBaseAPISetVariable(handle, name, value);
}
void sf_TessBaseAPISetImage(TessBaseAPI *handle, const unsigned char *imagedata, int width, int height,
                            int bytes_per_pixel, int bytes_per_line) {
    tess.TessBaseAPISetImage(handle, imagedata, width, height, bytes_per_pixel, bytes_per_line);
}
void sf_TessBaseAPISetSourceResolution(TessBaseAPI *handle, int ppi) { tess.TessBaseAPISetSourceResolution(handle, ppi); }
int sf_TessBaseAPIRecognize(TessBaseAPI *handle, ETEXT_DESC *monitor) { return tess.TessBaseAPIRecognize(handle, monitor); }
int sf_TessBaseAPIRecognizeWithin(TessBaseAPI *handle, int milliseconds, int *deadline_passed) {
    ETEXT_DESC *monitor = tess.TessMonitorCreate();
    if (!monitor) return tess.TessBaseAPIRecognize(handle, NULL);
    tess.TessMonitorSetDeadlineMSecs(monitor, milliseconds);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int status = tess.TessBaseAPIRecognize(handle, monitor);
    clock_gettime(CLOCK_MONOTONIC, &end);
    tess.TessMonitorDelete(monitor);
    double spent = (double)(end.tv_sec - start.tv_sec) * 1000.0 + (double)(end.tv_nsec - start.tv_nsec) / 1e6;
    if (deadline_passed) *deadline_passed = spent >= milliseconds;
    return status;
}
TessResultIterator *sf_TessBaseAPIGetIterator(TessBaseAPI *handle) { return tess.TessBaseAPIGetIterator(handle); }
void sf_TessBaseAPIClear(TessBaseAPI *handle) { tess.TessBaseAPIClear(handle); }
void sf_TessBaseAPIEnd(TessBaseAPI *handle) { tess.TessBaseAPIEnd(handle); }
int sf_TessPageIteratorBoundingBox(const TessPageIterator *handle, TessPageIteratorLevel level, int *left,
                                   int *top, int *right, int *bottom) {
    return tess.TessPageIteratorBoundingBox(handle, level, left, top, right, bottom);
}
void sf_TessResultIteratorDelete(TessResultIterator *handle) { tess.TessResultIteratorDelete(handle); }
const TessPageIterator *sf_TessResultIteratorGetPageIteratorConst(const TessResultIterator *handle) {
    return tess.TessResultIteratorGetPageIteratorConst(handle);
}
int sf_TessResultIteratorNext(TessResultIterator *handle, TessPageIteratorLevel level) {
    return tess.TessResultIteratorNext(handle, level);
}
char *sf_TessResultIteratorGetUTF8Text(const TessResultIterator *handle, TessPageIteratorLevel level) {
    return tess.TessResultIteratorGetUTF8Text(handle, level);
}
float sf_TessResultIteratorConfidence(const TessResultIterator *handle, TessPageIteratorLevel level) {
    return tess.TessResultIteratorConfidence(handle, level);
}

int sf_leptonica_set_message_severity(int severity) {
    return tess.setMsgSeverity ? tess.setMsgSeverity(severity) : severity;
}
