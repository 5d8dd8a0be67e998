#ifndef SCENEFLOW_CVIDEOSHIM_H
#define SCENEFLOW_CVIDEOSHIM_H
#include <stddef.h>
#include <stdint.h>

/* An MP4 (H.264, x264's ultrafast preset) video written with FFmpeg's libraries, frame by frame,
   at variable frame rate: each frame carries its own time in 1/fps second units, so a still
   screen costs nothing and the video plays in real time. Frames are RGBA; a frame of the
   video's size (or one pixel more on an odd side, left out) is converted with libyuv when
   libyuv.so.0 loads, any other size is scaled with swscale to fit the video (aspect kept, black
   around it). */
typedef struct sf_video sf_video;

/* Loads FFmpeg's libraries (libavutil, libavcodec, libavformat, libswscale at the major versions
   of the headers compiled against) and, when present, libyuv.so.0 (Debian libyuv0; without it
   frames are converted with swscale, slower) with dlopen and resolves the functions the shim
   calls, once;
   sf_video_open calls it first. 0 on success; otherwise -1 with a message naming the library and
   its Debian package in `error`. Safe to call from any thread, any number of times. */
int sf_video_load(char *error, size_t error_size);

/* Opens `path` for a width x height video (both even) at `fps` time units a second.
   NULL on failure, with the reason in `error`. */
sf_video *sf_video_open(const char *path, int width, int height, int fps, char *error, size_t error_size);

/* Adds one RGBA frame (`stride` bytes a row) shown from time `pts` (in 1/fps s; each call's
   pts must be larger than the last; after a gap the last frame is repeated at `pts` - 1, a still
   frame that costs next to nothing, so every change follows a frame by one unit). 0 on success, else an FFmpeg error code with the reason. */
int sf_video_write(sf_video *video, const uint8_t *rgba, int source_width, int source_height, int stride,
                   int64_t pts, char *error, size_t error_size);

/* Ends the video at time `end_pts`: the last frame is held until then and shown for one unit
   more (the video lasts `end_pts` + 1 units, so the picture at the end is seen), writes the trailer and
   frees everything. 0 on success, else an FFmpeg error code with the reason. Always frees. */
int sf_video_close(sf_video *video, int64_t end_pts, char *error, size_t error_size);

/* Frees the video without finishing the file (the caller removes it). */
void sf_video_abandon(sf_video *video);
#endif
