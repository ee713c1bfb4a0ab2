import Foundation
import HDRProbeModel

/// The HDR facts of one segment, from the probe of its init section and first picture
/// (`docs/rules/hls-presentation.md` §4): the static signalling every segment of a variant must
/// share with its first (range type, transfer, primaries, mastering display and content light level
/// values, Dolby Vision profile), and the dynamic metadata each segment must carry itself (a Dolby
/// Vision RPU, HDR10+ when the first segment had them).
struct SegmentHDRSignature: Equatable {
    var rangeType: String?
    var transfer: String?
    var primaries: String?
    /// The mastering display's values, not where they came from: a `mdcv` box and an SEI message
    /// with the same values are the same display.
    var mastering: String?
    var contentLight: String?
    var dolbyVision: String?
    var rpuPresent: Bool
    var hdr10Plus: Bool

    init?(_ report: ProbeReport) {
        guard report.status == .ok, let video = report.streams.first(where: { $0.kind == .video && $0.role == nil }) else { return nil }
        rangeType = video.hdr?.videoRangeType.rawValue
        transfer = video.color?.transfer
        primaries = video.color?.primaries
        mastering = video.hdr?.masteringDisplay.map { m in
            [m.redX, m.redY, m.greenX, m.greenY, m.blueX, m.blueY, m.whiteX, m.whiteY].map { String(format: "%.4f", $0) }.joined(separator: ",")
                + " \(Self.number(m.minLuminance))–\(Self.number(m.maxLuminance)) cd/m²"
        }
        contentLight = video.hdr?.contentLightLevel.map { "MaxCLL \($0.maxCLL), MaxFALL \($0.maxFALL)" }
        dolbyVision = video.dolbyVision?.profileName
        rpuPresent = video.dolbyVision?.rpu.present ?? false
        hdr10Plus = video.hdr?.hdr10Plus.present ?? false
    }

    /// What a later segment lacks or changes against `self`, the variant's first.
    struct Departure: Equatable {
        /// The first segment's first picture carries an RPU, this one's none.
        var rpuMissing = false
        /// The first segment carries HDR10+, this one none.
        var hdr10PlusMissing = false
        /// The static signalling that changed, said for people; nil when none did.
        var staticChange: String?
    }

    /// How `other` (a later segment) departs from `self`. Missing dynamic metadata also changes the
    /// range type the probe derives (DOVI → HDR10, HDR10Plus → HDR10): that follows from the missing
    /// metadata and is said once, by its own code, not again as a range-type change.
    func departure(to other: SegmentHDRSignature) -> Departure {
        var d = Departure()
        var compared = other
        if rpuPresent, !other.rpuPresent {
            d.rpuMissing = true
            compared.rangeType = rangeType
        }
        if hdr10Plus, !other.hdr10Plus {
            d.hdr10PlusMissing = true
            compared.rangeType = rangeType
        }
        var parts: [String] = []
        func compare(_ name: String, _ a: String?, _ b: String?) {
            if a != b { parts.append("\(name) \(a ?? "none") → \(b ?? "none")") }
        }
        compare("range type", rangeType, compared.rangeType)
        compare("transfer", transfer, compared.transfer)
        compare("primaries", primaries, compared.primaries)
        compare("mastering display", mastering, compared.mastering)
        compare("content light level", contentLight, compared.contentLight)
        compare("Dolby Vision", dolbyVision, compared.dolbyVision)
        if !hdr10Plus, other.hdr10Plus { parts.append("HDR10+ metadata appeared") }
        if !parts.isEmpty { d.staticChange = "differs from the first segment: " + parts.joined(separator: "; ") }
        return d
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.4f", v)
    }
}
