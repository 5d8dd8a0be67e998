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
    int status = sf_ffmpeg.avformat_alloc_output_context2(&video->format, NULL, "webm", path);
    if (status < 0) { fail(status, "cannot make a WebM file", error, error_size); goto failed; }
    const AVCodec *encoder = sf_ffmpeg.avcodec_find_encoder_by_name("libvpx");
    if (!encoder) { snprintf(error, error_size, "FFmpeg has no libvpx (VP8) encoder"); goto failed; }
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
    c->bit_rate = 2000000;
    c->thread_count = 1;
    sf_ffmpeg.av_opt_set(c->priv_data, "deadline", "realtime", 0);
    sf_ffmpeg.av_opt_set_int(c->priv_data, "cpu-used", 16, 0);
    sf_ffmpeg.av_opt_set_int(c->priv_data, "lag-in-frames", 0, 0);
    if (video->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if ((status = sf_ffmpeg.avcodec_open2(c, encoder, NULL)) < 0) { fail(status, "cannot start the VP8 encoder", error, error_size); goto failed; }
    if ((status = sf_ffmpeg.avcodec_parameters_from_context(video->stream->codecpar, c)) < 0) {
        fail(status, "cannot describe the video stream", error, error_size);
        goto failed;
    }
    video->stream->time_base = c->time_base;
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
    if (status < 0) return fail(status, "the VP8 encoder refused a frame", error, error_size);
    while ((status = sf_ffmpeg.avcodec_receive_packet(video->codec, video->packet)) == 0) {
        sf_ffmpeg.av_packet_rescale_ts(video->packet, video->codec->time_base, video->stream->time_base);
        video->packet->stream_index = video->stream->index;
        status = sf_ffmpeg.av_interleaved_write_frame(video->format, video->packet);
        if (status < 0) return fail(status, "cannot write the video", error, error_size);
    }
    return status == AVERROR(EAGAIN) || status == AVERROR_EOF ? 0 : fail(status, "the VP8 encoder failed", error, error_size);
}

int sf_video_write(sf_video *video, const uint8_t *rgba, int source_width, int source_height, int stride,
                   int64_t pts, char *error, size_t error_size) {
    AVFrame *f = video->frame;
    int status = sf_ffmpeg.av_frame_make_writable(f);
    if (status < 0) return fail(status, "cannot reuse the frame", error, error_size);
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
    f->pts = pts;
    video->last_pts = pts;
    video->has_frame = 1;
    return encode(video, f, error, error_size);
}

int sf_video_close(sf_video *video, int64_t end_pts, char *error, size_t error_size) {
    int status = 0;
    if (video->has_frame && end_pts > video->last_pts) {
        /* Hold the last picture until the end: the same frame again at the end time. */
        status = sf_ffmpeg.av_frame_make_writable(video->frame);
        if (status >= 0) {
            video->frame->pts = end_pts;
            status = encode(video, video->frame, error, error_size);
        } else {
            fail(status, "cannot reuse the frame", error, error_size);
        }
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
