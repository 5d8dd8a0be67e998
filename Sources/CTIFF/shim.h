#ifndef SCENEFLOW_CTIFF_SHIM_H
#define SCENEFLOW_CTIFF_SHIM_H
#include <tiffio.h>
#endif
