/// HEVC `nal_unit_type` values and the picture classes built from them: ITU-T H.265 §7.4.2.2,
/// Table 7-1 (NAL unit type codes and NAL unit type classes) and the definitions of §3
/// (IRAP, IDR, BLA, CRA, RASL, RADL, sub-layer non-reference picture).
///
/// | Type | Name | Class |
/// |---|---|---|
/// | 0–9 | TRAIL_N/R, TSA_N/R, STSA_N/R, RADL_N/R, RASL_N/R | VCL; even = sub-layer non-reference |
/// | 10–15 | RSV_VCL_N10 … RSV_VCL_R15 | reserved non-IRAP VCL |
/// | 16–18 | BLA_W_LP, BLA_W_RADL, BLA_N_LP | IRAP |
/// | 19–20 | IDR_W_RADL, IDR_N_LP | IRAP |
/// | 21 | CRA_NUT | IRAP |
/// | 22–23 | RSV_IRAP_VCL22/23 | reserved IRAP |
/// | 24–31 | RSV_VCL24 … 31 | reserved non-IRAP VCL |
/// | 32–40 | VPS, SPS, PPS, AUD, EOS, EOB, FD, prefix SEI, suffix SEI | non-VCL |
/// | 41–47, 48–63 | reserved, unspecified | non-VCL |
///
/// Reserved types have no syntax in this edition and are ignored by decoders (§7.4.2.2).
package enum HEVCNALUnitType {
    package static let trailN: UInt8 = 0
    package static let radlN: UInt8 = 6
    package static let radlR: UInt8 = 7
    package static let raslN: UInt8 = 8
    package static let raslR: UInt8 = 9
    package static let blaWLP: UInt8 = 16
    package static let blaNLP: UInt8 = 18
    package static let idrWRADL: UInt8 = 19
    package static let idrNLP: UInt8 = 20
    package static let cra: UInt8 = 21
    package static let vps: UInt8 = 32
    package static let sps: UInt8 = 33
    package static let pps: UInt8 = 34
    package static let accessUnitDelimiter: UInt8 = 35
    package static let endOfSequence: UInt8 = 36
    package static let endOfBitstream: UInt8 = 37
    package static let prefixSEI: UInt8 = 39
    package static let suffixSEI: UInt8 = 40

    /// Any VCL type, reserved ones included (0–31).
    package static func isVCL(_ t: UInt8) -> Bool { t <= 31 }
    /// A VCL type with defined slice syntax: 0–9 and 16–21.
    package static func isDefinedVCL(_ t: UInt8) -> Bool { t <= 9 || (t >= 16 && t <= 21) }
    /// IRAP picture: 16–23 (BLA, IDR, CRA and the two reserved IRAP types).
    package static func isIRAP(_ t: UInt8) -> Bool { t >= 16 && t <= 23 }
    package static func isIDR(_ t: UInt8) -> Bool { t == idrWRADL || t == idrNLP }
    package static func isBLA(_ t: UInt8) -> Bool { t >= blaWLP && t <= blaNLP }
    package static func isCRA(_ t: UInt8) -> Bool { t == cra }
    package static func isRADL(_ t: UInt8) -> Bool { t == radlN || t == radlR }
    package static func isRASL(_ t: UInt8) -> Bool { t == raslN || t == raslR }
    /// Sub-layer non-reference picture (SLNR): the even types 0, 2, …, 14 (§3, Table 7-1).
    package static func isSubLayerNonReference(_ t: UInt8) -> Bool { t <= 14 && t % 2 == 0 }

    /// Non-VCL types that open a new access unit when they follow a VCL NAL unit
    /// (§7.4.2.4.4): AUD, VPS, SPS, PPS, prefix SEI, 41–44 and 48–55. Types 36/37 (EOS/EOB),
    /// 38 (filler), 40 (suffix SEI), 45–47 and 56–63 (used by Dolby Vision RPU / EL NALs) stay
    /// with the current access unit.
    package static func opensAccessUnit(_ t: UInt8) -> Bool {
        (t >= vps && t <= accessUnitDelimiter) || t == prefixSEI || (t >= 41 && t <= 44) || (t >= 48 && t <= 55)
    }
}
