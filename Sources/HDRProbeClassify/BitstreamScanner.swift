import HDRProbeParse
import HDRProbeModel

/// The bounded scan of a video stream's first access units: splits each access unit into NAL
/// units (HEVC, H.264) or OBUs (AV1), counts them, and reads what carries HDR signalling —
/// parameter sets (colour, bit depth), prefix SEI messages (137 mastering display, 144 content
/// light level, 147 alternative transfer — HEVC NAL 39 and H.264 NAL 6 alike —, 4 ITU-T T.35
/// HDR10+), Dolby Vision RPUs (HEVC NAL 62, H.264 NAL 28, AV1 T.35 OBUs) and enhancement-layer
/// NALs (HEVC 63).
///
/// Sources: H.265 §7.3.1 (NAL header, types 32–34 VPS/SPS/PPS, 39/40 SEI, 62/63 unspecified,
/// used by Dolby Vision: `docs/rules/dolby-vision.md` §9); HDR10+ detection
/// `docs/rules/hdr10plus.md` §2 (prefix SEI only, one count per picture).
/// The caller decides the budget; this type never reads more than it is given.
package struct BitstreamScanner: Sendable {
    package enum Codec: Sendable, Equatable { case hevc, h264, av1, vp9, vp8, other }

    package let codec: Codec
    package let framing: NALFraming
    package private(set) var scan = BitstreamScan()
    /// The trims of the last RPU, so that a frame records trims only when they change.
    private var lastTrims: [DolbyVisionTrim] = []
    private var currentFrame = DynamicMetadataFrame(decodeIndex: 0, pts: nil, poc: nil, irap: false)
    /// Picture order counts for streams without timestamps (raw HEVC), H.265 §8.3.1.
    private var pictureOrder = HEVCPictureOrderCounter()
    /// Raw Annex B HEVC: regroup NAL units into access units (H.265 §7.4.2.4.4) instead of trusting
    /// the demuxer's packets (FFmpeg's parser can split an RPU from its picture).
    package var regroupAccessUnits = false
    private var splitter = HEVCAccessUnitSplitter()
    /// A raw Annex B stream (no container): packet bytes are counted as the byte stream
    /// (``AnnexBByteCount``), whatever the demuxer's packet cuts. Raw HEVC (regrouped) always is.
    package var countsByteStream = false
    private var byteStream = AnnexBByteCount()
    /// The Matroska track's BlockAdditionMappings (what each BlockAddID carries), if any.
    package var blockAdditionMappings: [MatroskaBlockAdditionMapping] = []
    package static let maxNALsPerAccessUnit = 1024

    package init(codec: Codec, framing: NALFraming) {
        self.codec = codec
        self.framing = framing
    }

    /// Parameter sets and SEI from the configuration record (hvcC / avcC arrays): read for
    /// colour and static metadata, not counted as frames or as in-band parameter sets.
    package mutating func consumeOutOfBand(nalUnits: [[UInt8]]) {
        for bytes in nalUnits {
            let header: NALHeaderKind = codec == .h264 ? .avc : .hevc
            let unit = header == .avc ? NALUnit.avc(bytes[...]) : NALUnit.hevc(bytes[...])
            guard let unit else { continue }
            handleParameterSetOrSEI(unit)
        }
    }

    /// One access unit (one demuxed video packet) with its presentation timestamp, if any, and the
    /// Matroska BlockAdditions beside it (read for VP9 and AV1 HDR10+ only: HEVC carries it in SEI).
    /// `storedSize`: the access unit's size in the file when `data` is it with the slice data of its
    /// VCL NAL units cut (hdrprobe's own ISO BMFF reader); the scan counts the stored bytes.
    package mutating func consume(accessUnit data: [UInt8], pts: Int64? = nil, blockAdditions: [MatroskaBlockMore] = [],
                                  storedSize: Int? = nil) {
        if regroupAccessUnits && codec == .hevc {
            scan.bytesScanned += byteStream.add(data)
            for unit in NALUnitSplitter.split(data[...], framing: framing, limit: Self.maxNALsPerAccessUnit, header: .hevc) {
                if let complete = splitter.append(unit) { consumeRegrouped(complete) }
            }
            return
        }
        currentFrame = DynamicMetadataFrame(decodeIndex: scan.framesScanned, pts: pts, poc: nil, irap: false)
        scan.framesScanned += 1
        scan.bytesScanned += countsByteStream ? byteStream.add(data) : (storedSize ?? data.count)
        switch codec {
        case .hevc: consumeHEVC(data)
        case .h264: consumeAVC(data)
        case .av1: consumeAV1(data, blockAdditions: blockAdditions)
        case .vp9: consumeVP9(data, blockAdditions: blockAdditions)
        case .vp8: consumeVP8(data)
        case .other: break
        }
    }

    /// One access unit of an encrypted track with its subsample map: only NAL units that are
    /// entirely clear are parsed; a partly encrypted VCL unit is counted from its clear header
    /// (its slice data is never read), a partly encrypted non-VCL unit (an SEI or RPU a packager
    /// encrypted) is counted in ``BitstreamScan/encryptedNonVCL`` and skipped. Length-prefixed
    /// HEVC and H.264 only; other framings and codecs are not read (``BitstreamScan/encryptedSamplesUnread``).
    package mutating func consume(protectedAccessUnit data: [UInt8], pts: Int64?, map: SubsampleEncryption) {
        guard case .lengthPrefixed(let lengthSize) = framing, codec == .hevc || codec == .h264 else {
            scan.encryptedSamplesUnread += 1
            return
        }
        let header = codec == .hevc ? 2 : 1
        let split = map.nalUnits(in: data, lengthSize: lengthSize, headerSize: header, limit: Self.maxNALsPerAccessUnit)
        guard !split.isEmpty else {
            scan.encryptedSamplesUnread += 1
            return
        }
        currentFrame = DynamicMetadataFrame(decodeIndex: scan.framesScanned, pts: pts, poc: nil, irap: false)
        scan.framesScanned += 1
        scan.bytesScanned += data.count
        var clear: [NALUnit] = []
        for (unit, isClear) in split {
            if isClear { clear.append(unit); continue }
            let isVCL = codec == .hevc ? unit.type < 32 : (1...5).contains(unit.type)
            if isVCL {
                scan.nalCensus[Int(unit.type), default: 0] += 1
            } else {
                scan.encryptedNonVCL[Int(unit.type), default: 0] += 1
            }
        }
        if codec == .hevc { processHEVC(clear, readSlices: false) } else { processAVC(clear) }
    }

    /// Flushes the last regrouped access unit (call once after the last packet).
    package mutating func finish() {
        if regroupAccessUnits, let complete = splitter.finish() { consumeRegrouped(complete) }
    }

    private mutating func consumeRegrouped(_ units: [NALUnit]) {
        currentFrame = DynamicMetadataFrame(decodeIndex: scan.framesScanned, pts: nil, poc: nil, irap: false)
        scan.framesScanned += 1
        processHEVC(units)
    }

    /// The configuration OBUs of an `av1C` record (normally the sequence header).
    package mutating func consumeOutOfBand(av1ConfigOBUs bytes: [UInt8]) {
        for obu in AV1OBU.split(bytes[...], limit: 16) where obu.type == AV1OBU.sequenceHeader {
            applyAV1SequenceHeader(obu.payload)
        }
    }

    /// AV1 temporal unit (AV1 §5.3 low-overhead OBUs): sequence header OBUs for colour and depth,
    /// metadata OBUs (§5.8) for HDR CLL (type 1), MDCV (type 2) and ITU-T T.35 (type 4) — HDR10+
    /// (`docs/rules/hdr10plus.md` §6) and Dolby Vision RPUs (provider 0x003B, `docs/rules/dolby-vision.md` §13).
    private mutating func consumeAV1(_ data: [UInt8], blockAdditions: [MatroskaBlockMore]) {
        var frameHasRPU = false
        var frameHasHDR10Plus = false
        for obu in AV1OBU.split(data[...], limit: Self.maxNALsPerAccessUnit) {
            scan.nalCensus[Int(obu.type), default: 0] += 1
            switch obu.type {
            case AV1OBU.sequenceHeader:
                scan.inBandParameterSets = true
                if scan.bitstreamColour == nil { applyAV1SequenceHeader(obu.payload) }
            case AV1OBU.metadata:
                guard let m = try? AV1Metadata.parse(obuPayload: obu.payload) else { continue }
                switch m.type {
                case AV1Metadata.hdrCLL where scan.contentLight == nil:
                    scan.contentLight = m.contentLightLevel(source: .bitstream)
                case AV1Metadata.hdrMDCV where scan.mastering == nil:
                    scan.mastering = m.masteringDisplay(source: .bitstream)
                case AV1Metadata.ituTT35:
                    if !frameHasHDR10Plus, ST2094_40Metadata.isHDR10Plus(t35: m.payload) {
                        frameHasHDR10Plus = true
                        recordHDR10Plus(m.payload)
                    } else if m.payload.starts(with: Self.dolbyVisionT35Prefix), !frameHasRPU {
                        frameHasRPU = true
                        handleRPU { try DolbyVisionRPU.parse(av1T35: Array(m.payload)) }
                    }
                default:
                    break
                }
            default:
                break
            }
        }
        if !frameHasHDR10Plus { frameHasHDR10Plus = recordBlockAdditionHDR10Plus(blockAdditions) }
        finishFrame(hasRPU: frameHasRPU, hasHDR10Plus: frameHasHDR10Plus)
    }

    /// VP9 frame (VP9 spec §6.2): the first key frame's uncompressed header gives profile, bit
    /// depth, subsampling, colour space and size. HDR10+ for VP9 travels beside the frame, in a
    /// Matroska BlockAdditional of type 4 (ITU-T T.35).
    private mutating func consumeVP9(_ data: [UInt8], blockAdditions: [MatroskaBlockMore]) {
        if scan.vp9Header == nil, let h = try? VP9UncompressedHeader.parse(data) {
            scan.vp9Header = h
            scan.width = h.width
            scan.height = h.height
            scan.bitDepth = h.bitDepth
            scan.chromaSubsampling = h.chromaSubsampling
            scan.profileIDC = h.profile
            // color_config() always states the range; the matrix only for a known colour space.
            if scan.bitstreamColour == nil {
                scan.bitstreamColour = ColourCodes(matrix: h.matrixCoefficients, fullRange: h.fullRange)
            }
        }
        finishFrame(hasRPU: false, hasHDR10Plus: recordBlockAdditionHDR10Plus(blockAdditions))
    }

    /// VP8 frame (RFC 6386 §9.1): the first frame's tag gives the profile (and, VP8 having one
    /// picture format, 8-bit 4:2:0); a key frame's header the size. VP8 carries no HDR signalling.
    private mutating func consumeVP8(_ data: [UInt8]) {
        if scan.profileIDC == nil || scan.width == nil, let h = try? VP8FrameHeader.parse(data) {
            if scan.profileIDC == nil {
                scan.profileIDC = h.profile
                scan.bitDepth = VP8FrameHeader.bitDepth
                scan.chromaSubsampling = VP8FrameHeader.chromaSubsampling
            }
            if scan.width == nil, let width = h.width, let height = h.height {
                scan.width = width
                scan.height = height
            }
        }
        finishFrame(hasRPU: false, hasHDR10Plus: false)
    }

    /// The first HDR10+ T.35 message among a frame's Matroska BlockAdditions, parsed like an SEI or
    /// metadata OBU one; true when there was one.
    private mutating func recordBlockAdditionHDR10Plus(_ additions: [MatroskaBlockMore]) -> Bool {
        guard let more = additions.first(where: { $0.isHDR10Plus(mappings: blockAdditionMappings) }) else { return false }
        recordHDR10Plus(more.additional)
        return true
    }

    /// Counts a picture once, however many RPUs / HDR10+ messages it carried.
    private mutating func finishFrame(hasRPU: Bool, hasHDR10Plus: Bool) {
        if hasRPU { scan.framesWithRPU += 1 }
        if hasHDR10Plus { scan.framesWithHDR10Plus += 1 }
        scan.frames.append(currentFrame)
    }

    /// ITU-T T.35 country 0xB5, provider 0x003B (Dolby), oriented code 0x00000800 (`docs/rules/dolby-vision.md` §13).
    package static let dolbyVisionT35Prefix: [UInt8] = [0xB5, 0x00, 0x3B, 0x00, 0x00, 0x08, 0x00]

    private mutating func applyAV1SequenceHeader(_ payload: ArraySlice<UInt8>) {
        guard let seq = try? AV1SequenceHeader.parse(payload) else { return }
        scan.av1SequenceHeader = seq
        if scan.timingFrameRate == nil { scan.timingFrameRate = seq.timingFrameRate }
        scan.width = seq.maxFrameWidth
        scan.height = seq.maxFrameHeight
        scan.bitDepth = seq.bitDepth
        scan.chromaSubsampling = seq.monochrome ? "4:0:0"
            : (seq.subsamplingX && seq.subsamplingY ? "4:2:0" : seq.subsamplingX ? "4:2:2" : "4:4:4")
        scan.profileIDC = Int(seq.seqProfile)
        scan.levelIDC = Int(seq.seqLevelIdx0)
        scan.bitstreamColour = seq.colour
    }

    private mutating func consumeHEVC(_ data: [UInt8]) {
        processHEVC(NALUnitSplitter.split(data[...], framing: framing, limit: Self.maxNALsPerAccessUnit, header: .hevc))
    }

    /// `readSlices`: false for encrypted samples, whose slice data is never parsed.
    private mutating func processHEVC(_ units: [NALUnit], readSlices: Bool = true) {
        if readSlices, currentFrame.pts == nil, let picture = pictureOrder.feed(accessUnit: units) {
            currentFrame.poc = picture.picOrderCount
            currentFrame.irap = picture.isIRAP
        }
        var frameHasRPU = false
        var frameHasHDR10Plus = false
        for unit in units {
            scan.nalCensus[Int(unit.type), default: 0] += 1
            switch unit.type {
            case 32, 33, 34:
                scan.inBandParameterSets = true
                handleParameterSetOrSEI(unit)
            case 39:
                let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(unit.bytes))
                for m in messages {
                    handleStaticSEI(m)
                    if m.payloadType == 4, !frameHasHDR10Plus, ST2094_40Metadata.isHDR10Plus(t35: m.payload) {
                        frameHasHDR10Plus = true
                        recordHDR10Plus(m.payload)
                    }
                }
            case 62:
                guard !frameHasRPU else { continue } // a second RPU for the same picture is dropped (hevc_parser)
                frameHasRPU = true
                let payload = unit.bytes.dropFirst(2)
                handleRPU { try DolbyVisionRPU.parse(Array(payload)) }
            case 63:
                scan.enhancementLayerNALs = true
            default:
                break
            }
        }
        finishFrame(hasRPU: frameHasRPU, hasHDR10Plus: frameHasHDR10Plus)
    }

    private mutating func consumeAVC(_ data: [UInt8]) {
        processAVC(NALUnitSplitter.split(data[...], framing: framing, limit: Self.maxNALsPerAccessUnit, header: .avc))
    }

    private mutating func processAVC(_ units: [NALUnit]) {
        var frameHasRPU = false
        for unit in units {
            scan.nalCensus[Int(unit.type), default: 0] += 1
            if unit.type == 7 || unit.type == 8 { scan.inBandParameterSets = true }
            if unit.type == AVCDolbyVisionRPUNALUnit.type {
                guard !frameHasRPU else { continue } // one RPU per picture, as for HEVC
                frameHasRPU = true
                // The profile derivation from an RPU header (§11.1) names HEVC profiles; an AVC
                // stream's profile comes from its record.
                handleRPU(deriveProfile: false) { try AVCDolbyVisionRPUNALUnit.rpu(unit) }
                continue
            }
            handleParameterSetOrSEI(unit)
        }
        finishFrame(hasRPU: frameHasRPU, hasHDR10Plus: false)
    }

    private mutating func handleParameterSetOrSEI(_ unit: NALUnit) {
        switch (codec, unit.type) {
        case (.hevc, 33):
            guard scan.bitstreamColour == nil,
                  let sps = try? HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(unit.bytes)) else { return }
            applySPS(sps)
        case (.hevc, 39):
            for m in SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(unit.bytes)) { handleStaticSEI(m) }
        case (.h264, 6):
            // H.264 §7.3.2.3 sei_rbsp() has the same message framing, and payload types 137 / 144 / 147
            // (H.264 Annex D, sei_payload()) the same syntax as in H.265: one parser for both codecs.
            for m in SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(unit.bytes), headerSize: 1) { handleStaticSEI(m) }
        case (.h264, 7):
            applyAVCSPS(unit)
        default:
            break
        }
    }

    private mutating func applySPS(_ sps: HEVCSequenceParameterSet) {
        scan.hevcProfileTierLevel = sps.profileTierLevel
        scan.width = sps.width
        scan.height = sps.height
        scan.bitDepth = sps.bitDepthLuma
        scan.chromaSubsampling = Self.chroma(idc: sps.chromaFormatIDC)
        scan.profileIDC = Self.effectiveProfileIDC(idc: sps.profileTierLevel.generalProfileIDC,
                                                  compatibility: sps.profileTierLevel.generalProfileCompatibilityFlags)
        scan.levelIDC = Int(sps.profileTierLevel.generalLevelIDC)
        if let vui = sps.vui {
            scan.sampleAspectRatio = SampleAspectRatio(vui.signal)
            scan.bitstreamColour = vui.colour
            scan.timingFrameRate = vui.timingFrameRate
        } else {
            scan.bitstreamColour = ColourCodes()
        }
    }

    private mutating func applyAVCSPS(_ unit: NALUnit) {
        guard scan.bitstreamColour == nil,
              let sps = try? AVCSequenceParameterSet.parse(EmulationPrevention.unescape(unit.bytes)) else { return }
        scan.avcSPS = sps
        scan.width = sps.width
        scan.height = sps.height
        scan.bitDepth = sps.bitDepthLuma
        scan.chromaSubsampling = Self.chroma(idc: sps.chromaFormatIDC)
        scan.profileIDC = Self.ffmpegH264Profile(idc: sps.profileIDC, constraintFlags: sps.constraintFlags)
        scan.levelIDC = Int(sps.levelIDC)
        scan.bitstreamColour = sps.vui?.colour ?? ColourCodes()
        scan.sampleAspectRatio = sps.vui.flatMap { SampleAspectRatio($0.signal) }
        scan.timingFrameRate = sps.vui?.timingFrameRate
    }

    /// H.264 profile_idc with FFmpeg's refinements (constrained baseline: constraint_set1_flag;
    /// intra variants of High 10 / 4:2:2 / 4:4:4: constraint_set3_flag; H.264 §A.2), so that
    /// FFmpeg's profile names apply (`Constrained Baseline`, `High 10 Intra`, …).
    package static func ffmpegH264Profile(idc: UInt8, constraintFlags: UInt8) -> Int {
        let constrained = 1 << 9, intra = 1 << 11
        let set1 = constraintFlags & 0x40 != 0, set3 = constraintFlags & 0x10 != 0
        switch idc {
        case 66: return Int(idc) | (set1 ? constrained : 0)
        case 110, 122, 244: return Int(idc) | (set3 ? intra : 0)
        default: return Int(idc)
        }
    }

    private mutating func handleStaticSEI(_ m: SEIMessage) {
        switch m.payloadType {
        case MasteringDisplayColourVolumeSEI.payloadType where scan.mastering == nil:
            scan.mastering = (try? MasteringDisplayColourVolumeSEI.parse(m.payload))?.report(source: .bitstream)
        case ContentLightLevelInfoSEI.payloadType where scan.contentLight == nil:
            scan.contentLight = (try? ContentLightLevelInfoSEI.parse(m.payload))?.report(source: .bitstream)
        case AlternativeTransferCharacteristicsSEI.payloadType where scan.alternativeTransfer == nil:
            scan.alternativeTransfer = (try? AlternativeTransferCharacteristicsSEI.parse(m.payload))
                .map { Int($0.preferredTransferCharacteristics) }
        default:
            break
        }
    }

    /// Parses one HDR10+ payload of the current picture, keeps it for the summary and the
    /// per-frame record.
    private mutating func recordHDR10Plus<C: Collection>(_ payload: C) where C.Element == UInt8 {
        guard let m = try? ST2094_40Metadata.parse(Array(payload)) else {
            scan.hdr10PlusUnparsable.insert(currentFrame.decodeIndex)
            return
        }
        scan.hdr10PlusPayloads[currentFrame.decodeIndex] = m
        let peak = m.windows.flatMap(\.maxscl).max() ?? 0
        currentFrame.hdr10Plus = DynamicMetadataFrame.HDR10Plus(
            maxsclNits: Double(peak) / 10, averageMaxrgbNits: Double(m.windows.first?.averageMaxrgb ?? 0) / 10,
            targetedSystemDisplayMaximumLuminance: Int(m.targetedSystemDisplayMaximumLuminance),
            windows: m.numWindows, valid: m.isValid)
    }

    /// Parses one RPU (HEVC NAL 62 payload or AV1 T.35 EMDF), folds it into the summary and the
    /// current frame's record.
    private mutating func handleRPU(deriveProfile: Bool = true, _ parse: () throws -> DolbyVisionRPU) {
        do {
            let rpu = try parse()
            scan.rpuSummary.add(rpu)
            if deriveProfile, scan.rpuProfile == nil, rpu.profile != 0 { scan.rpuProfile = rpu.profile }
            if scan.rpuEnhancementLayer == nil, rpu.isValid, let el = rpu.enhancementLayer { scan.rpuEnhancementLayer = el.rawValue }
            let l1 = rpu.level1.map { (min: Int($0.minPq), max: Int($0.maxPq), avg: Int($0.avgPq)) }
            currentFrame.rpu = DynamicMetadataFrame.RPU(valid: rpu.isValid, level1: l1, sceneRefresh: rpu.sceneRefresh ?? false)
            let trims = DolbyVisionTrim.of(rpu)
            if trims != lastTrims {
                currentFrame.rpu?.trims = trims
                lastTrims = trims
            }
            if !rpu.isValid {
                scan.invalidRPUs += 1
                if scan.rpuProblems.count < 4 {
                    scan.rpuProblems.append(DolbyVisionRPUProblem(rpu))
                }
            }
        } catch {
            scan.rpuSummary.addUnparsable(error)
            currentFrame.rpu = DynamicMetadataFrame.RPU(valid: false, level1: nil, sceneRefresh: false)
            scan.invalidRPUs += 1
            if scan.rpuProblems.count < 4 { scan.rpuProblems.append(.unparsable(DolbyVisionRPU.ReadFailure(error))) }
        }
    }

    /// general_profile_idc, or when it is 0 the first profile whose compatibility flag is set
    /// (H.265 §A.3: a decoder conforming to profile j may decode a stream flagging j).
    package static func effectiveProfileIDC(idc: UInt8, compatibility: UInt32) -> Int {
        if idc != 0 { return Int(idc) }
        for j in 1..<32 where compatibility & (UInt32(1) << UInt32(31 - j)) != 0 { return j }
        return 0
    }

    package static func chroma(idc: Int) -> String? {
        switch idc {
        case 0: return "4:0:0"
        case 1: return "4:2:0"
        case 2: return "4:2:2"
        case 3: return "4:4:4"
        default: return nil
        }
    }
}
