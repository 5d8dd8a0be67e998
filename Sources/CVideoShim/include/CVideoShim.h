#ifndef SCENEFLOW_CVIDEOSHIM_H
#define SCENEFLOW_CVIDEOSHIM_H
#include <stddef.h>
#include <stdint.h>

/* An MP4 (H.264, x264's ultrafast preset) video written with FFmpeg's libraries, frame by frame,
   at variable frame rate: each frame carries its own time in 1/fps second units, so a still
   screen costs nothing and the video plays in real time. Frames are converted to YUV 4:2:0
   (sf_video_convert, on the drawing thread) and then encoded (sf_video_add_picture, on the
   encoder's). */
typedef struct sf_video sf_video;

/* Loads FFmpeg's libraries (libavutil, libavcodec, libavformat, libswscale at the major versions
   of the headers compiled against) and, when present, libyuv.so.0 (Debian libyuv0; without it
   frames are converted with swscale, slower) with dlopen and resolves the functions the shim
   calls, once;
   sf_video_open calls it first. 0 on success; otherwise -1 with a message naming the library and
   its Debian package in `error`. Safe to call from any thread, any number of times. */
int sf_video_load(char *error, size_t error_size);

/* Opens `path` for a width x height video (both even) at `fps` time units a second. The
   encoder a finished video of the same size left behind (sf_video_close keeps one per process)
   is reused, its first frame an IDR frame, instead of opening x264 again. NULL on failure, with
   the reason in `error`. */
sf_video *sf_video_open(const char *path, int width, int height, int fps, char *error, size_t error_size);

/* The byte order of a frame's pixels: R,G,B,A, or B,G,R and an unused byte (SDL's XRGB8888 in
   memory, what a software renderer draws into, read back without conversion). */
enum { SF_VIDEO_RGBA = 0, SF_VIDEO_BGRX = 1 };

/* Bytes of one picture in the shim's own layout: the video's YUV 4:2:0 planes (Y, then U,
   then V, rows as wide as their plane, no padding), width * height * 3 / 2. */
size_t sf_video_picture_bytes(const sf_video *video);

/* Converts one frame of 4-byte pixels in `layout` (`source_width` x `source_height`, `stride`
   bytes a row) into `picture` (sf_video_picture_bytes bytes). A frame of the video's size (or
   one pixel more on an odd side, left out) is converted with libyuv when libyuv.so.0 loaded; any
   other size, or every frame without libyuv, is scaled with swscale to fit the video (aspect
   kept, black around it). Touches only the video's scaler, so it may run on another thread
   than sf_video_add_picture for the same video (never two conversions at once). 0 on success,
   else an FFmpeg error code with the reason. */
int sf_video_convert(sf_video *video, const uint8_t *pixels, int layout, int source_width, int source_height,
                     int stride, uint8_t *picture, char *error, size_t error_size);

/* Adds one converted picture (sf_video_convert) shown from time `pts` (in 1/fps s; each call's
   pts must be larger than the last; after a gap the last frame is repeated at `pts` - 1, a still
   frame that costs little, so every change follows a frame by one unit). The picture is copied:
   the caller may reuse it at once. 0 on success, else an FFmpeg error code with the reason. */
int sf_video_add_picture(sf_video *video, const uint8_t *picture, int64_t pts, char *error, size_t error_size);

/* Ends the video at time `end_pts`: the last frame is held until then and shown for one unit
   more (the video lasts `end_pts` + 1 units, so the picture at the end is seen), writes the trailer and
   frees everything but the encoder, which is kept for the next video when it holds no frame back
   (x264 with `zerolatency` never does). 0 on success, else an FFmpeg error code with the reason. Always frees. */
int sf_video_close(sf_video *video, int64_t end_pts, char *error, size_t error_size);

/* Frees the video without finishing the file (the caller removes it). */
void sf_video_abandon(sf_video *video);
#endif
