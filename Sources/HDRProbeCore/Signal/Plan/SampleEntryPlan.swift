/// The sample-entry plan of one video stream: which fMP4 sample entry it should carry for Apple
/// playback, the remux steps that take it there, and what happens to its Dolby Vision record
/// (`docs/rules/apple-playback.md` §2.1 codec-tag promotion, §2.2 in-band parameter sets, §2.3
/// Annex B private data, §2.4 SEI arrays in hvcC, §2.7 P5 colour; `docs/rules/hls-signalling.md` §5.2 for the
/// entry itself). Reported as `hls.plan`.
package struct SampleEntryPlan: Sendable, Equatable, Codable {
    /// One remux step, with a stable code and the sentence that says what and why.
    package struct Step: Sendable, Equatable, Codable {
        package enum Code: String, Sendable, Codable, CaseIterable {
            /// §2.1: write the entry hdrprobe wants (`hev1` → `hvc1`, `hvc1` → `dvh1` for P5, …).
            case promoteEntry
            /// §2.2: the configuration record has no parameter sets; collect them from the stream.
            case moveParameterSetsOutOfBand
            /// §2.3: the codec private data is Annex B; write a length-prefixed record.
            case convertAnnexBConfiguration
            /// §2.4: drop the SEI arrays of the hvcC (keep VPS/SPS/PPS).
            case dropConfigurationSEI
            /// §2.4: drop every other non-parameter-set array of the hvcC (any NAL type but 32/33/34,
            /// e.g. an array of RPU NAL units 62): Apple keeps only VPS/SPS/PPS arrays.
            case dropConfigurationArrays
            /// §2.7: P5 without a colour description; write `colr nclx 9/16/9`.
            case forceColour
        }

        package var code: Code
        package var detail: String

        package init(_ code: Code, _ detail: String) {
            self.code = code
            self.detail = detail
        }
    }

    /// The entry as stored (ISO BMFF only; nil for Matroska, TS and raw streams).
    @NullEncoded package var stored: String?
    /// The entry the stream should carry (`hls.sampleEntry`).
    package var target: String
    package var steps: [Step]
    @NullEncoded package var dolbyVisionRecord: DolbyVisionRecordPlan?

    package init(stored: String?, target: String, steps: [Step], dolbyVisionRecord: DolbyVisionRecordPlan?) {
        self.stored = stored
        self.target = target
        self.steps = steps
        self.dolbyVisionRecord = dolbyVisionRecord
    }

    /// Whether the stream can be packaged as it is (no step, record kept or absent).
    package var isCopyAsIs: Bool {
        steps.isEmpty && (dolbyVisionRecord == nil || dolbyVisionRecord?.action == .keep)
    }

    /// - Parameters:
    ///   - evidence: the stream as measured.
    ///   - signalling: the §5.2 decision for it.
    ///   - dolbyVision: the resolved profile and the policy's verdict, when the stream has Dolby Vision.
    package static func plan(evidence e: VideoEvidence, signalling: HLSVideoSignalling,
                            dolbyVision: HLSVideoSource.DolbyVision?) -> SampleEntryPlan {
        var steps: [Step] = []
        let target = signalling.sampleEntry
        let inBandEntries = VideoCodecString.inBandEntries
        if let stored = e.sampleEntry, stored != target {
            let why = inBandEntries.contains(stored)
                ? "Apple wants parameter sets out of band (rule 1.10); AVPlayer rejects FFmpeg's default hev1"
                : target == SampleEntryType.dvh1.rawValue ? "profile 5 has no compatible base, so only dvh1 engages the Dolby Vision decoder"
                : target == SampleEntryType.dav1.rawValue ? "profile 10.0 has no compatible base and is signalled as dav1"
                : signalling.signalsDolbyVision ? "the Dolby Vision layer is signalled in SUPPLEMENTAL-CODECS over the plain base entry"
                : "Dolby Vision is not signalled for this stream, so its base layer plays from the plain entry"
            // An encrypted track keeps its encv entry: the original format (frma) is what changes, and
            // only by packaging the clear source again.
            let how = e.encryption == nil ? "Write the sample entry as \(target) instead of \(stored)"
                : "Package the clear source again with \(target) as the original format (frma) instead of \(stored); the encrypted entry stays encv"
            steps.append(Step(.promoteEntry, "\(how): \(why)."))
        }
        let record = e.configurationRecord
        let isAnnexB = record.starts(with: [0, 0, 1]) || record.starts(with: [0, 0, 0, 1])
        let codec = e.codec.flatMap(VideoCodec.init(rawValue:))
        if codec == .hevc || codec == .h264 {
            if isAnnexB {
                steps.append(Step(.convertAnnexBConfiguration,
                                  "The codec private data is Annex B while the samples are length-prefixed; write a proper \(codec == .hevc ? "hvcC" : "avcC") first, or FFmpeg's mov muxer empties the samples."))
            } else if e.configurationHasParameterSets == false {
                steps.append(Step(.moveParameterSetsOutOfBand,
                                  "The configuration record has no parameter sets\(e.scan.inBandParameterSets ? " (they are only in the samples)" : ""); copy the first VPS/SPS/PPS into it, or CoreMedia cannot build a format description (-4)."))
            }
        }
        if !e.configurationSEITypes.isEmpty {
            let types = e.configurationSEITypes.map(String.init).joined(separator: ", ")
            steps.append(Step(.dropConfigurationSEI,
                              "Drop the SEI array (payload types \(types)) from the hvcC and keep only VPS/SPS/PPS: Apple TV shows no track for such a record."))
        }
        if !e.configurationOtherArrayTypes.isEmpty {
            let types = e.configurationOtherArrayTypes.map(String.init).joined(separator: ", ")
            steps.append(Step(.dropConfigurationArrays,
                              "Drop the hvcC array(s) of NAL type \(types) and keep only VPS/SPS/PPS (32/33/34): Apple TV shows no track for a record with other arrays."))
        }
        if target == SampleEntryType.dvh1.rawValue, dolbyVision?.profile.profile == 5 {
            let colour = e.containerColour ?? e.scan.bitstreamColour
            if colour?.transfer == nil || colour?.transfer == 2 {
                steps.append(Step(.forceColour,
                                  "Profile 5 without a colour description: write colr nclx 9/16/9 (BT.2020, PQ, BT.2020 NCL), keeping the range, or the Dolby Vision decoder does not engage."))
            }
        }
        if e.recordWithoutRPUs {
            return SampleEntryPlan(stored: e.sampleEntry, target: target, steps: steps,
                                   dolbyVisionRecord: .withoutRPUs(framesScanned: e.scan.framesScanned))
        }
        let recordPlan = DolbyVisionRecordPlan.decide(codec: e.codec.flatMap(VideoCodec.init(rawValue:)), profile: dolbyVision?.profile,
                                                      hasRecord: e.doviRecord != nil,
                                                      accepted: dolbyVision?.accepted ?? false,
                                                      signalled: signalling.signalsDolbyVision)
        return SampleEntryPlan(stored: e.sampleEntry, target: target, steps: steps, dolbyVisionRecord: recordPlan)
    }
}
