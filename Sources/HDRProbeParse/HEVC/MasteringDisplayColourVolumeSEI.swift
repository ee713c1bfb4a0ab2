import HDRProbeBytes

/// Mastering display colour volume SEI message, payloadType 137: ITU-T H.265 §D.2.28 (syntax),
/// §D.3.28 (semantics); same layout as SMPTE ST 2086 / ISO BMFF `mdcv`.
///
/// ```
/// for c in 0..<3 { display_primaries_x[c] u(16); display_primaries_y[c] u(16) }  // c: G, B, R
/// white_point_x u(16); white_point_y u(16)                                      // units of 0.00002
/// max_display_mastering_luminance u(32); min_display_mastering_luminance u(32)  // units of 0.0001 cd/m²
/// ```
package struct MasteringDisplayColourVolumeSEI: Sendable, Equatable {
    package static let payloadType = 137
    package static let size = 24

    /// x chromaticities in stream order: [0] green, [1] blue, [2] red.
    package let displayPrimariesX: [UInt16]
    /// y chromaticities in stream order: [0] green, [1] blue, [2] red.
    package let displayPrimariesY: [UInt16]
    package let whitePointX: UInt16
    package let whitePointY: UInt16
    package let maxDisplayMasteringLuminance: UInt32
    package let minDisplayMasteringLuminance: UInt32

    package init(displayPrimariesX: [UInt16], displayPrimariesY: [UInt16], whitePointX: UInt16, whitePointY: UInt16,
                maxDisplayMasteringLuminance: UInt32, minDisplayMasteringLuminance: UInt32) {
        self.displayPrimariesX = displayPrimariesX
        self.displayPrimariesY = displayPrimariesY
        self.whitePointX = whitePointX
        self.whitePointY = whitePointY
        self.maxDisplayMasteringLuminance = maxDisplayMasteringLuminance
        self.minDisplayMasteringLuminance = minDisplayMasteringLuminance
    }

    /// Parses the 24-byte payload (extra bytes are ignored).
    package static func parse(_ payload: [UInt8]) throws -> MasteringDisplayColourVolumeSEI {
        guard payload.count >= size else { throw BitstreamError.tooShort(needed: size, got: payload.count) }
        var r = ByteReader(payload)
        var xs: [UInt16] = [], ys: [UInt16] = []
        for _ in 0..<3 {
            xs.append(try r.u16())
            ys.append(try r.u16())
        }
        let wx = try r.u16(), wy = try r.u16()
        let maxL = try r.u32(), minL = try r.u32()
        return MasteringDisplayColourVolumeSEI(displayPrimariesX: xs, displayPrimariesY: ys, whitePointX: wx,
                                               whitePointY: wy, maxDisplayMasteringLuminance: maxL,
                                               minDisplayMasteringLuminance: minL)
    }

    /// As reported: primaries reordered to R, G, B and scaled (0.00002, 0.0001 cd/m²).
    package func report(source: MetadataSource = .bitstream) -> MasteringDisplay {
        MasteringDisplay(st2086Red: (displayPrimariesX[2], displayPrimariesY[2]),
                         green: (displayPrimariesX[0], displayPrimariesY[0]),
                         blue: (displayPrimariesX[1], displayPrimariesY[1]),
                         white: (whitePointX, whitePointY),
                         maxLuminance: maxDisplayMasteringLuminance, minLuminance: minDisplayMasteringLuminance,
                         source: source)
    }
}
