import HDRProbeBytes
import HDRProbeModel
import HDRProbeManifests

/// Compares one `#EXT-X-STREAM-INF` with what its media really is (`hdrprobe hls --check`).
/// Every rule names its source:
///
/// - CODECS present (`docs/rules/apple-playback.md` §3: HEVC on tvOS needs a master with CODECS);
/// - the video element matches the media: family, then profile / tier / level / constraints as
///   hdrprobe derives them from the configuration record (§3 "Plain-HEVC CODECS must match the
///   init's hvcC exactly"; `docs/rules/hls-signalling.md` §2, §4, §6), with P5 as `dvh1.05.LL` and 8.x / 10.x
///   as the base codec plus SUPPLEMENTAL-CODECS (§5.2);
/// - the entry named in CODECS is the one the init section carries, and never `hev1`/`dvhe`/
///   `avc3`/`dvav` (`docs/rules/apple-playback.md` §2.1, Apple rule 1.10);
/// - SUPPLEMENTAL-CODECS passes the §5.3 checks against the media's record, declares only what
///   the media has, and is there when the media carries an accepted DV 8.x/10.x layer (AE CL 1.4.2:
///   without `/db1p` DV never engages);
/// - VIDEO-RANGE (absent = SDR) equals the media's range (§9; HLG signalled as PQ → wrong EOTF);
/// - FRAME-RATE is present (§10: on PQ/HLG variants a device-verified filter, on others Apple rule
///   9.15) and equals the media's
///   rate after three-decimal rounding; RESOLUTION equals the picture size (§12);
/// - muxed audio matches the audio codecs of CODECS when the variant has no AUDIO group (§8);
/// - the first segment's bit rate stays within BANDWIDTH + 10 % (§13);
/// - HEVC / AV1 / Dolby Vision are not carried in MPEG-TS segments (`docs/rules/apple-playback.md` §3).
package enum HLSVariantCheck {
    package static let videoEntries = SampleEntryType.names { _ in true }
    package static let inBandEntries = VideoCodecString.inBandEntries

    /// The issues of `variant` against `media`, rule by rule in the order of the list above.
    package static func check(_ variant: HLSVariantStream, media: HLSMediaFacts) -> [HLSSignalIssue] {
        var issues = Issues()
        if let issue = HLSSignalIssue.encryption(scheme: media.encryption?.scheme, encrypted: media.encryption != nil) {
            issues.list.append(issue)
        }
        let declared = checkCodecs(variant, media: media, into: &issues)
        checkSupplementalCodecs(variant, declared: declared, media: media, into: &issues)
        checkVideoRange(variant, media: media, into: &issues)
        checkFrameRate(variant, media: media, into: &issues)
        checkResolution(variant, media: media, into: &issues)
        checkMuxedAudio(variant, declared: declared, media: media, into: &issues)
        checkBandwidth(variant, media: media, into: &issues)
        checkSegmentFormat(media, into: &issues)
        return issues.list
    }

    /// The issues found so far.
    package struct Issues {
        package var list: [HLSSignalIssue] = []
        package mutating func add(_ code: HLSSignalIssue.Code, _ message: String, subject: String? = nil) {
            list.append(HLSSignalIssue(code, message, subject: subject))
        }
    }

    /// CODECS present, its video element against the media, and no in-band entry anywhere.
    package static func checkCodecs(_ variant: HLSVariantStream, media: HLSMediaFacts, into issues: inout Issues) -> HLSCodecs {
        let expectedCodec = media.videoCodec
        var declared = HLSCodecs([])
        if let list = variant.codecs {
            declared = HLSCodecs(list)
        } else {
            issues.add(.checkCodecsMissing, "The variant has no CODECS attribute; the media needs \"\(media.expected.codecs)\" (tvOS plays HEVC only from a master with CODECS).")
        }
        let declaredVideo = declared.codecs.filter { videoEntries.contains(entry(of: $0)) }
        if variant.codecs != nil {
            if let video = declaredVideo.first {
                compareVideo(video, media: media, expectedCodec: expectedCodec) { issues.add($0, $1, subject: $2) }
            } else {
                issues.add(.checkVideoCodecMismatch, "CODECS \"\(declared.string)\" declares no video codec; the media's video is \(expectedCodec).",
                           subject: declared.string)
            }
        }
        for codec in declared.codecs + (variant.supplementalCodecs?.map(\.codec) ?? []) {
            let e = entry(of: codec)
            if inBandEntries.contains(e) {
                issues.add(.checkInBandEntry, "'\(codec)' names the in-band entry \(e); Apple wants \(VideoCodecString.outOfBandEntry(e)) with parameter sets in the configuration record (rule 1.10), and AVPlayer rejects hev1.",
                           subject: codec)
            }
        }
        return declared
    }

    /// SUPPLEMENTAL-CODECS: the value's own checks, nothing the media lacks, and the Dolby Vision
    /// and HDR10+ layers the media has.
    package static func checkSupplementalCodecs(_ variant: HLSVariantStream, declared: HLSCodecs, media: HLSMediaFacts,
                                        into issues: inout Issues) {
        let declaredSupplemental = variant.supplementalCodecs ?? []
        if !declaredSupplemental.isEmpty {
            issues.list += SupplementalCodecsCheck.check(codecs: declared, supplementalCodecs: SupplementalCodecs(declaredSupplemental),
                                                         videoRange: variant.videoRange, dolbyVision: media.dolbyVision,
                                                         dolbyVisionLevel: media.dolbyVisionLevel)
        }
        for element in declaredSupplemental where DolbyVisionCodecString(element.codec) != nil {
            if media.dolbyVision == nil {
                issues.add(.checkSupplementalNotInMedia, "SUPPLEMENTAL-CODECS declares Dolby Vision '\(element.string)' but the media carries no Dolby Vision (no record, no RPU).",
                           subject: element.string)
            } else if !media.hasDolbyVisionRecord {
                issues.add(.checkSupplementalNotInMedia, "SUPPLEMENTAL-CODECS declares Dolby Vision '\(element.string)' but the init section has no Dolby Vision configuration record (the samples carry RPUs only): Apple players never engage Dolby Vision without it. Package with a muxer that writes dvvC (FFmpeg's HLS muxer before 6.1 drops it).",
                           subject: element.string)
            }
        }
        let declaresHDR10Plus = declaredSupplemental.contains { $0.brands.contains { $0.lowercased() == SupplementalCodecs.hdr10PlusBrand } }
        if declaresHDR10Plus && !media.hdr10Plus {
            issues.add(.checkHDR10PlusNotInMedia, "SUPPLEMENTAL-CODECS declares HDR10+ (cdm4) but no ST 2094-40 metadata was found in the frames read.")
        }
        let expectedSupplemental = media.expected.supplementalCodecs.map { SupplementalCodecs(parsing: $0).elements } ?? []
        let declaresDolbyVision = declaredSupplemental.contains { DolbyVisionCodecString($0.codec) != nil }
        if let dvElement = expectedSupplemental.first(where: { DolbyVisionCodecString($0.codec) != nil }), !declaresDolbyVision,
           media.hasDolbyVisionRecord {
            issues.add(.checkDolbyVisionNotSignalled, "The media carries Dolby Vision \(media.dolbyVision?.string ?? "") that the policy accepts, but SUPPLEMENTAL-CODECS does not declare \"\(dvElement.string)\": Apple players play the base layer and Dolby Vision never engages.",
                       subject: dvElement.string)
        }
        if expectedSupplemental.contains(where: { $0.brands.contains(SupplementalCodecs.hdr10PlusBrand) }), !declaresHDR10Plus {
            issues.add(.checkHDR10PlusNotSignalled, "The media carries HDR10+ metadata; SUPPLEMENTAL-CODECS could declare \"\(media.expected.supplementalCodecs ?? "")\".")
        }
    }

    /// VIDEO-RANGE (absent = SDR) equals the media's range.
    package static func checkVideoRange(_ variant: HLSVariantStream, media: HLSMediaFacts, into issues: inout Issues) {
        let expectedRange = media.expected.videoRange
        guard variant.effectiveVideoRange != expectedRange else { return }
        let written = variant.attributes["VIDEO-RANGE"].map { "VIDEO-RANGE=\($0.rawText)" } ?? "No VIDEO-RANGE (SDR)"
        issues.add(.checkVideoRangeMismatch, "\(written) but the media is \(expectedRange.rawValue)\(expectedRange == .sdr ? "" : "; Apple players pick the wrong transfer or skip the variant").")
    }

    /// FRAME-RATE present, equal to the media's after three-decimal rounding, at most 60.
    package static func checkFrameRate(_ variant: HLSVariantStream, media: HLSMediaFacts, into issues: inout Issues) {
        let expectedRate = media.expected.frameRate
        if let text = variant.frameRateText {
            guard let rate = variant.frameRate.flatMap({ HLSFrameRate(framesPerSecond: $0) }) else { return }
            if let expectedRate, abs(rate.thousandths - expectedRate.thousandths) > 1 {
                issues.add(.checkFrameRateMismatch, "FRAME-RATE=\(text) but the media runs at \(expectedRate.string) fps; Match Frame Rate switches the display to the declared rate.",
                           subject: text)
            }
            if rate.thousandths > 60_000 {
                issues.add(.frameRateAbove60, "FRAME-RATE \(text) is above 60, which Apple's authoring rule 1.19 says SHALL NOT be used.", subject: text)
            }
        } else if let range = variant.effectiveVideoRange, range != .sdr {
            issues.add(.frameRateMissingForHDR, "A VIDEO-RANGE=\(range.rawValue) variant without FRAME-RATE is filtered out by AVPlayer when it parses the master playlist\(expectedRate.map { "; the media runs at \($0.string)" } ?? "").")
        } else {
            issues.add(.checkFrameRateMissing, "The variant has no FRAME-RATE, which Apple's rule 9.15 requires on every variant with video\(expectedRate.map { "; the media runs at \($0.string)" } ?? "").")
        }
    }

    /// RESOLUTION equals the picture size.
    package static func checkResolution(_ variant: HLSVariantStream, media: HLSMediaFacts, into issues: inout Issues) {
        if let resolution = variant.resolution, resolution.string != media.expected.resolution {
            issues.add(.checkResolutionMismatch, "RESOLUTION=\(resolution.string) but the media's picture is \(media.expected.resolution).",
                       subject: resolution.string)
        }
    }

    /// Muxed audio matches the audio codecs of CODECS (only when no AUDIO group supplies it).
    package static func checkMuxedAudio(_ variant: HLSVariantStream, declared: HLSCodecs, media: HLSMediaFacts,
                                into issues: inout Issues) {
        guard variant.audioGroup == nil, variant.codecs != nil else { return }
        let declaredAudio = declared.codecs.filter { !videoEntries.contains(entry(of: $0)) && !$0.isEmpty }
        let lower = Set(declaredAudio.map { $0.lowercased() })
        let mediaAudio = Set(media.audioCodecs.map { $0.lowercased() })
        if lower != mediaAudio {
            let have = media.audioCodecs.isEmpty ? "no audio" : media.audioCodecs.joined(separator: ", ")
            let said = declaredAudio.isEmpty ? "no audio codec" : declaredAudio.joined(separator: ", ")
            issues.add(.checkAudioCodecMismatch, "CODECS declares \(said) and the variant has no AUDIO group, but the segments carry \(have).")
        }
    }

    /// The first segment's bit rate stays within BANDWIDTH + 10 %.
    package static func checkBandwidth(_ variant: HLSVariantStream, media: HLSMediaFacts, into issues: inout Issues) {
        if let measured = media.segmentBitRate, let bandwidth = variant.bandwidth, bandwidth > 0,
           Double(measured) > Double(bandwidth) * 1.1 {
            issues.add(.bandwidthPeakMismatch, "The first segment's bit rate (\(measured) bit/s) is more than 10 % above BANDWIDTH=\(bandwidth); under-declared BANDWIDTH stalls playback (-12318).")
        }
    }

    /// HEVC, AV1 and Dolby Vision are not carried in MPEG-TS segments.
    package static func checkSegmentFormat(_ media: HLSMediaFacts, into issues: inout Issues) {
        let codec = media.codec.flatMap(VideoCodec.init(rawValue:))
        if media.container == "mpegts", codec == .hevc || codec == .av1 || media.dolbyVision != nil {
            issues.add(.checkCodecInTransportStream, "The segments are MPEG-TS carrying \(media.codec ?? "video")\(media.dolbyVision != nil ? " with Dolby Vision" : ""); AVPlayer gets no video track for HEVC, AV1 or Dolby Vision in TS — package them as fMP4.")
        }
    }

    /// The first period-separated element, lower-cased.
    package static func entry(of codec: String) -> String {
        CodecStringFormatting.elements(codec).first.map { $0.lowercased() } ?? ""
    }

    /// Family of an entry: HEVC base, Dolby Vision over HEVC, AVC, AV1, Dolby Vision over AV1, VP9.
    package static func family(_ entry: String) -> String {
        SampleEntryType(rawValue: entry)?.familyName ?? entry
    }

    private static func compareVideo(_ declared: String, media: HLSMediaFacts, expectedCodec: String,
                                     add: (HLSSignalIssue.Code, String, String?) -> Void) {
        let declaredEntry = entry(of: declared)
        let expectedEntry = entry(of: expectedCodec)
        let stored = media.storedSampleEntry?.lowercased()

        // The entry against the init section's sample entry (fMP4 only).
        if let stored, VideoCodecString.outOfBandEntry(declaredEntry) != VideoCodecString.outOfBandEntry(stored)
            || (inBandEntries.contains(stored) != inBandEntries.contains(declaredEntry)) {
            add(.checkSampleEntryMismatch, "CODECS names \(declaredEntry) but the init section's sample entry is \(stored).", declared)
        }

        let declaredFamily = family(VideoCodecString.outOfBandEntry(declaredEntry))
        let expectedFamily = family(expectedEntry)
        if declaredFamily != expectedFamily {
            var why = ""
            if expectedEntry == SampleEntryType.dvh1.rawValue {
                why = " Profile 5 has no compatible base: without dvh1.05.LL Apple players decode IPT as YCbCr (green/purple picture)."
            } else if SampleEntryType(rawValue: declaredEntry)?.outOfBand == .dvh1 {
                why = " A bare dvh1 primary for profile 8 makes AVPlayer refetch the master and never start; declare the base codec and the Dolby Vision layer in SUPPLEMENTAL-CODECS."
            } else if declaredEntry == SampleEntryType.dav1.rawValue, expectedEntry == SampleEntryType.av01.rawValue {
                why = " Profiles 10.1 / 10.4 are signalled as the AV1 base plus dav1 in SUPPLEMENTAL-CODECS."
            }
            add(.checkVideoCodecMismatch, "CODECS declares \(declaredFamily) '\(declared)' but the media is \(expectedFamily) '\(expectedCodec)'.\(why)", declared)
            return
        }
        // Same family: compare the parameters, normalised (entry aside, trailing zero constraint
        // bytes dropped, case-insensitive; an AV1 short form compares its four fields).
        guard let mine = VideoCodecString(expectedCodec) else { return }
        guard let theirs = VideoCodecString(declared) else {
            add(.checkVideoCodecMismatch, "'\(declared)' is not a valid \(declaredFamily) codec string; the media is '\(expectedCodec)'.", declared)
            return
        }
        var a = theirs.withSampleEntry(expectedEntry).string.lowercased()
        var b = mine.string.lowercased()
        if case .av1 = theirs, CodecStringFormatting.elements(declared).count == 4 {
            a = CodecStringFormatting.elements(a).prefix(4).joined(separator: ".")
            b = CodecStringFormatting.elements(b).prefix(4).joined(separator: ".")
        }
        if a != b {
            add(.checkVideoCodecMismatch, "CODECS declares '\(declared)' but the media's configuration gives '\(expectedCodec)' (Apple TV rejects a CODECS that does not match the init's configuration).", declared)
        }
    }
}
