import HDRProbeBytes

/// `mdcv` (ISO/IEC 14496-12 §12.1.6 / ISO/IEC 23001-8): the SMPTE ST 2086 values in the same
/// order and units as HEVC SEI 137 — display_primaries x,y for G, B, R (units of 0.00002),
/// white point, max and min display mastering luminance (units of 0.0001 cd/m²).
package struct MasteringDisplayColourVolumeBox: Sendable, Equatable {
    package var mastering: MasteringDisplay

    package static func parse(_ payload: ArraySlice<UInt8>) throws -> MasteringDisplayColourVolumeBox {
        var r = ByteReader(Array(payload))
        var xy: [(UInt16, UInt16)] = []
        for _ in 0..<4 { xy.append((try r.u16(), try r.u16())) }
        let maxL = try r.u32(), minL = try r.u32()
        // Stored order G, B, R, white.
        return MasteringDisplayColourVolumeBox(mastering: MasteringDisplay(
            st2086Red: xy[2], green: xy[0], blue: xy[1], white: xy[3],
            maxLuminance: maxL, minLuminance: minL, source: .container))
    }
}
