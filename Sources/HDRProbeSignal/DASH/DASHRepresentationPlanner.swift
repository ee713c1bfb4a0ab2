import HDRProbeParse
import HDRProbeModel

extension DASHRepresentationPlan {
    /// The plan for a video stream from the shared decision (``HLSStreamPlanner/Plan/signalling`` and its Dolby
    /// Vision verdict) and the stream's own facts. `bandwidth` is measured over the video samples alone (a
    /// Representation carries one component).
    package static func plan(signalling: HLSVideoSignalling, dolbyVision: HLSVideoSource.DolbyVision?, stream s: StreamReport,
                             sampleAspectRatio: SampleAspectRatio?, bandwidth: HLSBandwidth?) -> DASHRepresentationPlan {
        let hdr10Plus = signalling.supplementalCodecs?.elements.contains { $0.hasBrand(SupplementalCodecs.hdr10PlusBrand) } ?? false
        return DASHRepresentationPlan(
            mimeType: "video/mp4", codecs: signalling.codec,
            supplemental: DASHSupplementalCodecs(signalling.supplementalCodecs),
            colour: .decide(colour: colourCodes(s.color), alternativeTransfer: s.hdr?.alternativeTransfer),
            dynamicMetadata: hdr10Plus ? [.smpte2094_40] : [],
            width: s.width, height: s.height, sar: sampleAspectRatio ?? .square, sarSignalled: sampleAspectRatio != nil,
            frameRate: s.frameRate?.rational, bandwidth: bandwidth?.peak,
            contentProtection: s.encryption.map(DASHContentProtection.init), videoRange: signalling.videoRange,
            dolbyVision: dolbyVision, issues: signalling.issues)
    }

    /// The stream's code points: each from the bitstream where it specifies one, else from the container; the
    /// transfer is the one the range decision used (`color.transferCharacteristics`).
    package static func colourCodes(_ color: ColorReport?) -> ColourCodes? {
        guard let color else { return nil }
        func pick(_ field: KeyPath<ColourCodes, Int?>) -> Int? {
            let fromBitstream = color.bitstream?[keyPath: field]
            return fromBitstream != nil && fromBitstream != 2 ? fromBitstream : color.container?[keyPath: field] ?? fromBitstream
        }
        return ColourCodes(primaries: pick(\.primaries), transfer: color.transferCharacteristics ?? pick(\.transfer),
                           matrix: pick(\.matrix))
    }
}
