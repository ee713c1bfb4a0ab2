#if FFmpeg
import HDRProbeEngine
import Testing
import HDRProbeFFmpeg

/// hdrprobe's own container readers reproduce what FFmpeg 5.1's libavformat (major 59) gives for
/// the files they accept (docs/ffmpeg-versions.md, "Own container readers"). The tests that compare
/// a reader's stream values and packets with the loaded libavformat directly hold only when that is
/// FFmpeg 5.1; other versions differ in ways no report shows (FFmpeg 7.1 computes an MP4's format
/// duration only in `avformat_find_stream_info`, its AC-3 parser hands out frames in another order).
/// On those builds the direct comparisons are skipped; the report comparisons still run, and
/// `.ci/compare-builds.sh` checks that both builds write the same corpus reports.
enum ReferenceLibavformat {
    static let major = 59
    static var isLoaded: Bool { FFmpegVersions.libavformatMajor == major }
    static let skipReason: Comment = "the own readers reproduce FFmpeg 5.1's libavformat (major 59); this build runs another"
}
#endif
