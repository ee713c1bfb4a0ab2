import HDRProbeParse
import HDRProbeModel

/// Turns the evidence gathered for a video stream into its report entry and findings: colour
/// (container wins over the bitstream when both declare it), frame rate and snapping, static HDR
/// metadata (container first, then SEI), Dolby Vision resolution and verdict, VideoRangeType and
/// the findings of `docs/findings.md` that are visible at this stage.
package struct VideoStreamClassifier: Sendable {
    package var policy: DolbyVisionPolicy

    package init(policy: DolbyVisionPolicy = .default) { self.policy = policy }

    /// The frame rate and where it comes from (`frameRate.source`): a raw stream's own timing
    /// information first, else the container's rate as libavformat reads it, else the rate the
    /// sampled timestamps state (``FrameRate/fromTimestamps(_:timeBaseNumerator:timeBaseDenominator:)``), else (an fMP4 init segment without samples) the timing information
    /// of the configuration record's parameter sets.
    package static func frameRate(_ e: VideoEvidence) -> (FrameRate?, String?) {
        if e.bitstreamTimingFirst, let rate = e.scan.timingFrameRate { return (rate, "bitstream") }
        if let rate = e.declaredFrameRate { return (rate, e.bitstreamTimingFirst ? "libavformat" : "container") }
        if let rate = FrameRate.fromTimestamps(e.sampledPTS, timeBaseNumerator: e.timeBaseNumerator,
                                               timeBaseDenominator: e.timeBaseDenominator) {
            return (rate, "timestamps")
        }
        // A bare init segment (CMAF header: no samples, no timing): the parameter sets' own timing;
        // for H.264 only a fixed one (fixed_frame_rate_flag 1): otherwise time_scale / (2 × num_units_in_tick)
        // is a clock tick, not a frame rate (H.264 §E.2.1; shaka-player's init-fairplay.mp4 would say 90000).
        if let rate = e.scan.timingFrameRate, e.scan.avcSPS?.vui?.fixedFrameRateFlag != false { return (rate, "bitstream") }
        return (nil, nil)
    }

    package func classify(_ e: VideoEvidence) -> (StreamReport, [Finding]) {
        var findings = Self.encryptionFindings(e)
        var s = Self.picture(e)
        let color = Self.colour(e)
        s.color = color
        let transfer = color.transferCharacteristics
        let rate: FrameRate?
        (s.frameRate, rate) = Self.frameRateReport(e, findings: &findings)
        let hdr10Plus = Self.hdr10PlusReport(e, findings: &findings)
        let dvProfile = DolbyVisionProfile.resolve(codec: e.codec, record: e.doviRecord,
                                                   rpuProfile: e.scan.rpuProfile, baseTransfer: transfer)
        s.dolbyVision = dolbyVision(e, profile: dvProfile, transfer: transfer, findings: &findings)
        findings += ContainerBitstreamChecks(e).findings(transfer: transfer, frameRate: rate?.value, hdr10Plus: hdr10Plus.present)
        s.hdr = Self.hdrReport(e, dolbyVision: dvProfile, hasDolbyVision: s.dolbyVision != nil, transfer: transfer, hdr10Plus: hdr10Plus)
        findings += Self.staticMetadataFindings(e, transfer: transfer, hdr: s.hdr)
        findings += Self.sampleEntryFindings(e)
        return (s, findings)
    }

    /// The coded picture: profile, level, size, bit depth and chroma. The parameter sets are the
    /// truth about the coded picture; container dimensions can differ (mkvmerge doubles the height
    /// of field-coded HEVC).
    package static func picture(_ e: VideoEvidence) -> StreamReport {
        var s = StreamReport(index: e.index, kind: .video, codec: e.codec)
        s.sampleEntry = e.sampleEntry
        s.encryption = e.encryption
        s.profile = e.profileName
        s.level = e.level ?? e.scan.levelIDC
        s.width = e.scan.width ?? e.width
        s.height = e.scan.height ?? e.height
        s.bitDepth = e.scan.bitDepth ?? e.bitDepth
        s.chromaSubsampling = e.scan.chromaSubsampling ?? e.chromaSubsampling
        return s
    }

    /// Colour: the container's declaration wins, the bitstream fills what it leaves open.
    package static func colour(_ e: VideoEvidence) -> ColorReport {
        let container = e.containerColour.flatMap { $0.isSpecified || $0.fullRange != nil ? $0 : nil }
        let bitstream = e.scan.bitstreamColour
        var color = ColorReport()
        let effective = ColourCodes(
            primaries: Self.specified(container?.primaries) ?? Self.specified(bitstream?.primaries),
            transfer: Self.specified(container?.transfer) ?? Self.specified(bitstream?.transfer),
            matrix: Self.specified(container?.matrix) ?? Self.specified(bitstream?.matrix),
            fullRange: container?.fullRange ?? bitstream?.fullRange)
        color.primaries = H273Names.primaries(effective.primaries)
        color.transfer = H273Names.transfer(effective.transfer)
        color.matrix = H273Names.matrix(effective.matrix)
        color.range = H273Names.range(fullRange: effective.fullRange)
        color.transferCharacteristics = effective.transfer
        let containerDeclares = container.map { $0.isSpecified || $0.fullRange != nil } ?? false
        let bitstreamDeclares = bitstream.map { $0.isSpecified || $0.fullRange != nil } ?? false
        switch (containerDeclares, bitstreamDeclares) {
        case (true, true): color.source = "both"
        case (true, false): color.source = "container"
        case (false, true): color.source = "bitstream"
        case (false, false): color.source = nil
        }
        color.container = e.containerColour
        color.bitstream = bitstream
        return color
    }

    /// `frameRate`, snapped to a display rate, with the variable and non-standard rate findings.
    package static func frameRateReport(_ e: VideoEvidence, findings: inout [Finding]) -> (FrameRateReport, FrameRate?) {
        let (rate, rateSource) = Self.frameRate(e)
        let variable = FrameRate.isVariable(presentationTimestamps: e.sampledPTS)
        let snapped = rate.flatMap { FrameRate.snapped($0.value) }
        if variable {
            findings.append(Finding(.frameRateVariable, "Frame durations vary across the scanned frames; players cannot pick one display refresh rate.", stream: e.index))
        }
        if let rate, snapped == nil {
            findings.append(Finding(.frameRateNonStandard, "Frame rate \(rate.roundedValue) fps is not a standard display rate; displays cannot match it.", stream: e.index))
        }
        return (FrameRateReport(value: rate?.roundedValue, rational: rate, snapped: snapped,
                                variable: variable, source: rateSource), rate)
    }

    /// HDR10+, summarised in display order with gaps filled in decode order (docs/rules/hdr10plus.md §2.3).
    package static func hdr10PlusReport(_ e: VideoEvidence, findings: inout [Finding]) -> HDR10PlusReport {
        let summary = Self.hdr10PlusSummary(e, displayOrder: Self.displayOrderedFrames(e))
        let present = e.scan.framesWithHDR10Plus > 0
        if summary.invalidPayloadCount > 0 {
            let first = summary.firstInvalidIssue.map { " (rule \($0.rule.rawValue): \($0.message))" } ?? ""
            findings.append(Finding(.hdr10PlusInvalidPayload,
                                    "\(summary.invalidPayloadCount) HDR10+ payload(s) break the ST 2094-40 rules\(first); hdr10plus_tool rejects such metadata.",
                                    stream: e.index))
        }
        return HDR10PlusReport(present: present, profile: present ? summary.profile : nil,
                               framesWithMetadata: e.scan.framesWithHDR10Plus, framesScanned: e.scan.framesScanned,
                               summary: present ? HDR10PlusSummaryReport(summary) : nil)
    }

    /// `hdr`: the range type, the formats, static metadata (container first, then SEI) and HDR10+.
    package static func hdrReport(_ e: VideoEvidence, dolbyVision: DolbyVisionProfile?, hasDolbyVision: Bool, transfer: Int?,
                          hdr10Plus: HDR10PlusReport) -> HDRReport {
        let rangeType = VideoRangeType.classify(dolbyVision: hasDolbyVision ? dolbyVision : nil, record: e.doviRecord,
                                                sampleEntry: e.sampleEntry, transfer: transfer, hdr10Plus: hdr10Plus.present)
        return HDRReport(videoRangeType: rangeType,
                         formats: VideoRangeType.formats(dolbyVision: hasDolbyVision, hdr10Plus: hdr10Plus.present, transfer: transfer),
                         masteringDisplay: e.containerMastering ?? e.scan.mastering,
                         contentLightLevel: e.containerContentLight ?? e.scan.contentLight,
                         alternativeTransfer: e.scan.alternativeTransfer, hdr10Plus: hdr10Plus)
    }

    /// PQ video without mastering display or content light level metadata. No sample read (a bare
    /// CMAF init segment: its SEI travel in the media segments), or encrypted SEI: the absence of
    /// mastering / light-level SEI proves nothing.
    package static func staticMetadataFindings(_ e: VideoEvidence, transfer: Int?, hdr: HDRReport?) -> [Finding] {
        let seiHidden = e.encryption?.sampleData == .notRead || e.scan.framesScanned == 0
            || e.scan.encryptedNonVCL[39] != nil || e.scan.encryptedNonVCL[6] != nil
        guard transfer == H273Names.pq, !seiHidden else { return [] }
        var out: [Finding] = []
        if hdr?.masteringDisplay == nil {
            out.append(Finding(.hdr10MissingMasteringDisplay, "PQ video without mastering display metadata (no mdcv/MasteringMetadata and no SEI 137); displays must guess the mastering volume.", stream: e.index))
        }
        if hdr?.contentLightLevel == nil {
            out.append(Finding(.hdr10MissingContentLightLevel, "PQ video without content light level (MaxCLL/MaxFALL); tone mapping falls back to defaults.", stream: e.index))
        }
        return out
    }

    /// An in-band sample entry (rule 1.10): Apple HLS wants the out-of-band one.
    package static func sampleEntryFindings(_ e: VideoEvidence) -> [Finding] {
        guard let entry = e.sampleEntry, let type = SampleEntryType(rawValue: entry), type.isInBand else { return [] }
        return [Finding(.hlsSampleEntryInBand, "Sample entry '\(entry)' allows in-band parameter sets; Apple HLS requires '\(type.outOfBand.rawValue)' with parameter sets in the configuration record.", stream: e.index)]
    }

    /// `dolbyVision`, when the stream has a record, RPUs or enhancement-layer NAL units, with the
    /// Dolby Vision findings.
    package func dolbyVision(_ e: VideoEvidence, profile dvProfile: DolbyVisionProfile?, transfer: Int?,
                     findings: inout [Finding]) -> DolbyVisionReport? {
        let rpuPresent = e.scan.framesWithRPU > 0
        var report: DolbyVisionReport?
        if let record = e.doviRecord, let dvProfile {
            let config = DolbyVisionReport.Configuration(record, box: (e.doviRecordBox ?? .box(.dvcC)).reportName)
            report = dolbyVisionReport(e, config: config, profile: dvProfile, transfer: transfer)
            if !record.issues.isEmpty {
                findings.append(Finding(.dvConfigurationIrregular, "The Dolby Vision configuration record is irregular: \(record.issues.map(\.description).joined(separator: "; ")).", stream: e.index))
            }
        } else if rpuPresent, let dvProfile {
            report = dolbyVisionReport(e, config: nil, profile: dvProfile, transfer: transfer)
        } else if rpuPresent || e.scan.enhancementLayerNALs {
            // RPUs that no header could be read from: DV signal present, profile unknown.
            report = dolbyVisionReport(e, config: nil, profile: nil, transfer: transfer)
        }
        if let disagreement = e.doviRecordDisagreement {
            findings.append(Finding(.dvRecordSourcesDisagree, disagreement.message, stream: e.index))
        }
        if let report { findings += Self.dolbyVisionFindings(e, report: report, transfer: transfer) }
        return report
    }

    /// Record without RPUs and RPUs without a record, record vs RPU profile, the verdict, RPU validation.
    package static func dolbyVisionFindings(_ e: VideoEvidence, report dv: DolbyVisionReport, transfer: Int?) -> [Finding] {
        var out: [Finding] = []
        func add(_ code: FindingCode, _ message: String) { out.append(Finding(code, message, stream: e.index)) }
        let rpuPresent = e.scan.framesWithRPU > 0
        // Encrypted sample data that was not read, or an RPU NAL a packager encrypted: the absence
        // of an RPU proves nothing.
        let rpusHidden = e.encryption?.sampleData == .notRead || e.scan.encryptedNonVCL[62] != nil
        if dv.configuration == nil && rpuPresent {
            add(.dvRpuWithoutConfiguration,
                "Dolby Vision RPUs are in the stream but the container has no configuration record; MediaInfo, Jellyfin and Apple players will treat it as \(transfer == H273Names.pq ? "HDR10" : "non-Dolby Vision"). Remux with a tool that writes the record (mkvmerge, or ffmpeg -strict unofficial).")
        }
        if dv.configuration != nil && !rpuPresent && e.scan.framesScanned > 0 && !rpusHidden {
            add(.dvConfigurationWithoutRpu,
                "The container declares Dolby Vision but none of the \(e.scan.framesScanned) scanned frames carries an RPU; the RPUs were probably stripped by a remux.")
        }
        if let record = e.doviRecord, let rpuProfile = e.scan.rpuProfile, Self.profilesDisagree(record: record.profile, rpu: rpuProfile) {
            add(.dvProfileMismatch,
                "The configuration record says profile \(record.profile) but the RPUs are profile \(rpuProfile); players follow the record and may fail (a failed profile 7 → 8.1 conversion leaves this).")
        }
        if dv.verdict.decision == .refuse {
            add(.dvRefused, "Dolby Vision \(dv.profileName) is refused (\(dv.verdict.code)): \(dv.verdict.reason)")
        }
        if let invalid = Self.rpuInvalidFinding(e.scan, stream: e.index) { out.append(invalid) }
        return out
    }

    /// `dv.rpuInvalid` when scanned RPUs failed validation, nil otherwise.
    package static func rpuInvalidFinding(_ scan: BitstreamScan, stream: Int) -> Finding? {
        guard scan.invalidRPUs > 0 else { return nil }
        let detail = scan.rpuProblems.first.map { ": \($0.description)" } ?? ""
        return Finding(.dvRpuInvalid, "\(scan.invalidRPUs) Dolby Vision RPU(s) failed validation\(detail).", stream: stream)
    }

    /// `encryption.*` findings (`docs/findings.md`): sample data hdrprobe could not read, and
    /// SEI / RPU NAL units a packager encrypted (conforming CENC leaves them clear).
    package static func encryptionFindings(_ e: VideoEvidence) -> [Finding] {
        guard let enc = e.encryption else { return [] }
        var out: [Finding] = []
        if enc.sampleData == .notRead {
            let why = e.scan.encryptedSamplesUnread > 0
                ? "its \(e.scan.encryptedSamplesUnread) scanned sample(s) have no clear NAL structure (whole-sample encryption, no subsample map, or a codec hdrprobe does not split)"
                : e.sampledPTS.isEmpty
                    ? "libavformat delivered none of its samples (a fragment without its senc/saiz/saio map is unreadable)"
                    : "its samples carry no subsample map"
            out.append(Finding(.encryptionSampleDataNotRead,
                               "The track is encrypted (\(enc.scheme ?? "unknown scheme")) and \(why): only the sample entry (configuration records, colour, Dolby Vision record) is reported; RPU, HDR10+ and SEI facts are unknown.",
                               stream: e.index))
        }
        let hidden = e.scan.encryptedNonVCL.filter { [39, 40, 62, 6].contains($0.key) }
        if !hidden.isEmpty {
            let list = hidden.sorted { $0.key < $1.key }.map { "\($0.value)× NAL \($0.key)" }.joined(separator: ", ")
            out.append(Finding(.encryptionMetadataEncrypted,
                               "Encrypted SEI / Dolby Vision RPU NAL units (\(list)) were not read: CENC leaves non-VCL NAL units clear; this packager encrypted them, so players and analysers cannot read that metadata without the key.",
                               stream: e.index))
        }
        return out
    }

    package func dolbyVisionReport(_ e: VideoEvidence, config: DolbyVisionReport.Configuration?,
                           profile: DolbyVisionProfile?, transfer: Int?) -> DolbyVisionReport {
        let rpu = DolbyVisionReport.RPU(
            present: e.scan.framesWithRPU > 0, profile: e.scan.rpuProfile,
            enhancementLayer: e.scan.rpuSummary.enhancementLayer?.rawValue, cmVersion: e.scan.rpuSummary.cmVersion?.rawValue,
            framesWithRpu: e.scan.framesWithRPU, framesScanned: e.scan.framesScanned,
            summary: e.scan.framesWithRPU > 0 ? RPUSummaryReport(e.scan.rpuSummary) : nil)
        let verdict = policy.verdict(for: profile ?? .unknown, codec: e.codec, baseTransfer: transfer, level: e.doviRecord?.level)
        return DolbyVisionReport(configuration: config, rpu: rpu, enhancementLayerNALs: e.scan.enhancementLayerNALs,
                                 profile: profile, verdict: verdict)
    }

    /// The scanned frames' dynamic metadata in display order (timestamps, else POC, else decode order).
    package static func displayOrderedFrames(_ e: VideoEvidence) -> [DynamicMetadataFrame] {
        let timeBase = Double(e.timeBaseNumerator) / Double(max(1, e.timeBaseDenominator))
        return DynamicMetadataFrame.displayOrdered(e.scan.frames, timeBase: timeBase)
    }

    /// Feeds every scanned picture to an ``HDR10PlusSummary`` in display order; a picture without
    /// its own payload inherits the previous one in decode order (hdr10plus_tool and FFmpeg do this).
    package static func hdr10PlusSummary(_ e: VideoEvidence, displayOrder frames: [DynamicMetadataFrame]) -> HDR10PlusSummary {
        var summary = HDR10PlusSummary()
        guard !e.scan.hdr10PlusPayloads.isEmpty || !e.scan.hdr10PlusUnparsable.isEmpty else { return summary }
        var inherited: [Int: ST2094_40Metadata] = [:]
        var previous: ST2094_40Metadata?
        for f in frames.sorted(by: { $0.decodeIndex < $1.decodeIndex }) {
            if let own = e.scan.hdr10PlusPayloads[f.decodeIndex] { previous = own } else if let p = previous { inherited[f.decodeIndex] = p }
        }
        for f in frames {
            if let own = e.scan.hdr10PlusPayloads[f.decodeIndex] {
                summary.add(own)
            } else if e.scan.hdr10PlusUnparsable.contains(f.decodeIndex) {
                summary.addUnparsablePayload()
            } else if let m = inherited[f.decodeIndex] {
                summary.add(m, isOwnPayload: false)
            } else {
                summary.addFrameWithoutMetadata()
            }
        }
        return summary
    }

    /// Record vs RPU profile: 10 (AV1) carries 5/8-style RPUs and Apple's 20 carries a 5-style RPU
    /// (`docs/rules/dolby-vision.md` §11.1), so those pairs agree.
    package static func profilesDisagree(record: Int, rpu: Int) -> Bool {
        switch record {
        case 10: return ![5, 8].contains(rpu)
        case 20: return rpu != 5
        default: return record != rpu
        }
    }

    package static func specified(_ code: Int?) -> Int? {
        guard let code, code != 2 else { return nil }
        return code
    }
}
