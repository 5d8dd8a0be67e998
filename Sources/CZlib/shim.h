#ifndef SCENEFLOW_CZLIB_SHIM_H
#define SCENEFLOW_CZLIB_SHIM_H
#include <zlib.h>
#endif
