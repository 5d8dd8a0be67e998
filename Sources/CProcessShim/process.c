#include "CProcessShim.h"
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

void sf_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

int sf_fix_mmap_threshold(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
