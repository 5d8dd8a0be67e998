#include "CProcessShim.h"
#include <signal.h>
#include <string.h>

/*
 * Stop signals that arrive before Swift's `main` runs (the runtime and Foundation start-up take
 * a few milliseconds, far more on a loaded machine): a run signalled then was killed without
 * its reports. The executable's pre-initialisation array runs before any library's
 * initialiser and before `main`, right after the dynamic linker mapped the libraries: the
 * handler installed here only remembers the signal, and `Interruption.install` takes it over.
 */

static volatile sig_atomic_t early_signal = 0;
static volatile sig_atomic_t early_count = 0;
static int early_installed = 0;

/* The signals `Interruption.signals` lists (kept equal by InterruptionSignalTests). */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGPWR};

static void remember(int number) {
    if (early_signal == 0) early_signal = number;
    early_count = early_count + 1;
    if (early_count >= 3) {
        /* A third signal ends the process at once, as later on. */
        signal(number, SIG_DFL);
        raise(number);
    }
}

int sf_early_stop_signal_count(const int **numbers) {
    *numbers = stop_signals;
    return (int)(sizeof stop_signals / sizeof stop_signals[0]);
}

int sf_early_signal(int *count) {
    if (count) *count = early_count;
    return early_signal;
}

int sf_early_signals_installed(void) { return early_installed; }

static int stops_on_signals(const char *command) {
    return command != NULL &&
           (strcmp(command, "test") == 0 || strcmp(command, "play") == 0 || strcmp(command, "record") == 0);
}

static void install_early(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || !stops_on_signals(argv[1])) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remember;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigset_t set;
    sigemptyset(&set);
    for (unsigned i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        sigaction(stop_signals[i], &action, NULL);
        sigaddset(&set, stop_signals[i]);
    }
    /* A parent may start us with these blocked (the mask is inherited): unblock them. */
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    early_installed = 1;
}

/* glibc passes argc, argv and envp to pre-initialisation functions. */
__attribute__((section(".preinit_array"), used)) static void (*const sf_preinit_signals)(int, char **, char **) =
    install_early;
