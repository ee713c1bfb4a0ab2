import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers

/// `hdrprobe hls --from-dash MANIFEST.mpd --output DIR`: reads the MPD as `dash --check` does
/// (``DASHManifestChecker/read(_:deadline:)``), probes each video Representation's initialization and
/// first media segment, lists every segment (the `sidx` read for SegmentBase), and writes the HLS
/// playlists through ``HLSFromDASH`` (`docs/rules/dash-manifests.md` §4). Segment URIs are written
/// relative to `outputDirectory` for local media, as absolute URLs for remote media.
package struct DASHToHLSTranslator: Sendable {
    package var options: ProbeOptions
    package var limits = HLSPlaylistChecker.Limits()

    package init(options: ProbeOptions = ProbeOptions()) {
        self.options = options
    }

    package struct Result: Sendable {
        /// The MPD could not be read: the finding (with its line), and nothing was translated.
        package var error: DASHCheckFinding?
        package var output: HLSFromDASH.Output?
        /// Representations left out (their segments could not be addressed or fetched).
        package var skipped: [DASHCheckFinding]
    }

    /// `outputDirectory` must be an absolute path.
    package func translate(_ argument: String, outputDirectory: String) -> Result {
        let deadline = Clock.nowNanoseconds() + UInt64(max(0.001, min(options.timeout, 86_400)) * 1e9)
        let manifest: DASHManifestChecker.Manifest
        switch DASHManifestChecker(options: options, limits: limits).read(argument, deadline: deadline) {
        case let .failure(finding): return Result(error: finding, output: nil, skipped: [])
        case let .success(m): manifest = m
        }
        let fetcher = DASHSegmentFetcher(limits: limits, deadline: deadline)
        var videos: [HLSFromDASH.Video] = []
        var audios: [HLSFromDASH.Audio] = []
        var skipped: [DASHCheckFinding] = []
        for context in RepresentationContext.all(in: manifest.mpd, location: manifest.location) {
            func skip(_ failure: DASHSegmentFetcher.Failure) {
                skipped.append(DASHCheckFinding(.dashMediaUnavailable, line: failure.line ?? context.representation.line, attribute: nil,
                                                declared: nil, expected: nil, ManifestCheckMessage.representationSkipped(id: context.representation.id, reason: failure.reason).sentence))
            }
            if DASHManifestChecker.isVideo(context) {
                switch fetcher.firstMedia(context, dynamic: manifest.mpd.isDynamic) {
                case let .failure(f): skip(f)
                case let .success(fetched):
                    var probe = ProbeEngine(options: options).probe(name: fetched.firstSegment, bytes: fetched.bytes, logicalSize: fetched.logicalSize)
                    ReportSignalling.planDASH(&probe)
                    let video = probe.streams.first { $0.kind == .video }
                    videos.append(HLSFromDASH.Video(context: context, segments: fetched.segments, signalling: video?.hls,
                                                    encryption: video?.encryption, measuredBandwidth: fetched.segmentBitRate))
                }
            } else if context.kind == "audio" {
                switch fetcher.segments(context) {
                case let .failure(f): skip(f)
                case let .success(segments): audios.append(HLSFromDASH.Audio(context: context, segments: segments))
                }
            }
        }
        let output = HLSFromDASH.translate(videos: videos, audios: audios, dynamic: manifest.mpd.isDynamic) {
            Self.uri($0, from: outputDirectory)
        }
        return Result(error: nil, output: output, skipped: skipped)
    }

    /// A local file as a path relative to `directory` (both absolute; `..` where needed), a URL as itself.
    static func uri(_ location: HLSResourceLocation, from directory: String) -> String {
        guard case let .file(path) = location, path.hasPrefix("/") else { return location.description }
        let target = path.split(separator: "/").map(String.init)
        let base = directory.split(separator: "/").map(String.init)
        var common = 0
        while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).map { $0.addingPercentEncodingForURI }.joined(separator: "/")
    }
}

extension String {
    /// Percent-encodes what a playlist URI line cannot hold as is (space, `%`, `#`, `?`, non-ASCII).
    fileprivate var addingPercentEncodingForURI: String {
        var out = ""
        for byte in utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, byte > 0x20, !"%#?\"".contains(c) {
                out.append(c)
            } else {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return out
    }
}
