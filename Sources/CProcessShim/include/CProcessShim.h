#ifndef SCENEFLOW_CPROCESSSHIM_H
#define SCENEFLOW_CPROCESSSHIM_H
/*
 * Process calls Swift cannot make itself (prctl is variadic), for `sceneflow test --jobs`
 * workers (see Sources/README.md, "Limits that hold"), the buffering of standard output, and
 * how malloc returns large buffers (a macro-configured call Swift's Glibc module lacks).
 */
#include <sys/types.h>

/* Asks the kernel to SIGKILL this process when its parent dies (PR_SET_PDEATHSIG), so a
   worker never outlives the run that started it, even while one Lua library call keeps it
   busy. Returns 0; -1 when `parent` is no longer the parent (it died before the request
   took effect: the caller should exit) or the request failed. */
int sf_die_with_parent(pid_t parent);

/* Whether a write to C's standard output stream failed during the run (its error flag), which
   Swift 6 cannot read itself (`stdout` is shared mutable state). Returns 1 or 0. */
int sf_stdout_failed(void);

/* Flushes C's standard output stream. Returns 0, or the reason (errno; EIO when the C library
   gave none) the flush failed. */
int sf_flush_stdout(void);

/* Writes length bytes of text to stdout (buffered, as printf does). Returns 0, or the errno of
 * the write that failed (EIO when there is none): a text longer than the buffer fails inside
 * fwrite, where a later fflush no longer has the reason. */
int sf_write_stdout(const char *text, size_t length);

/* Makes the C library's standard output line-buffered (setvbuf _IOLBF), also when it is a
   pipe or a file: each line is written as it ends (`sceneflow bench | tee`). Swift cannot
   name `stdout` under strict concurrency checking. */
void sf_line_buffer_stdout(void);

/* Where standard output or standard error is non-blocking (O_NONBLOCK: left so by a CI
   runner, an ssh session, a Node parent), replaces C's `stdout` / `stderr` with a stream that
   waits out a paused reader (a full pipe) as a blocking descriptor would, instead of dropping
   what does not fit (glibc sets the error flag on EAGAIN and loses the rest). `stop` is asked
   before each wait: once it returns nonzero (a stop signal arrived) the rest is given up.
   Returns a bit mask of the streams replaced: 1 standard output, 2 standard error. */
int sf_wait_out_nonblocking_output(int (*stop)(void));

/* Fixes glibc malloc's mmap threshold at `bytes` (mallopt M_MMAP_THRESHOLD, which also stops
   its dynamic growth): every allocation of at least `bytes` gets its own mapping and is
   returned to the system when freed (see SceneflowRunner's LargeAllocations). Returns 1 on
   success, 0 when refused (or not glibc). */
int sf_fix_mmap_threshold(int bytes);

/* Sets what the process writes to standard error when a third stop signal kills it at once
   (sf_say_last_words): a line naming the outputs not yet written; NULL for nothing. Copied
   (at most 4 095 bytes); call from one thread. */
void sf_set_last_words(const char *text);

/* Writes the text of sf_set_last_words to standard error; async-signal-safe. */
void sf_say_last_words(void);

/* The stop signals the pre-main handler (early_signals.c) takes for `test`, `play` and
   `record`: sets `*numbers` to them and returns how many. */
int sf_early_stop_signal_count(const int **numbers);

/* The first stop signal that arrived before `Interruption.install` replaced the pre-main
   handler (0 when none did); `*count` gets how many arrived. */
int sf_early_signal(int *count);

/* 1 when the pre-main handler was installed (the command is `test`, `play` or `record`). */
int sf_early_signals_installed(void);

/* 1 when stop signal `number` was ignored when the process started (nohup's SIGHUP, `trap ''
   TERM` before exec): it stays ignored, in the workers too. Never for SIGINT and SIGQUIT,
   which a non-interactive shell ignores for its background jobs. */
int sf_stop_signal_ignored_on_entry(int number);

/* Stop signals closer than this (0.5 s) to the last one counted are one request reaching the
   process by several paths (coreutils `timeout` relays a group signal to its child and to its
   group): they are not counted towards the third signal that ends the process at once. */
#define SF_STOP_SIGNAL_REPEAT_NS 500000000LL

/* 1 when a stop signal arriving now is a repeat (see SF_STOP_SIGNAL_REPEAT_NS); else 0, and
   now is the last counted. Async-signal-safe. */
int sf_stop_signal_is_repeat(void);

/* Starts the program at `path` with `argv` and `envp` (NULL-terminated) as a child whose
   standard input, output and error are the descriptors `input`, `output` and `error` (each
   at least 3), with no other descriptor of this process open, every signal at its default
   and none blocked (posix_spawn; the child is started with vfork semantics, so nothing of
   this process is copied). Sets `*pid`; returns 0, or the errno value of the failure
   (EINVAL for a descriptor below 3; ENOENT, EACCES, ENOMEM, EAGAIN from the start). */
int sf_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
             pid_t *pid);

/* Starts the program at `path` as `sf_spawn` does (descriptors `input`, `output`, `error`, each
   at least 3, become its standard ones; no other descriptor reaches it; every signal at its
   default, none blocked), in `directory` when not NULL, and asks the kernel to SIGKILL it when
   the thread that called this ends or this process dies, even by SIGKILL (PR_SET_PDEATHSIG;
   fork, then exec, since posix_spawn cannot ask it). For an outside program that must not
   outlive the command, such as Graphviz's `dot` under `graph`. Sets `*pid`; returns 0, or the
   errno value of the failure (EINVAL for a descriptor below 3; ENOENT, EACCES from the exec;
   EAGAIN, ENOMEM from the fork). */
int sf_spawn_dying_with_parent(const char *path, char *const argv[], char *const envp[], const char *directory,
                               int input, int output, int error, pid_t *pid);

/* In a `--jobs` worker, after the stop-signal handlers are installed: a stop signal (`numbers`,
   `count` of them) that another process than `runner` (or this one) sent ends the worker by
   the signal's default action, as `kill -9` would (the runner fails the test naming the
   signal and runs the rest of the file in a fresh worker); one from `runner` or the kernel
   (a terminal's Ctrl-C or hang-up, which reaches the runner too) goes to the handler that was
   installed. Returns 0, or -1 when a handler could not be read or replaced. */
int sf_worker_own_signals(pid_t runner, const int *numbers, int count);

#endif
