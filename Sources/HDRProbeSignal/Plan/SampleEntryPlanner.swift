import HDRProbeModel

extension SampleEntryPlan {
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
