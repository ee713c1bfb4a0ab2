import CFFmpeg
import HDRProbeReport

/// FFmpeg's libraries, loaded when a file needs them (`dlopen`/`dlsym` in
/// `Sources/CFFmpeg/ffmpeg_loader.c`; `docs/ffmpeg-versions.md`, "Loading"): the executable does not
/// link them, so commands that never open a media file never pay for loading them, and a scan
/// worker loads them once. Every path that calls into FFmpeg asks ``loadFailure`` first.
package enum FFmpegLibrary {
    /// Loads libavutil, libavcodec and libavformat once (thread-safe) and installs hdrprobe's log
    /// callback; nil when they are ready, else why they could not be loaded.
    package static let loadFailure: String? = {
        guard hdrprobe_ffmpeg_load() == 0 else { return String(cString: hdrprobe_ffmpeg_load_error()) }
        FFmpegLog.install()
        return nil
    }()

    /// Whether this process has loaded FFmpeg (asking never loads it).
    package static var isLoaded: Bool { hdrprobe_ffmpeg_is_loaded() != 0 }

    /// The library files the loader opens: the sonames of the headers this build was compiled
    /// against (`libavformat.so.59` … for Debian's FFmpeg 5.1).
    package static var sonames: [String] {
        [hdrprobe_avformat_soname(), hdrprobe_avcodec_soname(), hdrprobe_avutil_soname()].map { String(cString: $0) }
    }

    /// Why a file that needs FFmpeg cannot be read when it cannot be loaded (the core writes the sentence).
    package static func unavailable(_ reason: String) -> ProbeFailureReason {
        .ffmpegUnavailable(reason: reason, libraries: sonames)
    }
}
