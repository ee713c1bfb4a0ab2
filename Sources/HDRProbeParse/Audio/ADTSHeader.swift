import HDRProbeBytes

/// The fixed header of an ADTS frame (ISO/IEC 13818-7 §6.2.1, ISO/IEC 14496-3 §1.A.2.2), AAC as
/// MPEG-TS carries it (stream_type 0x0F):
///
/// ```
/// syncword u(12) = 0xFFF ; ID u(1) ; layer u(2) = 0 ; protection_absent u(1) ;
/// profile_ObjectType u(2) ; sampling_frequency_index u(4) ; private_bit u(1) ;
/// channel_configuration u(3) ; original_copy u(1) ; home u(1)
/// ```
/// `profile_ObjectType` is the audio object type less one (1 is AAC LC); the frequency index and
/// channel configuration mean what an AudioSpecificConfig's do (channel_configuration 0: the
/// channels are in a program_config_element of the payload, not read here).
package struct ADTSHeader: Sendable, Equatable {
    package var audioObjectType: Int
    package var samplingFrequencyIndex: Int
    package var channelConfiguration: Int

    /// The header `bytes` start with; throws when they do not start with one.
    package static func parse(_ bytes: ArraySlice<UInt8>) throws -> ADTSHeader {
        guard bytes.count >= 7 else { throw BitstreamError.tooShort(needed: 7, got: bytes.count) }
        var r = BitReader(Array(bytes.prefix(7)))
        guard try r.int(12) == 0xFFF else { throw BitstreamError.invalid(.audioSyncword(expected: 0xFFF)) }
        _ = try r.int(1)
        let layer = try r.int(2)
        guard layer == 0 else { throw BitstreamError.invalid(.audioReservedField("ADTS layer", layer)) }
        _ = try r.int(1)
        let profile = try r.int(2)
        let index = try r.int(4)
        _ = try r.int(1)
        let channels = try r.int(3)
        guard index < 13 else { throw BitstreamError.invalid(.audioReservedField("ADTS sampling_frequency_index", index)) }
        return ADTSHeader(audioObjectType: profile + 1, samplingFrequencyIndex: index, channelConfiguration: channels)
    }

    /// The first header in `bytes` (``AudioFrameSearch``).
    package static func first(in bytes: [UInt8]) -> ADTSHeader? {
        AudioFrameSearch.first(in: bytes, headerBytes: 7, isSync: { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xF6 == 0xF0 }, parse: parse)?.header
    }
}
