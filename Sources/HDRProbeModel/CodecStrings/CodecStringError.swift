/// Why no codec string could be derived from a configuration record
/// (`docs/rules/hls-signalling.md` §2.1: "Reject (no string) when the record is shorter than 13
/// bytes or byte 0 (configurationVersion) ≠ 1 — e.g. Annex-B extradata `00 00 00 01 …`").
/// The caller turns it into a finding; ``reason`` is one sentence a person can act on.
package enum CodecStringError: Error, Sendable, Equatable, Codable {
    /// The bytes start with an Annex B start code (`00 00 01` / `00 00 00 01`) instead of a record.
    case annexB
    /// Fewer bytes than the fields the string needs.
    case tooShort(needed: Int, got: Int)
    /// `configurationVersion` (or the av1C marker/version) is not the one the format defines.
    case unsupportedVersion(Int)
    /// A field holds a value the string format cannot express (the text names it).
    case invalidField(String)

    package var reason: String {
        switch self {
        case .annexB:
            return "The codec private data is Annex B (start codes), not a configuration record; no codec string can be derived from it."
        case let .tooShort(needed, got):
            return "The configuration record is \(got) bytes; at least \(needed) are needed to derive the codec string."
        case let .unsupportedVersion(version):
            return "The configuration record has configurationVersion \(version), expected 1."
        case let .invalidField(text):
            return "The configuration holds a value the codec string cannot express: \(text)."
        }
    }
}
