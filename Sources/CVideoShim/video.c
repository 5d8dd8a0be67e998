#include "CVideoShim.h"
#include "ffmpeg.h"
#include <pthread.h>
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
    /* The encoder's time of this video's time 0: an encoder kept from an earlier video goes on
       counting from where it stopped (x264 wants growing time stamps); packets are written
       with it taken off. */
    int64_t base;
    /* The next frame must be an IDR frame (the first of a video on a kept encoder). */
    int force_key;
    /* Frames sent to the encoder and packets received: equal when it holds no frame back. */
    int64_t sent, received;
};

/* One encoder kept between videos (one at a time, with the encoder time it reached), so that a
   worker's next video of the same size does not open x264 again (~4.5 ms of CPU and its
   threads' start each time: ~0.2 s over the sample suite's 47 videos). Its rate control goes on
   from the video before, so a video's pixels differ slightly from those of a fresh encoder's
   (54 dB PSNR on the sample suite) though never in what can be seen. */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static AVCodecContext *kept_codec;
static int64_t kept_next_pts;

/* The kept encoder when it encodes `width` x `height` at `fps`, taken out of the slot; else NULL. */
static AVCodecContext *take_kept(int width, int height, int fps, int64_t *next_pts) {
    pthread_mutex_lock(&kept_lock);
    AVCodecContext *c = kept_codec;
    if (c && c->width == width && c->height == height && c->time_base.den == fps && c->time_base.num == 1) {
        kept_codec = NULL;
        *next_pts = kept_next_pts;
    } else {
        c = NULL;
    }
    pthread_mutex_unlock(&kept_lock);
    return c;
}

