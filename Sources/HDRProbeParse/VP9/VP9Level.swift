/// VP9 levels (https://www.webmproject.org/vp9/levels/): the lowest level whose maximum luma
/// sample rate, luma picture size and picture breadth hold a stream of the given size and rate.
/// The bitstream carries no level; `vpcC` does (MP4) and is preferred where present — this is for
/// WebM/Matroska, whose CodecPrivate rarely names one.
package enum VP9Level {
    /// (level × 10, max luma samples per second, max luma picture size, max breadth).
    package static let table: [(level: Int, sampleRate: Int, pictureSize: Int, breadth: Int)] = [
        (10, 829_440, 36_864, 512), (11, 2_764_800, 73_728, 768), (20, 4_608_000, 122_880, 960),
        (21, 9_216_000, 245_760, 1_344), (30, 20_736_000, 552_960, 2_048), (31, 36_864_000, 983_040, 2_752),
        (40, 83_558_400, 2_228_224, 4_160), (41, 160_432_128, 2_228_224, 4_160), (50, 311_951_360, 8_912_896, 8_384),
        (51, 588_251_136, 8_912_896, 8_384), (52, 1_176_502_272, 8_912_896, 8_384),
        (60, 1_176_502_272, 35_651_584, 16_832), (61, 2_353_004_544, 35_651_584, 16_832),
        (62, 4_706_009_088, 35_651_584, 16_832),
    ]

    /// The level × 10 (`10` = 1.0, `41` = 4.1), nil when the stream exceeds level 6.2 or a value is unknown.
    package static func level(width: Int, height: Int, framesPerSecond: Double) -> Int? {
        guard width > 0, height > 0, framesPerSecond > 0, framesPerSecond.isFinite else { return nil }
        let size = width * height
        let rate = Double(size) * framesPerSecond
        return table.first { rate <= Double($0.sampleRate) && size <= $0.pictureSize && max(width, height) <= $0.breadth }?.level
    }
}
