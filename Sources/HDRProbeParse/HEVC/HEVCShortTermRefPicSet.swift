import HDRProbeBytes

/// `st_ref_pic_set(stRpsIdx)`: ITU-T H.265 §7.3.7 (syntax) and §7.4.8 (semantics, equations
/// 7-61 and 7-62 for inter RPS prediction), as read from the SPS.
///
/// With `inter_ref_pic_set_prediction_flag` the set is predicted from an earlier one and the
/// number of `used_by_curr_pic_flag` / `use_delta_flag` syntax elements depends on the reference
/// set's *derived* picture count, so every set's delta POCs are derived, not just skipped.
/// Counts are capped at 16 negative + 16 positive pictures (the spec bounds them by
/// sps_max_dec_pic_buffering_minus1 ≤ 15).
package struct HEVCShortTermRefPicSet: Sendable, Equatable {
    package static let maxPicsPerList = 16

    package let deltaPocS0: [Int32]
    package let usedByCurrPicS0: [Bool]
    package let deltaPocS1: [Int32]
    package let usedByCurrPicS1: [Bool]
    package let interRefPicSetPredicted: Bool

    package var numNegativePics: Int { deltaPocS0.count }
    package var numPositivePics: Int { deltaPocS1.count }
    package var numDeltaPocs: Int { deltaPocS0.count + deltaPocS1.count }

    package init(deltaPocS0: [Int32], usedByCurrPicS0: [Bool], deltaPocS1: [Int32], usedByCurrPicS1: [Bool],
                interRefPicSetPredicted: Bool) {
        self.deltaPocS0 = deltaPocS0
        self.usedByCurrPicS0 = usedByCurrPicS0
        self.deltaPocS1 = deltaPocS1
        self.usedByCurrPicS1 = usedByCurrPicS1
        self.interRefPicSetPredicted = interRefPicSetPredicted
    }

    /// Reads set `index` of an SPS whose earlier sets are `previous` (index == previous.count).
    package static func parse(_ r: inout BitReader, index: Int, previous: [HEVCShortTermRefPicSet]) throws
        -> HEVCShortTermRefPicSet
    {
        let predicted = index != 0 ? try r.flag() : false
        if predicted {
            // In an SPS, delta_idx_minus1 is absent (stRpsIdx < num_short_term_ref_pic_sets): it is 0.
            let refIndex = index - 1
            guard refIndex >= 0, refIndex < previous.count else {
                throw BitstreamError.invalid(.stRefPicSetReferenceIndex(refIndex))
            }
            let ref = previous[refIndex]
            let sign = try r.flag()
            let absDeltaMinus1 = try r.ue()
            guard absDeltaMinus1 < (1 << 15) else { throw BitstreamError.invalid(.absDeltaRpsMinus1(Int(absDeltaMinus1))) }
            let deltaRps = (sign ? -1 : 1) * (Int32(absDeltaMinus1) + 1)
            var used: [Bool] = [], useDelta: [Bool] = []
            for _ in 0...ref.numDeltaPocs {
                let u = try r.flag()
                used.append(u)
                useDelta.append(u ? true : try r.flag())
            }
            let refNeg = ref.numNegativePics, refDelta = ref.numDeltaPocs
            var s0: [Int32] = [], u0: [Bool] = [], s1: [Int32] = [], u1: [Bool] = []
            // Equation 7-61.
            for j in stride(from: ref.numPositivePics - 1, through: 0, by: -1) {
                let dPoc = ref.deltaPocS1[j] + deltaRps
                if dPoc < 0 && useDelta[refNeg + j] { s0.append(dPoc); u0.append(used[refNeg + j]) }
            }
            if deltaRps < 0 && useDelta[refDelta] { s0.append(deltaRps); u0.append(used[refDelta]) }
            for j in 0..<refNeg {
                let dPoc = ref.deltaPocS0[j] + deltaRps
                if dPoc < 0 && useDelta[j] { s0.append(dPoc); u0.append(used[j]) }
            }
            // Equation 7-62.
            for j in stride(from: refNeg - 1, through: 0, by: -1) {
                let dPoc = ref.deltaPocS0[j] + deltaRps
                if dPoc > 0 && useDelta[j] { s1.append(dPoc); u1.append(used[j]) }
            }
            if deltaRps > 0 && useDelta[refDelta] { s1.append(deltaRps); u1.append(used[refDelta]) }
            for j in 0..<ref.numPositivePics {
                let dPoc = ref.deltaPocS1[j] + deltaRps
                if dPoc > 0 && useDelta[refNeg + j] { s1.append(dPoc); u1.append(used[refNeg + j]) }
            }
            guard s0.count <= maxPicsPerList, s1.count <= maxPicsPerList else {
                throw BitstreamError.invalid(.predictedStRefPicSetSize(negative: s0.count, positive: s1.count))
            }
            return HEVCShortTermRefPicSet(deltaPocS0: s0, usedByCurrPicS0: u0, deltaPocS1: s1, usedByCurrPicS1: u1,
                                          interRefPicSetPredicted: true)
        }
        let numNegative = Int(try r.ue())
        let numPositive = Int(try r.ue())
        guard numNegative <= maxPicsPerList, numPositive <= maxPicsPerList else {
            throw BitstreamError.invalid(.stRefPicSetSize(negative: numNegative, positive: numPositive))
        }
        var s0: [Int32] = [], u0: [Bool] = [], s1: [Int32] = [], u1: [Bool] = []
        var poc: Int64 = 0
        for _ in 0..<numNegative {
            poc -= Int64(try r.ue()) + 1
            guard poc >= Int64(Int32.min) / 2 else { throw BitstreamError.invalid(.deltaPocS0OutOfRange) }
            s0.append(Int32(poc))
            u0.append(try r.flag())
        }
        poc = 0
        for _ in 0..<numPositive {
            poc += Int64(try r.ue()) + 1
            guard poc <= Int64(Int32.max) / 2 else { throw BitstreamError.invalid(.deltaPocS1OutOfRange) }
            s1.append(Int32(poc))
            u1.append(try r.flag())
        }
        return HEVCShortTermRefPicSet(deltaPocS0: s0, usedByCurrPicS0: u0, deltaPocS1: s1, usedByCurrPicS1: u1,
                                      interRefPicSetPredicted: false)
    }
}
