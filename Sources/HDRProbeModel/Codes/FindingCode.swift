/// Every code hdrprobe emits, in one enum: report findings, HLS signalling and playlist-check
/// findings, Dolby Vision verdicts, report errors and `check`/`diff` codes. The raw value is the
/// stable dotted identifier of the report (`docs/report-contract.md`). ``FindingCode/catalogue`` gives each
/// code its family, default severity, trigger and remedy; `docs/findings.md` is generated from it
/// (`hdrprobe codes --markdown`, `scripts/findings-doc.sh`) and a test keeps the two identical.
package enum FindingCode: String, Sendable, CaseIterable, Codable {
    // Findings
    case dvRpuWithoutConfiguration = "dv.rpuWithoutConfiguration"
    case dvConfigurationWithoutRpu = "dv.configurationWithoutRpu"
    case dvEnhancementLayerMismatch = "dv.enhancementLayerMismatch"
    case dvCompatibilityTransferMismatch = "dv.compatibilityTransferMismatch"
    case dvLevelTooLow = "dv.levelTooLow"
    case dvProfile5WithoutColour = "dv.profile5WithoutColour"
    case colorContainerBitstreamMismatch = "color.containerBitstreamMismatch"
    case hdr10ContainerBitstreamMismatch = "hdr10.containerBitstreamMismatch"
    case hdr10PlusWithoutStaticMetadata = "hdr10plus.withoutStaticMetadata"
    case hdr10PlusInvalidPayload = "hdr10plus.invalidPayload"
    case hlsParameterSetsInBandOnly = "hls.parameterSetsInBandOnly"
    case hlsSEIInConfigurationRecord = "hls.seiInConfigurationRecord"
    case dvProfileMismatch = "dv.profileMismatch"
    case dvRefused = "dv.refused"
    case dvConfigurationIrregular = "dv.configurationIrregular"
    case dvRpuInvalid = "dv.rpuInvalid"
    case dvRecordSourcesDisagree = "dv.recordSourcesDisagree"
    case hdr10MissingMasteringDisplay = "hdr10.missingMasteringDisplay"
    case hdr10MissingContentLightLevel = "hdr10.missingContentLightLevel"
    case hlsSampleEntryInBand = "hls.sampleEntryInBand"
    case frameRateNonStandard = "frameRate.nonStandard"
    case frameRateVariable = "frameRate.variable"
    case containerTruncated = "container.truncated"
    case containerMalformed = "container.malformed"
    case containerUnreadableTail = "container.unreadableTail"
    case encryptionSampleDataNotRead = "encryption.sampleDataNotRead"
    case encryptionMetadataEncrypted = "encryption.metadataEncrypted"
    case scanIncomplete = "scan.incomplete"

    // HLS signalling codes
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

    // HLS playlist check codes
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
    /// No FRAME-RATE on an SDR variant (Apple rule 9.15: MUST be present on every variant with video).
    case checkFrameRateMissing = "hls.check.frameRateMissing"
    /// FRAME-RATE differs from the media's rate by more than the three-decimal rounding.
    case checkFrameRateMismatch = "hls.check.frameRateMismatch"
    /// RESOLUTION differs from the media's picture size.
    case checkResolutionMismatch = "hls.check.resolutionMismatch"
    /// The audio codecs in CODECS differ from the audio muxed in the segments (variant without AUDIO group).
    case checkAudioCodecMismatch = "hls.check.audioCodecMismatch"
    /// HEVC, AV1 or Dolby Vision carried in MPEG-TS segments: AVPlayer gets no video track (§3).
    case checkCodecInTransportStream = "hls.check.codecInTransportStream"
    /// The media is encrypted with a scheme other than `cbcs` (`cenc` AES-CTR, `cens`, `cbc1`):
    /// Apple's HLS stack (FairPlay, SAMPLE-AES) decrypts `cbcs` only (`docs/report-contract.md`, "encryption").
    case encryptionNotCbcs = "hls.encryption.notCbcs"
    /// More variants than the check limit: only the first ones were checked (a note, not a defect).
    case checkVariantLimit = "hls.check.variantLimit"

    // HLS whole-presentation codes (`hls --check` beyond the first segment)
    /// A segment or init section the media playlist names cannot be read.
    case presentationSegmentMissing = "hls.presentation.segmentMissing"
    /// A segment's EXTINF, rounded, is above EXT-X-TARGETDURATION.
    case presentationSegmentTooLong = "hls.presentation.segmentTooLong"
    /// A segment's EXTINF is not the media's own duration.
    case presentationDurationMismatch = "hls.presentation.durationMismatch"
    /// A video segment does not start with a key frame.
    case presentationNoKeyFrameStart = "hls.presentation.noKeyFrameStart"
    /// The measured peak bit rate is above BANDWIDTH.
    case presentationPeakOverBandwidth = "hls.presentation.peakOverBandwidth"
    /// The measured average bit rate is not AVERAGE-BANDWIDTH.
    case presentationAverageMismatch = "hls.presentation.averageMismatch"
    /// A segment's HDR signalling differs from the first segment's.
    case presentationHDRChanged = "hls.presentation.hdrChanged"
    /// The variants' segment boundaries are not aligned.
    case presentationUnaligned = "hls.presentation.unaligned"
    /// An I-frame playlist's byte range does not hold one whole key frame.
    case presentationIFrameNotKeyFrame = "hls.presentation.iFrameNotKeyFrame"
    /// A Media Playlist the Multivariant Playlist names cannot be read or parsed.
    case presentationPlaylistUnreadable = "hls.presentation.playlistUnreadable"
    /// A Dolby Vision variant's segment without an RPU in its first picture.
    case presentationDolbyVisionRPUMissing = "hls.presentation.dolbyVisionRPUMissing"
    /// An HDR10+ variant's segment without HDR10+ metadata in its first picture.
    case presentationHDR10PlusMissing = "hls.presentation.hdr10PlusMissing"
    /// An audio rendition's CHANNELS is not its media's channel count.
    case presentationChannelsMismatch = "hls.presentation.channelsMismatch"
    /// The measured peak is more than 10 % below BANDWIDTH (VOD).
    case presentationPeakBelowBandwidth = "hls.presentation.peakBelowBandwidth"
    /// The walk stopped at its segment limit.
    case presentationBudgetExceeded = "hls.presentation.budgetExceeded"
    /// The encoding or the timeline breaks between two segments without EXT-X-DISCONTINUITY.
    case presentationDiscontinuityMissing = "hls.presentation.discontinuityMissing"

    // HLS ladder codes: the set of variants against Apple's authoring rules
    /// No variant's media is SDR (Apple 1.24).
    case ladderNoSDRVariant = "hls.ladder.noSDRVariant"
    /// Every HDR variant runs above 30 fps (Apple 1.20).
    case ladderNoHDRAt30fps = "hls.ladder.noHDRAt30fps"
    /// No I-frame playlist (Apple 6.1).
    case ladderNoIFramePlaylist = "hls.ladder.noIFramePlaylist"
    /// No I-frame playlist's media is SDR (Apple 6.16).
    case ladderNoSDRIFramePlaylist = "hls.ladder.noSDRIFramePlaylist"

    // Dolby Vision verdict codes
    case accepted = "dv.accepted"
    case dualLayer = "dv.dualLayer"
    case sdrBase = "dv.sdrBase"
    case refusedByPolicy = "dv.refusedByPolicy"
    case levelAboveCap = "dv.levelAboveCap"
    case invalidLevel = "dv.invalidLevel"
    /// A Dolby Vision RPU file (``DolbyVisionRPUFile``): metadata without the video it describes.
    case metadataOnly = "dv.metadataOnly"
    case invalidCompatibility = "dv.invalidCompatibility"
    case unsupportedProfile = "dv.unsupportedProfile"

    // Error codes
    case notFound = "io.notFound"
    case isDirectory = "io.isDirectory"
    case permissionDenied = "io.permissionDenied"
    case empty = "io.empty"
    case readFailed = "io.readFailed"
    case unrecognized = "container.unrecognized"
    /// A CMAF / fMP4 media segment (`styp`? `moof` `mdat`, no `moov`): it needs its init segment.
    case mediaSegmentWithoutInit = "container.mediaSegmentWithoutInit"
    case noStreams = "container.noStreams"
    case timeout = "probe.timeout"
    case demuxFailed = "probe.demuxFailed"
    /// FFmpeg's libraries, loaded when a file needs them, cannot be loaded.
    case ffmpegUnavailable = "probe.ffmpegUnavailable"
    /// `scan`/`check`: the worker process analysing the file died; the scan went on without it.
    case crashed = "probe.crashed"

    // Check and diff codes
    case formatForbidden = "policy.formatForbidden"
    case formatNotAllowed = "policy.formatNotAllowed"
    case requirementNotMet = "policy.requirementNotMet"
    case added = "diff.added"
    case removed = "diff.removed"
    case lostDolbyVision = "diff.lostDolbyVision"
    case verdictRegressed = "diff.verdictRegressed"
    case verdictChanged = "diff.verdictChanged"
    case newError = "diff.newError"
    case errorFixed = "diff.errorFixed"
    case rangeTypeChanged = "diff.rangeTypeChanged"
    case findingAdded = "diff.findingAdded"

    // DASH manifest check codes (`hdrprobe dash --check`, `hdrprobe hls --from-dash`; `docs/rules/dash-manifests.md` §3–§4)
    case dashManifestMalformed = "dash.check.manifestMalformed"
    case dashMediaUnavailable = "dash.check.mediaUnavailable"
    case dashCodecsMissing = "dash.check.codecsMissing"
    case dashCodecsMismatch = "dash.check.codecsMismatch"
    case dashCodecsEncryptedEntry = "dash.check.codecsEncryptedEntry"
    case dashSampleEntryMismatch = "dash.check.sampleEntryMismatch"
    case dashDolbyVisionAsPlainCodec = "dash.check.dolbyVisionAsPlainCodec"
    case dashDolbyVisionNotSignalled = "dash.check.dolbyVisionNotSignalled"
    case dashSupplementalNotInMedia = "dash.check.supplementalNotInMedia"
    case dashSupplementalCodecsMismatch = "dash.check.supplementalCodecsMismatch"
    case dashSupplementalProfilesMissing = "dash.check.supplementalProfilesMissing"
    case dashSupplementalProfilesMismatch = "dash.check.supplementalProfilesMismatch"
    case dashColourMismatch = "dash.check.colourMismatch"
    case dashTransferNotSignalled = "dash.check.transferNotSignalled"
    case dashPQSupplementalOnly = "dash.check.pqSupplementalOnly"
    case dashBandwidthInvalid = "dash.check.bandwidthInvalid"
    case dashFrameRateInvalid = "dash.check.frameRateInvalid"
    case dashFrameRateMismatch = "dash.check.frameRateMismatch"
    case dashResolutionMismatch = "dash.check.resolutionMismatch"
    case dashDependencyInvalid = "dash.check.dependencyInvalid"
    case dashContentProtectionMissing = "dash.check.contentProtectionMissing"
    case dashContentProtectionMismatch = "dash.check.contentProtectionMismatch"
    case dashContentProtectionNotInMedia = "dash.check.contentProtectionNotInMedia"
    case dashRepresentationLimit = "dash.check.representationLimit"

    // DASH whole-presentation codes (`dash --check` beyond the first segment)
    /// A segment or the initialization the MPD addresses cannot be read.
    case dashPresentationSegmentMissing = "dash.presentation.segmentMissing"
    /// A video segment does not start with a key frame.
    case dashPresentationNoKeyFrameStart = "dash.presentation.noKeyFrameStart"
    /// A segment's duration in the MPD is not the media's own.
    case dashPresentationDurationMismatch = "dash.presentation.durationMismatch"
    /// A segment's HDR signalling differs from the first segment's.
    case dashPresentationHDRChanged = "dash.presentation.hdrChanged"
    /// The segments need more than @bandwidth × (@minBufferTime + playout) bits.
    case dashPresentationBandwidthExceeded = "dash.presentation.bandwidthExceeded"
    /// A Dolby Vision Representation's segment without an RPU in its first picture.
    case dashPresentationDolbyVisionRPUMissing = "dash.presentation.dolbyVisionRPUMissing"
    /// An HDR10+ Representation's segment without HDR10+ metadata in its first picture.
    case dashPresentationHDR10PlusMissing = "dash.presentation.hdr10PlusMissing"
    /// The walk stopped at its segment limit.
    case dashPresentationBudgetExceeded = "dash.presentation.budgetExceeded"
    case dashCencNotTranslated = "dash.hls.cencNotTranslated"

    // Fix codes (`hdrprobe fix`; `docs/rules/isobmff-rewrite.md` §4–§5)
    case fixNotISOBMFF = "fix.notIsobmff"
    case fixRemuxNeeded = "fix.remuxNeeded"
    case fixStepUnsupported = "fix.stepUnsupported"
    case fixMovieBoxMissing = "fix.movieBoxMissing"
    case fixMovieBoxTruncated = "fix.movieBoxTruncated"
    case fixFileTruncated = "fix.fileTruncated"
    case fixMovieBoxTooLarge = "fix.movieBoxTooLarge"
    case fixMovieBoxUnrewritable = "fix.movieBoxUnrewritable"
    case fixInputUnreadable = "fix.inputUnreadable"
    case fixProbeFailed = "fix.probeFailed"
    case fixOutputIsInput = "fix.outputIsInput"
    case fixOutputUnwritable = "fix.outputUnwritable"
}

/// The family names read at the call sites (`FindingCode.dvRefused`, `ErrorCode.notFound`); there is
/// one enum behind them, so a code is defined once (`container.truncated` is both a finding and an
/// error code: one case, two catalogue entries).
package typealias ErrorCode = FindingCode
package typealias CheckCode = FindingCode
package typealias DolbyVisionVerdictCode = FindingCode

/// A code reads as its stable identifier in text (`"\\(finding.code)"` is `dv.refused`), as in the JSON.
extension FindingCode: CustomStringConvertible {
    package var description: String { rawValue }
}
