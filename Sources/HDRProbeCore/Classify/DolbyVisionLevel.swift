/// Dolby Vision levels 1–13: the highest pixel rate and width each allows
/// (`shared/specs/dolby-vision.md` §4, table "Levels 01–13").
public enum DolbyVisionLevel {
    /// (level, max pixels per second, max width).
    public static let table: [(level: Int, maxPixelRate: Int, maxWidth: Int)] = [
        (1, 22_118_400, 1280), (2, 27_648_000, 1280), (3, 49_766_400, 1920), (4, 62_208_000, 2560),
        (5, 124_416_000, 3840), (6, 199_065_600, 3840), (7, 248_832_000, 3840), (8, 398_131_200, 3840),
        (9, 497_664_000, 3840), (10, 995_328_000, 3840), (11, 995_328_000, 7680), (12, 1_990_656_000, 7680),
        (13, 3_981_312_000, 7680),
    ]

    /// The lowest level whose pixel rate and width admit `width × height` at `fps`, nil above 13.
    public static func required(width: Int, height: Int, fps: Double) -> Int? {
        let rate = Double(width) * Double(height) * fps
        return table.first { rate <= Double($0.maxPixelRate) * 1.0001 && width <= $0.maxWidth }?.level
    }

    /// True when `level` admits the picture size and rate.
    public static func admits(level: Int, width: Int, height: Int, fps: Double) -> Bool {
        guard let required = required(width: width, height: height, fps: fps) else { return false }
        return level >= required
    }
}
