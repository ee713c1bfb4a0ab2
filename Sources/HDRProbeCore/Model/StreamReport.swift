/// One stream of the report (`docs/report-contract.md`, "Stream"). `color`, `frameRate` and
/// `hdr` are objects on video streams and `null` on the others.
public struct StreamReport: Codable, Sendable, Equatable {
    public var index: Int
    public var kind: Kind
    @NullEncoded public var codec: String?
    /// The sample entry of what the track really is: for an encrypted track the original
    /// format (`frma`), the stored `encv`/`enca` being in ``encryption``.
    @NullEncoded public var sampleEntry: String?
    /// Null for clear streams (``EncryptionReport``).
    @NullEncoded public var encryption: EncryptionReport?
    @NullEncoded public var profile: String?
    @NullEncoded public var level: Int?
    @NullEncoded public var width: Int?
    @NullEncoded public var height: Int?
    @NullEncoded public var bitDepth: Int?
    @NullEncoded public var chromaSubsampling: String?
    @NullEncoded public var color: ColorReport?
    @NullEncoded public var frameRate: FrameRateReport?
    @NullEncoded public var hdr: HDRReport?
    @NullEncoded public var dolbyVision: DolbyVisionReport?
    @NullEncoded public var hls: HLSReport?
    /// `dolbyVisionEnhancementLayer` for the EL stream of a two-PID Dolby Vision presentation;
    /// absent (not null) on every other stream.
    public var role: String?
    /// With `role`: the index of the base-layer stream that carries the presentation.
    public var dependsOn: Int?

    public enum Kind: String, Codable, Sendable { case video, audio, subtitle, data, attachment }

    public init(index: Int, kind: Kind, codec: String?) {
        self.index = index
        self.kind = kind
        self.codec = codec
    }
}

/// Colour description with FFmpeg names and the H.273 transfer code point.
public struct ColorReport: Codable, Sendable, Equatable {
    @NullEncoded public var primaries: String?
    @NullEncoded public var transfer: String?
    @NullEncoded public var matrix: String?
    @NullEncoded public var range: String?
    @NullEncoded public var transferCharacteristics: Int?
    /// `container`, `bitstream`, `both`, or null when neither declares colour.
    @NullEncoded public var source: String?
    /// Code points as the container declares them (not part of the contract).
    @NullEncoded public var container: ColourCodes?
    /// Code points as the bitstream (VUI / AV1 color_config) declares them (not part of the contract).
    @NullEncoded public var bitstream: ColourCodes?

    public init() {}
}

public struct FrameRateReport: Codable, Sendable, Equatable {
    @NullEncoded public var value: Double?
    /// The exact rate (`"N/D"` in JSON).
    @NullEncoded public var rational: FrameRate?
    @NullEncoded public var snapped: Double?
    public var variable: Bool
    /// Where the rate comes from: `bitstream` (VUI / timing_info of a raw stream), `container`
    /// (the container's timing, as libavformat reads it), `libavformat` (its estimate for a raw
    /// stream without timing information), `timestamps` (the median sampled frame duration).
    @NullEncoded public var source: String?

    public init(value: Double?, rational: FrameRate?, snapped: Double?, variable: Bool, source: String? = nil) {
        self.value = value
        self.rational = rational
        self.snapped = snapped
        self.variable = variable
        self.source = source
    }
}

public struct HDRReport: Codable, Sendable, Equatable {
    public var videoRangeType: VideoRangeType
    public var formats: [String]
    @NullEncoded public var masteringDisplay: MasteringDisplay?
    @NullEncoded public var contentLightLevel: ContentLightLevel?
    @NullEncoded public var alternativeTransfer: Int?
    public var hdr10Plus: HDR10PlusReport

    public init(videoRangeType: VideoRangeType, formats: [String], masteringDisplay: MasteringDisplay?,
                contentLightLevel: ContentLightLevel?, alternativeTransfer: Int?, hdr10Plus: HDR10PlusReport) {
        self.videoRangeType = videoRangeType
        self.formats = formats
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.alternativeTransfer = alternativeTransfer
        self.hdr10Plus = hdr10Plus
    }
}

public struct HDR10PlusReport: Codable, Sendable, Equatable {
    public var present: Bool
    @NullEncoded public var profile: String?
    public var framesWithMetadata: Int
    public var framesScanned: Int
    /// Null when no HDR10+ payload was found.
    @NullEncoded public var summary: HDR10PlusSummaryReport?

    public init(present: Bool, profile: String?, framesWithMetadata: Int, framesScanned: Int,
                summary: HDR10PlusSummaryReport? = nil) {
        self.present = present
        self.profile = profile
        self.framesWithMetadata = framesWithMetadata
        self.framesScanned = framesScanned
        self.summary = summary
    }
}

/// The HLS signalling of a video stream; filled by the signalling step (null until then).
public struct HLSReport: Codable, Sendable, Equatable {
    public var codecs: String
    @NullEncoded public var supplementalCodecs: String?
    public var videoRange: VideoRange
    @NullEncoded public var frameRate: HLSFrameRate?
    public var resolution: String
    public var sampleEntry: String
    public var streamInf: String
    /// The sample-entry plan: remux steps and the Dolby Vision record's fate (``SampleEntryPlan``).
    @NullEncoded public var plan: SampleEntryPlan? = nil
}
