import CFFmpeg

/// The FFmpeg libraries hdrprobe was compiled against (the `LIB*_VERSION_INT` macros of the
/// headers) and the ones the dynamic linker loaded (`avformat_version()` and friends). They differ
/// when a binary built on one system runs on another; `hdrprobe --version` prints both
/// (docs/ffmpeg-versions.md lists the versions built and tested).
package enum FFmpegVersions {
    package struct Library: Sendable, Equatable {
        package var name: String
        package var built: String
        package var running: String
    }

    package static let libraries: [Library] = [
        Library(name: "libavformat", built: dotted(hdrprobe_built_avformat_version()), running: dotted(avformat_version())),
        Library(name: "libavcodec", built: dotted(hdrprobe_built_avcodec_version()), running: dotted(avcodec_version())),
        Library(name: "libavutil", built: dotted(hdrprobe_built_avutil_version()), running: dotted(avutil_version())),
    ]

    /// Whether stream side data is read through `codecpar->coded_side_data` (FFmpeg 6.1 and later
    /// headers) rather than the `AVStream` side data of older ones.
    package static var readsCodecParameterSideData: Bool { hdrprobe_uses_codecpar_side_data() != 0 }

    /// The major version of the libavformat hdrprobe runs with (59 = FFmpeg 5.1, 61 = 7.x, 62 = 8.x).
    package static var libavformatMajor: Int { Int(avformat_version() >> 16) }

    /// Whether the libavformat hdrprobe runs with has the demuxer `name` (`mov`, `matroska`,
    /// `mpegts`, `hevc`, `h264`, `ivf`, …): minimal FFmpeg builds leave most out.
    package static func hasDemuxer(_ name: String) -> Bool { av_find_input_format(name) != nil }

    /// Whether libavformat has the input protocol `name` (`file`, `http`, `https`, `tcp`, …).
    package static func hasInputProtocol(_ name: String) -> Bool { inputProtocols.contains(name) }

    static let inputProtocols: Set<String> = {
        var names: Set<String> = []
        var opaque: UnsafeMutableRawPointer?
        while let p = avio_enum_protocols(&opaque, 0) { names.insert(String(cString: p)) }
        return names
    }()

    /// `major.minor.micro` of an `AV_VERSION_INT` value.
    static func dotted(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }

    /// The lines `hdrprobe --version` prints after the tool's own version.
    package static var summary: String {
        libraries.map { lib in
            let name = lib.name + String(repeating: " ", count: max(1, 12 - lib.name.count))
            return lib.built == lib.running ? "\(name)\(lib.running) (built with the same)"
                : "\(name)\(lib.running) (built with \(lib.built))"
        }.joined(separator: "\n")
    }
}
