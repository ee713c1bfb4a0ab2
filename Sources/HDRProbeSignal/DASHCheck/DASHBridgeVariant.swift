import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests

/// What a DASH-to-HLS bridge writes for one video Representation (`docs/rules/dash-signalling.md` §2,
/// `docs/rules/dash-manifests.md` §4), from the MPD alone: BANDWIDTH = `@bandwidth`; CODECS = `@codecs`
/// (plus the audio group's codecs); SUPPLEMENTAL-CODECS = each `scte214:supplementalCodecs` codec joined
/// with the `scte214:supplementalProfiles` brands by `/`; VIDEO-RANGE from the TransferCharacteristics
/// descriptor (16 PQ, 18 HLG, else SDR) unless a Dolby Vision codec forces it by profile (P5 → PQ, db1p →
/// PQ, db4h → HLG); FRAME-RATE = `@frameRate` to three decimals; RESOLUTION = `@width`x`@height`.
/// `hdrprobe dash --check` compares this with the media through the HLS variant rules, and
/// `hdrprobe hls --from-dash` writes it.
package struct DASHBridgeVariant: Sendable, Equatable {
    package var bandwidth: Int?
    package var codecs: String?
    package var supplementalCodecs: String?
    package var videoRange: VideoRange
    package var frameRate: HLSFrameRate?
    package var resolution: String?

    package init(_ context: RepresentationContext) {
        let common = context.common
        bandwidth = context.representation.bandwidth
        codecs = common.codecs?.trimmedXMLSpace
        supplementalCodecs = Self.supplemental(codecs: common.supplementalCodecs, profiles: common.supplementalProfiles)
        videoRange = Self.range(common)
        frameRate = FrameRate.hls(dashAttribute: common.frameRate)
        if let w = common.width, let h = common.height { resolution = "\(w)x\(h)" }
    }

    /// `dvh1.08.06` + `db1p` → `dvh1.08.06/db1p`; several codecs pair with the brands in order, the
    /// last brand list applying to the rest (SCTE 214-1 lists one brand set per codec).
    package static func supplemental(codecs: String?, profiles: String?) -> String? {
        guard let codecs else { return nil }
        let list = codecs.split(separator: ",").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
        guard !list.isEmpty else { return nil }
        let brands = (profiles ?? "").split(separator: ",").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
        return list.enumerated().map { i, codec in
            guard !brands.isEmpty else { return codec }
            return codec + "/" + brands[min(i, brands.count - 1)]
        }.joined(separator: ",")
    }

    package static func range(_ common: RepresentationBase) -> VideoRange {
        let brands = (common.supplementalProfiles ?? "").lowercased()
        if common.supplementalCodecs != nil {
            if brands.contains("db1p") { return .pq }
            if brands.contains("db4h") { return .hlg }
        }
        if let codecs = common.codecs, let dv = DolbyVisionCodecString(String(codecs.split(separator: ",").first ?? "")),
           let forced = VideoRange.forcedBy(dolbyVision: DolbyVisionProfile(profile: dv.profile, compatibilityId: dv.profile == 5 ? 0 : nil, fromRPU: false)) {
            return forced
        }
        return VideoRange.fromTransfer(common.cicp("TransferCharacteristics")?.value)
    }

    /// The `#EXT-X-STREAM-INF` attribute list (without the tag).
    package func attributeList(audioCodecs: [String] = [], audioGroup: String? = nil) -> String {
        var parts = ["BANDWIDTH=\(bandwidth ?? 0)"]
        let allCodecs = ([codecs].compactMap { $0 } + audioCodecs).joined(separator: ",")
        if !allCodecs.isEmpty { parts.append("CODECS=\"\(allCodecs)\"") }
        if let supplementalCodecs { parts.append("SUPPLEMENTAL-CODECS=\"\(supplementalCodecs)\"") }
        if let resolution { parts.append("RESOLUTION=\(resolution)") }
        if let frameRate { parts.append("FRAME-RATE=\(frameRate.string)") }
        parts.append("VIDEO-RANGE=\(videoRange.rawValue)")
        if let audioGroup { parts.append("AUDIO=\"\(audioGroup)\"") }
        return parts.joined(separator: ",")
    }
}

extension Substring {
    package var trimmedSpaces: String { String(self).trimmedXMLSpace }
}
