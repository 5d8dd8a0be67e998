#ifndef SCENEFLOW_CSDL2IMAGE_SHIM_H
#define SCENEFLOW_CSDL2IMAGE_SHIM_H
#include <SDL_image.h>
#endif
