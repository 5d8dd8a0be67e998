#include "CVideoShim.h"
#include "ffmpeg.h"
#include <stdio.h>
#include <string.h>

struct sf_video {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    struct SwsContext *scale;
    AVFrame *frame;
    AVPacket *packet;
    int64_t last_pts;
    int has_frame;
};

static int fail(int code, const char *what, char *error, size_t size) {
    char reason[AV_ERROR_MAX_STRING_SIZE] = {0};
    sf_ffmpeg.av_strerror(code, reason, sizeof reason);
    snprintf(error, size, "%s: %s", what, reason);
    return code;
}

void sf_video_abandon(sf_video *video) {
    if (!video) return;
    if (video->format && video->format->pb) sf_ffmpeg.avio_closep(&video->format->pb);
    sf_ffmpeg.avformat_free_context(video->format);
    sf_ffmpeg.avcodec_free_context(&video->codec);
    sf_ffmpeg.sws_freeContext(video->scale);
    sf_ffmpeg.av_frame_free(&video->frame);
    sf_ffmpeg.av_packet_free(&video->packet);
    sf_ffmpeg.av_free(video);
}

sf_video *sf_video_open(const char *path, int width, int height, int fps, char *error, size_t error_size) {
    if (sf_video_load(error, error_size) != 0) return NULL;
    sf_video *video = sf_ffmpeg.av_mallocz(sizeof *video);
    if (!video) { snprintf(error, error_size, "out of memory"); return NULL; }
    int status = sf_ffmpeg.avformat_alloc_output_context2(&video->format, NULL, "mp4", path);
    if (status < 0) { fail(status, "cannot make an MP4 file", error, error_size); goto failed; }
    const AVCodec *encoder = sf_ffmpeg.avcodec_find_encoder_by_name("libx264");
    if (!encoder) { snprintf(error, error_size, "FFmpeg has no libx264 (H.264) encoder"); goto failed; }
    video->stream = sf_ffmpeg.avformat_new_stream(video->format, NULL);
    video->codec = sf_ffmpeg.avcodec_alloc_context3(encoder);
    video->frame = sf_ffmpeg.av_frame_alloc();
    video->packet = sf_ffmpeg.av_packet_alloc();
    if (!video->stream || !video->codec || !video->frame || !video->packet) {
        snprintf(error, error_size, "out of memory");
        goto failed;
    }
    AVCodecContext *c = video->codec;
    c->width = width;
    c->height = height;
    c->time_base = (AVRational){1, fps};
    c->framerate = (AVRational){fps, 1};
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->gop_size = fps * 2;
    c->max_b_frames = 0;
    /* Two slices encoded on two threads: the second core encodes while the first draws. */
    c->thread_count = 2;
    /* x264's fastest preset (no CABAC, no deblocking, diamond motion search: Constrained
       Baseline, which every browser plays) without look-ahead or frame delay, at a constant
       quality factor that keeps 12 px labels readable at the device's point size. */
    sf_ffmpeg.av_opt_set(c->priv_data, "preset", "ultrafast", 0);
    sf_ffmpeg.av_opt_set(c->priv_data, "tune", "zerolatency", 0);
    sf_ffmpeg.av_opt_set(c->priv_data, "crf", "26", 0);
    if (video->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if ((status = sf_ffmpeg.avcodec_open2(c, encoder, NULL)) < 0) { fail(status, "cannot start the H.264 encoder", error, error_size); goto failed; }
    if ((status = sf_ffmpeg.avcodec_parameters_from_context(video->stream->codecpar, c)) < 0) {
        fail(status, "cannot describe the video stream", error, error_size);
        goto failed;
    }
    video->stream->time_base = c->time_base;
    video->stream->avg_frame_rate = c->framerate;
    if ((status = sf_ffmpeg.avio_open(&video->format->pb, path, AVIO_FLAG_WRITE)) < 0) { fail(status, path, error, error_size); goto failed; }
    if ((status = sf_ffmpeg.avformat_write_header(video->format, NULL)) < 0) { fail(status, path, error, error_size); goto failed; }
    video->frame->format = c->pix_fmt;
    video->frame->width = width;
    video->frame->height = height;
    if ((status = sf_ffmpeg.av_frame_get_buffer(video->frame, 0)) < 0) { fail(status, "cannot hold a frame", error, error_size); goto failed; }
    return video;
failed:
    sf_video_abandon(video);
    return NULL;
}

/* Sends `frame` (NULL: the end) to the encoder and writes every packet it gives back. */
static int encode(sf_video *video, AVFrame *frame, char *error, size_t error_size) {
    int status = sf_ffmpeg.avcodec_send_frame(video->codec, frame);
    if (status < 0) return fail(status, "the H.264 encoder refused a frame", error, error_size);
    while ((status = sf_ffmpeg.avcodec_receive_packet(video->codec, video->packet)) == 0) {
        /* Each frame lasts one tick unless the next one comes later: the muxer takes the gaps
           from the time stamps and the last frame's length from this. */
        if (video->packet->duration <= 0) video->packet->duration = 1;
        sf_ffmpeg.av_packet_rescale_ts(video->packet, video->codec->time_base, video->stream->time_base);
        video->packet->stream_index = video->stream->index;
        status = sf_ffmpeg.av_interleaved_write_frame(video->format, video->packet);
        if (status < 0) return fail(status, "cannot write the video", error, error_size);
    }
    return status == AVERROR(EAGAIN) || status == AVERROR_EOF ? 0 : fail(status, "the H.264 encoder failed", error, error_size);
}

/* Fits the RGBA picture (`source_width` x `source_height` of the rows at `rgba`) inside the
   video's frame with swscale, aspect kept, black around it: for pictures of another size, or
   when libyuv is missing. */
static int scale_into_frame(sf_video *video, const uint8_t *rgba, int source_width, int source_height, int stride,
                            char *error, size_t error_size) {
    AVFrame *f = video->frame;
    /* Fit the picture inside the video, aspect kept, at even offsets (chroma is halved). */
    int w = f->width, h = f->height;
    if ((int64_t)source_width * h > (int64_t)source_height * w) {
        h = (int)((int64_t)source_height * w / source_width);
    } else {
        w = (int)((int64_t)source_width * h / source_height);
    }
    w = w < 2 ? 2 : w & ~1;
    h = h < 2 ? 2 : h & ~1;
    int x = ((f->width - w) / 2) & ~1, y = ((f->height - h) / 2) & ~1;
    if (w != f->width || h != f->height) {
        /* Black around the picture: Y 16, Cb and Cr 128 (limited range). */
        for (int row = 0; row < f->height; row++) memset(f->data[0] + row * f->linesize[0], 16, f->width);
        for (int row = 0; row < f->height / 2; row++) {
            memset(f->data[1] + row * f->linesize[1], 128, f->width / 2);
            memset(f->data[2] + row * f->linesize[2], 128, f->width / 2);
        }
    }
    video->scale = sf_ffmpeg.sws_getCachedContext(video->scale, source_width, source_height, AV_PIX_FMT_RGBA, w, h,
                                        AV_PIX_FMT_YUV420P, SWS_BILINEAR, NULL, NULL, NULL);
    if (!video->scale) { snprintf(error, error_size, "cannot scale a %dx%d frame", source_width, source_height); return AVERROR(EINVAL); }
    uint8_t *planes[4] = {f->data[0] + y * f->linesize[0] + x, f->data[1] + (y / 2) * f->linesize[1] + x / 2,
                          f->data[2] + (y / 2) * f->linesize[2] + x / 2, NULL};
    const uint8_t *source[4] = {rgba, NULL, NULL, NULL};
    const int strides[4] = {stride, 0, 0, 0};
    sf_ffmpeg.sws_scale(video->scale, source, strides, 0, source_height, planes, f->linesize);
    return 0;
}

int sf_video_write(sf_video *video, const uint8_t *rgba, int source_width, int source_height, int stride,
                   int64_t pts, char *error, size_t error_size) {
    AVFrame *f = video->frame;
    int status = sf_ffmpeg.av_frame_make_writable(f);
    if (status < 0) return fail(status, "cannot reuse the frame", error, error_size);
    if (video->has_frame && pts - 1 > video->last_pts) {
        /* The last picture again at the tick before this one (a still block, nearly free):
           each change is one tick after a frame, so readers that guess the rate from the
           time stamps (ffprobe's r_frame_rate) find 60 fps, and players hold the last picture
           until the change. */
        f->pts = pts - 1;
        if ((status = encode(video, f, error, error_size)) < 0) return status;
        if ((status = sf_ffmpeg.av_frame_make_writable(f)) < 0) return fail(status, "cannot reuse the frame", error, error_size);
    }
    if ((source_width & ~1) == f->width && (source_height & ~1) == f->height) {
        /* The picture is the video's size, its odd last column or row left out: converted
           without scaling, with libyuv's SIMD conversion when it loaded. */
        if (sf_libyuv_abgr_to_i420) {
            sf_libyuv_abgr_to_i420(rgba, stride, f->data[0], f->linesize[0], f->data[1], f->linesize[1], f->data[2],
                                   f->linesize[2], f->width, f->height);
        } else {
            status = scale_into_frame(video, rgba, f->width, f->height, stride, error, error_size);
        }
    } else {
        status = scale_into_frame(video, rgba, source_width, source_height, stride, error, error_size);
    }
    if (status < 0) return status;
    f->pts = pts;
    video->last_pts = pts;
    video->has_frame = 1;
    return encode(video, f, error, error_size);
}

int sf_video_close(sf_video *video, int64_t end_pts, char *error, size_t error_size) {
    int status = 0;
    /* Hold the last picture until the end: the same frame again at the tick before the end and
       at the end, one tick long, so the picture at the end is shown for a frame and, as in
       sf_video_write, the change before it is one tick after a frame. */
    for (int64_t pts = end_pts - 1; status >= 0 && video->has_frame && pts <= end_pts; pts++) {
        if (pts <= video->last_pts) continue;
        status = sf_ffmpeg.av_frame_make_writable(video->frame);
        if (status < 0) {
            fail(status, "cannot reuse the frame", error, error_size);
            break;
        }
        video->frame->pts = pts;
        video->last_pts = pts;
        status = encode(video, video->frame, error, error_size);
    }
    if (status >= 0) status = encode(video, NULL, error, error_size);
    if (status >= 0) {
        status = sf_ffmpeg.av_write_trailer(video->format);
        if (status < 0) fail(status, "cannot finish the video", error, error_size);
    }
    if (video->format->pb) {
        int closed = sf_ffmpeg.avio_closep(&video->format->pb);
        if (status >= 0 && closed < 0) status = fail(closed, "cannot close the video", error, error_size);
    }
    sf_video_abandon(video);
    return status;
}
