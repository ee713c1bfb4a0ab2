import HDRProbeBytes

/// The prediction mapping of an RPU, `rpu_data_mapping()` with its NLQ parameters:
/// `docs/rules/dolby-vision.md` §10 (bit widths), §11.2 (MEL vs FEL from the NLQ parameters)
/// and §11.3 (mapping validation).
///
/// ```
/// vdr_rpu_id ue ; mapping_color_space ue ; mapping_chroma_format_idc ue
/// for cmp in 0..<3: num_pivots_minus2 ue ; pivot u(bl_bit_depth) × (num_pivots_minus2 + 2)
/// if NLQ: nlq_method_idc u(3) (== 0) ; nlq_pred_pivot_value[2] u(bl_bit_depth)
/// num_x_partitions_minus1 ue ; num_y_partitions_minus1 ue
/// for cmp in 0..<3, for each of the num_pivots_minus2 + 1 pieces:
///   mapping_idc ue: 0 polynomial, 1 MMR
///   polynomial: poly_order_minus1 ue (≤ 1) ; if 0: linear_interp_flag u(1) (1 is not supported)
///               (poly_order_minus1 + 2) × { [poly_coef_int se] poly_coef u(L) }
///   MMR: mmr_order_minus1 u(2) (≤ 2) ; [mmr_constant_int se] mmr_constant u(L)
///        (mmr_order_minus1 + 1) × 7 × { [mmr_coef_int se] mmr_coef u(L) }
/// if NLQ: for cmp in 0..<3: nlq_offset u(el_bit_depth) ; [vdr_in_max_int ue] vdr_in_max u(L)
///         [linear_deadzone_slope_int ue] linear_deadzone_slope u(L)
///         [linear_deadzone_threshold_int ue] linear_deadzone_threshold u(L)
/// ```
/// `[x]` fields exist only for coefficient_data_type 0; L is the coefficient length
/// (coefficient_log2_denom, or 32 for float32 coefficients).
///
/// The curve coefficients are read and dropped: only the shape of the curves and the NLQ
/// parameters (needed for MEL/FEL) are kept.
package struct DolbyVisionRPUDataMapping: Sendable, Equatable {
    package var vdrRpuID: UInt32
    package var mappingColorSpace: UInt32
    package var mappingChromaFormatIDC: UInt32
    /// Y, Cb, Cr.
    package var curves: [Curve]
    package var numXPartitionsMinus1: UInt32
    package var numYPartitionsMinus1: UInt32
    /// Present only with NLQ data (profiles 7 and 4).
    package var nlqMethodIDC: UInt8?
    package var nlqPredPivotValue: [UInt16]?
    /// Per component (Y, Cb, Cr); present only with NLQ data.
    package var nlq: [NLQ]?

    /// Parser bound on pivots per component: 9 (8 pieces) is what real mappings use at most —
    /// the "8.4" luma curve (§11.1) and the profile 7 luma curves have 9 pivots — and it keeps a
    /// hostile `num_pivots_minus2` from driving the loops.
    package static let maxPivots = 9

    package struct Curve: Sendable, Equatable, Hashable, Codable {
        /// The pivots as coded: the first absolute, the others deltas to the previous pivot.
        package var codedPivots: [UInt16]
        package var pieces: [Piece]

        /// Pivot positions (running sum of the coded values).
        package var pivots: [Int] {
            var sum = 0
            return codedPivots.map { sum += Int($0); return sum }
        }
    }

    /// One piece of a curve: the prediction method and its order.
    package enum Piece: Sendable, Equatable, Hashable, Codable {
        /// `mapping_idc` 0; order = poly_order_minus1 + 1 (1 linear, 2 second order).
        case polynomial(order: Int)
        /// `mapping_idc` 1; order = mmr_order_minus1 + 1 (1…3).
        case mmr(order: Int)
    }

    /// The linear dead-zone NLQ parameters of one component. The `…Int` parts are nil for
    /// float32 coefficients (coefficient_data_type 1).
    package struct NLQ: Sendable, Equatable, Hashable, Codable {
        package var nlqOffset: UInt16
        package var vdrInMaxInt: UInt32?
        package var vdrInMax: UInt32
        package var linearDeadzoneSlopeInt: UInt32?
        package var linearDeadzoneSlope: UInt32
        package var linearDeadzoneThresholdInt: UInt32?
        package var linearDeadzoneThreshold: UInt32

        /// §11.2: offset 0, vdr_in_max_int 1, vdr_in_max 0, slope and threshold 0 (integer and
        /// fractional parts). Float32-coded parameters (no integer parts) never count as identity.
        package var isIdentity: Bool {
            nlqOffset == 0 && vdrInMaxInt == 1 && vdrInMax == 0 && linearDeadzoneSlopeInt == 0
                && linearDeadzoneSlope == 0 && linearDeadzoneThresholdInt == 0 && linearDeadzoneThreshold == 0
        }
    }

    /// What the mapping syntax needs from `rpu_header()`.
    package struct Parameters {
        package var blBitDepth: Int
        package var elBitDepth: Int
        /// 0 fixed point (integer parts present), 1 float32.
        package var coefficientDataType: UInt8
        /// L, in bits (≤ 32).
        package var coefficientLength: Int
        package var hasNLQ: Bool
    }

    /// §11.2: MEL when every component's NLQ parameters are the identity, FEL otherwise; nil
    /// without NLQ data (profiles 5 and 8).
    package var enhancementLayer: DolbyVisionEnhancementLayer? {
        guard let nlq else { return nil }
        return nlq.allSatisfy(\.isIdentity) ? .mel : .fel
    }

    package static func parse(_ r: inout BitReader, _ p: Parameters) throws -> DolbyVisionRPUDataMapping {
        let vdrRpuID = try r.ue()
        let colorSpace = try r.ue()
        let chromaFormat = try r.ue()
        var pivotLists: [[UInt16]] = []
        for cmp in 0..<3 {
            let minus2 = try r.ue()
            guard minus2 <= UInt32(maxPivots - 2) else {
                throw BitstreamError.invalid(.numPivotsMinus2(component: Int(cmp), value: Int(minus2), limit: maxPivots))
            }
            pivotLists.append(try (0..<(Int(minus2) + 2)).map { _ in try r.u16(p.blBitDepth) })
        }
        var nlqMethod: UInt8?
        var predPivots: [UInt16]?
        if p.hasNLQ {
            let method = try r.u8(3)
            guard method == 0 else { throw BitstreamError.invalid(.nlqMethodIDC(method)) }
            nlqMethod = method
            predPivots = [try r.u16(p.blBitDepth), try r.u16(p.blBitDepth)]
        }
        let xPartitions = try r.ue()
        let yPartitions = try r.ue()
        var curves: [Curve] = []
        for (cmp, pivots) in pivotLists.enumerated() {
            var pieces: [Piece] = []
            for piece in 0..<(pivots.count - 1) {
                pieces.append(try readPiece(&r, p, component: cmp, piece: piece))
            }
            curves.append(Curve(codedPivots: pivots, pieces: pieces))
        }
        var nlq: [NLQ]?
        if p.hasNLQ {
            nlq = try (0..<3).map { _ in try readNLQ(&r, p) }
        }
        return DolbyVisionRPUDataMapping(vdrRpuID: vdrRpuID, mappingColorSpace: colorSpace, mappingChromaFormatIDC: chromaFormat,
                                         curves: curves, numXPartitionsMinus1: xPartitions, numYPartitionsMinus1: yPartitions,
                                         nlqMethodIDC: nlqMethod, nlqPredPivotValue: predPivots, nlq: nlq)
    }

    private static func readPiece(_ r: inout BitReader, _ p: Parameters, component: Int, piece: Int) throws -> Piece {
        let fixed = p.coefficientDataType == 0
        let mappingIDC = try r.ue()
        switch mappingIDC {
        case 0:
            let orderMinus1 = try r.ue()
            guard orderMinus1 <= 1 else {
                throw BitstreamError.invalid(.polyOrderMinus1(Int(orderMinus1), component: component, piece: piece))
            }
            if orderMinus1 == 0, try r.flag() {
                throw BitstreamError.unsupported(.linearInterpolation(component: component, piece: piece))
            }
            for _ in 0..<(Int(orderMinus1) + 2) {
                if fixed { _ = try r.se() }
                try r.skip(p.coefficientLength)
            }
            return .polynomial(order: Int(orderMinus1) + 1)
        case 1:
            let orderMinus1 = try r.u8(2)
            guard orderMinus1 <= 2 else {
                throw BitstreamError.invalid(.mmrOrderMinus1(Int(orderMinus1), component: component, piece: piece))
            }
            if fixed { _ = try r.se() }
            try r.skip(p.coefficientLength)
            for _ in 0..<((Int(orderMinus1) + 1) * 7) {
                if fixed { _ = try r.se() }
                try r.skip(p.coefficientLength)
            }
            return .mmr(order: Int(orderMinus1) + 1)
        default:
            throw BitstreamError.invalid(.mappingIDC(Int(mappingIDC), component: component, piece: piece))
        }
    }

    private static func readNLQ(_ r: inout BitReader, _ p: Parameters) throws -> NLQ {
        let fixed = p.coefficientDataType == 0
        let offset = try r.u16(p.elBitDepth)
        let inMaxInt = fixed ? try r.ue() : nil
        let inMax = try r.u32(p.coefficientLength)
        let slopeInt = fixed ? try r.ue() : nil
        let slope = try r.u32(p.coefficientLength)
        let thresholdInt = fixed ? try r.ue() : nil
        let threshold = try r.u32(p.coefficientLength)
        return NLQ(nlqOffset: offset, vdrInMaxInt: inMaxInt, vdrInMax: inMax, linearDeadzoneSlopeInt: slopeInt,
                   linearDeadzoneSlope: slope, linearDeadzoneThresholdInt: thresholdInt, linearDeadzoneThreshold: threshold)
    }

    /// §11.3 mapping validation for the header's profile: profiles 5 and 8 carry no NLQ data,
    /// profile 7's two nlq_pred_pivot_value add up to 1023, mapping_color_space and
    /// mapping_chroma_format_idc are 0.
    package func validationIssues(profile: Int) -> [Issue] {
        var out: [Issue] = []
        switch profile {
        case 5, 8:
            if nlqMethodIDC != nil { out.append(.nlqPresent(profile: profile)) }
        case 7:
            if let v = nlqPredPivotValue {
                let sum = v.reduce(0) { $0 + Int($1) }
                if sum != 1023 { out.append(.nlqPivotSum(sum)) }
            } else {
                out.append(.nlqPivotAbsent)
            }
        default:
            break
        }
        if mappingColorSpace != 0 { out.append(.mappingColorSpace(mappingColorSpace)) }
        if mappingChromaFormatIDC != 0 { out.append(.mappingChromaFormatIDC(mappingChromaFormatIDC)) }
        return out
    }

    /// A §11.3 mapping rule the RPU breaks.
    package enum Issue: Sendable, Equatable, Codable, CustomStringConvertible {
        /// Profiles 5 and 8: NLQ data present.
        case nlqPresent(profile: Int)
        /// Profile 7: the two `nlq_pred_pivot_value` do not add up to 1023.
        case nlqPivotSum(Int)
        /// Profile 7: no `nlq_pred_pivot_value`.
        case nlqPivotAbsent
        case mappingColorSpace(UInt32)
        case mappingChromaFormatIDC(UInt32)

        package var description: String {
            switch self {
            case .nlqPresent(let p): return "profile \(p): NLQ data (nlq_method_idc, nlq_pred_pivot_value) should be absent"
            case .nlqPivotSum(let sum): return "profile 7: nlq_pred_pivot_value elements should add up to 1023, found \(sum)"
            case .nlqPivotAbsent: return "profile 7: nlq_pred_pivot_value should be present"
            case .mappingColorSpace(let v): return "mapping_color_space should be 0, found \(v)"
            case .mappingChromaFormatIDC(let v): return "mapping_chroma_format_idc should be 0, found \(v)"
            }
        }
    }
}
