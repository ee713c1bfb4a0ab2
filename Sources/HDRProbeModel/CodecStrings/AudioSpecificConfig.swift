import HDRProbeBytes
import HDRProbeParse

/// The start of an MPEG-4 `AudioSpecificConfig` (ISO/IEC 14496-3 §1.6.2.1), enough to name the
/// audio object type for the `mp4a.40.A` token (`docs/rules/hls-signalling.md` §8; RFC 6381
/// §3.3: A is the audio object type in decimal).
///
/// ```
/// audioObjectType u(5) ; if 31: audioObjectType = 32 + u(6)          (GetAudioObjectType())
/// samplingFrequencyIndex u(4) ; if 0xF: samplingFrequency u(24)
/// channelConfiguration u(4)
/// if audioObjectType is 5 (SBR) or 29 (PS):                          (explicit hierarchical signalling)
///   extensionSamplingFrequencyIndex u(4) ; if 0xF: extensionSamplingFrequency u(24)
///   audioObjectType = GetAudioObjectType()                           (the core, usually 2)
/// ```
/// ``audioObjectType`` is the first, signalled value — the one the codecs parameter carries
/// (`mp4a.40.5` for HE-AAC, `mp4a.40.29` for HE-AACv2, `mp4a.40.42` for xHE-AAC via the escape).
/// The GASpecificConfig and a backward-compatible SBR sync extension (0x2B7) are not read.
package struct AudioSpecificConfig: Sendable, Equatable, Codable {
    /// The first audio object type in the record (1 Main, 2 LC, 5 SBR, 29 PS, 34 Layer III, 42 USAC…).
    package var audioObjectType: Int
    package var samplingFrequencyIndex: Int
    /// From the index table or the explicit 24-bit value; nil for a reserved index (13, 14).
    package var samplingFrequency: Int?
    package var channelConfiguration: Int
    /// For explicit hierarchical SBR/PS signalling (first type 5 or 29): the core object type.
    package var coreAudioObjectType: Int?
    /// For explicit hierarchical SBR/PS signalling: the output (SBR) sampling frequency.
    package var extensionSamplingFrequency: Int?

    /// Channels per channelConfiguration (ISO/IEC 14496-3 Table 1.19; 0 means "in the program
    /// config element", 8–10 reserved, 11–14 as amended).
    package static let channelCounts: [Int: Int] = [1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 8, 11: 7, 12: 8, 13: 24, 14: 8]

    package static let samplingFrequencies = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000,
                                             11025, 8000, 7350]

    package init(audioObjectType: Int, samplingFrequencyIndex: Int, samplingFrequency: Int?, channelConfiguration: Int,
                coreAudioObjectType: Int? = nil, extensionSamplingFrequency: Int? = nil) {
        self.audioObjectType = audioObjectType
        self.samplingFrequencyIndex = samplingFrequencyIndex
        self.samplingFrequency = samplingFrequency
        self.channelConfiguration = channelConfiguration
        self.coreAudioObjectType = coreAudioObjectType
        self.extensionSamplingFrequency = extensionSamplingFrequency
    }

    /// True when the record signals SBR (HE-AAC) or SBR + PS (HE-AACv2) hierarchically.
    package var explicitSBR: Bool { audioObjectType == 5 || audioObjectType == 29 }

    /// Reads the fields above; throws when the bytes end before the channel configuration (or
    /// before the core object type of an SBR/PS record).
    package static func parse(_ bytes: [UInt8]) throws -> AudioSpecificConfig {
        guard !bytes.isEmpty else { throw BitstreamError.tooShort(needed: 2, got: 0) }
        var r = BitReader(bytes)
        let type = try objectType(&r)
        guard type != 0 else { throw BitstreamError.invalid(.nullAudioObjectType) }
        let (index, frequency) = try samplingFrequency(&r)
        let channels = try r.int(4)
        var config = AudioSpecificConfig(audioObjectType: type, samplingFrequencyIndex: index,
                                         samplingFrequency: frequency, channelConfiguration: channels)
        if config.explicitSBR {
            config.extensionSamplingFrequency = try samplingFrequency(&r).frequency
            config.coreAudioObjectType = try objectType(&r)
        }
        return config
    }

    /// GetAudioObjectType(): 5 bits, escape value 31 → 32 + the next 6 bits.
    package static func objectType(_ r: inout BitReader) throws -> Int {
        let first = try r.int(5)
        return first == 31 ? 32 + (try r.int(6)) : first
    }

    package static func samplingFrequency(_ r: inout BitReader) throws -> (index: Int, frequency: Int?) {
        let index = try r.int(4)
        if index == 0xF { return (index, try r.int(24)) }
        return (index, index < samplingFrequencies.count ? samplingFrequencies[index] : nil)
    }
}
