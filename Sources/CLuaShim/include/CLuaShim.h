#ifndef SCENEFLOW_CLUASHIM_H
#define SCENEFLOW_CLUASHIM_H
/*
 * Sceneflow's C shim over Lua 5.4 (DESIGN.md §5 rule 3).
 *
 * - Re-exports the Lua macros Swift cannot import as functions.
 * - Creates states with a counting allocator (memory limit) and an instruction budget
 *   (count hook), so a prototype or script that loops or allocates forever is stopped.
 * - Calls Swift callbacks through a trampoline: the Swift function reports an error by
 *   RETURNING a negative count with the message on top of the stack; the trampoline raises
 *   the Lua error after the Swift frame has returned, so a Lua error never unwinds through
 *   Swift.
 */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>

/* ---- states with limits ---- */

/* A new state whose allocator refuses to grow past `limit` bytes while Lua code runs
   (between sf_pcall/sf_resume entry and exit, outside Swift callbacks). NULL if out of memory. */
lua_State *sf_newstate(size_t limit);
/* Closes a state made by sf_newstate and frees its limits record. */
void sf_close(lua_State *L);
/* Bytes currently allocated by the state. */
size_t sf_memory_used(lua_State *L);
/* 1 if an allocation was refused since the last sf_reset_limits, or the memory limit held
   for good (sf_memory_failed). */
int sf_memory_exceeded(lua_State *L);
/* 1 once an allocation was refused even after Lua's emergency collection (or refused with no
   retry: a refusal still pending when Swift asks was final): sticky for the state's life; the
   hook then fails Lua code at every instruction with "not enough memory". */
int sf_memory_failed(lua_State *L);
/* 1 if the instruction budget ran out since the last sf_reset_limits. */
int sf_budget_exhausted(lua_State *L);
/* Where the instruction hook first stopped L's code since its limits were last reset, in
   sf_stuck_place's format ("" when it never stopped). */
const char *sf_stop_site(lua_State *L);
/* Sets the instruction budget for the next calls on thread L (and threads it creates) and
   clears the exceeded/exhausted flags. */
void sf_reset_limits(lua_State *L, long long instructions);
/* Replaces the wall-clock deadline sf_reset_limits set (10 s) with `seconds` from now. */
void sf_set_deadline(lua_State *L, double seconds);
/* The limits a running call holds (its instruction budget, its deadline, whether the budget
   ran out), saved around a call nested inside it (Swift calling Lua from a function a script
   called) and restored after, so the nested call's own limits never replace the outer's. */
typedef struct { long long budget; double deadline; int exhausted; } SfSavedLimits;
SfSavedLimits sf_save_limits(lua_State *L);
void sf_restore_limits(lua_State *L, SfSavedLimits saved);
/* The number of sf_pcall / sf_resume calls running on L's state (0: none). */
int sf_call_depth(lua_State *L);
/* The clock of the real-time limits, in seconds: CLOCK_MONOTONIC less the time the whole
   process stood stopped (SIGSTOP/SIGCONT), as the watchdog thread saw it (without the thread
   running, plain CLOCK_MONOTONIC). */
double sf_running_clock(void);
/* Between these two calls the thread waits to hand its output to a reader (a pipe the reader
   does not empty): the clock of the real-time limits stands still meanwhile. */
void sf_output_wait_begin(void);
void sf_output_wait_end(void);

/* Why the watchdog thread gave up on a call (the first argument of the stuck handler). */
#define SF_STUCK_PAST_DEADLINE 1 /* past its real-time deadline, then 1 s of its own CPU time (10 s real at most) */
#define SF_STUCK_AFTER_STOP 2    /* still running 0.25 s after sf_request_stop */
/* Called on the watchdog thread, with `subject` (see sf_set_subject), when a call cannot be
   stopped by the instruction hook: a library call that never returns to the VM (a
   backtracking string pattern). It should end the process (_exit); if it returns, that state
   is not reported again. */
typedef void (*sf_stuck_handler)(int reason, const char *subject);
/* Starts the watchdog thread (once per process; later calls only replace the handler). It
   checks every running sf_pcall/sf_resume every 20 ms. Returns 0, or pthread_create's error
   number (EAGAIN under the process/thread limit) if no thread could be started. Without it
   (library use, unit tests) nothing watches: the hook is the only stop. */
int sf_watchdog_start(sf_stuck_handler handler);
/* Names what state L runs, for the stuck handler (copied; at most 511 bytes). */
void sf_set_subject(lua_State *L, const char *subject);

/* Registers `name` as the Sceneflow function whose Lua body is defined at `src` (a chunk's
   short_src) from line `line`: the stuck-call message names it when the script called it
   through pcall or xpcall (sf_stuck_place). */
