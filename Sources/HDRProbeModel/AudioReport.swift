/// An audio stream's facts for a media server (`docs/report-contract.md`, "audio"), read by
/// hdrprobe's own parsers from the container's codec configuration — MP4 `esds`
/// (AudioSpecificConfig), `dac3`, `dec3`, `dOps` and the sample entry's own fields, Matroska's Audio
/// element — never from a decoder. A value the configuration does not state is null.
package struct AudioReport: Codable, Sendable, Equatable {
    /// The channels the configuration states (an E-AC-3 stream's first independent substream with
    /// its dependent ones; for Atmos the channel bed, the objects being in `objectAudio`).
    @NullEncoded package var channels: Int?
    /// Samples per second of the decoded output.
    @NullEncoded package var sampleRate: Int?
    /// Object audio the configuration signals: `E-AC-3 JOC` (Dolby Atmos in Dolby Digital Plus,
    /// `dec3` flag_ec3_extension_type_a); null when none is signalled or the container cannot say.
    @NullEncoded package var objectAudio: String?
    /// The channel layout the configuration fixes (``AudioChannelLayout``); null when it is not
    /// one hdrprobe names.
    @NullEncoded package var channelLayout: AudioChannelLayout?

    package init(channels: Int? = nil, sampleRate: Int? = nil, objectAudio: String? = nil, channelLayout: AudioChannelLayout? = nil) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.objectAudio = objectAudio
        self.channelLayout = channelLayout
    }

    /// `objectAudio` for E-AC-3 with Joint Object Coding.
    package static let eac3JOC = "E-AC-3 JOC"
}
