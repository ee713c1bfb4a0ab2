import HDRProbeBytes

/// `profile_tier_level(profilePresentFlag = 1, maxNumSubLayersMinus1)`: ITU-T H.265 §7.3.3.
///
/// ```
/// general_profile_space u(2) ; general_tier_flag u(1) ; general_profile_idc u(5)
/// general_profile_compatibility_flag[32]
/// general_progressive_source_flag, general_interlaced_source_flag,
/// general_non_packed_constraint_flag, general_frame_only_constraint_flag   (4 bits)
/// 43 bits of profile-specific constraint flags / reserved ; general_inbld_flag or reserved (1 bit)
/// general_level_idc u(8)
/// for i < maxNumSubLayersMinus1: sub_layer_profile_present_flag[i], sub_layer_level_present_flag[i]
/// if maxNumSubLayersMinus1 > 0: for i in maxNumSubLayersMinus1..<8: reserved_zero_2bits
/// for i < maxNumSubLayersMinus1: [88 bits of sub-layer profile if present] [8-bit sub_layer_level_idc if present]
/// ```
/// The 48 bits from the progressive-source flag through general_inbld_flag are the six
/// "constraint indicator" bytes that the hvcC copies (ISO/IEC 14496-15 §8.3.3.1.2).
package struct HEVCProfileTierLevel: Sendable, Equatable {
    package let generalProfileSpace: UInt8
    package let generalTierFlag: Bool
    package let generalProfileIDC: UInt8
    /// general_profile_compatibility_flag[0] is the most significant bit.
    package let generalProfileCompatibilityFlags: UInt32
    package let progressiveSourceFlag: Bool
    package let interlacedSourceFlag: Bool
    package let nonPackedConstraintFlag: Bool
    package let frameOnlyConstraintFlag: Bool
    /// The 48 constraint bits as 6 bytes (byte 0 starts with the progressive-source flag).
    package let generalConstraintIndicatorFlags: [UInt8]
    package let generalLevelIDC: UInt8

    package init(generalProfileSpace: UInt8, generalTierFlag: Bool, generalProfileIDC: UInt8,
                generalProfileCompatibilityFlags: UInt32, generalConstraintIndicatorFlags: [UInt8],
                generalLevelIDC: UInt8) {
        self.generalProfileSpace = generalProfileSpace
        self.generalTierFlag = generalTierFlag
        self.generalProfileIDC = generalProfileIDC
        self.generalProfileCompatibilityFlags = generalProfileCompatibilityFlags
        let c0 = generalConstraintIndicatorFlags.first ?? 0
        self.progressiveSourceFlag = c0 & 0x80 != 0
        self.interlacedSourceFlag = c0 & 0x40 != 0
        self.nonPackedConstraintFlag = c0 & 0x20 != 0
        self.frameOnlyConstraintFlag = c0 & 0x10 != 0
        self.generalConstraintIndicatorFlags = generalConstraintIndicatorFlags
        self.generalLevelIDC = generalLevelIDC
    }

    /// Reads the structure at the reader's position (profilePresentFlag = 1), leaving the reader
    /// after the last sub-layer field.
    package static func parse(_ r: inout BitReader, maxSubLayersMinus1: Int) throws -> HEVCProfileTierLevel {
        guard (0...7).contains(maxSubLayersMinus1) else {
            throw BitstreamError.invalid(.maxSubLayersMinus1(maxSubLayersMinus1))
        }
        let space = try r.u8(2)
        let tier = try r.flag()
        let idc = try r.u8(5)
        let compat = try r.u32(32)
        var constraints: [UInt8] = []
        for _ in 0..<6 { constraints.append(try r.u8(8)) }
        let level = try r.u8(8)
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 {
            profilePresent.append(try r.flag())
            levelPresent.append(try r.flag())
        }
        if maxSubLayersMinus1 > 0 {
            try r.skip(2 * (8 - maxSubLayersMinus1))
        }
        for i in 0..<maxSubLayersMinus1 {
            if profilePresent[i] { try r.skip(88) }
            if levelPresent[i] { try r.skip(8) }
        }
        return HEVCProfileTierLevel(generalProfileSpace: space, generalTierFlag: tier, generalProfileIDC: idc,
                                    generalProfileCompatibilityFlags: compat,
                                    generalConstraintIndicatorFlags: constraints, generalLevelIDC: level)
    }

    /// Parses from bytes that start with the structure.
    package static func parse(_ bytes: [UInt8], maxSubLayersMinus1: Int) throws -> HEVCProfileTierLevel {
        var r = BitReader(bytes)
        return try parse(&r, maxSubLayersMinus1: maxSubLayersMinus1)
    }
}
