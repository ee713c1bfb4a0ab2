import HDRProbeBytes

/// Any of the video codecs parameters hdrprobe derives (`docs/rules/hls-signalling.md` §2–§7):
/// HEVC (§2), H.264 (§3), Dolby Vision `<entry>.PP.LL` (§4), AV1 (§6), VP9 (§7).
///
/// Parsing (``init(_:)``) tells the forms apart by entry and shape: a three-element string with a
/// Dolby Vision entry is the `PP.LL` form, while `dvh1.1.6.L93.90` (a `dvh1` entry with the
/// HEVC profile/tier/level form, §2.2) is HEVC. Encodes to JSON as the string.
package enum VideoCodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    case hevc(HEVCCodecString)
    case avc(AVCCodecString)
    case dolbyVision(DolbyVisionCodecString)
    case av1(AV1CodecString)
    case vp9(VP9CodecString)

    package static let hevcEntries = SampleEntryType.entries(of: .hevc)
    package static let avcEntries = SampleEntryType.entries(of: .h264)
    package static let av1Entries = SampleEntryType.entries(of: .av1)
    package static let vp9Entries = SampleEntryType.entries(of: .vp9)

    package var string: String {
        switch self {
        case let .hevc(s): return s.string
        case let .avc(s): return s.string
        case let .dolbyVision(s): return s.string
        case let .av1(s): return s.string
        case let .vp9(s): return s.string
        }
    }

    package var description: String { string }

    package var sampleEntry: String {
        switch self {
        case let .hevc(s): return s.sampleEntry
        case let .avc(s): return s.sampleEntry
        case let .dolbyVision(s): return s.sampleEntry
        case let .av1(s): return s.sampleEntry
        case let .vp9(s): return s.sampleEntry
        }
    }

    /// The same string with another sample entry.
    package func withSampleEntry(_ entry: String) -> VideoCodecString {
        switch self {
        case let .hevc(s): return .hevc(s.withSampleEntry(entry))
        case let .avc(s): return .avc(s.withSampleEntry(entry))
        case var .dolbyVision(s): s.sampleEntry = entry; return .dolbyVision(s)
        case var .av1(s): s.sampleEntry = entry; return .av1(s)
        case var .vp9(s): s.sampleEntry = entry; return .vp9(s)
        }
    }

    /// The entry Apple wants instead of an in-band one (rule 1.10, `docs/rules/apple-playback.md` §2.1):
    /// `hev1` → `hvc1`, `dvhe` → `dvh1`, `avc3` → `avc1`, `dvav` → `dva1`; others unchanged.
    package static func outOfBandEntry(_ entry: String) -> String {
        SampleEntryType(rawValue: entry)?.outOfBand.rawValue ?? entry
    }

    /// The in-band sample entries: `hev1`, `dvhe`, `avc3`, `dvav` (rule 1.10; ``SampleEntryType/isInBand``).
    package static let inBandEntries = SampleEntryType.names(where: \.isInBand)

    package init?(_ description: String) {
        let elements = CodecStringFormatting.elements(description)
        guard let entry = elements.first?.lowercased() else { return nil }
        if elements.count == 3, let dv = DolbyVisionCodecString(description) {
            self = .dolbyVision(dv)
        } else if Self.hevcEntries.contains(entry), let s = HEVCCodecString(description) {
            self = .hevc(s)
        } else if Self.avcEntries.contains(entry), let s = AVCCodecString(description) {
            self = .avc(s)
        } else if Self.av1Entries.contains(entry), let s = AV1CodecString(description) {
            self = .av1(s)
        } else if Self.vp9Entries.contains(entry), let s = VP9CodecString(description) {
            self = .vp9(s)
        } else {
            return nil
        }
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = VideoCodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a video codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
