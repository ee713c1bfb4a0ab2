import HDRProbeParse

/// The dynamic HDR metadata of one coded picture, as `hdrprobe metadata` prints it and the
/// brightness plot needs it: Dolby Vision RPU level 1 (12-bit PQ codes and cd/m²) and scene
/// refresh, HDR10+ (ST 2094-40) peak maxscl and average maxrgb in cd/m². Collected by the
/// bounded scan in decode order with the picture's timing, then put in display order
/// (`docs/rules/dolby-vision.md` §12, `docs/rules/hdr10plus.md` §2.3).
package struct DynamicMetadataFrame: Sendable, Equatable, Codable {
    /// Display-order index (0-based) once ordered; the decode index before.
    package var index: Int
    package var decodeIndex: Int
    /// Presentation time in seconds when the container gives one.
    @NullEncoded package var time: Double?
    @NullEncoded package var rpu: RPU?
    @NullEncoded package var hdr10Plus: HDR10Plus?

    /// Ordering keys (not reported): the packet timestamp and, for raw HEVC, the picture order count.
    package var pts: Int64?
    package var poc: Int?
    package var irap = false

    package struct RPU: Sendable, Equatable, Codable {
        package var valid: Bool
        @NullEncoded package var minPq: Int?
        @NullEncoded package var maxPq: Int?
        @NullEncoded package var avgPq: Int?
        @NullEncoded package var minNits: Double?
        @NullEncoded package var maxNits: Double?
        @NullEncoded package var avgNits: Double?
        package var sceneRefresh: Bool
        /// The RPU's L2/L8 trims, set only on a frame whose trims differ from the previous RPU's in
        /// decode order (so a film's frames do not each hold a copy); not part of `metadata`'s output.
        package var trims: [DolbyVisionTrim]?

        package enum CodingKeys: String, CodingKey { case valid, minPq, maxPq, avgPq, minNits, maxNits, avgNits, sceneRefresh }

        package init(valid: Bool, level1: (min: Int, max: Int, avg: Int)?, sceneRefresh: Bool) {
            self.valid = valid
            self.sceneRefresh = sceneRefresh
            if let l1 = level1 {
                minPq = l1.min; maxPq = l1.max; avgPq = l1.avg
                minNits = DynamicMetadataFrame.rounded(DolbyVisionPQ.nits(code: UInt16(l1.min)))
                maxNits = DynamicMetadataFrame.rounded(DolbyVisionPQ.nits(code: UInt16(l1.max)))
                avgNits = DynamicMetadataFrame.rounded(DolbyVisionPQ.nits(code: UInt16(l1.avg)))
            }
        }
    }

    package struct HDR10Plus: Sendable, Equatable, Codable {
        /// Highest maxscl component over all windows, cd/m².
        package var maxsclNits: Double
        /// average_maxrgb of the first (full-frame) window, cd/m².
        package var averageMaxrgbNits: Double
        package var targetedSystemDisplayMaximumLuminance: Int
        package var windows: Int
        package var valid: Bool

        package init(maxsclNits: Double, averageMaxrgbNits: Double, targetedSystemDisplayMaximumLuminance: Int,
                    windows: Int, valid: Bool) {
            self.maxsclNits = maxsclNits
            self.averageMaxrgbNits = averageMaxrgbNits
            self.targetedSystemDisplayMaximumLuminance = targetedSystemDisplayMaximumLuminance
            self.windows = windows
            self.valid = valid
        }
    }

    package init(decodeIndex: Int, pts: Int64?, poc: Int?, irap: Bool) {
        self.index = decodeIndex
        self.decodeIndex = decodeIndex
        self.pts = pts
        self.poc = poc
        self.irap = irap
    }

    package enum CodingKeys: String, CodingKey { case index, decodeIndex, time, rpu, hdr10Plus }

    package static func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

    /// The frames in display order with ``index`` set: by presentation timestamp when every
    /// frame has one, else by picture order count between IRAP pictures (`docs/rules/dolby-vision.md` §12),
    /// else in decode order. `timeBase` converts timestamps to seconds.
    package static func displayOrdered(_ frames: [DynamicMetadataFrame], timeBase: Double) -> [DynamicMetadataFrame] {
        var ordered: [DynamicMetadataFrame]
        if !frames.isEmpty, frames.allSatisfy({ $0.pts != nil }) {
            ordered = frames.enumerated().sorted { ($0.element.pts!, $0.offset) < ($1.element.pts!, $1.offset) }.map(\.element)
        } else if frames.contains(where: { $0.poc != nil }) {
            let order = DisplayOrder.decodeIndicesInDisplayOrder(
                frames.map { DisplayOrder.Picture(decodeIndex: $0.decodeIndex, isIRAP: $0.irap, poc: $0.poc) })
            let byDecode = Dictionary(frames.map { ($0.decodeIndex, $0) }, uniquingKeysWith: { a, _ in a })
            ordered = order.compactMap { byDecode[$0] }
        } else {
            ordered = frames
        }
        for i in ordered.indices {
            ordered[i].index = i
            if let pts = ordered[i].pts { ordered[i].time = (Double(pts) * timeBase * 1_000_000).rounded() / 1_000_000 }
        }
        return ordered
    }
}
