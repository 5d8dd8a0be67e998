#ifndef SCENEFLOW_CLUA_SHIM_H
#define SCENEFLOW_CLUA_SHIM_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#endif
