#include "CProcessShim.h"
#include <signal.h>
#include <string.h>
#include <time.h>

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

/* The stop signals that were ignored when the process started and stay ignored (nohup's
   SIGHUP, `trap '' TERM` before exec), noted before anything is installed. SIGINT and SIGQUIT
   are taken whatever: a non-interactive shell ignores them for its background jobs, where
   `kill -INT` must still stop a run. */
static sigset_t ignored_on_entry;
static int ignored_noted = 0;

int sf_stop_signal_ignored_on_entry(int number) {
    return ignored_noted && sigismember(&ignored_on_entry, number) == 1;
}

/* The monotonic time, in nanoseconds, of the last stop signal counted as a new request. */
static long long last_counted_ns = 0;

int sf_stop_signal_is_repeat(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return 0;
    long long ns = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    long long last = __atomic_load_n(&last_counted_ns, __ATOMIC_SEQ_CST);
    if (last != 0 && ns - last < SF_STOP_SIGNAL_REPEAT_NS) return 1;
    __atomic_store_n(&last_counted_ns, ns, __ATOMIC_SEQ_CST);
    return 0;
}

static void remember(int number) {
    if (early_signal == 0) early_signal = number;
    if (sf_stop_signal_is_repeat()) return; /* the same request by another path */
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

static void note_ignored_on_entry(void) {
    sigemptyset(&ignored_on_entry);
    for (unsigned i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        int number = stop_signals[i];
        struct sigaction current;
        if (number == SIGINT || number == SIGQUIT) continue;
        if (sigaction(number, NULL, &current) == 0 && current.sa_handler == SIG_IGN) sigaddset(&ignored_on_entry, number);
    }
    ignored_noted = 1;
}

static void install_early(int argc, char **argv, char **envp) {
    (void)envp;
    note_ignored_on_entry();
    if (argc < 2 || !stops_on_signals(argv[1])) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remember;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigset_t set;
    sigemptyset(&set);
    for (unsigned i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        if (sf_stop_signal_ignored_on_entry(stop_signals[i])) continue;
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
