#ifndef SCENEFLOW_CPROCESSSHIM_H
#define SCENEFLOW_CPROCESSSHIM_H
/*
 * Process calls Swift cannot make itself (prctl is variadic), for `sceneflow test --jobs`
 * workers (see Sources/README.md, "Limits that hold"), and the buffering of standard output.
 */
#include <sys/types.h>

/* Asks the kernel to SIGKILL this process when its parent dies (PR_SET_PDEATHSIG), so a
   worker never outlives the run that started it, even while one Lua library call keeps it
   busy. Returns 0; -1 when `parent` is no longer the parent (it died before the request
   took effect: the caller should exit) or the request failed. */
int sf_die_with_parent(pid_t parent);

/* Makes the C library's standard output line-buffered (setvbuf _IOLBF), also when it is a
   pipe or a file: each line is written as it ends (`sceneflow bench | tee`). Swift cannot
   name `stdout` under strict concurrency checking. */
void sf_line_buffer_stdout(void);

#endif
