#define _GNU_SOURCE
#include "CProcessShim.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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
    /* A stop signal ignored when the runner started (nohup's SIGHUP) stays ignored in the
       worker: the hang-up reaches the whole process group. */
    const int *stops = NULL;
    int stop_count = sf_early_stop_signal_count(&stops);
    for (int i = 0; i < stop_count; i++) {
        if (sf_stop_signal_ignored_on_entry(stops[i])) sigdelset(&all, stops[i]);
    }
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

int sf_spawn_dying_with_parent(const char *path, char *const argv[], char *const envp[], const char *directory,
                               int input, int output, int error, pid_t *pid) {
    if (input < 3 || output < 3 || error < 3) return EINVAL;
    /* The child tells why it could not start the program on this pipe (closed by the exec). */
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int failure = errno;
        close(report[0]);
        close(report[1]);
        return failure;
    }
    if (child == 0) {
        /* Only async-signal-safe calls from here to the exec. */
        int failure = 0;
        sigset_t none;
        sigemptyset(&none);
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) sigaction(number, &fallback, NULL);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) failure = errno;
        /* The parent died before the request took effect: nobody waits for this child. */
        if (failure == 0 && getppid() != parent) _exit(127);
        if (failure == 0 && directory != NULL && chdir(directory) != 0) failure = errno;
        if (failure == 0 && (dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(error, 2) < 0)) failure = errno;
        if (failure == 0) {
            /* Nothing else of this process reaches the program. */
            syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC);
            execve(path, argv, envp);
            failure = errno;
        }
        ssize_t written;
        do written = write(report[1], &failure, sizeof failure);
        while (written < 0 && errno == EINTR);
        _exit(127);
    }
    close(report[1]);
    int failure = 0;
    ssize_t got;
    do got = read(report[0], &failure, sizeof failure);
    while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof failure) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return failure ? failure : ECHILD;
    }
    *pid = child;
    return 0;
}
