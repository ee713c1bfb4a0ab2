#ifndef HDRPROBE_CFFMPEG_SHIM_H
#define HDRPROBE_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavformat/version.h>
#include <libavcodec/avcodec.h>
#include <libavcodec/version.h>
#include <libavutil/avutil.h>
#include <libavutil/version.h>
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

/* The library versions this build was compiled against (the *_VERSION_INT macros), beside the
   ones avformat_version()/avcodec_version()/avutil_version() report at run time. */
static inline unsigned hdrprobe_built_avformat_version(void) { return LIBAVFORMAT_VERSION_INT; }
static inline unsigned hdrprobe_built_avcodec_version(void) { return LIBAVCODEC_VERSION_INT; }
static inline unsigned hdrprobe_built_avutil_version(void) { return LIBAVUTIL_VERSION_INT; }

/* Stream-global side data the demuxer exported (Dolby Vision record, mastering display, content
   light level), read as evidence only. FFmpeg 6.1 (libavformat 60.15.100, libavcodec 60.29.100)
   moved it to AVCodecParameters.coded_side_data, read with av_packet_side_data_get();
   AVStream.side_data and av_stream_get_side_data() are deprecated from then on and removed in
   libavformat 62 (FFmpeg 8). Older libraries keep the old call. See docs/ffmpeg-versions.md. */
#if LIBAVFORMAT_VERSION_INT >= AV_VERSION_INT(60, 15, 100) && LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
#define HDRPROBE_CODECPAR_SIDE_DATA 1
#else
#define HDRPROBE_CODECPAR_SIDE_DATA 0
#endif

static inline const uint8_t *hdrprobe_stream_side_data(const AVStream *st, enum AVPacketSideDataType type,
                                                       size_t *size) {
    *size = 0;
    if (!st || !st->codecpar) return NULL;
#if HDRPROBE_CODECPAR_SIDE_DATA
    const AVPacketSideData *sd = av_packet_side_data_get(st->codecpar->coded_side_data,
                                                         st->codecpar->nb_coded_side_data, type);
    if (!sd) return NULL;
    *size = sd->size;
    return sd->data;
#else
    return av_stream_get_side_data(st, type, size);
#endif
}

/* 1 when the build reads side data through codecpar (FFmpeg >= 6.1), 0 through AVStream. */
static inline int hdrprobe_uses_codecpar_side_data(void) { return HDRPROBE_CODECPAR_SIDE_DATA; }
#endif
