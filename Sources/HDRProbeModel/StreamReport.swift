import HDRProbeParse

/// One stream of the report (`docs/report-contract.md`, "Stream"). `color`, `frameRate` and
/// `hdr` are objects on video streams and `null` on the others.
package struct StreamReport: Codable, Sendable, Equatable {
    package var index: Int
    package var kind: Kind
    @NullEncoded package var codec: String?
    /// The sample entry of what the track really is: for an encrypted track the original
    /// format (`frma`), the stored `encv`/`enca` being in ``encryption``.
    @NullEncoded package var sampleEntry: String?
    /// Null for clear streams (``EncryptionReport``).
    @NullEncoded package var encryption: EncryptionReport?
    @NullEncoded package var profile: String?
    @NullEncoded package var level: Int?
    @NullEncoded package var width: Int?
    @NullEncoded package var height: Int?
    @NullEncoded package var bitDepth: Int?
    @NullEncoded package var chromaSubsampling: String?
    @NullEncoded package var color: ColorReport?
    @NullEncoded package var frameRate: FrameRateReport?
    @NullEncoded package var hdr: HDRReport?
    @NullEncoded package var dolbyVision: DolbyVisionReport?
    @NullEncoded package var hls: HLSReport?
    /// The DASH Representation hdrprobe would write (``DASHReport``): only in reports asked for it
    /// (`hdrprobe dash --json`), absent (not null) otherwise.
    package var dash: DASHReport?
    /// The track's language as the container names it (ISO 639-2 `eng`, `und`, or a BCP 47 tag
    /// from Matroska's LanguageBCP47); null when the container names none.
    @NullEncoded package var language: String?
    /// What an audio stream carries (``AudioReport``): on audio streams only, absent (not null) on others.
    package var audio: AudioReport?
    /// `dolbyVisionEnhancementLayer` for the EL stream of a two-PID Dolby Vision presentation;
    /// absent (not null) on every other stream.
    package var role: String?
    /// With `role`: the index of the base-layer stream that carries the presentation.
    package var dependsOn: Int?

    package enum Kind: String, Codable, Sendable { case video, audio, subtitle, data, attachment }

    package init(index: Int, kind: Kind, codec: String?) {
        self.index = index
        self.kind = kind
        self.codec = codec
    }
}

/// Colour description with FFmpeg names and the H.273 transfer code point.
package struct ColorReport: Codable, Sendable, Equatable {
    @NullEncoded package var primaries: String?
    @NullEncoded package var transfer: String?
    @NullEncoded package var matrix: String?
    @NullEncoded package var range: String?
    @NullEncoded package var transferCharacteristics: Int?
    /// `container`, `bitstream`, `both`, or null when neither declares colour.
    @NullEncoded package var source: String?
    /// Code points as the container declares them (not part of the contract).
    @NullEncoded package var container: ColourCodes?
    /// Code points as the bitstream (VUI / AV1 color_config) declares them (not part of the contract).
    @NullEncoded package var bitstream: ColourCodes?

    package init() {}
}

package struct FrameRateReport: Codable, Sendable, Equatable {
    @NullEncoded package var value: Double?
    /// The exact rate (`"N/D"` in JSON).
    @NullEncoded package var rational: FrameRate?
    @NullEncoded package var snapped: Double?
    package var variable: Bool
    /// Where the rate comes from: `bitstream` (VUI / timing_info of a raw stream), `container`
    /// (the container's timing, as libavformat reads it), `libavformat` (its estimate for a raw
    /// stream without timing information), `timestamps` (the median sampled frame duration).
    @NullEncoded package var source: String?

    package init(value: Double?, rational: FrameRate?, snapped: Double?, variable: Bool, source: String? = nil) {
        self.value = value
        self.rational = rational
        self.snapped = snapped
        self.variable = variable
        self.source = source
    }
}

package struct HDRReport: Codable, Sendable, Equatable {
    package var videoRangeType: VideoRangeType
    package var formats: [String]
    @NullEncoded package var masteringDisplay: MasteringDisplay?
    @NullEncoded package var contentLightLevel: ContentLightLevel?
    @NullEncoded package var alternativeTransfer: Int?
    package var hdr10Plus: HDR10PlusReport

    package init(videoRangeType: VideoRangeType, formats: [String], masteringDisplay: MasteringDisplay?,
                contentLightLevel: ContentLightLevel?, alternativeTransfer: Int?, hdr10Plus: HDR10PlusReport) {
        self.videoRangeType = videoRangeType
        self.formats = formats
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.alternativeTransfer = alternativeTransfer
        self.hdr10Plus = hdr10Plus
    }
}

package struct HDR10PlusReport: Codable, Sendable, Equatable {
    package var present: Bool
    @NullEncoded package var profile: String?
    package var framesWithMetadata: Int
    package var framesScanned: Int
    /// Null when no HDR10+ payload was found.
    @NullEncoded package var summary: HDR10PlusSummaryReport?

    package init(present: Bool, profile: String?, framesWithMetadata: Int, framesScanned: Int,
                summary: HDR10PlusSummaryReport? = nil) {
        self.present = present
        self.profile = profile
        self.framesWithMetadata = framesWithMetadata
        self.framesScanned = framesScanned
        self.summary = summary
    }
}

/// The HLS signalling of a video stream; filled by the signalling step (null until then).
package struct HLSReport: Codable, Sendable, Equatable {
    package var codecs: String
    @NullEncoded package var supplementalCodecs: String?
    package var videoRange: VideoRange
    @NullEncoded package var frameRate: HLSFrameRate?
    package var resolution: String
    package var sampleEntry: String
    package var streamInf: String
    /// The sample-entry plan: remux steps and the Dolby Vision record's fate (``SampleEntryPlan``).
    @NullEncoded package var plan: SampleEntryPlan? = nil

    package init(codecs: String, supplementalCodecs: String? = nil, videoRange: VideoRange, frameRate: HLSFrameRate? = nil, resolution: String, sampleEntry: String, streamInf: String, plan: SampleEntryPlan? = nil) {
        self.codecs = codecs
        self.supplementalCodecs = supplementalCodecs
        self.videoRange = videoRange
        self.frameRate = frameRate
        self.resolution = resolution
        self.sampleEntry = sampleEntry
        self.streamInf = streamInf
        self.plan = plan
    }
}