/* Keeps `codec` for the next video (freeing the one kept before). */
static void keep(AVCodecContext *codec, int64_t next_pts) {
    pthread_mutex_lock(&kept_lock);
    AVCodecContext *old = kept_codec;
    kept_codec = codec;
    kept_next_pts = next_pts;
    pthread_mutex_unlock(&kept_lock);
    sf_ffmpeg.avcodec_free_context(&old);
}

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
    video->codec = take_kept(width, height, fps, &video->base);
    int kept = video->codec != NULL;
    video->force_key = kept;
    if (!kept) video->codec = sf_ffmpeg.avcodec_alloc_context3(encoder);
    video->frame = sf_ffmpeg.av_frame_alloc();
    video->packet = sf_ffmpeg.av_packet_alloc();
    if (!video->stream || !video->codec || !video->frame || !video->packet) {
        snprintf(error, error_size, "out of memory");
        goto failed;
    }
    AVCodecContext *c = video->codec;
    if (kept) goto opened;
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
opened:
    /* A kept encoder has the same settings, so the same stream description (SPS and PPS). */
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
    if (frame) {
        /* In the encoder's time (see `base`); the first frame on a kept encoder starts a new
           stream with an IDR frame (x264 makes a key frame an IDR frame without open GOPs). */
        frame->pts += video->base;
        frame->pict_type = video->force_key ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
        video->force_key = 0;
        video->sent++;
    }
    int status = sf_ffmpeg.avcodec_send_frame(video->codec, frame);
    if (frame) frame->pts -= video->base;
    if (status < 0) return fail(status, "the H.264 encoder refused a frame", error, error_size);
    while ((status = sf_ffmpeg.avcodec_receive_packet(video->codec, video->packet)) == 0) {
        video->received++;
        video->packet->pts -= video->base;
        video->packet->dts -= video->base;
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

/* The planes of a picture in the shim's layout (`sf_video_picture_bytes`): Y, then U, then V,
   each row as wide as the plane, no padding. */
static void picture_planes(const sf_video *video, uint8_t *picture, uint8_t *planes[3], int linesizes[3]) {
    int w = video->codec->width, h = video->codec->height;
    planes[0] = picture;
    planes[1] = picture + (size_t)w * h;
    planes[2] = planes[1] + (size_t)(w / 2) * (h / 2);
    linesizes[0] = w;
    linesizes[1] = linesizes[2] = w / 2;
}

size_t sf_video_picture_bytes(const sf_video *video) {
    size_t w = (size_t)video->codec->width, h = (size_t)video->codec->height;
    return w * h + 2 * (w / 2) * (h / 2);
}

/* Fits the picture (`source_width` x `source_height` of the rows at `pixels`, in `layout`) inside
   the planes of a video-sized picture with swscale, aspect kept, black around it: for pictures of
   another size, or when libyuv is missing. */
static int scale_into(sf_video *video, const uint8_t *pixels, int layout, int source_width, int source_height,
                      int stride, uint8_t *const planes[3], const int linesizes[3], char *error, size_t error_size) {
    int width = video->codec->width, height = video->codec->height;
    /* Fit the picture inside the video, aspect kept, at even offsets (chroma is halved). */
    int w = width, h = height;
    if ((int64_t)source_width * h > (int64_t)source_height * w) {
        h = (int)((int64_t)source_height * w / source_width);
    } else {
        w = (int)((int64_t)source_width * h / source_height);
    }
    w = w < 2 ? 2 : w & ~1;
    h = h < 2 ? 2 : h & ~1;
    int x = ((width - w) / 2) & ~1, y = ((height - h) / 2) & ~1;
    if (w != width || h != height) {
        /* Black around the picture: Y 16, Cb and Cr 128 (limited range). */
        for (int row = 0; row < height; row++) memset(planes[0] + row * linesizes[0], 16, width);
        for (int row = 0; row < height / 2; row++) {
            memset(planes[1] + row * linesizes[1], 128, width / 2);
            memset(planes[2] + row * linesizes[2], 128, width / 2);
        }
    }
    video->scale = sf_ffmpeg.sws_getCachedContext(video->scale, source_width, source_height,
                                                  layout == SF_VIDEO_BGRX ? AV_PIX_FMT_BGR0 : AV_PIX_FMT_RGBA, w, h,
                                                  AV_PIX_FMT_YUV420P, SWS_BILINEAR, NULL, NULL, NULL);
    if (!video->scale) { snprintf(error, error_size, "cannot scale a %dx%d frame", source_width, source_height); return AVERROR(EINVAL); }
    uint8_t *target[4] = {planes[0] + y * linesizes[0] + x, planes[1] + (y / 2) * linesizes[1] + x / 2,
                          planes[2] + (y / 2) * linesizes[2] + x / 2, NULL};
    const int target_strides[4] = {linesizes[0], linesizes[1], linesizes[2], 0};
    const uint8_t *source[4] = {pixels, NULL, NULL, NULL};
    const int strides[4] = {stride, 0, 0, 0};
    sf_ffmpeg.sws_scale(video->scale, source, strides, 0, source_height, target, target_strides);
    return 0;
}

int sf_video_convert(sf_video *video, const uint8_t *pixels, int layout, int source_width, int source_height,
                     int stride, uint8_t *picture, char *error, size_t error_size) {
    uint8_t *planes[3];
    int linesizes[3];
    picture_planes(video, picture, planes, linesizes);
    int width = video->codec->width, height = video->codec->height;
    if ((source_width & ~1) == width && (source_height & ~1) == height && sf_libyuv_abgr_to_i420) {
        /* The picture is the video's size, its odd last column or row left out: converted
           without scaling by libyuv's SIMD conversion. */
        (layout == SF_VIDEO_BGRX ? sf_libyuv_argb_to_i420 : sf_libyuv_abgr_to_i420)(
            pixels, stride, planes[0], linesizes[0], planes[1], linesizes[1], planes[2], linesizes[2], width, height);
        return 0;
    }
    if ((source_width & ~1) == width && (source_height & ~1) == height) {
        source_width = width;
        source_height = height;
    }
    return scale_into(video, pixels, layout, source_width, source_height, stride, planes, linesizes, error, error_size);
}

int sf_video_add_picture(sf_video *video, const uint8_t *picture, int64_t pts, char *error, size_t error_size) {
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
    uint8_t *planes[3];
    int linesizes[3];
    picture_planes(video, (uint8_t *)picture, planes, linesizes);
    for (int plane = 0; plane < 3; plane++) {
        int rows = plane == 0 ? f->height : f->height / 2;
        for (int row = 0; row < rows; row++) {
            memcpy(f->data[plane] + (size_t)row * f->linesize[plane], planes[plane] + (size_t)row * linesizes[plane],
                   linesizes[plane]);
        }
    }
    f->pts = pts;
    video->last_pts = pts;
    video->has_frame = 1;
    return encode(video, f, error, error_size);
}

int sf_video_close(sf_video *video, int64_t end_pts, char *error, size_t error_size) {
    int status = 0;
    /* Hold the last picture until the end: the same frame again at the tick before the end and
       at the end, one tick long, so the picture at the end is shown for a frame and, as in
       sf_video_add_picture, the change before it is one tick after a frame. */
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
    /* x264 with `zerolatency` gives every frame's packet back at once, so the encoder holds
       nothing and is kept for the next video; should it hold frames back, they are drained
       here and the encoder (then at its end) is freed with the video. */
    int keep_encoder = status >= 0 && video->sent == video->received;
    if (status >= 0 && !keep_encoder) status = encode(video, NULL, error, error_size);
    if (status >= 0) {
        status = sf_ffmpeg.av_write_trailer(video->format);
        if (status < 0) fail(status, "cannot finish the video", error, error_size);
    }
    if (video->format->pb) {
        int closed = sf_ffmpeg.avio_closep(&video->format->pb);
        if (status >= 0 && closed < 0) status = fail(closed, "cannot close the video", error, error_size);
    }
    if (keep_encoder && status >= 0) {
        keep(video->codec, video->base + video->last_pts + 1);
        video->codec = NULL;
    }
    sf_video_abandon(video);
    return status;
}
