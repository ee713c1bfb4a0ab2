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
#include <stdarg.h>

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

/* FFmpeg is loaded at first use, not linked: the executable has no DT_NEEDED entry for libavformat,
   libavcodec or libavutil, so a process that never opens a media file (`--version`, `codes`,
   `simulate` from a report, `matrix --from`, an RPU file) never pays for loading FFmpeg's library
   tree. Sources/CFFmpeg/ffmpeg_loader.c opens the three libraries with dlopen by the sonames of the
   headers this build was compiled against (libavformat.so.<LIBAVFORMAT_VERSION_MAJOR> …, found like
   a linked library: LD_LIBRARY_PATH, the executable's rpath, the system's library cache) and fills
   the table below with dlsym. The table's entries have the types of the headers' declarations
   (__typeof__), so every call is checked against the FFmpeg the build was made for. Swift calls the
   hdrprobe_<name> wrappers below, never the av* functions themselves (which would link them), and
   only after hdrprobe_ffmpeg_load() succeeded (HDRProbeEngine's FFmpegLibrary). See
   docs/ffmpeg-versions.md, "Loading". */
#define HDRPROBE_STRINGIFY2(x) #x
#define HDRPROBE_STRINGIFY(x) HDRPROBE_STRINGIFY2(x)
#if defined(__APPLE__)
#define HDRPROBE_SONAME(lib, major) "lib" lib "." HDRPROBE_STRINGIFY(major) ".dylib"
#else
#define HDRPROBE_SONAME(lib, major) "lib" lib ".so." HDRPROBE_STRINGIFY(major)
#endif
#define HDRPROBE_AVUTIL_SONAME HDRPROBE_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR)
#define HDRPROBE_AVCODEC_SONAME HDRPROBE_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR)
#define HDRPROBE_AVFORMAT_SONAME HDRPROBE_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR)

/* Every FFmpeg function hdrprobe calls, with the library that defines it (X(library, name)). */
#if HDRPROBE_CODECPAR_SIDE_DATA
#define HDRPROBE_FFMPEG_SIDE_DATA(X) X(avcodec, av_packet_side_data_get)
#else
#define HDRPROBE_FFMPEG_SIDE_DATA(X) X(avformat, av_stream_get_side_data)
#endif
#define HDRPROBE_FFMPEG_FUNCTIONS(X) \
    X(avutil, avutil_version) X(avutil, av_dict_set) X(avutil, av_dict_free) X(avutil, av_malloc) \
    X(avutil, av_free) X(avutil, av_freep) X(avutil, av_strerror) X(avutil, av_log_set_level) \
    X(avutil, av_log_set_callback) X(avutil, av_pix_fmt_desc_get) X(avutil, av_encryption_info_get_side_data) \
    X(avutil, av_encryption_info_free) \
    X(avcodec, avcodec_version) X(avcodec, avcodec_get_name) X(avcodec, avcodec_profile_name) \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref) \
    X(avcodec, av_packet_get_side_data) \
    X(avformat, avformat_version) X(avformat, avformat_alloc_context) X(avformat, avformat_open_input) \
    X(avformat, avformat_close_input) X(avformat, avformat_find_stream_info) X(avformat, av_read_frame) \
    X(avformat, av_find_input_format) X(avformat, avformat_index_get_entries_count) \
    X(avformat, avformat_index_get_entry) X(avformat, avformat_network_init) X(avformat, avio_alloc_context) \
    X(avformat, avio_context_free) X(avformat, avio_open2) X(avformat, avio_read) X(avformat, avio_size) \
    X(avformat, avio_closep) X(avformat, avio_enum_protocols) \
    HDRPROBE_FFMPEG_SIDE_DATA(X)

struct hdrprobe_ffmpeg_functions {
#define HDRPROBE_FFMPEG_FIELD(lib, name) __typeof__(&name) name;
    HDRPROBE_FFMPEG_FUNCTIONS(HDRPROBE_FFMPEG_FIELD)
#undef HDRPROBE_FFMPEG_FIELD
};

