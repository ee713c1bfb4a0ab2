import HDRProbeParse
import HDRProbeModel

/// The MPD attributes hdrprobe would write for a Representation's media, keyed as the check reports
/// them (`@codecs`, `scte214:supplementalCodecs`, `scte214:supplementalProfiles`, the CICP code
/// points, `@frameRate`, `@width`, `@height`, the ContentProtection scheme and KID): hdrprobe's DASH
/// plan for the stream (`streams[N].dash`) when the probe made one, else the same decision read from
/// the report's `hls` object and the stream's own facts.
package struct DASHMediaAttributes: Sendable, Equatable {
    package var codecs: String?
    package var supplementalCodecs: String?
    package var supplementalProfiles: String?
    package var colour: ColourCodes
    package var frameRate: String?
    package var width: Int?
    package var height: Int?
    package var scheme: String?
    /// `tenc` default_KID in UUID form, lower case.
    package var defaultKID: String?

    package init(media: HLSMediaFacts, video: StreamReport) {
        codecs = media.videoCodec.isEmpty ? nil : media.videoCodec
        let dv = (media.expected.supplementalCodecs.map { SupplementalCodecs(parsing: $0).elements } ?? [])
            .filter { DolbyVisionCodecString($0.codec) != nil }
        if !dv.isEmpty {
            supplementalCodecs = dv.map(\.codec).joined(separator: ",")
            let brands = dv.flatMap(\.brands)
            supplementalProfiles = brands.isEmpty ? nil : brands.joined(separator: ",")
        }
        colour = Self.colourCodes(video.color)
        if let r = video.frameRate?.rational {
            frameRate = r.denominator == 1 ? "\(r.numerator)" : "\(r.numerator)/\(r.denominator)"
        }
        width = video.width
        height = video.height
        scheme = video.encryption?.scheme
        defaultKID = video.encryption?.defaultKID?.lowercased()
        if let plan = video.dash { adopt(plan) }
    }

    /// The values of hdrprobe's DASH plan (`streams[N].dash`, `docs/rules/dash-signalling.md` §3), when the
    /// probe made one: the same decision, in DASH's own form.
    package mutating func adopt(_ plan: DASHReport) {
        codecs = plan.codecs ?? codecs
        supplementalCodecs = plan.supplementalCodecs
        supplementalProfiles = plan.supplementalProfiles
        frameRate = plan.frameRate ?? frameRate
        width = plan.width ?? width
        height = plan.height ?? height
        for d in plan.descriptors {
            let value = d.value.flatMap { Int($0) }
            switch d.schemeIdUri {
            case DASHDescriptor.colourPrimariesScheme: colour.primaries = value ?? colour.primaries
            case DASHDescriptor.transferCharacteristicsScheme: colour.transfer = value ?? colour.transfer
            case DASHDescriptor.matrixCoefficientsScheme: colour.matrix = value ?? colour.matrix
            case DASHContentProtection.mp4ProtectionScheme:
                scheme = d.value ?? scheme
                defaultKID = d.defaultKID?.lowercased() ?? defaultKID
            default: break
            }
        }
    }

    /// Each code point from the bitstream where it specifies one (not 2), else from the container;
    /// the transfer is the one the range decision used.
    package static func colourCodes(_ color: ColorReport?) -> ColourCodes {
        guard let color else { return ColourCodes() }
        func pick(_ field: KeyPath<ColourCodes, Int?>) -> Int? {
            let b = color.bitstream?[keyPath: field]
            if let b, b != 2 { return b }
            let c = color.container?[keyPath: field]
            return c == 2 ? nil : c
        }
        return ColourCodes(primaries: pick(\.primaries), transfer: color.transferCharacteristics ?? pick(\.transfer),
                           matrix: pick(\.matrix))
    }

    /// For the report's `expected` object.
    package var dictionary: [String: String] {
        var d: [String: String] = [:]
        d["codecs"] = codecs
        d["scte214:supplementalCodecs"] = supplementalCodecs
        d["scte214:supplementalProfiles"] = supplementalProfiles
        d["ColourPrimaries"] = colour.primaries.map(String.init)
        d["TransferCharacteristics"] = colour.transfer.map(String.init)
        d["MatrixCoefficients"] = colour.matrix.map(String.init)
        d["frameRate"] = frameRate
        d["width"] = width.map(String.init)
        d["height"] = height.map(String.init)
        d["ContentProtection@value"] = scheme
        d["cenc:default_KID"] = defaultKID
        return d
    }
}
