/// What hdrprobe knows about an audio stream when choosing its HLS CODECS token
/// (`docs/rules/hls-signalling.md` §8): FFmpeg's codec name plus whatever tells the AAC audio
/// object type apart.
///
/// The AAC object type is taken, in this order, from ``audioSpecificConfig`` (esds
/// DecoderSpecificInfo / FFmpeg extradata), ``audioObjectType``, or ``ffmpegProfile`` (FFmpeg's
/// `AV_PROFILE_AAC_*` values are the object type minus one: LC 1, HE 4, HE_V2 28, LD 22, ELD 38,
/// USAC 41; MPEG-2 AAC LC 128 and HE 131; for ADTS in TS "the AOT is FFmpeg profile + 1", §8).
package struct AudioCodecInput: Sendable, Equatable {
    /// FFmpeg codec name: `aac`, `aac_latm`, `ac3`, `eac3`, `flac`, `alac`, `opus`, `mp3`, `mp2`,
    /// `truehd`, `dts`, `vorbis`, `pcm_s16le`, …
    package var codecName: String
    package var audioSpecificConfig: [UInt8]?
    package var audioObjectType: Int?
    /// `AVCodecParameters.profile` (for `eac3`, 30 = Dolby Digital Plus + Dolby Atmos / JOC).
    package var ffmpegProfile: Int?
    /// The esds `objectTypeIndication` when known (MP3 in MP4: 0x6B MPEG-1 audio, 0x69 MPEG-2 audio).
    package var objectTypeIndication: UInt8?
    /// E-AC-3 with Joint Object Coding (Atmos), when known other than through ``ffmpegProfile``.
    package var jointObjectCoding: Bool
    /// The stream's default disposition (chooses between several playable streams, §8).
    package var isDefault: Bool

    package init(codecName: String, audioSpecificConfig: [UInt8]? = nil, audioObjectType: Int? = nil,
                ffmpegProfile: Int? = nil, objectTypeIndication: UInt8? = nil, jointObjectCoding: Bool = false,
                isDefault: Bool = false) {
        self.codecName = codecName
        self.audioSpecificConfig = audioSpecificConfig
        self.audioObjectType = audioObjectType
        self.ffmpegProfile = ffmpegProfile
        self.objectTypeIndication = objectTypeIndication
        self.jointObjectCoding = jointObjectCoding
        self.isDefault = isDefault
    }

    /// FFmpeg's `AV_PROFILE_EAC3_DDP_ATMOS`.
    package static let eac3AtmosProfile = 30

    /// The AAC audio object type from the first source that gives one; nil when none does.
    package var resolvedAudioObjectType: Int? {
        if let asc = audioSpecificConfig, let config = try? AudioSpecificConfig.parse(asc) {
            return config.audioObjectType
        }
        if let audioObjectType { return audioObjectType }
        switch ffmpegProfile {
        case 128?: return 2    // AV_PROFILE_MPEG2_AAC_LOW
        case 131?: return 5    // AV_PROFILE_MPEG2_AAC_HE
        case let p? where [0, 1, 2, 3, 4, 22, 28, 38, 41].contains(p): return p + 1
        default: return nil
        }
    }
}