/* Loads the libraries once (thread-safe; later calls return the first result): 0 when every function
   was found, -1 otherwise, with hdrprobe_ffmpeg_load_error() saying which library or symbol failed. */
int hdrprobe_ffmpeg_load(void);
/* 1 once hdrprobe_ffmpeg_load() succeeded in this process, else 0 (never loads). */
int hdrprobe_ffmpeg_is_loaded(void);
/* Why loading failed; "" when it did not (or was not tried). */
const char *hdrprobe_ffmpeg_load_error(void);
/* The function table; its entries are null until hdrprobe_ffmpeg_load() succeeded. */
const struct hdrprobe_ffmpeg_functions *hdrprobe_ffmpeg(void);
/* The sonames the loader opens (from this build's headers). */
static inline const char *hdrprobe_avformat_soname(void) { return HDRPROBE_AVFORMAT_SONAME; }
static inline const char *hdrprobe_avcodec_soname(void) { return HDRPROBE_AVCODEC_SONAME; }
static inline const char *hdrprobe_avutil_soname(void) { return HDRPROBE_AVUTIL_SONAME; }

/* The calls Swift makes, through the table (only after a successful hdrprobe_ffmpeg_load()). */
#define HDRPROBE_FF (hdrprobe_ffmpeg())
static inline unsigned hdrprobe_avutil_version(void) { return HDRPROBE_FF->avutil_version(); }
static inline int hdrprobe_av_dict_set(AVDictionary **pm, const char *key, const char *value, int flags) {
    return HDRPROBE_FF->av_dict_set(pm, key, value, flags);
}
static inline void hdrprobe_av_dict_free(AVDictionary **m) { HDRPROBE_FF->av_dict_free(m); }
static inline void *hdrprobe_av_malloc(size_t size) { return HDRPROBE_FF->av_malloc(size); }
static inline void hdrprobe_av_free(void *ptr) { HDRPROBE_FF->av_free(ptr); }
static inline void hdrprobe_av_freep(void *ptr) { HDRPROBE_FF->av_freep(ptr); }
static inline int hdrprobe_av_strerror(int errnum, char *errbuf, size_t errbuf_size) {
    return HDRPROBE_FF->av_strerror(errnum, errbuf, errbuf_size);
}
static inline void hdrprobe_av_log_set_level(int level) { HDRPROBE_FF->av_log_set_level(level); }
static inline void hdrprobe_av_log_set_callback(void (*callback)(void *, int, const char *, va_list)) {
    HDRPROBE_FF->av_log_set_callback(callback);
}
static inline const AVPixFmtDescriptor *hdrprobe_av_pix_fmt_desc_get(enum AVPixelFormat pix_fmt) {
    return HDRPROBE_FF->av_pix_fmt_desc_get(pix_fmt);
}
static inline AVEncryptionInfo *hdrprobe_av_encryption_info_get_side_data(const uint8_t *side_data, size_t size) {
    return HDRPROBE_FF->av_encryption_info_get_side_data(side_data, size);
}
static inline void hdrprobe_av_encryption_info_free(AVEncryptionInfo *info) { HDRPROBE_FF->av_encryption_info_free(info); }
static inline unsigned hdrprobe_avcodec_version(void) { return HDRPROBE_FF->avcodec_version(); }
static inline const char *hdrprobe_avcodec_get_name(enum AVCodecID id) { return HDRPROBE_FF->avcodec_get_name(id); }
static inline const char *hdrprobe_avcodec_profile_name(enum AVCodecID codec_id, int profile) {
    return HDRPROBE_FF->avcodec_profile_name(codec_id, profile);
}
static inline AVPacket *hdrprobe_av_packet_alloc(void) { return HDRPROBE_FF->av_packet_alloc(); }
static inline void hdrprobe_av_packet_free(AVPacket **pkt) { HDRPROBE_FF->av_packet_free(pkt); }
static inline void hdrprobe_av_packet_unref(AVPacket *pkt) { HDRPROBE_FF->av_packet_unref(pkt); }
static inline uint8_t *hdrprobe_av_packet_get_side_data(const AVPacket *pkt, enum AVPacketSideDataType type, size_t *size) {
    return HDRPROBE_FF->av_packet_get_side_data(pkt, type, size);
}
static inline unsigned hdrprobe_avformat_version(void) { return HDRPROBE_FF->avformat_version(); }
static inline AVFormatContext *hdrprobe_avformat_alloc_context(void) { return HDRPROBE_FF->avformat_alloc_context(); }
static inline int hdrprobe_avformat_open_input(AVFormatContext **ps, const char *url, const AVInputFormat *fmt,
                                               AVDictionary **options) {
    return HDRPROBE_FF->avformat_open_input(ps, url, fmt, options);
}
static inline void hdrprobe_avformat_close_input(AVFormatContext **s) { HDRPROBE_FF->avformat_close_input(s); }
static inline int hdrprobe_avformat_find_stream_info(AVFormatContext *ic, AVDictionary **options) {
    return HDRPROBE_FF->avformat_find_stream_info(ic, options);
}
static inline int hdrprobe_av_read_frame(AVFormatContext *s, AVPacket *pkt) { return HDRPROBE_FF->av_read_frame(s, pkt); }
static inline const AVInputFormat *hdrprobe_av_find_input_format(const char *short_name) {
    return HDRPROBE_FF->av_find_input_format(short_name);
}
static inline int hdrprobe_avformat_index_get_entries_count(const AVStream *st) {
    return HDRPROBE_FF->avformat_index_get_entries_count(st);
}
static inline const AVIndexEntry *hdrprobe_avformat_index_get_entry(AVStream *st, int idx) {
    return HDRPROBE_FF->avformat_index_get_entry(st, idx);
}
static inline int hdrprobe_avformat_network_init(void) { return HDRPROBE_FF->avformat_network_init(); }
/* No write callback (hdrprobe only reads): its pointer type changed in libavformat 61. */
static inline AVIOContext *hdrprobe_avio_alloc_context(unsigned char *buffer, int buffer_size, void *opaque,
                                                      int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
                                                      int64_t (*seek)(void *opaque, int64_t offset, int whence)) {
    return HDRPROBE_FF->avio_alloc_context(buffer, buffer_size, 0, opaque, read_packet, NULL, seek);
}
static inline void hdrprobe_avio_context_free(AVIOContext **s) { HDRPROBE_FF->avio_context_free(s); }
static inline int hdrprobe_avio_open2(AVIOContext **s, const char *url, int flags, const AVIOInterruptCB *int_cb,
                                      AVDictionary **options) {
    return HDRPROBE_FF->avio_open2(s, url, flags, int_cb, options);
}
static inline int hdrprobe_avio_read(AVIOContext *s, unsigned char *buf, int size) { return HDRPROBE_FF->avio_read(s, buf, size); }
static inline int64_t hdrprobe_avio_size(AVIOContext *s) { return HDRPROBE_FF->avio_size(s); }
static inline int hdrprobe_avio_closep(AVIOContext **s) { return HDRPROBE_FF->avio_closep(s); }
static inline const char *hdrprobe_avio_enum_protocols(void **opaque, int output) {
    return HDRPROBE_FF->avio_enum_protocols(opaque, output);
}

static inline const uint8_t *hdrprobe_stream_side_data(const AVStream *st, enum AVPacketSideDataType type,
                                                       size_t *size) {
    *size = 0;
    if (!st || !st->codecpar) return NULL;
#if HDRPROBE_CODECPAR_SIDE_DATA
    const AVPacketSideData *sd = hdrprobe_ffmpeg()->av_packet_side_data_get(st->codecpar->coded_side_data,
                                                                           st->codecpar->nb_coded_side_data, type);
    if (!sd) return NULL;
    *size = sd->size;
    return sd->data;
#else
    return hdrprobe_ffmpeg()->av_stream_get_side_data(st, type, size);
#endif
}

/* 1 when the build reads side data through codecpar (FFmpeg >= 6.1), 0 through AVStream. */
static inline int hdrprobe_uses_codecpar_side_data(void) { return HDRPROBE_CODECPAR_SIDE_DATA; }
#endif
