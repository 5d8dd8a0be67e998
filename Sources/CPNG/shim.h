#ifndef SCENEFLOW_CPNG_SHIM_H
#define SCENEFLOW_CPNG_SHIM_H
#include <png.h>
#endif
