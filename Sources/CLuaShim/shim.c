#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>

/* Wall-clock limit per load or resume, in seconds: catches loops of expensive C calls
   (string.rep of megabytes) that use few VM instructions. */
#define SF_TIME_LIMIT_SECONDS 10.0

static double sf_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Counting allocator and instruction budget, one record per state (the allocator's ud). */
typedef struct {
    size_t used;
    size_t limit;
    int enforce;       /* 1 while Lua code runs; 0 in setup and in Swift callbacks */
    int exceeded;
    long long budget;  /* instructions left */
    int exhausted;
    double deadline;   /* sf_now() after which the hook stops the code; 0 = none */
} SfLimits;

#define SF_HOOK_STEP 1000

static SfLimits *sf_limits(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (SfLimits *)ud;
}

static void *sf_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    SfLimits *lim = (SfLimits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        return NULL;
    }
    if (lim->enforce && nsize > old && lim->used - old + nsize > lim->limit) {
        lim->exceeded = 1;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p) lim->used = lim->used - old + nsize;
    return p;
}

static volatile sig_atomic_t sf_stop_requested = 0;

void sf_request_stop(void) { sf_stop_requested = 1; }

static void sf_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    SfLimits *lim = sf_limits(L);
    lim->budget -= SF_HOOK_STEP;
    if (!sf_stop_requested && lim->budget > 0 && !lim->exhausted && (lim->deadline == 0 || sf_now() < lim->deadline)) return;
    lim->exhausted = 1;
    /* From now on fire on every instruction, so a pcall in a loop cannot swallow it. */
    lua_sethook(L, sf_hook, LUA_MASKCOUNT, 1);
    lua_Debug info;
    if (lua_getstack(L, 0, &info) && lua_getinfo(L, "Sl", &info) && info.currentline > 0)
        lua_pushfstring(L, "%s:%d: sceneflow: instruction budget exhausted", info.short_src,
                        info.currentline);
    else
        lua_pushstring(L, "sceneflow: instruction budget exhausted");
    lua_error(L);
}

lua_State *sf_newstate(size_t limit) {
    SfLimits *lim = (SfLimits *)calloc(1, sizeof(SfLimits));
    if (!lim) return NULL;
    lim->limit = limit;
    lim->budget = 1000000;
    lua_State *L = lua_newstate(sf_alloc, lim);
    if (!L) { free(lim); return NULL; }
    lua_sethook(L, sf_hook, LUA_MASKCOUNT, SF_HOOK_STEP);
    return L;
}

void sf_close(lua_State *L) {
    SfLimits *lim = sf_limits(L);
    /* Finalizers run by lua_close get a small budget and no memory limit. */
    lim->enforce = 0;
    lim->deadline = 0;
    lim->budget = 1000000;
    lim->exhausted = 0;
    lua_sethook(L, sf_hook, LUA_MASKCOUNT, SF_HOOK_STEP);
    lua_close(L);
    free(lim);
}

size_t sf_memory_used(lua_State *L) { return sf_limits(L)->used; }
int sf_memory_exceeded(lua_State *L) { return sf_limits(L)->exceeded; }
int sf_budget_exhausted(lua_State *L) { return sf_limits(L)->exhausted; }

void sf_reset_limits(lua_State *L, long long instructions) {
    SfLimits *lim = sf_limits(L);
    lim->budget = instructions;
    lim->deadline = sf_now() + SF_TIME_LIMIT_SECONDS;
    lim->exhausted = 0;
    lim->exceeded = 0;
    lua_sethook(L, sf_hook, LUA_MASKCOUNT, SF_HOOK_STEP);
}

void sf_set_deadline(lua_State *L, double seconds) {
    sf_limits(L)->deadline = sf_now() + (seconds > 0 ? seconds : 0);
}

static int sf_openlibs_body(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 1);
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1); /* only os.clock/time/date reach scripts */
    lua_settop(L, 0);
    return 0;
}

int sf_openlibs(lua_State *L) {
    lua_pushcfunction(L, sf_openlibs_body);
    return lua_pcall(L, 0, 0, 0);
}

int sf_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    SfLimits *lim = sf_limits(L);
    int saved = lim->enforce;
    lim->enforce = 1;
    int status = lua_pcall(L, nargs, nresults, msgh);
    lim->enforce = saved;
    return status;
}

int sf_resume(lua_State *co, lua_State *from, int nargs, int *nresults) {
    SfLimits *lim = sf_limits(co);
    int saved = lim->enforce;
    lim->enforce = 1;
    int status = lua_resume(co, from, nargs, nresults);
    lim->enforce = saved;
    return status;
}

int sf_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname) {
    return luaL_loadbufferx(L, buffer, size, chunkname, "t");
}

/* ---- Swift callbacks ---- */

static int sf_trampoline(lua_State *L) {
    sf_swift_function function;
    memcpy(&function, lua_touserdata(L, lua_upvalueindex(1)), sizeof function);
    void *context = lua_touserdata(L, lua_upvalueindex(2));
    luaL_checkstack(L, 16, "sceneflow callback");
    SfLimits *lim = sf_limits(L);
    int saved = lim->enforce;
    lim->enforce = 0;
    int n = function(L, context);
    lim->enforce = saved;
    if (n == SF_ERROR) {
        if (!lua_isstring(L, -1)) lua_pushliteral(L, "sceneflow callback failed");
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n == SF_ERROR_RAW) return lua_error(L);
    return n;
}

void sf_pushswiftfunction(lua_State *L, sf_swift_function function, void *context) {
    void *box = lua_newuserdatauv(L, sizeof function, 0);
    memcpy(box, &function, sizeof function);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, sf_trampoline, 2);
}

/* ---- macros as functions ---- */
void sf_pop(lua_State *L, int n) { lua_pop(L, n); }
void sf_newtable(lua_State *L) { lua_newtable(L); }
const char *sf_tostring(lua_State *L, int index, size_t *len) { return lua_tolstring(L, index, len); }
int sf_isnil(lua_State *L, int index) { return lua_isnil(L, index); }
int sf_isnoneornil(lua_State *L, int index) { return lua_isnoneornil(L, index); }
int sf_isfunction(lua_State *L, int index) { return lua_isfunction(L, index); }
int sf_istable(lua_State *L, int index) { return lua_istable(L, index); }
int sf_upvalueindex(int i) { return lua_upvalueindex(i); }
int sf_registryindex(void) { return LUA_REGISTRYINDEX; }
void sf_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
void sf_call(lua_State *L, int nargs, int nresults) { lua_call(L, nargs, nresults); }
void sf_insert(lua_State *L, int index) { lua_insert(L, index); }
void sf_remove(lua_State *L, int index) { lua_remove(L, index); }
void sf_replace(lua_State *L, int index) { lua_replace(L, index); }
double sf_tonumber(lua_State *L, int index, int *isnum) { return (double)lua_tonumberx(L, index, isnum); }
lua_State *sf_tothread(lua_State *L, int index) { return lua_tothread(L, index); }
void sf_register(lua_State *L, const char *name, lua_CFunction f) { lua_register(L, name, f); }
int sf_dostring(lua_State *L, const char *code) {
    int status = luaL_loadstring(L, code);
    return status != LUA_OK ? status : sf_pcall(L, 0, LUA_MULTRET, 0);
}
int sf_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
void sf_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
int sf_rawgetref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
int sf_noref(void) { return LUA_NOREF; }
void sf_gc_stop(lua_State *L) { lua_gc(L, LUA_GCSTOP); }
void sf_gc_restart(lua_State *L) { lua_gc(L, LUA_GCRESTART); }
void sf_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
