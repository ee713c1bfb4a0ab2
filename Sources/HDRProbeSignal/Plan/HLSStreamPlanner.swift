import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests
import HDRProbeClassify

/// The signalling step for one classified video stream: derives the base codec string from what
/// the stream really carries (the configuration record, else the in-band parameter sets), applies
/// the `docs/rules/hls-signalling.md` §5.2 decision with the policy's Dolby Vision verdict, and assembles the
/// report's `hls` object (§8 audio token, §10 FRAME-RATE, §12 RESOLUTION, §13 bandwidth, §14 line).
package enum HLSStreamPlanner {
    package struct Plan: Sendable, Equatable {
        package var report: HLSReport?
        package var signalling: HLSVideoSignalling
        package var sampleEntryPlan: SampleEntryPlan
        /// The resolved Dolby Vision profile, level and verdict, when the stream has Dolby Vision.
        package var dolbyVision: HLSVideoSource.DolbyVision?
        package var frameRate: HLSFrameRate?
        package var resolution: HLSResolution?
        /// The audio token of the first playable audio stream.
        package var audio: AudioCodecString?
        package var bandwidth: HLSBandwidth?
        /// Every issue met on the way (decision and line checks).
        package var issues: [HLSSignalIssue]
    }

    /// The base-layer codec string (`hvc1…`, `avc1…`, `av01…`, `vp09…`) from the evidence.
    package static func baseCodecString(_ e: VideoEvidence, framesPerSecond fps: Double? = nil) -> Result<VideoCodecString, CodecStringError> {
        let record = e.configurationRecord
        let isRecord = record.first == 1
        switch e.codec.flatMap(VideoCodec.init(rawValue:)) {
        case .hevc?:
            if isRecord { return HEVCCodecString.fromConfigurationRecord(record).map(VideoCodecString.hevc) }
            if let ptl = e.scan.hevcProfileTierLevel { return .success(.hevc(HEVCCodecString(profileTierLevel: ptl))) }
            return .failure(record.isEmpty ? .tooShort(needed: 13, got: 0) : .annexB)
        case .h264?:
            if isRecord { return AVCCodecString.fromConfigurationRecord(record).map(VideoCodecString.avc) }
            if let sps = e.scan.avcSPS { return .success(.avc(AVCCodecString(sps: sps))) }
            return .failure(record.isEmpty ? .tooShort(needed: 4, got: 0) : .annexB)
        case .av1?:
            let colour = e.scan.bitstreamColour ?? e.containerColour
            if record.first.map({ $0 & 0x80 != 0 }) == true {
                return AV1CodecString.fromConfigurationRecord(record, colour: colour).map(VideoCodecString.av1)
            }
            if let seq = e.scan.av1SequenceHeader { return .success(.av1(AV1CodecString(sequenceHeader: seq))) }
            return .failure(.tooShort(needed: 4, got: record.count))
        case .vp9?:
            if let vpcC = try? VPCodecConfigurationRecord.parse(record) {
                return .success(.vp9(VP9CodecString(record: vpcC, colour: e.containerColour)))
            }
            if let header = e.scan.vp9Header {
                return VP9CodecString.fromFrameHeader(header, colour: e.containerColour, framesPerSecond: fps)
                    .map(VideoCodecString.vp9)
            }
            return .failure(record.isEmpty ? .invalidField("no vpcC record and no VP9 key frame in the frames scanned")
                                           : .tooShort(needed: 12, got: record.count))
        default:
            return .failure(.invalidField("codec \(e.codec ?? "unknown") has no HLS codec string"))
        }
    }

    /// `audio`: the file's audio streams in container order; `bandwidth`: measured for the
    /// variant (video plus the chosen audio), nil when unknown.
    package static func plan(evidence e: VideoEvidence, stream s: StreamReport, audio: [AudioCodecInput],
                            bandwidth: HLSBandwidth?, policy: DolbyVisionPolicy) -> Plan {
        let codec = e.codec ?? "unknown"
        let base = baseCodecString(e, framesPerSecond: s.frameRate?.value)
        let transfer = s.color?.transferCharacteristics
        var dolbyVision: HLSVideoSource.DolbyVision?
        // The profile the classifier resolved (record, else RPU); none when nothing states one.
        if !e.recordWithoutRPUs, let profile = s.dolbyVision?.profile {
            dolbyVision = HLSVideoSource.DolbyVision(profile: profile, level: e.doviRecord?.level,
                                                     accepted: s.dolbyVision?.verdict.decision == .accept)
        }
        let fps = s.frameRate?.value
        let source = HLSVideoSource(codec: codec, base: try? base.get(), baseUnavailable: base.failureValue,
                                    dolbyVision: dolbyVision, hdr10Plus: s.hdr?.hdr10Plus.present ?? false,
                                    transfer: transfer, alternativeTransfer: s.hdr?.alternativeTransfer,
                                    width: s.width, height: s.height, framesPerSecond: fps)
        let signalling = HLSVideoSignalling.decide(source)
        var frameRate = s.frameRate?.rational.map(HLSFrameRate.init)
        if frameRate == nil, let fps { frameRate = HLSFrameRate(framesPerSecond: fps) }
        let resolution = s.width.flatMap { w in s.height.flatMap { HLSResolution(width: w, height: $0) } }
        let audioToken = AudioCodecString.firstPlayable(audio)
        let measured = bandwidth ?? HLSBandwidth(average: nil, peak: 0)
        // One line: the report's streamInf and the §10 checks (nil without a codec string or a size).
        let line = resolution.flatMap {
            StreamInfLine(video: signalling, audio: audioToken, bandwidth: measured, resolution: $0, frameRate: frameRate)
        }
        var report = line.flatMap { HLSReportBuilder.report(line: $0, video: signalling) }
        let sampleEntryPlan = SampleEntryPlan.plan(evidence: e, signalling: signalling, dolbyVision: dolbyVision)
        report?.plan = sampleEntryPlan
        let encryption = HLSSignalIssue.encryption(scheme: e.encryption?.scheme, encrypted: e.encryption != nil)
        let issues = signalling.issues + (line?.issues ?? []) + (encryption.map { [$0] } ?? [])
        return Plan(report: report, signalling: signalling, sampleEntryPlan: sampleEntryPlan, dolbyVision: dolbyVision,
                    frameRate: frameRate, resolution: resolution, audio: audioToken, bandwidth: bandwidth, issues: issues)
    }
}

extension Result {
    package var failureValue: Failure? {
        if case let .failure(f) = self { return f }
        return nil
    }
}
