#ifndef SCENEFLOW_CSDL2TTF_SHIM_H
#define SCENEFLOW_CSDL2TTF_SHIM_H
#include <SDL_ttf.h>
#endif
