#define _GNU_SOURCE
#include "CProcessShim.h"
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int sf_spawn(const char *path, char *const argv[], char *const envp[], int input, int output, int error,
             pid_t *pid) {
    /* The three descriptors must not be 0-2 themselves: a dup2 onto itself keeps
       FD_CLOEXEC, and one could overwrite another before it is duplicated. */
    if (input < 3 || output < 3 || error < 3) return EINVAL;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    sigset_t all, none;
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    sigemptyset(&none);
    status = posix_spawn_file_actions_adddup2(&actions, input, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, output, 1);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, error, 2);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    /* Nothing else of the runner's leaks into the child, whether or not it was opened with
       O_CLOEXEC (the run's reports, another worker's pipes). */
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    /* Every signal at its default and none blocked, whatever the runner set for itself
       (it ignores SIGPIPE and blocks nothing, but a caller's shell may have). */
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &all);
    if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    if (status == 0) status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return status;
}
