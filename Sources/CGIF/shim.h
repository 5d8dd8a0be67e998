#ifndef SCENEFLOW_CGIF_SHIM_H
#define SCENEFLOW_CGIF_SHIM_H
#include <gif_lib.h>
#endif
