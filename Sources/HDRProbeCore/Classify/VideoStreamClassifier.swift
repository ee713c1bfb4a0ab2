/// Turns the evidence gathered for a video stream into its report entry and findings: colour
/// (container wins over the bitstream when both declare it), frame rate and snapping, static HDR
/// metadata (container first, then SEI), Dolby Vision resolution and verdict, VideoRangeType and
/// the findings of `docs/findings.md` that are visible at this stage.
public struct VideoStreamClassifier: Sendable {
    public var policy: DolbyVisionPolicy

    public init(policy: DolbyVisionPolicy = .default) { self.policy = policy }

    /// The frame rate and where it comes from (`frameRate.source`): a raw stream's own timing
    /// information first, else the container's rate as libavformat reads it, else the median
    /// sampled frame duration, else (an fMP4 init segment without samples) the timing information
    /// of the configuration record's parameter sets.
    static func frameRate(_ e: VideoEvidence) -> (FrameRate?, String?) {
        if e.bitstreamTimingFirst, let rate = e.scan.timingFrameRate { return (rate, "bitstream") }
        if let rate = e.declaredFrameRate { return (rate, e.bitstreamTimingFirst ? "libavformat" : "container") }
        if let median = FrameRateVariability.medianDuration(presentationTimestamps: e.sampledPTS), median > 0,
           let rate = FrameRate(numerator: e.timeBaseDenominator, denominator: Int(median) * e.timeBaseNumerator) {
            return (rate, "timestamps")
        }
        // A bare init segment (CMAF header: no samples, no timing): the parameter sets' own timing.
        if let rate = e.scan.timingFrameRate { return (rate, "bitstream") }
        return (nil, nil)
    }

