import CFFmpeg

/// The FFmpeg libraries hdrprobe was compiled against (the `LIB*_VERSION_INT` macros of the
/// headers) and the ones it runs with (`avformat_version()` and friends, once loaded: FFmpeg is
/// loaded when a file needs it, ``FFmpegLibrary``). They differ when a binary built on one system
/// runs on another; `hdrprobe --version` prints the built ones and says whether the libraries are
/// loaded (docs/ffmpeg-versions.md lists the versions built and tested).
package enum FFmpegVersions {
    package struct Library: Sendable, Equatable {
        package var name: String
        package var built: String
        /// The running version; "not loaded" when FFmpeg could not be loaded.
        package var running: String
    }

    /// The three libraries with their built and running versions. Asking loads FFmpeg.
    package static var libraries: [Library] {
        let loaded = FFmpegLibrary.loadFailure == nil
        func running(_ version: () -> UInt32) -> String { loaded ? dotted(version()) : "not loaded" }
        return [
            Library(name: "libavformat", built: dotted(hdrprobe_built_avformat_version()), running: running(hdrprobe_avformat_version)),
            Library(name: "libavcodec", built: dotted(hdrprobe_built_avcodec_version()), running: running(hdrprobe_avcodec_version)),
            Library(name: "libavutil", built: dotted(hdrprobe_built_avutil_version()), running: running(hdrprobe_avutil_version)),
        ]
    }

    /// `tool.libavformat` of a report: the version running once FFmpeg is loaded; in a process that
    /// has not loaded it (a report of an RPU file, `matrix --from`, a scan's parent process), the
    /// version it was built with, which is the one it would load. Asking never loads FFmpeg.
    package static var libavformatForReports: String {
        FFmpegLibrary.isLoaded ? dotted(hdrprobe_avformat_version()) : dotted(hdrprobe_built_avformat_version())
    }

    /// Whether stream side data is read through `codecpar->coded_side_data` (FFmpeg 6.1 and later
    /// headers) rather than the `AVStream` side data of older ones.
    package static var readsCodecParameterSideData: Bool { hdrprobe_uses_codecpar_side_data() != 0 }

    /// The major version of the libavformat hdrprobe runs with (59 = FFmpeg 5.1, 61 = 7.x, 62 = 8.x);
    /// 0 when it cannot be loaded. Asking loads FFmpeg.
    package static var libavformatMajor: Int {
        FFmpegLibrary.loadFailure == nil ? Int(hdrprobe_avformat_version() >> 16) : 0
    }

    /// Whether the libavformat hdrprobe runs with has the demuxer `name` (`mov`, `matroska`,
    /// `mpegts`, `hevc`, `h264`, `ivf`, …): minimal FFmpeg builds leave most out. Asking loads FFmpeg.
    package static func hasDemuxer(_ name: String) -> Bool {
        FFmpegLibrary.loadFailure == nil && hdrprobe_av_find_input_format(name) != nil
    }

    /// Whether libavformat has the input protocol `name` (`file`, `http`, `https`, `tcp`, …).
    package static func hasInputProtocol(_ name: String) -> Bool { inputProtocols.contains(name) }

    package static let inputProtocols: Set<String> = {
        var names: Set<String> = []
        guard FFmpegLibrary.loadFailure == nil else { return names }
        var opaque: UnsafeMutableRawPointer?
        while let p = hdrprobe_avio_enum_protocols(&opaque, 0) { names.insert(String(cString: p)) }
        return names
    }()

    /// `major.minor.micro` of an `AV_VERSION_INT` value.
    package static func dotted(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }

    /// The lines `hdrprobe --version` prints after the tool's own version: each library's version
    /// as built (and as running, once loaded), then whether this process has loaded FFmpeg and
    /// the files it loads. Never loads FFmpeg itself.
    package static var summary: String {
        let loaded = FFmpegLibrary.isLoaded
        let builds: [(String, UInt32, () -> UInt32)] = [
            ("libavformat", hdrprobe_built_avformat_version(), hdrprobe_avformat_version),
            ("libavcodec", hdrprobe_built_avcodec_version(), hdrprobe_avcodec_version),
            ("libavutil", hdrprobe_built_avutil_version(), hdrprobe_avutil_version),
        ]
        var lines = builds.map { name, built, running -> String in
            let label = name + String(repeating: " ", count: max(1, 12 - name.count))
            guard loaded else { return "\(label)\(dotted(built)) (built with; not loaded)" }
            let now = dotted(running())
            return now == dotted(built) ? "\(label)\(now) (built with the same)" : "\(label)\(now) (built with \(dotted(built)))"
        }
        lines.append(loaded ? "FFmpeg: loaded (\(FFmpegLibrary.sonames.joined(separator: ", ")))"
                            : "FFmpeg: not loaded; \(FFmpegLibrary.sonames.joined(separator: ", ")) are loaded when a file needs them")
        return lines.joined(separator: "\n")
    }
}
