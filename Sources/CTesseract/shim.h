#ifndef SCENEFLOW_CTESSERACT_SHIM_H
#define SCENEFLOW_CTESSERACT_SHIM_H
// Tesseract's C API (Debian libtesseract-dev), found with pkg-config `tesseract`.
#include <tesseract/capi.h>
#endif
