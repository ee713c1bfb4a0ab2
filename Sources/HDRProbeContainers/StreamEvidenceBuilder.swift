import HDRProbeClassify
import HDRProbeParse
import HDRProbeModel

/// Combines what libavformat says about a video stream with what hdrprobe read itself from the
/// container (sample entry, raw Dolby Vision record, `colr`/`mdcv`/`clli`) and the codec
/// configuration record, and prepares the bitstream scanner with the right NAL framing.
package enum StreamEvidenceBuilder {
    package static func build(stream original: DemuxedStream, entry: SampleEntry?, matroskaTrack: MatroskaTrackEntry? = nil,
                      signature: ContainerSignature, programMap: ProgramMapTable? = nil,
                      protectionSystems: [String] = []) -> (VideoEvidence, BitstreamScanner) {
        let s = originalFormat(original, entry: entry)
        var e = streamFields(s, entry: entry, signature: signature, protectionSystems: protectionSystems)
        containerMetadata(&e, stream: s, entry: entry, matroskaTrack: matroskaTrack, signature: signature)
        resolveDolbyVisionRecord(&e, stream: s, entry: entry, matroskaTrack: matroskaTrack, signature: signature,
                                 programMap: programMap)
        let configuration = codecConfiguration(&e, stream: s, entry: entry)
        let scanner = prepareScanner(&e, stream: s, configuration: configuration, matroskaTrack: matroskaTrack)
        return (e, scanner)
    }

    /// What libavformat says about the stream, and the stored sample entry with its encryption.
    package static func streamFields(_ s: DemuxedStream, entry: SampleEntry?, signature: ContainerSignature,
                             protectionSystems: [String]) -> VideoEvidence {
        let isISOBMFF = signature == .isobmff
        var e = VideoEvidence(index: s.index)
        e.codec = s.codecName
        e.sampleEntry = isISOBMFF ? (entry?.originalFormat ?? entry?.fourCC ?? s.codecTag) : nil
        if let entry, isISOBMFF {
            e.encryption = EncryptionReport(entry: entry, systemIDs: protectionSystems, sampleData: .notRead)
        }
        e.width = s.width
        e.height = s.height
        e.bitDepth = s.bitDepth
        e.chromaSubsampling = s.chromaSubsampling
        e.level = s.level > 0 ? Int(s.level) : nil
        e.profileName = s.profileName ?? CodecProfileName.name(codec: s.codec, profile: s.profile)
        e.declaredFrameRate = s.avgFrameRate ?? s.realFrameRate
        e.timeBaseNumerator = s.timeBase.num
        e.timeBaseDenominator = s.timeBase.den
        e.configurationRecord = s.extradata
        return e
    }

    /// Container colour and static metadata: hdrprobe's own box walk for ISO BMFF and EBML walk
    /// (Colour) for Matroska; libavformat's reading only where the own walk found no track.
    package static func containerMetadata(_ e: inout VideoEvidence, stream s: DemuxedStream, entry: SampleEntry?,
                                  matroskaTrack: MatroskaTrackEntry?, signature: ContainerSignature) {
        if signature == .isobmff {
            // A VP9 sample entry declares its colour in `vpcC` (VP Codec ISO Media File Format
            // Binding) when it has no `colr`; libavformat's mov demuxer reads it the same way.
            e.containerColour = entry?.colour?.codes
                ?? entry?.codecConfigurations["vpcC"].flatMap { try? VPCodecConfigurationRecord.parse($0).colour }
            e.containerMastering = entry?.masteringDisplay ?? s.mastering
            e.containerContentLight = entry?.contentLightLevel ?? s.contentLight
        } else {
            e.containerColour = s.colour.isSpecified || s.colour.fullRange != nil ? s.colour : nil
            e.containerMastering = matroskaTrack.map { $0.colour?.masteringDisplay } ?? s.mastering
            e.containerContentLight = matroskaTrack.map { $0.colour?.contentLightLevel } ?? s.contentLight
        }
    }

    /// The scanner's codec, NAL framing and out-of-band parameter sets.
    package struct CodecConfiguration {
        package var codec = BitstreamScanner.Codec.other
        package var framing = NALFraming.annexB
        package var outOfBand: [[UInt8]] = []
    }

    /// Codec configuration record → framing, profile/level, out-of-band parameter sets.
    package static func codecConfiguration(_ e: inout VideoEvidence, stream s: DemuxedStream, entry: SampleEntry?) -> CodecConfiguration {
        var c = CodecConfiguration()
        switch s.codec {
        case .hevc:
            c.codec = .hevc
            if s.extradata.count >= 23, s.extradata[0] == 1, let hvcC = try? HEVCDecoderConfigurationRecord.parse(s.extradata) {
                c.framing = .lengthPrefixed(Int(hvcC.lengthSizeMinusOne) + 1)
                c.outOfBand = hvcC.arrays.flatMap { $0.units }
                hevcRecord(hvcC, into: &e, stream: s)
            } else if !s.extradata.isEmpty {
                c.outOfBand = NALUnitSplitter.split(s.extradata[...], framing: .annexB).map { Array($0.bytes) }
            }
        case .h264:
            c.codec = .h264
            if s.extradata.count >= 7, s.extradata[0] == 1, let avcC = try? AVCDecoderConfigurationRecord.parse(s.extradata) {
                c.framing = .lengthPrefixed(avcC.nalLengthSize)
                c.outOfBand = avcC.sequenceParameterSets + avcC.pictureParameterSets
                e.configurationHasParameterSets = !avcC.sequenceParameterSets.isEmpty
            } else if !s.extradata.isEmpty {
                c.outOfBand = NALUnitSplitter.split(s.extradata[...], framing: .annexB, header: .avc).map { Array($0.bytes) }
            }
        case .av1:
            c.codec = .av1
        case .vp9:
            c.codec = .vp9
            // libavformat reads the MP4 `vpcC` into stream fields only; the record itself comes
            // from hdrprobe's own sample-entry walk (VP Codec ISO Media File Format Binding).
            if e.configurationRecord.isEmpty, let vpcC = entry?.codecConfigurations["vpcC"] { e.configurationRecord = vpcC }
        case .vp8:
            c.codec = .vp8
        default:
            break
        }
        return c
    }

    /// What an `hvcC` says: parameter sets, other arrays, SEI types, profile and level.
    package static func hevcRecord(_ hvcC: HEVCDecoderConfigurationRecord, into e: inout VideoEvidence, stream s: DemuxedStream) {
        e.configurationHasParameterSets = !hvcC.units(ofType: 33).isEmpty
        e.configurationOtherArrayTypes = hvcC.arrays.map { Int($0.nalType) }
            .filter { ![32, 33, 34, 39, 40].contains($0) }
        e.configurationSEITypes = hvcC.arrays.filter { $0.nalType == 39 || $0.nalType == 40 }
            .flatMap(\.units)
            .flatMap { SEIMessageParser.parse(rbsp: EmulationPrevention.unescape($0[...])) }
            .map(\.payloadType)
        let idc = BitstreamScanner.effectiveProfileIDC(idc: hvcC.generalProfileIDC,
                                                       compatibility: hvcC.generalProfileCompatibilityFlags)
        e.profileName = CodecProfileName.name(codec: s.codec, profile: Int32(idc)) ?? e.profileName
        e.level = Int(hvcC.generalLevelIDC)
    }

    /// The scanner fed with the out-of-band parameter sets (and AV1 config OBUs); the profile and
    /// level they give where the stream's own are missing (or, for H.264 and AV1, always).
    package static func prepareScanner(_ e: inout VideoEvidence, stream s: DemuxedStream, configuration c: CodecConfiguration,
                               matroskaTrack: MatroskaTrackEntry?) -> BitstreamScanner {
        var scanner = BitstreamScanner(codec: c.codec, framing: c.framing)
        scanner.consumeOutOfBand(nalUnits: c.outOfBand)
        scanner.blockAdditionMappings = matroskaTrack?.blockAdditionMappings ?? []
        if c.codec == .av1, let av1C = try? AV1CodecConfigurationRecord.parse(s.extradata) {
            scanner.consumeOutOfBand(av1ConfigOBUs: av1C.configOBUs)
        }
        if let idc = scanner.scan.profileIDC, c.codec == .h264 || c.codec == .av1 || e.profileName == nil {
            e.profileName = CodecProfileName.name(codec: s.codec, profile: Int32(idc)) ?? e.profileName
        }
        if let level = scanner.scan.levelIDC, c.codec == .h264 || c.codec == .av1 || e.level == nil { e.level = level }
        return scanner
    }

    /// Codec IDs of the original formats (`frma`) of encrypted video entries. libavformat maps some
    /// of them wrongly: FFmpeg 5.1 reads `frma dvh1`/`dvhe` as the DV camcorder codec (`dvvideo`), a
    /// four-cc clash; the original format is what the track is.
    /// The entry's codec comes from ``SampleEntryType``.
    package static func originalFormatCodec(_ format: String) -> StreamCodec? {
        switch SampleEntryType(rawValue: format)?.codec {
        case .hevc?: return .hevc
        case .h264?: return .h264
        case .av1?: return .av1
        case .vp9?: return .vp9
        case nil: return nil
        }
    }

    /// The stream as its original format says it is: codec (and its name), the configuration
    /// record from hdrprobe's own sample-entry walk when libavformat misnamed the codec, and the
    /// entry's dimensions. A clear entry libavformat names no codec for is its own original format:
    /// `dav1` (AV1 Dolby Vision, `docs/rules/dolby-vision.md` §6) has no tag in FFmpeg 5.1 or 8.1.
    package static func originalFormat(_ s: DemuxedStream, entry: SampleEntry?) -> DemuxedStream {
        let stored = entry?.originalFormat ?? (s.codecName == nil ? entry?.fourCC : nil)
        guard let format = stored, let id = originalFormatCodec(format), id != s.codec,
              let codec = SampleEntryType(rawValue: format)?.codec else { return s }
        var fixed = s
        fixed.codec = id
        // libavcodec's names of these four codecs are VideoCodec's raw values (`avcodec_get_name`):
        // no FFmpeg call, so a file the own reader read needs no FFmpeg loaded.
        fixed.codecName = codec.rawValue
        fixed.profile = -1
        fixed.profileName = nil
        fixed.level = 0
        fixed.bitDepth = nil
        fixed.chromaSubsampling = nil
        let recordBox = ["hvcC", "avcC", "av1C", "vpcC"].first { entry?.codecConfigurations[$0] != nil }
        fixed.extradata = recordBox.flatMap { entry?.codecConfigurations[$0] } ?? []
        fixed.width = entry?.width ?? s.width
        fixed.height = entry?.height ?? s.height
        return fixed
    }

    /// The Dolby Vision record: parsed by hdrprobe from the MP4 box payload or the Matroska
    /// BlockAddIDExtraData; libavformat's reading is compared with it (a disagreement is a
    /// finding) and used only where the container has no own source (MPEG-TS), or where the own
    /// walk could not read the track.
    package static func resolveDolbyVisionRecord(_ e: inout VideoEvidence, stream s: DemuxedStream, entry: SampleEntry?,
                                         matroskaTrack: MatroskaTrackEntry?, signature: ContainerSignature,
                                         programMap: ProgramMapTable? = nil) {
        var own: (payload: [UInt8], box: DolbyVisionRecordLocation, source: DolbyVisionRecordDisagreement.Source)?
        if let payload = entry?.doviPayload, let box = entry?.doviBoxType {
            own = (payload, .box(box), .box(box))
        } else if let mapping = matroskaTrack?.dolbyVisionMapping, let payload = mapping.extraData {
            own = (payload, .matroska, .matroskaMapping(typeFourCC: mapping.typeFourCC))
        }
        if let own {
            e.doviRecordBox = own.box
            do {
                let record = try DOVIDecoderConfigurationRecord.parse(own.payload)
                e.doviRecord = record
                if let other = s.doviRecord, !sameFields(record, other) {
                    e.doviRecordDisagreement = .fieldsDiffer(source: own.source, own: .init(record), libavformat: .init(other))
                }
            } catch {
                e.doviRecord = s.doviRecord
                e.doviRecordDisagreement = s.doviRecord == nil ? nil : .ownRecordTooShort(source: own.source, byteCount: own.payload.count)
            }
        } else if signature == .mpegts,
                  let body = programMap?.streams.first(where: { $0.pid == s.id })?.descriptor(ProgramMapTable.doviVideoStreamDescriptorTag),
                  let record = try? DOVIDecoderConfigurationRecord.parseTSDescriptorBody(body) {
            // hdrprobe's own reading of the PMT: it keeps dependency_pid and knows a missing compatibility byte.
            e.doviRecord = record
            e.doviRecordBox = .mpegtsDescriptor
        } else if let record = s.doviRecord {
            if matroskaTrack != nil {
                // The own walk read the track and found no mapping: libavformat's record is evidence only.
                e.doviRecordDisagreement = .onlyLibavformatInMatroska(profile: record.profile)
                return
            }
            e.doviRecord = record
            switch signature {
            case .isobmff: e.doviRecordBox = .box(DolbyVisionConfigurationBox(profile: record.profile))
            case .matroska: e.doviRecordBox = .matroska
            case .mpegts: e.doviRecordBox = .mpegtsDescriptor
            default: e.doviRecordBox = nil
            }
        }
    }

    package static func sameFields(_ a: DOVIDecoderConfigurationRecord, _ b: DOVIDecoderConfigurationRecord) -> Bool {
        a.profile == b.profile && a.level == b.level && a.compatibilityId == b.compatibilityId
            && a.rpuPresent == b.rpuPresent && a.elPresent == b.elPresent && a.blPresent == b.blPresent
    }
}
