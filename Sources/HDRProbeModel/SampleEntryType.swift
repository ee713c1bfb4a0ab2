/// The video sample entries (ISO BMFF four-character codes, and the first element of a codec
/// string) hdrprobe reads and writes, with their rules in one place: which codec each carries,
/// which are Dolby Vision entries, which allow parameter sets in the samples (in-band) and their
/// out-of-band twins (`docs/rules/hls-signalling.md` §2–§7, `docs/rules/apple-playback.md` §2.1).
/// Reports carry the raw value.
package enum SampleEntryType: String, Sendable, Hashable, CaseIterable {
    case hvc1, hev1, dvh1, dvhe
    case avc1, avc3, dva1, dvav
    case av01, dav1
    case vp09

    /// The codec whose samples the entry holds.
    package var codec: VideoCodec {
        switch self {
        case .hvc1, .hev1, .dvh1, .dvhe: return .hevc
        case .avc1, .avc3, .dva1, .dvav: return .h264
        case .av01, .dav1: return .av1
        case .vp09: return .vp9
        }
    }

    /// A Dolby Vision entry: its codec string has the `<entry>.PP.LL` form (§4).
    package var isDolbyVision: Bool { [.dvh1, .dvhe, .dav1, .dva1, .dvav].contains(self) }

    /// The entry Apple wants instead of an in-band one (rule 1.10, `docs/rules/apple-playback.md`
    /// §2.1): `hev1` → `hvc1`, `dvhe` → `dvh1`, `avc3` → `avc1`, `dvav` → `dva1`; others unchanged.
    package var outOfBand: SampleEntryType {
        switch self {
        case .hev1: return .hvc1
        case .dvhe: return .dvh1
        case .avc3: return .avc1
        case .dvav: return .dva1
        default: return self
        }
    }

    /// Parameter sets may be in the samples (`hev1`, `dvhe`, `avc3`, `dvav`; rule 1.10).
    package var isInBand: Bool { outOfBand != self }

    /// HEVC / H.264 out of band (`hvc1`, `dvh1`, `avc1`, `dva1`): the parameter sets must be in the
    /// configuration record (rule 1.10).
    package var needsParameterSetsInRecord: Bool { [.hevc, .h264].contains(codec) && !isInBand }

    /// The base-layer entries a Dolby Vision entry needs declared beside it (the plain entries of
    /// its codec: `hvc1`/`hev1` for `dvh1`/`dvhe`, `av01` for `dav1`, `avc1`/`avc3` for `dva1`/`dvav`);
    /// nil for a plain entry.
    package var baseEntries: Set<String>? {
        isDolbyVision ? Self.names { $0.codec == codec && !$0.isDolbyVision } : nil
    }

    /// How the HLS check names the entry's family.
    package var familyName: String {
        switch (codec, isDolbyVision) {
        case (.hevc, false): return "HEVC"
        case (.hevc, true): return "Dolby Vision (HEVC)"
        case (.h264, false): return "H.264"
        case (.h264, true): return "Dolby Vision (H.264)"
        case (.av1, false): return "AV1"
        case (.av1, true): return "Dolby Vision (AV1)"
        case (.vp9, _): return "VP9"
        }
    }

    /// The plain (not Dolby Vision) out-of-band entry of a codec: the base layer's entry.
    package static func base(of codec: VideoCodec) -> SampleEntryType {
        switch codec {
        case .hevc: return .hvc1
        case .h264: return .avc1
        case .av1: return .av01
        case .vp9: return .vp09
        }
    }

    /// The out-of-band Dolby Vision entry for a profile: `dav1` for 10 (AV1), `dva1` for the AVC
    /// profiles 0, 1 and 9, `dvh1` for the HEVC ones (Apple rule 1.10 prefers `dvh1` over `dvhe`).
    package static func dolbyVision(profile: Int) -> SampleEntryType {
        switch profile {
        case 10: return .dav1
        case 0, 1, 9: return .dva1
        default: return .dvh1
        }
    }

    /// The entries of a codec (its Dolby Vision entries included).
    package static func entries(of codec: VideoCodec) -> Set<String> {
        Set(allCases.filter { $0.codec == codec }.map(\.rawValue))
    }

    /// The names of the entries for which `rule` holds.
    package static func names(where rule: (SampleEntryType) -> Bool) -> Set<String> {
        Set(allCases.filter(rule).map(\.rawValue))
    }
}
