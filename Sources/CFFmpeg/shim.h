#ifndef SCENEFLOW_CFFMPEG_SHIM_H
#define SCENEFLOW_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/imgutils.h>
#endif
