/// The content-mapping (CM) version of a Dolby Vision RPU's display-management data:
/// `docs/rules/dolby-vision.md` §10.2 (an RPU is CM v4.0 when it carries `dm_data_payload2`,
/// otherwise CM v2.9) and the per-version rules of §10.1 ("Rules (DT)": the allowed extension
/// block levels and how many blocks of each level a list may hold).
package enum DolbyVisionCMVersion: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// `dm_data_payload()`: levels 1, 2, 4, 5, 6 and 255.
    case v29 = "2.9"
    /// `dm_data_payload2()`: levels 3, 8, 9, 10, 11 and 254.
    case v40 = "4.0"

    /// Levels a list of this version may contain (§10.1 Rules).
    package var allowedLevels: Set<UInt8> {
        switch self {
        case .v29: return [1, 2, 4, 5, 6, 255]
        case .v40: return [3, 8, 9, 10, 11, 254]
        }
    }

    /// The most blocks of `level` one list may hold (§10.1 Rules); 0 for a level the version does
    /// not allow.
    package func maxCount(level: UInt8) -> Int {
        switch (self, level) {
        case (.v29, 2): return 8
        case (.v29, 1), (.v29, 4), (.v29, 5), (.v29, 6), (.v29, 255): return 1
        case (.v40, 8): return 5
        case (.v40, 10): return 4
        case (.v40, 3), (.v40, 9), (.v40, 11), (.v40, 254): return 1
        default: return 0
        }
    }

    /// The least blocks of `level` one list must hold: CM v4.0 needs exactly one L254 (§10.1 Rules).
    package func minCount(level: UInt8) -> Int {
        self == .v40 && level == 254 ? 1 : 0
    }

    /// "CM v2.9" / "CM v4.0", the prefix of dovi_tool's messages.
    package var label: String { "CM v\(rawValue)" }
}
