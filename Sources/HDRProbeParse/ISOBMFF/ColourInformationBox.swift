import HDRProbeBytes

/// `colr` (ISO/IEC 14496-12 §12.1.5): colour_type `nclx` carries the H.273 code points and the
/// full_range_flag; QuickTime's `nclc` has the code points without a range flag; `rICC`/`prof`
/// carry ICC profiles (no code points).
package struct ColourInformationBox: Sendable, Equatable {
    package var colourType: String
    package var codes: ColourCodes?

    package static func parse(_ payload: ArraySlice<UInt8>) throws -> ColourInformationBox {
        var r = ByteReader(Array(payload))
        let type = try r.fourCC()
        switch type {
        case "nclx", "nclc":
            let p = Int(try r.u16()), t = Int(try r.u16()), m = Int(try r.u16())
            var full: Bool?
            if type == "nclx" { full = (try r.u8() & 0x80) != 0 }
            return ColourInformationBox(colourType: type, codes: ColourCodes(primaries: p, transfer: t, matrix: m, fullRange: full))
        default:
            return ColourInformationBox(colourType: type, codes: nil)
        }
    }
}
