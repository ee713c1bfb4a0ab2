/// A problem or noteworthy decision found while computing or checking HLS signalling
/// (`docs/rules/hls-signalling.md`). ``Code`` values are stable dotted identifiers, as the
/// report's finding codes are; each case names the section it comes from. Severity follows the
/// consequence: `error` for what AVPlayer is known to reject, `warning` for what is wrong but may
/// play, `info` for a decision worth showing.
public struct HLSSignalIssue: Sendable, Equatable, Codable {
    public enum Code: String, Sendable, Codable, CaseIterable {
        /// §2.1/§3/§6: no codec string could be derived (Annex B private data, short record, …).
        case codecStringUnavailable = "hls.codecString.unavailable"
        /// §7: the codec is not one Apple's HLS parser accepts (VP9).
        case notAppleCodec = "hls.codecs.notAppleCodec"
        /// §4: `dv_level` is 0 or above 13; the level was derived from the picture or no DV string made.
        case dolbyVisionLevelInvalid = "hls.dolbyVision.levelInvalid"
        /// §4: no configuration record (RPU-only stream); the level was derived from the picture.
        case dolbyVisionLevelDerived = "hls.dolbyVision.levelDerived"
        /// §5.2: Dolby Vision present but refused / without an Apple route; only the base is signalled.
        case dolbyVisionNoAppleRoute = "hls.dolbyVision.noAppleRoute"
        /// §5.2/`docs/rules/dolby-vision.md` §3: compat 4 over a BT.2020 SDR-gamma base (MP4RA `db4g`); `db4h` emitted.
        case dolbyVisionHLGBrandOverSDRGamma = "hls.dolbyVision.hlgBrandOverSdrGamma"
        /// §5.2: HDR10+ metadata on a stream whose range is not PQ; no `cdm4` brand emitted.
        case hdr10PlusWithoutPQ = "hls.hdr10Plus.withoutPQ"
        /// §5.4: HDR10+ next to Dolby Vision; only the DV element is emitted by default.
        case hdr10PlusAlongsideDolbyVision = "hls.hdr10Plus.alongsideDolbyVision"
        /// §9: transfer characteristics not covered by HLS2 (2, 4, 5, 7, 8, 11, 12, 17, …, or none); SDR.
        case videoRangeUnknownTransfer = "hls.videoRange.unknownTransfer"
        /// §9: an alternative transfer characteristics SEI prefers another transfer (18); range from the VUI.
        case videoRangeAlternativeTransfer = "hls.videoRange.alternativeTransfer"
        /// §9: the Dolby Vision profile sets a range that differs from the signalled transfer.
        case videoRangeDolbyVisionOverride = "hls.videoRange.dolbyVisionOverride"
        /// §12: non-square pixels; RESOLUTION reports the stored size.
        case resolutionNonSquarePixels = "hls.resolution.nonSquarePixels"
        /// §10: a PQ/HLG variant without FRAME-RATE is filtered at master parse (device-verified).
        case frameRateMissingForHDR = "hls.frameRate.missingForHDR"
        /// §10: above 60 fps (Apple rule 1.19).
        case frameRateAbove60 = "hls.frameRate.above60"
        /// §13: measured average more than 10 % away from AVERAGE-BANDWIDTH.
        case bandwidthAverageMismatch = "hls.bandwidth.averageMismatch"
        /// §13: measured peak more than 10 % away from BANDWIDTH (VOD) / at or above 125 % of it (live).
        case bandwidthPeakMismatch = "hls.bandwidth.peakMismatch"
        /// §13: measured peak at or above 200 % of the measured average (VOD).
        case bandwidthPeakToAverage = "hls.bandwidth.peakToAverage"
        /// §13: measured average above 110 % of AVERAGE-BANDWIDTH (live).
        case bandwidthLiveAverageExceeded = "hls.bandwidth.liveAverageExceeded"
        /// §5.3 rule 1: an element is empty or its first field is not a valid CODECS format.
        case supplementalMalformed = "hls.supplementalCodecs.malformed"
        /// §5.3 rule 2: the element's base layer is not declared in CODECS.
        case supplementalBaseMissing = "hls.supplementalCodecs.baseMissing"
        /// §5.3 rule 3: `db1p` without `VIDEO-RANGE=PQ`, `db4h` without `HLG`.
        case supplementalBrandRangeMismatch = "hls.supplementalCodecs.brandRangeMismatch"
        /// §5.3 rule 3: a Dolby Vision 8.x/10.x element without a compatibility brand.
        case supplementalBrandMissing = "hls.supplementalCodecs.brandMissing"
        /// §5.3 rule 4: the brand contradicts the configuration record's compatibility id.
        case supplementalBrandCompatibilityMismatch = "hls.supplementalCodecs.brandCompatibilityMismatch"
        /// §5.3 rule 4: `db2g` / `db4g` have no Apple route.
        case supplementalNoAppleRoute = "hls.supplementalCodecs.noAppleRoute"
        /// §5.3 rule 5: the element's Dolby Vision level differs from `dv_level`.
        case supplementalLevelMismatch = "hls.supplementalCodecs.levelMismatch"
        /// §5.3: the element's Dolby Vision profile differs from the record's.
        case supplementalProfileMismatch = "hls.supplementalCodecs.profileMismatch"
        /// §5.1/§5.2: a Dolby Vision profile without a backward-compatible base in SUPPLEMENTAL-CODECS.
        case supplementalProfileWithoutBase = "hls.supplementalCodecs.profileWithoutBase"
        /// §5.1: a brand hdrprobe does not know (`db1p`, `db2g`, `db4h`, `db4g`, `cdm4` are known).
        case supplementalUnknownBrand = "hls.supplementalCodecs.unknownBrand"
        /// §5.4: `cdm4` appended to a Dolby Vision element (not used anywhere public).
        case supplementalCdm4OnDolbyVision = "hls.supplementalCodecs.cdm4OnDolbyVision"

