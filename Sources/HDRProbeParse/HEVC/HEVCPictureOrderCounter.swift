/// Picture order count of each coded picture of an HEVC stream: ITU-T H.265 §8.3.1 (decoding
/// process for picture order count), with NoRaslOutputFlag from §8.1.3 and the inputs read by
/// ``HEVCPictureParameterSet`` (§7.3.2.3) and ``HEVCSliceSegmentHeader`` (§7.3.6.1). Needed to put
/// per-frame metadata of raw streams (no timestamps) in display order
/// (`docs/rules/dolby-vision.md` §12, `docs/rules/hdr10plus.md` §2.3).
///
/// Feed it the NAL units of one access unit at a time, in decoding order (see
/// ``HEVCAccessUnitSplitter``). Only units with nuh_layer_id 0 are used.
///
/// - SPS (33) and PPS (34) replace the table entry with their id (SPS 0–15, PPS 0–63; fixed-size
///   tables). A unit that does not parse leaves the table unchanged. VPS (32) is not needed.
/// - EOS (36) and EOB (37) make the next picture the first of a coded video sequence.
/// - The first VCL NAL unit of a defined type (0–9, 16–21) is the picture; its slice segment
///   header gives slice_pic_order_cnt_lsb. Further VCL units of the access unit are ignored.
///
/// Derivation (§8.3.1):
/// - IRAP with NoRaslOutputFlag = 1: PicOrderCntMsb = 0. NoRaslOutputFlag is 1 for IDR and BLA,
///   for the first picture of the stream and the first after an EOS; for a CRA otherwise 0 —
///   except that a CRA with no usable previous POC is handled as a BLA (HandleCraAsBlaFlag = 1,
///   which §8.1.3 lets external means set; a decoder does this when it starts at a CRA).
/// - Otherwise, from prevTid0Pic — the previous picture in decoding order with TemporalId 0 that is
///   not RASL (8, 9), RADL (6, 7) or a sub-layer non-reference picture (0, 2, …, 14):
///   MSB = prevMsb + MaxLsb when lsb < prevLsb and prevLsb − lsb ≥ MaxLsb / 2;
///   prevMsb − MaxLsb when lsb > prevLsb and lsb − prevLsb > MaxLsb / 2; else prevMsb.
/// - PicOrderCntVal = MSB + lsb; an IDR has lsb 0 and therefore POC 0.
///
/// The POC is nil when it cannot be computed: the slice header does not parse (no SPS/PPS yet,
/// first slice segment missing, corrupt bits) or there is no prevTid0Pic for a non-IRAP picture.
/// A picture that would have been prevTid0Pic but has no POC clears it, so later non-IRAP
/// pictures stay nil until the next IRAP (never a wrong value).
package struct HEVCPictureOrderCounter: Sendable, Equatable {
    /// One coded picture as seen by the counter.
    package struct Picture: Sendable, Equatable {
        /// 0, 1, 2, … over the pictures returned by this counter (decoding order).
        package var decodeIndex: Int
        package var nalUnitType: UInt8
        /// nuh_temporal_id_plus1 − 1.
        package var temporalID: Int
        /// NoRaslOutputFlag (§8.1.3); false for non-IRAP pictures.
        package var noRaslOutputFlag: Bool
        /// PicOutputFlag (§8.1.3): 0 for a RASL picture whose IRAP has NoRaslOutputFlag = 1
        /// (a decoder skips it; FFmpeg drops it), else pic_output_flag (1 when absent or unread).
        package var picOutputFlag: Bool
        /// The first slice segment header, when it parsed.
        package var sliceHeader: HEVCSliceSegmentHeader?
        /// PicOrderCntVal, or nil when it cannot be computed.
        package var picOrderCount: Int?

        package init(decodeIndex: Int, nalUnitType: UInt8, temporalID: Int, noRaslOutputFlag: Bool,
                    picOutputFlag: Bool, sliceHeader: HEVCSliceSegmentHeader?, picOrderCount: Int?) {
            self.decodeIndex = decodeIndex
            self.nalUnitType = nalUnitType
            self.temporalID = temporalID
            self.noRaslOutputFlag = noRaslOutputFlag
            self.picOutputFlag = picOutputFlag
            self.sliceHeader = sliceHeader
            self.picOrderCount = picOrderCount
        }

        /// IRAP picture (types 16–23): display-order groups restart here.
        package var isIRAP: Bool { HEVCNALUnitType.isIRAP(nalUnitType) }
        package var isIDR: Bool { HEVCNALUnitType.isIDR(nalUnitType) }

        /// The entry ``DisplayOrder`` sorts.
        package var displayOrderEntry: DisplayOrder.Picture {
            DisplayOrder.Picture(decodeIndex: decodeIndex, isIRAP: isIRAP, poc: picOrderCount)
        }
    }

    /// The slice segment header fields up to slice_pic_order_cnt_lsb fit in far fewer bytes;
    /// only this prefix of a slice NAL unit is unescaped.
    package static let sliceHeaderPrefixBytes = 64

    private struct PreviousTid0: Sendable, Equatable {
        package var lsb: Int
        package var msb: Int
    }

    private var sequenceParameterSets: [HEVCSequenceParameterSet?] =
        Array(repeating: nil, count: Int(HEVCPictureParameterSet.maxSeqParameterSetID) + 1)
    private var pictureParameterSets: [HEVCPictureParameterSet?] =
        Array(repeating: nil, count: Int(HEVCPictureParameterSet.maxPicParameterSetID) + 1)
    private var previousTid0: PreviousTid0? = nil
    /// True before the first picture and after an EOS / EOB NAL unit.
    private var nextPictureStartsSequence = true
    private var lastIRAPNoRaslOutputFlag = false
    /// Pictures returned so far.
    package private(set) var pictureCount = 0

    package init() {}

    package func sequenceParameterSet(id: UInt32) -> HEVCSequenceParameterSet? {
        id < UInt32(sequenceParameterSets.count) ? sequenceParameterSets[Int(id)] : nil
    }

    package func pictureParameterSet(id: UInt32) -> HEVCPictureParameterSet? {
        id < UInt32(pictureParameterSets.count) ? pictureParameterSets[Int(id)] : nil
    }

    /// Processes one access unit (NAL units in stream order) and returns its picture, or nil when
    /// the access unit holds no picture (parameter sets only, SEI only, …).
    package mutating func feed<C: Collection>(accessUnit units: C) -> Picture? where C.Element == NALUnit {
        var picture: Picture? = nil
        for unit in units {
            guard unit.layerID == 0, unit.temporalIDPlus1 > 0 else { continue }
            switch unit.type {
            case HEVCNALUnitType.sps:
                if let sps = try? HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(unit.bytes)),
                   sps.seqParameterSetID < UInt32(sequenceParameterSets.count) {
                    sequenceParameterSets[Int(sps.seqParameterSetID)] = sps
                }
            case HEVCNALUnitType.pps:
                if let pps = try? HEVCPictureParameterSet.parse(EmulationPrevention.unescape(unit.bytes)),
                   pps.picParameterSetID < UInt32(pictureParameterSets.count) {
                    pictureParameterSets[Int(pps.picParameterSetID)] = pps
                }
            case HEVCNALUnitType.endOfSequence, HEVCNALUnitType.endOfBitstream:
                nextPictureStartsSequence = true
            case let t where picture == nil && HEVCNALUnitType.isDefinedVCL(t):
                picture = decodePicture(unit)
            default:
                break
            }
        }
        return picture
    }

    private mutating func decodePicture(_ unit: NALUnit) -> Picture {
        let type = unit.type
        let temporalID = Int(unit.temporalIDPlus1) - 1
        let isIRAP = HEVCNALUnitType.isIRAP(type)
        let isIDR = HEVCNALUnitType.isIDR(type)
        let header = try? HEVCSliceSegmentHeader.parse(
            EmulationPrevention.unescape(unit.bytes.prefix(Self.sliceHeaderPrefixBytes)),
            pictureParameterSet: { pictureParameterSet(id: $0) },
            sequenceParameterSet: { sequenceParameterSet(id: $0) })

        let startsSequence = nextPictureStartsSequence
        nextPictureStartsSequence = false
        let noRaslOutputFlag = isIRAP
            && (isIDR || HEVCNALUnitType.isBLA(type) || startsSequence || previousTid0 == nil)

        var lsb: Int? = nil
        var msb: Int? = nil
        if isIDR {
            lsb = 0
            msb = 0
        } else if let header {
            let currentLsb = header.slicePicOrderCntLsb
            lsb = currentLsb
            if isIRAP && noRaslOutputFlag {
                msb = 0
            } else if let prev = previousTid0 {
                let maxLsb = 1 << header.log2MaxPicOrderCntLsb
                if currentLsb < prev.lsb && prev.lsb - currentLsb >= maxLsb / 2 {
                    msb = prev.msb + maxLsb
                } else if currentLsb > prev.lsb && currentLsb - prev.lsb > maxLsb / 2 {
                    msb = prev.msb - maxLsb
                } else {
                    msb = prev.msb
                }
            }
        }
        let poc: Int? = if let lsb, let msb { msb + lsb } else { nil }

        if temporalID == 0 && !HEVCNALUnitType.isRASL(type) && !HEVCNALUnitType.isRADL(type)
            && !HEVCNALUnitType.isSubLayerNonReference(type) {
            if let lsb, let msb {
                previousTid0 = PreviousTid0(lsb: lsb, msb: msb)
            } else {
                previousTid0 = nil
            }
        }
        if isIRAP { lastIRAPNoRaslOutputFlag = noRaslOutputFlag }
        let output = HEVCNALUnitType.isRASL(type) && lastIRAPNoRaslOutputFlag ? false : (header?.picOutputFlag ?? true)

        let picture = Picture(
            decodeIndex: pictureCount, nalUnitType: type, temporalID: temporalID, noRaslOutputFlag: noRaslOutputFlag,
            picOutputFlag: output, sliceHeader: header, picOrderCount: poc)
        pictureCount += 1
        return picture
    }
}
