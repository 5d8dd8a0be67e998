#ifndef SCENEFLOW_CFONTCONFIG_SHIM_H
#define SCENEFLOW_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
