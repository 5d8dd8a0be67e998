#include "CProcessShim.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sf_die_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return -1;
    /* The parent may have died before the request: then it never fires. */
    return getppid() == parent ? 0 : -1;
}

int sf_stdout_failed(void) { return ferror(stdout) ? 1 : 0; }

int sf_flush_stdout(void) {
    errno = 0;
    if (fflush(stdout) == 0) return 0;
    return errno != 0 ? errno : EIO;
}

int sf_write_stdout(const char *text, size_t length) {
    errno = 0;
    if (fwrite(text, 1, length, stdout) == length) return 0;
    return errno != 0 ? errno : EIO;
}

void sf_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

int sf_fix_mmap_threshold(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
