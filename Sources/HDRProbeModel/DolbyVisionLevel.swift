/// One row of the Dolby Vision level table, levels 01–13 (`docs/rules/dolby-vision.md` §4;
/// HandBrake `hb_dolby_vision_levels`, GPAC `gf_dolby_vision_level`, Apple's "Level 1 (720p24)",
/// "Level 6 (2160p24)").
///
/// Used to check a signalled `dv_level` against the picture (`width × height × fps ≤ maxPixelRate`
/// and `width ≤ maxWidth`) and, when the record's level is 0 or above 13, to derive the level the
/// way GPAC does (the smallest level that fits) — `docs/rules/hls-signalling.md` §4: "hdrprobe should instead
/// raise a finding and, if it must produce a string, derive the level from width × height × frame
/// rate with the level table".
package struct DolbyVisionLevel: Sendable, Equatable, Codable {
    package var id: Int
    /// Pixels per second.
    package var maxPixelRate: Int
    package var maxWidth: Int
    /// Mbps.
    package var maxBitrateMainTier: Int
    package var maxBitrateHighTier: Int

    package init(id: Int, maxPixelRate: Int, maxWidth: Int, maxBitrateMainTier: Int, maxBitrateHighTier: Int) {
        self.id = id
        self.maxPixelRate = maxPixelRate
        self.maxWidth = maxWidth
        self.maxBitrateMainTier = maxBitrateMainTier
        self.maxBitrateHighTier = maxBitrateHighTier
    }

    package static let table: [DolbyVisionLevel] = [
        .init(id: 1, maxPixelRate: 22_118_400, maxWidth: 1280, maxBitrateMainTier: 20, maxBitrateHighTier: 50),
        .init(id: 2, maxPixelRate: 27_648_000, maxWidth: 1280, maxBitrateMainTier: 20, maxBitrateHighTier: 50),
        .init(id: 3, maxPixelRate: 49_766_400, maxWidth: 1920, maxBitrateMainTier: 20, maxBitrateHighTier: 70),
        .init(id: 4, maxPixelRate: 62_208_000, maxWidth: 2560, maxBitrateMainTier: 20, maxBitrateHighTier: 70),
        .init(id: 5, maxPixelRate: 124_416_000, maxWidth: 3840, maxBitrateMainTier: 20, maxBitrateHighTier: 70),
        .init(id: 6, maxPixelRate: 199_065_600, maxWidth: 3840, maxBitrateMainTier: 25, maxBitrateHighTier: 130),
        .init(id: 7, maxPixelRate: 248_832_000, maxWidth: 3840, maxBitrateMainTier: 25, maxBitrateHighTier: 130),
        .init(id: 8, maxPixelRate: 398_131_200, maxWidth: 3840, maxBitrateMainTier: 40, maxBitrateHighTier: 130),
        .init(id: 9, maxPixelRate: 497_664_000, maxWidth: 3840, maxBitrateMainTier: 40, maxBitrateHighTier: 130),
        .init(id: 10, maxPixelRate: 995_328_000, maxWidth: 3840, maxBitrateMainTier: 60, maxBitrateHighTier: 240),
        .init(id: 11, maxPixelRate: 995_328_000, maxWidth: 7680, maxBitrateMainTier: 60, maxBitrateHighTier: 240),
        .init(id: 12, maxPixelRate: 1_990_656_000, maxWidth: 7680, maxBitrateMainTier: 120, maxBitrateHighTier: 480),
        .init(id: 13, maxPixelRate: 3_981_312_000, maxWidth: 7680, maxBitrateMainTier: 240, maxBitrateHighTier: 800),
    ]

    /// The row for a level id (1…13); nil for 0 and anything above 13 (invalid, §4).
    package static func level(_ id: Int) -> DolbyVisionLevel? {
        table.first { $0.id == id }
    }

    /// True when a picture of this size and rate fits the level.
    package func admits(width: Int, height: Int, framesPerSecond: Double) -> Bool {
        width <= maxWidth && Double(width) * Double(height) * framesPerSecond <= Double(maxPixelRate)
    }

    /// The smallest level that admits the picture (GPAC's inference); nil when none does.
    package static func infer(width: Int, height: Int, framesPerSecond: Double) -> DolbyVisionLevel? {
        guard width > 0, height > 0, framesPerSecond.isFinite, framesPerSecond > 0 else { return nil }
        return table.first { $0.admits(width: width, height: height, framesPerSecond: framesPerSecond) }
    }
}
