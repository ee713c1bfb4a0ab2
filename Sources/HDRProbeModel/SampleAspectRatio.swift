import HDRProbeParse

/// A sample (pixel) aspect ratio `width:height`, as the H.264 / H.265 VUI signals it
/// (ITU-T H.264 / H.265 Table E-1: `aspect_ratio_idc` 1…16, or 255 with `sar_width`/`sar_height`) and as
/// a DASH `@sar` writes it (`docs/rules/dash-signalling.md` §3.4).
package struct SampleAspectRatio: Sendable, Hashable, Codable {
    package var width: Int
    package var height: Int

    /// nil unless both terms are positive.
    package init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// Square pixels.
    package static let square = SampleAspectRatio(width: 1, height: 1)!

    /// Table E-1 (idc 1…16) and the explicit form (255); nil when the VUI signals no ratio (absent,
    /// 0 "unspecified", a reserved idc, or 255 with a zero term).
    package init?(_ vui: VUIVideoSignalInfo) {
        guard let idc = vui.aspectRatioIDC else { return nil }
        if idc == 255 {
            self.init(width: Int(vui.sarWidth ?? 0), height: Int(vui.sarHeight ?? 0))
            return
        }
        guard let (w, h) = Self.tableE1[idc] else { return nil }
        self.init(width: w, height: h)
    }

    package static let tableE1: [UInt8: (Int, Int)] = [
        1: (1, 1), 2: (12, 11), 3: (10, 11), 4: (16, 11), 5: (40, 33), 6: (24, 11), 7: (20, 11), 8: (32, 11),
        9: (80, 33), 10: (18, 11), 11: (15, 11), 12: (64, 33), 13: (160, 99), 14: (4, 3), 15: (3, 2), 16: (2, 1),
    ]

    /// `w:h` (the DASH `RatioType`).
    package var string: String { "\(width):\(height)" }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              let ratio = SampleAspectRatio(width: w, height: h) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a ratio: \(text)"))
        }
        self = ratio
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
