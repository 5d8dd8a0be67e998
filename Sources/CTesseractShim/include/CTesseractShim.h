#ifndef SCENEFLOW_CTESSERACTSHIM_H
#define SCENEFLOW_CTESSERACTSHIM_H
/* Tesseract's C API (Debian libtesseract-dev) loaded at first use with dlopen/dlsym, so the
   executable does not list libtesseract (and the ~35 libraries it pulls in) as needed: only
   `detect` and `new --detect` load it. Types come from <tesseract/capi.h>; call the sf_
   functions below, never the Tess* ones (nothing links them). */
#include <stddef.h>
#include <tesseract/capi.h>

/* Loads libtesseract.so.<TESSERACT_MAJOR_VERSION> (the major version of the headers compiled
   against) and resolves every function below once. 0 on success; otherwise -1 with a message
   naming the library and its Debian package in `error`. Safe to call from any thread, any number
   of times. */
int sf_tesseract_load(char *error, size_t error_size);

/* The version of the headers compiled against ("5.3.0"). */
const char *sf_tesseract_header_version(void);

/* Tesseract's functions of the same name without `sf_`; call only after sf_tesseract_load returned 0. */
const char *sf_TessVersion(void);
void sf_TessDeleteText(const char *text);
TessBaseAPI *sf_TessBaseAPICreate(void);
void sf_TessBaseAPIDelete(TessBaseAPI *handle);
int sf_TessBaseAPIInit3(TessBaseAPI *handle, const char *datapath, const char *language);
void sf_TessBaseAPISetPageSegMode(TessBaseAPI *handle, TessPageSegMode mode);
int sf_TessBaseAPISetVariable(TessBaseAPI *handle, const char *name, const char *value);
void sf_TessBaseAPISetImage(TessBaseAPI *handle, const unsigned char *imagedata, int width, int height,
                            int bytes_per_pixel, int bytes_per_line);
void sf_TessBaseAPISetSourceResolution(TessBaseAPI *handle, int ppi);
int sf_TessBaseAPIRecognize(TessBaseAPI *handle, ETEXT_DESC *monitor);
/* TessBaseAPIRecognize with a progress monitor whose deadline is `milliseconds` from now
   (Tesseract stops recognising words past it); `*deadline_passed` gets 1 when the call took
   that long (its words are then the ones read before the deadline). */
int sf_TessBaseAPIRecognizeWithin(TessBaseAPI *handle, int milliseconds, int *deadline_passed);
TessResultIterator *sf_TessBaseAPIGetIterator(TessBaseAPI *handle);
void sf_TessBaseAPIClear(TessBaseAPI *handle);
void sf_TessBaseAPIEnd(TessBaseAPI *handle);
int sf_TessPageIteratorBoundingBox(const TessPageIterator *handle, TessPageIteratorLevel level, int *left,
                                   int *top, int *right, int *bottom);
void sf_TessResultIteratorDelete(TessResultIterator *handle);
const TessPageIterator *sf_TessResultIteratorGetPageIteratorConst(const TessResultIterator *handle);
int sf_TessResultIteratorNext(TessResultIterator *handle, TessPageIteratorLevel level);
char *sf_TessResultIteratorGetUTF8Text(const TessResultIterator *handle, TessPageIteratorLevel level);
float sf_TessResultIteratorConfidence(const TessResultIterator *handle, TessPageIteratorLevel level);

/* Leptonica's message threshold (Tesseract's image library, resolved through libtesseract's
   dependencies), so that its "Error in boxClipToRectangle" lines about boxes at the image edge
   stay off standard error. Returns the previous threshold. */
int sf_leptonica_set_message_severity(int severity);
/* 6 = L_SEVERITY_NONE in <leptonica/environ.h>. */
#define SCENEFLOW_LEPTONICA_SEVERITY_NONE 6
#endif
