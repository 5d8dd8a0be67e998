#include "CProcessShim.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

/*
 * A `--jobs` worker tells a stop signal meant for the run from one sent to it alone. The run's
 * own signals reach it from the runner (which forwards the signal it got), or from the kernel
 * (the terminal's Ctrl-C or hang-up goes to the whole foreground process group, the runner
 * too): those stop the run, and the worker ends its test as interrupted (the handler that was
 * installed before, `Interruption`). A signal another process sent the worker alone (a CI
 * clean-up signalling the children of a process group, `kill PID`) ends it as `kill -9` would:
 * the signal's default action, so the runner fails its test naming the signal and runs the
 * rest of the file in a fresh worker, as it goes on with the run.
 */

#define SF_MAX_SIGNAL 65

static pid_t runner_pid = 0;
static void (*run_handlers[SF_MAX_SIGNAL])(int);

static void on_stop_signal(int number, siginfo_t *info, void *context) {
    (void)context;
    int from_process = info != NULL && (info->si_code == SI_USER || info->si_code == SI_QUEUE || info->si_code == SI_TKILL);
    if (from_process && info->si_pid != runner_pid && info->si_pid != getpid()) {
        /* Delivered as the handler returns (the signal is blocked inside it): the default
           action ends the process. */
        signal(number, SIG_DFL);
        raise(number);
        return;
    }
    void (*handler)(int) = number > 0 && number < SF_MAX_SIGNAL ? run_handlers[number] : NULL;
    if (handler != NULL && handler != SIG_DFL && handler != SIG_IGN) handler(number);
}

int sf_worker_own_signals(pid_t runner, const int *numbers, int count) {
    runner_pid = runner;
    for (int i = 0; i < count; i++) {
        int number = numbers[i];
        if (number <= 0 || number >= SF_MAX_SIGNAL) return -1;
        struct sigaction old;
        if (sigaction(number, NULL, &old) != 0) return -1;
        if (old.sa_flags & SA_SIGINFO) return -1; /* not a handler this shim can call */
        run_handlers[number] = old.sa_handler;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_stop_signal;
        action.sa_mask = old.sa_mask;
        action.sa_flags = (old.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
        if (sigaction(number, &action, NULL) != 0) return -1;
    }
    return 0;
}