    public func classify(_ e: VideoEvidence) -> (StreamReport, [Finding]) {
        var findings: [Finding] = []
        func add(_ code: FindingCode, _ message: String) { findings.append(Finding(code, message, stream: e.index)) }

        var s = StreamReport(index: e.index, kind: .video, codec: e.codec)
        s.sampleEntry = e.sampleEntry
        s.encryption = e.encryption
        findings += Self.encryptionFindings(e)
        // Encrypted sample data that was not read, or an RPU NAL a packager encrypted: the absence
        // of an RPU or SEI proves nothing.
        let samplesUnread = e.encryption?.sampleData == .notRead
        let rpusHidden = samplesUnread || e.scan.encryptedNonVCL[62] != nil
        s.profile = e.profileName
        s.level = e.level ?? e.scan.levelIDC
        // The parameter sets are the truth about the coded picture; container dimensions can
        // differ (mkvmerge doubles the height of field-coded HEVC).
        s.width = e.scan.width ?? e.width
        s.height = e.scan.height ?? e.height
        s.bitDepth = e.scan.bitDepth ?? e.bitDepth
        s.chromaSubsampling = e.scan.chromaSubsampling ?? e.chromaSubsampling

        // Colour: the container's declaration wins, the bitstream fills what it leaves open.
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
        s.color = color
        let transfer = effective.transfer

        // Frame rate.
        let (rate, rateSource) = Self.frameRate(e)
        let variable = FrameRateVariability.isVariable(presentationTimestamps: e.sampledPTS)
        let snapped = rate.flatMap { FrameRateSnap.snap($0.value) }
        s.frameRate = FrameRateReport(value: rate?.roundedValue, rational: rate?.rational, snapped: snapped,
                                      variable: variable, source: rateSource)
        if variable {
            add(.frameRateVariable, "Frame durations vary across the scanned frames; players cannot pick one display refresh rate.")
        }
        if let rate, snapped == nil {
            add(.frameRateNonStandard, "Frame rate \(rate.roundedValue) fps is not a standard display rate; displays cannot match it.")
        }

        // Static HDR metadata: container first, then SEI.
        let mastering = e.containerMastering ?? e.scan.mastering
        let contentLight = e.containerContentLight ?? e.scan.contentLight

        // HDR10+, summarised in display order with gaps filled in decode order (docs/rules/hdr10plus.md §2.3).
        let frames = Self.displayOrderedFrames(e)
        let hdr10PlusSummary = Self.hdr10PlusSummary(e, displayOrder: frames)
        let hdr10Plus = e.scan.framesWithHDR10Plus > 0
        let hdr10PlusReport = HDR10PlusReport(present: hdr10Plus, profile: hdr10Plus ? hdr10PlusSummary.profile : nil,
                                              framesWithMetadata: e.scan.framesWithHDR10Plus,
                                              framesScanned: e.scan.framesScanned,
                                              summary: hdr10Plus ? HDR10PlusSummaryReport(hdr10PlusSummary) : nil)
        if hdr10PlusSummary.invalidPayloadCount > 0 {
            let first = hdr10PlusSummary.firstInvalidIssue.map { " (rule \($0.rule.rawValue): \($0.message))" } ?? ""
            add(.hdr10PlusInvalidPayload,
                "\(hdr10PlusSummary.invalidPayloadCount) HDR10+ payload(s) break the ST 2094-40 rules\(first); hdr10plus_tool rejects such metadata.")
        }

        // Dolby Vision.
        let rpuPresent = e.scan.framesWithRPU > 0
        let dvProfile = DolbyVisionProfile.resolve(codec: e.codec, record: e.doviRecord,
                                                   rpuProfile: e.scan.rpuProfile, baseTransfer: transfer)
        if let record = e.doviRecord, let dvProfile {
            let config = DolbyVisionReport.Configuration(record, box: e.doviRecordBox ?? "dvcC")
            s.dolbyVision = dolbyVisionReport(e, config: config, profile: dvProfile, transfer: transfer)
            if !record.issues.isEmpty {
                add(.dvConfigurationIrregular, "The Dolby Vision configuration record is irregular: \(record.issues.joined(separator: "; ")).")
            }
        } else if rpuPresent, let dvProfile {
            s.dolbyVision = dolbyVisionReport(e, config: nil, profile: dvProfile, transfer: transfer)
        } else if rpuPresent || e.scan.enhancementLayerNALs {
            // RPUs that no header could be read from: DV signal present, profile unknown.
            let unknown = DolbyVisionProfile(profile: 0, compatibilityId: nil, fromRPU: true)
            s.dolbyVision = dolbyVisionReport(e, config: nil, profile: unknown, transfer: transfer)
        }
        if let disagreement = e.doviRecordDisagreement {
            add(.dvRecordSourcesDisagree, disagreement)
        }
        if let dv = s.dolbyVision {
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
                add(.dvRefused, "Dolby Vision \(dv.profile) is refused (\(dv.verdict.code)): \(dv.verdict.reason)")
            }
            if let invalid = Self.rpuInvalidFinding(e.scan, stream: e.index) { findings.append(invalid) }
        }

        findings += ContainerBitstreamChecks(e).findings(transfer: transfer, frameRate: rate?.value, hdr10Plus: hdr10Plus)

        let hasDV = s.dolbyVision != nil
        let rangeType = VideoRangeType.classify(dolbyVision: hasDV ? dvProfile : nil, record: e.doviRecord,
                                                sampleEntry: e.sampleEntry, transfer: transfer, hdr10Plus: hdr10Plus)
        s.hdr = HDRReport(videoRangeType: rangeType,
                          formats: VideoRangeType.formats(dolbyVision: hasDV, hdr10Plus: hdr10Plus, transfer: transfer),
                          masteringDisplay: mastering, contentLightLevel: contentLight,
                          alternativeTransfer: e.scan.alternativeTransfer, hdr10Plus: hdr10PlusReport)

