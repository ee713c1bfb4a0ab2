import HDRProbeModel

/// The rules of Apple's authoring specification about the set of variants of a Multivariant
/// Playlist, decided by what the variants' media are, not by what they declare
/// (`docs/rules/hls-presentation.md` §9, "Ladder"). Each rule fires only when the media of every
/// entry it counts is known: a variant whose media could not be probed might be the one the rule
/// looks for, and hdrprobe says nothing it did not read.
///
/// - 1.24: SDR variants for backward compatibility;
/// - 1.20: HDR at 30 frames per second or less;
/// - 6.1: I-frame playlists for scrubbing and scanning;
/// - 6.16: SDR I-frame playlists.
package enum HLSLadderCheck {
    /// One `EXT-X-STREAM-INF` or `EXT-X-I-FRAME-STREAM-INF` as its media were found.
    package struct Entry: Sendable, Equatable {
        package var iFrames: Bool
        /// The media's range (not the declared VIDEO-RANGE); nil when the media were not read or
        /// hold no video.
        package var videoRange: VideoRange?
        /// The media's frame rate, frames per second; nil when unknown.
        package var frameRate: Double?

        package init(iFrames: Bool, videoRange: VideoRange?, frameRate: Double?) {
            self.iFrames = iFrames
            self.videoRange = videoRange
            self.frameRate = frameRate
        }
    }

    /// The ladder's issues. `entries` holds every variant and I-frame playlist listed, in playlist
    /// order, each with its media's facts where they were read.
    package static func check(_ entries: [Entry]) -> [HLSSignalIssue] {
        let variants = entries.filter { !$0.iFrames }
        let iFrames = entries.filter(\.iFrames)
        guard !variants.isEmpty else { return [] }
        var issues: [HLSSignalIssue] = []
        let ranges = variants.compactMap(\.videoRange)
        let allKnown = ranges.count == variants.count
        if allKnown, !ranges.contains(.sdr) {
            issues.append(HLSSignalIssue(.ladderNoSDRVariant,
                "No variant's media is SDR (\(tally(ranges))): Apple devices without HDR playback need an SDR variant (Apple HLS authoring 1.24: \"For backward compatibility, SDR streams MUST be provided\")."))
        }
        let hdr = variants.filter { $0.videoRange.map { $0 != .sdr } ?? false }
        let hdrRates = hdr.compactMap(\.frameRate)
        if !hdr.isEmpty, hdrRates.count == hdr.count, let lowest = hdrRates.min(), lowest > 30.0005 {
            issues.append(HLSSignalIssue(.ladderNoHDRAt30fps,
                "Every HDR variant runs above 30 frames per second (the lowest at \(String(format: "%.3f", lowest))): Apple HLS authoring 1.20 asks for HDR at 30 fps or less (tvOS: MUST)."))
        }
        if iFrames.isEmpty, !ranges.isEmpty {
            issues.append(HLSSignalIssue(.ladderNoIFramePlaylist,
                "The Multivariant Playlist lists no EXT-X-I-FRAME-STREAM-INF: scrubbing and fast scanning have no pictures (Apple HLS authoring 6.1: I-frame playlists MUST be provided)."))
        }
        let iFrameRanges = iFrames.compactMap(\.videoRange)
        if !iFrames.isEmpty, iFrameRanges.count == iFrames.count, !iFrameRanges.contains(.sdr) {
            issues.append(HLSSignalIssue(.ladderNoSDRIFramePlaylist,
                "No I-frame playlist's media is SDR (\(tally(iFrameRanges))): Apple HLS authoring 6.16: \"For backward compatibility, SDR trick play streams MUST be provided\"."))
        }
        return issues
    }

    /// "PQ: 2, HLG: 1", in VideoRange order.
    static func tally(_ ranges: [VideoRange]) -> String {
        VideoRange.allCases.compactMap { r in
            let n = ranges.filter { $0 == r }.count
            return n > 0 ? "\(r.rawValue): \(n)" : nil
        }.joined(separator: ", ")
    }
}
