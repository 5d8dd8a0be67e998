#define _GNU_SOURCE
#include "CProcessShim.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

/* Asked before each wait: nonzero once a stop signal arrived (then a stalled reader is given
   up on, as `OutputTarget` does for reports). */
static int (*sf_output_stop)(void) = NULL;

/* The write function of a stream on a non-blocking descriptor: writes everything, waiting out
   a full pipe (EAGAIN) with poll() in 100 ms slices as a blocking descriptor would wait,
   unless a stop signal arrived. Returns the bytes written, or -1 when none could be. */
static ssize_t sf_waiting_write(void *cookie, const char *bytes, size_t size) {
    int fd = (int)(intptr_t)cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(fd, bytes + done, size - done);
        if (written > 0) {
            done += (size_t)written;
            continue;
        }
        if (written < 0 && errno == EINTR) continue;
        if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (sf_output_stop != NULL && sf_output_stop()) break;
            struct pollfd wanted = {.fd = fd, .events = POLLOUT, .revents = 0};
            (void)poll(&wanted, 1, 100);
            continue;
        }
        break;
    }
    if (done == 0 && size > 0) return -1;
    return (ssize_t)done;
}

static FILE *sf_waiting_stream(int fd) {
    cookie_io_functions_t functions = {.read = NULL, .write = sf_waiting_write, .seek = NULL, .close = NULL};
    return fopencookie((void *)(intptr_t)fd, "w", functions);
}

int sf_wait_out_nonblocking_output(int (*stop)(void)) {
    sf_output_stop = stop;
    int replaced = 0;
    int flags = fcntl(1, F_GETFL);
    if (flags >= 0 && (flags & O_NONBLOCK)) {
        FILE *stream = sf_waiting_stream(1);
        if (stream != NULL) {
            fflush(stdout);
            stdout = stream;
            replaced |= 1;
        }
    }
    flags = fcntl(2, F_GETFL);
    if (flags >= 0 && (flags & O_NONBLOCK)) {
        FILE *stream = sf_waiting_stream(2);
        if (stream != NULL) {
            setvbuf(stream, NULL, _IONBF, 0);
            fflush(stderr);
            stderr = stream;
            replaced |= 2;
        }
    }
    return replaced;
}
