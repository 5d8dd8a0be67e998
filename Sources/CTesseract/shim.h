#ifndef SCENEFLOW_CTESSERACT_SHIM_H
#define SCENEFLOW_CTESSERACT_SHIM_H
// Tesseract's C API (Debian libtesseract-dev), found with pkg-config `tesseract`.
#include <tesseract/capi.h>

// Leptonica (Tesseract's image library, Debian libleptonica-dev): its message threshold, so
// that its "Error in boxClipToRectangle" lines about boxes at the image edge stay off
// standard error (6 = L_SEVERITY_NONE in <leptonica/environ.h>).
extern int setMsgSeverity(int newsev);
#define SCENEFLOW_LEPTONICA_SEVERITY_NONE 6
#endif
