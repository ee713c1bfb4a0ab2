#ifndef HDRPROBE_CFFMPEG_SHIM_H
#define HDRPROBE_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/encryption_info.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/pixdesc.h>
#include <libavutil/log.h>
#include <libavutil/error.h>

/* Macros Swift cannot import. */
static inline int hdrprobe_averror_eof(void) { return AVERROR_EOF; }
static inline int hdrprobe_averror_exit(void) { return AVERROR_EXIT; }
static inline int hdrprobe_averror_einval(void) { return AVERROR(EINVAL); }
static inline int hdrprobe_averror_eio(void) { return AVERROR(EIO); }
static inline int64_t hdrprobe_av_nopts_value(void) { return AV_NOPTS_VALUE; }
#endif
