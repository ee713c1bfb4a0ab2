import HDRProbeBytes

/// The header of an MPEG audio frame, Layer I–III (ISO/IEC 11172-3 §2.4.1.3, ISO/IEC 13818-3 §2.4.1
/// for the lower rates, and the unofficial "MPEG 2.5" for the lowest), as MPEG-TS carries MP2 and MP3
/// (stream_type 0x03 / 0x04):
///
/// ```
/// syncword u(11) = all ones ; version u(2) (0: 2.5, 2: MPEG-2, 3: MPEG-1; 1 reserved) ;
/// layer u(2) (1: III, 2: II, 3: I; 0 reserved) ; protection_bit u(1) ; bitrate_index u(4) (15 bad) ;
/// sampling_frequency u(2) (3 reserved) ; padding_bit u(1) ; private_bit u(1) ; mode u(2) (3: single channel)
/// ```
package struct MPEGAudioFrameHeader: Sendable, Equatable {
    package var version: Int
    package var layer: Int
    package var sampleRate: Int
    /// 1 for single channel, 2 for stereo, joint stereo and dual channel.
    package var channels: Int

    /// Sampling frequencies per `sampling_frequency`, for MPEG-1, MPEG-2 and MPEG 2.5.
    static let rates: [Int: [Int]] = [3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000]]

    package static func parse(_ bytes: ArraySlice<UInt8>) throws -> MPEGAudioFrameHeader {
        guard bytes.count >= 4 else { throw BitstreamError.tooShort(needed: 4, got: bytes.count) }
        var r = BitReader(Array(bytes.prefix(4)))
        guard try r.int(11) == 0x7FF else { throw BitstreamError.invalid(.audioSyncword(expected: 0x7FF)) }
        let version = try r.int(2)
        guard let rates = rates[version] else { throw BitstreamError.invalid(.audioReservedField("MPEG audio version", version)) }
        let layer = try r.int(2)
        guard layer != 0 else { throw BitstreamError.invalid(.audioReservedField("MPEG audio layer", layer)) }
        _ = try r.int(1)
        let bitrate = try r.int(4)
        guard bitrate != 15 else { throw BitstreamError.invalid(.audioReservedField("MPEG audio bitrate_index", bitrate)) }
        let frequency = try r.int(2)
        guard frequency != 3 else { throw BitstreamError.invalid(.audioReservedField("MPEG audio sampling_frequency", frequency)) }
        _ = try r.int(2)
        let mode = try r.int(2)
        return MPEGAudioFrameHeader(version: version, layer: 4 - layer, sampleRate: rates[frequency], channels: mode == 3 ? 1 : 2)
    }

    /// The first header in `bytes` (``AudioFrameSearch``).
    package static func first(in bytes: [UInt8]) -> MPEGAudioFrameHeader? {
        AudioFrameSearch.first(in: bytes, headerBytes: 4, isSync: { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xE0 == 0xE0 }, parse: parse)?.header
    }
}
