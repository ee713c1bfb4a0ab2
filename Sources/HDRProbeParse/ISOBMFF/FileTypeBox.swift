import HDRProbeBytes

/// `ftyp` (ISO/IEC 14496-12 §4.3): major_brand, minor_version, compatible_brands[].
/// QuickTime files may carry the same layout; `styp` (segment type) shares it.
package struct FileTypeBox: Sendable, Equatable {
    package var majorBrand: String
    package var minorVersion: UInt32
    package var compatibleBrands: [String]

    package static func parse(_ payload: ArraySlice<UInt8>) throws -> FileTypeBox {
        var r = ByteReader(Array(payload))
        let major = try r.fourCC()
        let minor = try r.u32()
        var compatible: [String] = []
        while r.remaining >= 4, compatible.count < 256 { compatible.append(try r.fourCC()) }
        return FileTypeBox(majorBrand: major, minorVersion: minor, compatibleBrands: compatible)
    }

    /// Major brand first, then the compatible brands in stored order, duplicates removed
    /// (first occurrence kept) — the report's `container.brands`.
    package var brands: [String] {
        var seen = Set<String>()
        return ([majorBrand] + compatibleBrands).filter { seen.insert($0).inserted }
    }
}
