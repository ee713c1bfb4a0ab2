import HDRProbeBytes

/// The value of the `CODECS` attribute (`docs/rules/hls-signalling.md` §1, §14): a quoted,
/// comma-separated list of RFC 6381 format identifiers, video first then audio in hdrprobe's
/// lines (`hvc1.2.4.L153.B0,ec-3`).
///
/// ``isValidFormat(_:)`` is the "valid CODECS format" test of §5.3 rule 1: a string hdrprobe can
/// parse as a video codecs parameter, or one whose base sample type is in Apple's CODECS table
/// (APPX) or is an audio token of §8. Comparisons are case-insensitive (§2.1 "Case").
/// Encodes to JSON as the attribute string.
package struct HLSCodecs: Sendable, Hashable, Codable, CustomStringConvertible {
    package var codecs: [String]

    /// APPX "Values for the CODECS attribute": the base sample types HLS recognises.
    package static let appleBaseSampleTypes: Set<String> = [
        "ac-3", "alac", "avc1", "avc3", "dvh1", "dvhe", "ec-3", "flac", "hev1", "hvc1", "mjpg", "mp4a", "stpp", "wvtt",
    ]

    package init(_ codecs: [String]) {
        self.codecs = codecs
    }

    /// Video first, then the audio token when there is one.
    package init(video: VideoCodecString, audio: AudioCodecString? = nil) {
        self.init([video.string] + (audio.map { [$0.token] } ?? []))
    }

    /// Parses an attribute value (quotes removed or tolerated).
    package init(parsing value: String) {
        var text = Substring(value)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        // Empty elements are kept ("a,,b" has three) so a playlist check can report them.
        self.init(text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false)
            .map { SupplementalCodecs.Element.trimmed($0) })
    }

    package var string: String { codecs.joined(separator: ",") }
    package var description: String { string }

    /// True when `codec` is listed (case-insensitive).
    package func contains(_ codec: String) -> Bool {
        codecs.contains { $0.lowercased() == codec.lowercased() }
    }

    /// The listed codecs whose base sample type (first period-separated element) is one of `entries`.
    package func codecs(withEntries entries: Set<String>) -> [String] {
        codecs.filter { codec in
            entries.contains(CodecStringFormatting.elements(codec).first.map { $0.lowercased() } ?? "")
        }
    }

    /// §5.3 rule 1.
    package static func isValidFormat(_ codec: String) -> Bool {
        if VideoCodecString(codec) != nil { return true }
        let elements = CodecStringFormatting.elements(codec)
        guard let entry = elements.first?.lowercased(), !entry.isEmpty, elements.allSatisfy({ !$0.isEmpty }) else {
            return false
        }
        if SampleEntryType(rawValue: entry) != nil {
            return false   // a video entry whose parameters did not parse
        }
        return appleBaseSampleTypes.contains(entry) || entry == "opus"
    }

    package init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