        // `hdrprobe hls --check`: a playlist's declarations against its media.
        /// The playlist cannot be read or parsed (RFC 8216 grammar; line number in the message).
        case checkPlaylistMalformed = "hls.check.playlistMalformed"
        /// A variant's media playlist, init section or first segment cannot be fetched or probed.
        case checkMediaUnavailable = "hls.check.mediaUnavailable"
        /// No CODECS attribute (tvOS needs it for HEVC, `docs/rules/apple-playback.md` §3).
        case checkCodecsMissing = "hls.check.codecsMissing"
        /// The video element of CODECS is not what the media carries (family, profile, tier, level).
        case checkVideoCodecMismatch = "hls.check.videoCodecMismatch"
        /// CODECS names a sample entry the init section does not carry (`hvc1` over `hev1`, `dvh1` over `hvc1`).
        case checkSampleEntryMismatch = "hls.check.sampleEntryMismatch"
        /// CODECS or SUPPLEMENTAL-CODECS uses `hev1`/`dvhe`/`avc3`/`dvav` (Apple rule 1.10; AVPlayer rejects `hev1`).
        case checkInBandEntry = "hls.check.inBandEntry"
        /// The media carries an accepted Dolby Vision 8.x/10.x layer the playlist does not signal.
        case checkDolbyVisionNotSignalled = "hls.check.dolbyVisionNotSignalled"
        /// SUPPLEMENTAL-CODECS declares a Dolby Vision layer the media does not carry.
        case checkSupplementalNotInMedia = "hls.check.supplementalNotInMedia"
        /// SUPPLEMENTAL-CODECS declares `cdm4` but no HDR10+ metadata was found in the frames read.
        case checkHDR10PlusNotInMedia = "hls.check.hdr10PlusNotInMedia"
        /// The media carries HDR10+ the playlist does not signal with `cdm4`.
        case checkHDR10PlusNotSignalled = "hls.check.hdr10PlusNotSignalled"
        /// VIDEO-RANGE (absent = SDR) differs from the media's range.
        case checkVideoRangeMismatch = "hls.check.videoRangeMismatch"
        /// FRAME-RATE differs from the media's rate by more than the three-decimal rounding.
        case checkFrameRateMismatch = "hls.check.frameRateMismatch"
        /// No FRAME-RATE on an SDR variant (Apple rule 9.15: MUST be present on every variant with video).
        case checkFrameRateMissing = "hls.check.frameRateMissing"
        /// RESOLUTION differs from the media's picture size.
        case checkResolutionMismatch = "hls.check.resolutionMismatch"
        /// The audio codecs in CODECS differ from the audio muxed in the segments (variant without AUDIO group).
        case checkAudioCodecMismatch = "hls.check.audioCodecMismatch"
        /// HEVC, AV1 or Dolby Vision carried in MPEG-TS segments: AVPlayer gets no video track (§3).
        case checkCodecInTransportStream = "hls.check.codecInTransportStream"
        /// The media is encrypted with a scheme other than `cbcs` (`cenc` AES-CTR, `cens`, `cbc1`):
        /// Apple's HLS stack (FairPlay, SAMPLE-AES) decrypts `cbcs` only (`docs/report-contract.md`, "encryption").
        case encryptionNotCbcs = "hls.encryption.notCbcs"

