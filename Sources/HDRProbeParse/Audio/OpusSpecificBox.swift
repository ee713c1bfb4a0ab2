import HDRProbeBytes

/// `OpusSpecificBox` (`dOps`), the configuration of an Opus sample entry ("Encapsulation of Opus in
/// ISO Base Media File Format" §4.3.2), big-endian unlike the Ogg `OpusHead` it mirrors:
///
/// ```
/// Version u(8) = 0 ; OutputChannelCount u(8) ; PreSkip u(16) ; InputSampleRate u(32)
/// OutputGain s(16) ; ChannelMappingFamily u(8) ; [mapping table when the family is not 0]
/// ```
/// Opus always decodes at 48 kHz (RFC 7845 §5.1: InputSampleRate is the original input's rate,
/// informational), so the stream's sample rate is 48,000, as FFmpeg reports it.
package struct OpusSpecificBox: Sendable, Equatable {
    package var version: Int
    package var outputChannelCount: Int
    package var preSkip: Int
    package var inputSampleRate: Int
    package var channelMappingFamily: Int

    package static let decodingSampleRate = 48000

    package static func parse(_ payload: [UInt8]) throws -> OpusSpecificBox {
        guard payload.count >= 11 else { throw BitstreamError.tooShort(needed: 11, got: payload.count) }
        var r = ByteReader(payload)
        let version = Int(try r.u8()), channels = Int(try r.u8()), preSkip = Int(try r.u16())
        let rate = Int(try r.u32())
        _ = try r.u16() // OutputGain
        return OpusSpecificBox(version: version, outputChannelCount: channels, preSkip: preSkip, inputSampleRate: rate,
                               channelMappingFamily: Int(try r.u8()))
    }
}