void sf_name_api(const char *src, int line, const char *name);
/* Where the call the watchdog last found stuck is, filled in before the stuck handler runs:
   "kind<TAB>file:line<TAB>called function<TAB>pattern" (see shim.c); valid in the handler. */
const char *sf_stuck_place(void);
/* True (1) when the Lua call running on L (or the Swift function it called) is past its
   deadline or asked to stop; marks its budget exhausted, so Lua stops at its next
   instruction. Cheap (one clock read): Swift loops working for one Lua call check it per
   frame or per item. */
int sf_deadline_passed(lua_State *L);

/* Opens base, string, table, math, utf8, coroutine, debug and os in protected mode, and seeds
   math.random with 0; the
   sandbox environments built by the preludes expose only a subset. Returns a status. */
int sf_openlibs(lua_State *L);

/* Protected call / resume that enforce the memory limit while Lua runs. */
int sf_pcall(lua_State *L, int nargs, int nresults, int msgh);
int sf_resume(lua_State *co, lua_State *from, int nargs, int *nresults);
/* Loads a text chunk (binary chunks are refused) under the given chunk name. */
int sf_loadtext(lua_State *L, const char *buffer, size_t size, const char *chunkname);
/* Loads a precompiled (binary) chunk made by sf_dump: only for Sceneflow's own embedded Lua. */
int sf_loadbinary(lua_State *L, const char *buffer, size_t size, const char *chunkname);
/* Dumps the Lua function on top (left there) with its debug information into a malloc'd
   buffer; stores its size in *size. NULL when out of memory or the dump fails. Free with free(). */
char *sf_dump(lua_State *L, size_t *size);

/* Compiles the text chunk `buffer` in a scratch state under L's memory limit and returns its
   bytecode (malloc'd, length in *size; free it), or NULL when it does not compile there: the
   caller then compiles it in L for the error message. The function loaded from it leaves L as
   every later load from the kept bytecode does, with no compiler garbage. */
char *sf_compile_apart(lua_State *L, const char *buffer, size_t size, const char *chunkname, size_t *out);

/* ---- Swift callbacks ---- */

/* A Swift function called from Lua: returns the number of results it pushed, or
   SF_ERROR (message on top; the caller's file:line is prepended) or SF_ERROR_RAW (message
   raised as is). It must not raise Lua errors: only non-raising API calls. */
typedef int (*sf_swift_function)(lua_State *L, void *context);
#define SF_ERROR (-1)
#define SF_ERROR_RAW (-2)
/* Pushes a C closure that calls `function(L, context)` through the trampoline. */
void sf_pushswiftfunction(lua_State *L, sf_swift_function function, void *context);

/* ---- macros as functions ---- */
void sf_pop(lua_State *L, int n);
void sf_newtable(lua_State *L);
const char *sf_tostring(lua_State *L, int index, size_t *len);
int sf_isnil(lua_State *L, int index);
int sf_isnoneornil(lua_State *L, int index);
int sf_isfunction(lua_State *L, int index);
int sf_istable(lua_State *L, int index);
int sf_upvalueindex(int i);
int sf_registryindex(void);
void sf_pushglobaltable(lua_State *L);
void sf_call(lua_State *L, int nargs, int nresults);
void sf_insert(lua_State *L, int index);
void sf_remove(lua_State *L, int index);
void sf_replace(lua_State *L, int index);
double sf_tonumber(lua_State *L, int index, int *isnum);
lua_State *sf_tothread(lua_State *L, int index);
void sf_register(lua_State *L, const char *name, lua_CFunction f);
/* Loads and runs a string in protected mode (luaL_dostring). Returns a status. */
int sf_dostring(lua_State *L, const char *code);
int sf_ref(lua_State *L);
void sf_unref(lua_State *L, int ref);
/* registry[ref] = registry[source]. */
void sf_copyref(lua_State *L, int source, int ref);
int sf_rawgetref(lua_State *L, int ref);
int sf_noref(void);
/* lua_gc is variadic: stop (0) or restart (1) the collector. */
void sf_gc_stop(lua_State *L);
void sf_gc_restart(lua_State *L);
/* A full garbage collection (each test starts without the previous one's garbage). */
void sf_gc_collect(lua_State *L);

/* Asks every running Lua call in the process to stop at its next instruction-count hook (or
   its next allocation of 64 KiB or more), as an exhausted budget does. Async-signal-safe (sets a sig_atomic_t): called from SIGINT and
   SIGTERM handlers so that a busy test loop ends at once. Never reset. */
void sf_request_stop(void);

#endif
