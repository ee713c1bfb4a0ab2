/// The channel layout an audio configuration states, by the names FFmpeg 5.1's `ffprobe` prints
/// (`channel_layout`), which media servers (Jellyfin's `ChannelLayout`) take over. Only the
/// configurations whose layout the bitstream fixes and whose name was checked against ffprobe 5.1
/// are named (docs/report-contract.md, "audio"); any other is null.
package enum AudioChannelLayout: String, Codable, Sendable, CaseIterable {
    case mono
    case stereo
    case twoOne = "2.1"
    case threeZero = "3.0"
    case threeZeroBack = "3.0(back)"
    case threeOne = "3.1"
    case fourZero = "4.0"
    case fourOne = "4.1"
    case quadSide = "quad(side)"
    case fiveZero = "5.0"
    case fiveZeroSide = "5.0(side)"
    case fiveOne = "5.1"
    case fiveOneSide = "5.1(side)"
    case sevenOne = "7.1"

    /// An AAC `channelConfiguration` 1–7 (ISO/IEC 14496-3 Table 1.19), as FFmpeg's AAC decoder
    /// lays it out.
    package static func aac(channelConfiguration: Int) -> AudioChannelLayout? {
        [1: .mono, 2: .stereo, 3: .threeZero, 4: .fourZero, 5: .fiveZero, 6: .fiveOne, 7: .sevenOne][channelConfiguration]
    }

    /// An AC-3 or E-AC-3 program without dependent substreams: `acmod` (ETSI TS 102 366 Table 4.3)
    /// and `lfeon`. Dual mono (acmod 0) and the LFE variants ffprobe was not seen to name are null.
    package static func dolby(acmod: Int, lfe: Bool) -> AudioChannelLayout? {
        switch (acmod, lfe) {
        case (1, false): return .mono
        case (2, false): return .stereo
        case (2, true): return .twoOne
        case (3, false): return .threeZero
        case (3, true): return .threeOne
        case (4, false): return .threeZeroBack
        case (5, false): return .fourZero
        case (5, true): return .fourOne
        case (6, false): return .quadSide
        case (7, false): return .fiveZeroSide
        case (7, true): return .fiveOneSide
        default: return nil
        }
    }

    /// Opus (RFC 7845 §5.1.1): mapping family 0 is mono or stereo; family 1 follows the Vorbis
    /// order, whose six channels are 5.1.
    package static func opus(mappingFamily: Int, channels: Int) -> AudioChannelLayout? {
        switch (mappingFamily, channels) {
        case (0, 1), (1, 1): return .mono
        case (0, 2), (1, 2): return .stereo
        case (1, 6): return .fiveOne
        default: return nil
        }
    }
}
