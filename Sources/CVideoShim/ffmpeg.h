#ifndef SCENEFLOW_CVIDEOSHIM_FFMPEG_H
#define SCENEFLOW_CVIDEOSHIM_FFMPEG_H
/* FFmpeg's functions as pointers resolved at first use (dlopen/dlsym), so the executable does
   not list FFmpeg's libraries (and the ~90 they pull in) as needed: only `test --video` loads
   them. Types and macros still come from the headers; the sonames come from the headers'
   LIB*_VERSION_MAJOR, so the headers the shim was compiled with and the libraries it loads agree. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <stddef.h>
#include <stdint.h>

/* Each function the shim calls, with the library that defines it. */
#define SF_FFMPEG_FUNCTIONS(X)                                                                        \
    X(avutil, av_strerror) X(avutil, av_mallocz) X(avutil, av_free) X(avutil, av_frame_alloc)        \
    X(avutil, av_frame_free) X(avutil, av_frame_get_buffer) X(avutil, av_frame_make_writable)        \
    X(avutil, av_opt_set) X(avutil, av_opt_set_int)                                                 \
    X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_alloc_context3)                      \
    X(avcodec, avcodec_free_context) X(avcodec, avcodec_open2) X(avcodec, avcodec_parameters_from_context) \
    X(avcodec, avcodec_send_frame) X(avcodec, avcodec_receive_packet) X(avcodec, av_packet_alloc)    \
    X(avcodec, av_packet_free) X(avcodec, av_packet_rescale_ts)                                      \
    X(avformat, avformat_alloc_output_context2) X(avformat, avformat_free_context)                   \
    X(avformat, avformat_new_stream) X(avformat, avformat_write_header) X(avformat, av_interleaved_write_frame) \
    X(avformat, av_write_trailer) X(avformat, avio_open) X(avformat, avio_closep)                    \
    X(swscale, sws_getCachedContext) X(swscale, sws_scale) X(swscale, sws_freeContext)

struct sf_ffmpeg_functions {
#define SF_FFMPEG_MEMBER(library, name) __typeof__(&name) name;
    SF_FFMPEG_FUNCTIONS(SF_FFMPEG_MEMBER)
#undef SF_FFMPEG_MEMBER
};

/* libyuv's ABGRToI420 (R,G,B,A bytes in memory to Y, U and V planes), declared here so that
   no libyuv header is needed: libyuv's C API, stable since 2012. */
typedef int (*sf_abgr_to_i420)(const uint8_t *src_abgr, int src_stride_abgr, uint8_t *dst_y, int dst_stride_y,
                               uint8_t *dst_u, int dst_stride_u, uint8_t *dst_v, int dst_stride_v, int width,
                               int height);

/* ABGRToI420 once sf_video_load returned 0 and libyuv.so.0 could be loaded; NULL otherwise
   (frames are then converted with swscale). */
extern sf_abgr_to_i420 sf_libyuv_abgr_to_i420;

/* The resolved functions; valid once sf_video_load returned 0. */
extern struct sf_ffmpeg_functions sf_ffmpeg;
#endif
