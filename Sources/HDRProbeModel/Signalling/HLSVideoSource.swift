/// What the §5.2 decision (``HLSVideoSignalling/decide(_:)``) needs to know about one video stream
/// (`docs/rules/hls-signalling.md` §5.2, §9).
package struct HLSVideoSource: Sendable, Equatable {
    /// The Dolby Vision side of the stream: the resolved profile, the record's `dv_level`, and
    /// whether the active policy accepts it (`docs/rules/dolby-vision.md` §1.1).
    package struct DolbyVision: Sendable, Equatable {
        package var profile: DolbyVisionProfile
        /// `dv_level` as stored (0 or > 13 is invalid; nil when only an RPU was found).
        package var level: Int?
        package var accepted: Bool

        package init(profile: DolbyVisionProfile, level: Int?, accepted: Bool) {
            self.profile = profile
            self.level = level
            self.accepted = accepted
        }
    }

    /// §5.4 options.
    package struct Options: Sendable, Equatable {
        /// Emit `<base>/cdm4` as a second SUPPLEMENTAL-CODECS element next to the DV 8.1/10.1
        /// element (§5.4: allowed by HLS2, no public Apple example; default off, Jellyfin's way).
        package var hdr10PlusAlongsideDolbyVision: Bool

        package init(hdr10PlusAlongsideDolbyVision: Bool = false) {
            self.hdr10PlusAlongsideDolbyVision = hdr10PlusAlongsideDolbyVision
        }
    }

    /// FFmpeg codec name: `hevc`, `h264`, `av1`, `vp9`.
    package var codec: String
    /// The stream-derived base string (§2, §3, §6, §7) with any entry; nil when it could not be
    /// derived (``baseUnavailable`` says why).
    package var base: VideoCodecString?
    package var baseUnavailable: CodecStringError?
    package var dolbyVision: DolbyVision?
    /// ST 2094-40 metadata found in the frames scanned.
    package var hdr10Plus: Bool
    /// H.273 transfer characteristics of the base layer (VUI / container).
    package var transfer: Int?
    /// preferred_transfer_characteristics from an alternative transfer characteristics SEI.
    package var alternativeTransfer: Int?
    /// Picture size and rate, used to check or derive the Dolby Vision level.
    package var width: Int?
    package var height: Int?
    package var framesPerSecond: Double?
    package var options: Options

    package init(codec: String, base: VideoCodecString?, baseUnavailable: CodecStringError? = nil,
                dolbyVision: DolbyVision? = nil, hdr10Plus: Bool = false, transfer: Int?,
                alternativeTransfer: Int? = nil, width: Int? = nil, height: Int? = nil,
                framesPerSecond: Double? = nil, options: Options = Options()) {
        self.codec = codec
        self.base = base
        self.baseUnavailable = baseUnavailable
        self.dolbyVision = dolbyVision
        self.hdr10Plus = hdr10Plus
        self.transfer = transfer
        self.alternativeTransfer = alternativeTransfer
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.options = options
    }
}
