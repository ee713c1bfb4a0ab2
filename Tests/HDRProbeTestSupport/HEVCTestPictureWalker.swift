@testable import HDRProbeBytes
@testable import HDRProbeParse

/// Test helper: walks a raw HEVC Annex B stream into coded pictures with their picture order
/// count and the HDR10+ payload each one carries, following `docs/rules/hdr10plus.md` §2:
/// * only prefix SEI NALs (type 39) are examined; the first `user_data_registered_itu_t_t35`
///   message with the HDR10+ signature is taken (§2.2 step 4);
/// * a payload belongs to the next coded picture (§2.3, hevc_parser's frame context);
/// * pictures are put in display order by POC within each coded video sequence (§2.3).
///
/// POC is derived per ITU-T H.265 §8.3.1 from the first slice segment header of each picture
/// (§7.3.6.1 up to `slice_pic_order_cnt_lsb`), which needs a few PPS fields (§7.3.2.3.1:
/// `dependent_slice_segments_enabled_flag`, `output_flag_present_flag`,
/// `num_extra_slice_header_bits`) and the SPS's `log2_max_pic_order_cnt_lsb` (core parser).
package struct HEVCTestPicture {
    package let decodeIndex: Int
    package let nalType: UInt8
    /// Coded video sequence number (increments at each IRAP with NoRaslOutputFlag = 1).
    package let sequence: Int
    package let poc: Int
    /// The picture's own HDR10+ T.35 payload (from the country code), if any.
    package let ownHDR10Plus: [UInt8]?
}

package enum HEVCTestPictureWalker {
    package struct WalkError: Error { let message: String }

    private struct PPSFields {
        var spsID: UInt32
        var outputFlagPresent: Bool
        var numExtraSliceHeaderBits: Int
    }

    package static func pictures(_ stream: [UInt8]) throws -> [HEVCTestPicture] {
        var sps: [UInt32: HEVCSequenceParameterSet] = [:]
        var pps: [UInt32: PPSFields] = [:]
        var pending: [UInt8]? = nil
        var pictures: [HEVCTestPicture] = []
        var sequence = -1
        var prevTid0: (lsb: Int, msb: Int) = (0, 0)

        for unit in NALUnitSplitter.split(stream[...], framing: .annexB, limit: 1_000_000) {
            let rbsp = EmulationPrevention.unescape(unit.bytes)
            switch unit.type {
            case 33:
                let s = try HEVCSequenceParameterSet.parse(rbsp)
                sps[s.seqParameterSetID] = s
            case 34:
                var r = BitReader(rbsp, bitOffset: 16)
                let id = try r.ue()
                let spsID = try r.ue()
                _ = try r.flag()                         // dependent_slice_segments_enabled_flag
                let outputFlagPresent = try r.flag()
                let extra = try r.int(3)
                pps[id] = PPSFields(spsID: spsID, outputFlagPresent: outputFlagPresent, numExtraSliceHeaderBits: extra)
            case 39:
                guard pending == nil else { continue }
                pending = SEIMessageParser.parse(rbsp: rbsp).first {
                    $0.payloadType == 4 && $0.payload.count >= 7 && ST2094_40Metadata.isHDR10Plus(t35: $0.payload)
                }?.payload
            case 0...31:
                var r = BitReader(rbsp, bitOffset: 16)
                guard try r.flag() else { continue }     // first_slice_segment_in_pic_flag
                let type = Int(unit.type)
                let isIRAP = (16...23).contains(type)
                if isIRAP { _ = try r.flag() }           // no_output_of_prior_pics_flag
                let ppsID = try r.ue()
                guard let p = pps[ppsID], let s = sps[p.spsID], let log2 = s.log2MaxPicOrderCntLsb else {
                    throw WalkError(message: "slice refers to unknown PPS \(ppsID)")
                }
                try r.skip(p.numExtraSliceHeaderBits)    // slice_reserved_flag[i]
                _ = try r.ue()                           // slice_type
                if p.outputFlagPresent { _ = try r.flag() }
                if s.separateColourPlaneFlag { try r.skip(2) }
                let isIDR = type == 19 || type == 20
                let lsb = isIDR ? 0 : try r.int(log2)
                // NoRaslOutputFlag = 1: IDR, BLA, or a CRA that starts the stream.
                let startsSequence = isIDR || (16...18).contains(type) || (type == 21 && pictures.isEmpty)
                let maxLsb = 1 << log2
                var msb = 0
                if startsSequence {
                    sequence += 1
                } else if lsb < prevTid0.lsb && prevTid0.lsb - lsb >= maxLsb / 2 {
                    msb = prevTid0.msb + maxLsb
                } else if lsb > prevTid0.lsb && lsb - prevTid0.lsb > maxLsb / 2 {
                    msb = prevTid0.msb - maxLsb
                } else {
                    msb = prevTid0.msb
                }
                // prevTid0Pic: TemporalId 0 and not RASL, RADL or a sub-layer non-reference picture.
                let subLayerNonReference = type <= 14 && type % 2 == 0
                if unit.temporalIDPlus1 == 1 && !(6...9).contains(type) && !subLayerNonReference {
                    prevTid0 = (lsb, msb)
                }
                pictures.append(HEVCTestPicture(decodeIndex: pictures.count, nalType: unit.type,
                                                sequence: max(sequence, 0), poc: msb + lsb, ownHDR10Plus: pending))
                pending = nil
            default:
                break
            }
        }
        return pictures
    }

    /// §2.3: a picture without its own payload inherits the previous picture's in decode order.
    package static func gapFilledPayloads(_ pictures: [HEVCTestPicture]) -> [[UInt8]?] {
        var last: [UInt8]? = nil
        return pictures.map { p in
            if let own = p.ownHDR10Plus { last = own }
            return last
        }
    }

    /// Indices into `pictures` in display order (by POC within each coded video sequence).
    package static func displayOrder(_ pictures: [HEVCTestPicture]) -> [Int] {
        pictures.indices.sorted {
            (pictures[$0].sequence, pictures[$0].poc) < (pictures[$1].sequence, pictures[$1].poc)
        }
    }
}
