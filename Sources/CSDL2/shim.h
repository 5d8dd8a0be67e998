#ifndef SCENEFLOW_CSDL2_SHIM_H
#define SCENEFLOW_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif
