#include "CProcessShim.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * What a process killed at once by a third stop signal says first (red-team 25 F3: `test`
 * died with nothing on standard error and left an earlier run's green index.html beside its
 * own red reports). Two buffers: the main thread fills the one not shown, then makes it the
 * one shown, so the signal handler never reads a half-written text.
 */
static char last_words[2][4096];
static int shown = -1; /* the buffer the handler writes, -1 for none; read atomically */

void sf_set_last_words(const char *text) {
    if (text == NULL) {
        __atomic_store_n(&shown, -1, __ATOMIC_SEQ_CST);
        return;
    }
    int next = __atomic_load_n(&shown, __ATOMIC_SEQ_CST) == 0 ? 1 : 0;
    snprintf(last_words[next], sizeof last_words[next], "%s", text);
    __atomic_store_n(&shown, next, __ATOMIC_SEQ_CST);
}

void sf_say_last_words(void) {
    int index = __atomic_load_n(&shown, __ATOMIC_SEQ_CST);
    if (index < 0) return;
    const char *text = last_words[index];
    size_t length = strlen(text), done = 0;
    while (done < length) {
        ssize_t n = write(STDERR_FILENO, text + done, length - done);
        if (n <= 0) return; /* async-signal-safe: no retry loop on EINTR needed for a last word */
        done += (size_t)n;
    }
}