        public var severity: Finding.Severity {
            switch self {
            case .codecStringUnavailable, .supplementalMalformed, .supplementalBaseMissing,
                 .supplementalBrandRangeMismatch, .supplementalBrandMissing, .supplementalBrandCompatibilityMismatch,
                 .frameRateMissingForHDR, .checkPlaylistMalformed, .checkMediaUnavailable, .checkCodecsMissing,
                 .checkVideoCodecMismatch, .checkSampleEntryMismatch, .checkInBandEntry, .checkSupplementalNotInMedia,
                 .checkVideoRangeMismatch, .checkCodecInTransportStream:
                return .error
            case .dolbyVisionLevelInvalid, .supplementalNoAppleRoute,
                 .supplementalLevelMismatch, .supplementalProfileMismatch, .supplementalProfileWithoutBase,
                 .frameRateAbove60, .bandwidthAverageMismatch, .bandwidthPeakMismatch, .bandwidthPeakToAverage,
                 .bandwidthLiveAverageExceeded, .checkDolbyVisionNotSignalled, .checkHDR10PlusNotInMedia,
                 .checkFrameRateMismatch, .checkResolutionMismatch, .checkAudioCodecMismatch, .checkFrameRateMissing,
                 .encryptionNotCbcs:
                return .warning
            case .notAppleCodec, .dolbyVisionLevelDerived, .dolbyVisionNoAppleRoute, .dolbyVisionHLGBrandOverSDRGamma, .hdr10PlusWithoutPQ,
                 .hdr10PlusAlongsideDolbyVision, .videoRangeUnknownTransfer, .videoRangeAlternativeTransfer,
                 .videoRangeDolbyVisionOverride, .resolutionNonSquarePixels, .supplementalUnknownBrand,
                 .supplementalCdm4OnDolbyVision, .checkHDR10PlusNotSignalled:
                return .info
            }
        }
    }

    public var code: Code
    public var severity: Finding.Severity
    public var message: String
    /// The value the issue is about (a SUPPLEMENTAL-CODECS element, a codec string), when one.
    public var subject: String?

    public init(_ code: Code, _ message: String, subject: String? = nil) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.subject = subject
    }
}

extension HLSSignalIssue {
    /// `hls.encryption.notCbcs` for media encrypted with `scheme`, nil for `cbcs` or clear media.
    public static func encryption(scheme: String?, encrypted: Bool) -> HLSSignalIssue? {
        guard encrypted, scheme != "cbcs" else { return nil }
        return HLSSignalIssue(.encryptionNotCbcs,
                              "The media is encrypted with '\(scheme ?? "an unknown scheme")'; Apple's HLS stack (FairPlay, SAMPLE-AES) decrypts only 'cbcs': package the HLS variants with the cbcs scheme.")
    }
}