        // No sample read (a bare CMAF init segment: its SEI travel in the media segments), or
        // encrypted SEI: the absence of mastering / light-level SEI proves nothing.
        let seiHidden = samplesUnread || e.scan.framesScanned == 0 || e.scan.encryptedNonVCL[39] != nil || e.scan.encryptedNonVCL[6] != nil
        if transfer == H273Names.pq && !seiHidden {
            if mastering == nil {
                add(.hdr10MissingMasteringDisplay, "PQ video without mastering display metadata (no mdcv/MasteringMetadata and no SEI 137); displays must guess the mastering volume.")
            }
            if contentLight == nil {
                add(.hdr10MissingContentLightLevel, "PQ video without content light level (MaxCLL/MaxFALL); tone mapping falls back to defaults.")
            }
        }
        if let entry = e.sampleEntry, ["hev1", "dvhe", "avc3", "dvav"].contains(entry) {
            add(.hlsSampleEntryInBand, "Sample entry '\(entry)' allows in-band parameter sets; Apple HLS requires '\(entry.hasPrefix("hev") ? "hvc1" : entry == "dvhe" ? "dvh1" : entry == "avc3" ? "avc1" : "dva1")' with parameter sets in the configuration record.")
        }
        return (s, findings)
    }

    /// `encryption.*` findings (`docs/findings.md`): sample data hdrprobe could not read, and
    /// SEI / RPU NAL units a packager encrypted (conforming CENC leaves them clear).
    static func encryptionFindings(_ e: VideoEvidence) -> [Finding] {
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

    /// `dv.rpuInvalid` when scanned RPUs failed validation, nil otherwise.
    static func rpuInvalidFinding(_ scan: BitstreamScan, stream: Int) -> Finding? {
        guard scan.invalidRPUs > 0 else { return nil }
        let detail = scan.rpuProblems.first.map { ": \($0)" } ?? ""
        return Finding(.dvRpuInvalid, "\(scan.invalidRPUs) Dolby Vision RPU(s) failed validation\(detail).", stream: stream)
    }

    func dolbyVisionReport(_ e: VideoEvidence, config: DolbyVisionReport.Configuration?,
                                   profile: DolbyVisionProfile, transfer: Int?) -> DolbyVisionReport {
        let rpu = DolbyVisionReport.RPU(
            present: e.scan.framesWithRPU > 0, profile: e.scan.rpuProfile,
            enhancementLayer: e.scan.rpuSummary.enhancementLayer?.rawValue, cmVersion: e.scan.rpuSummary.cmVersion?.rawValue,
            framesWithRpu: e.scan.framesWithRPU, framesScanned: e.scan.framesScanned,
            summary: e.scan.framesWithRPU > 0 ? RPUSummaryReport(e.scan.rpuSummary) : nil)
        let verdict = policy.verdict(for: profile, codec: e.codec, baseTransfer: transfer, level: e.doviRecord?.level)
        return DolbyVisionReport(configuration: config, rpu: rpu, enhancementLayerNALs: e.scan.enhancementLayerNALs,
                                 profile: profile.profile == 0 ? "unknown" : profile.string, verdict: verdict)
    }

    /// The scanned frames' dynamic metadata in display order (timestamps, else POC, else decode order).
    public static func displayOrderedFrames(_ e: VideoEvidence) -> [DynamicMetadataFrame] {
        let timeBase = Double(e.timeBaseNumerator) / Double(max(1, e.timeBaseDenominator))
        return DynamicMetadataFrame.displayOrdered(e.scan.frames, timeBase: timeBase)
    }

    /// Feeds every scanned picture to an ``HDR10PlusSummary`` in display order; a picture without
    /// its own payload inherits the previous one in decode order (hdr10plus_tool and FFmpeg do this).
    static func hdr10PlusSummary(_ e: VideoEvidence, displayOrder frames: [DynamicMetadataFrame]) -> HDR10PlusSummary {
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
    static func profilesDisagree(record: Int, rpu: Int) -> Bool {
        switch record {
        case 10: return ![5, 8].contains(rpu)
        case 20: return rpu != 5
        default: return record != rpu
        }
    }

    static func specified(_ code: Int?) -> Int? {
        guard let code, code != 2 else { return nil }
        return code
    }
}
