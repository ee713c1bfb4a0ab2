import HDRProbeBytes

/// `senc`, the sample encryption box (ISO/IEC 23001-7 §7.2): version and flags (u8 + u24),
/// `sample_count` (u32), then per sample its `InitializationVector` (`Per_Sample_IV_Size` bytes, from
/// the track's `tenc`; none when that is 0, the constant-IV case of `cbcs`) and, when flags bit 1
/// (0x2, UseSubSampleEncryption) is set, `subsample_count` (u16) and that many pairs of
/// `BytesOfClearData` (u16) and `BytesOfProtectedData` (u32). Without bit 1 every sample is
/// encrypted whole. The IV size is not in the box: a reader that assumes another size than the
/// writer's walks off the entries, which ``parse(_:payload:perSampleIVSize:limit:)`` refuses by
/// requiring the entries to fill the box exactly (`docs/rules/encryption-cmaf.md` §1).
package struct SampleEncryptionBox: Sendable, Equatable {
    /// `sample_count` as declared (every entry was checked to lie inside the box).
    package var sampleCount: Int
    /// Whether the entries carry subsample maps (flags 0x2).
    package var hasSubsamples: Bool
    /// The subsample maps of the first samples (as many as asked for), empty lists when the box
    /// carries none (whole-sample encryption).
    package var maps: [[SubsampleEncryption.Subsample]]

    /// `bytes[payload]` is the box payload. `limit` bounds how many maps are kept; every entry is
    /// walked. nil when an entry is cut off or bytes are left after the last one.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>, perSampleIVSize: Int,
                              limit: Int = .max) -> SampleEncryptionBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard perSampleIVSize >= 0, (try? r.skip(1)) != nil, let flags = try? r.u24(),
              let count = try? r.u32() else { return nil }
        let hasSubsamples = flags & 0x2 != 0
        // The smallest entry is the IV, plus the subsample count: a count the box cannot hold is refused first.
        let minimum = perSampleIVSize + (hasSubsamples ? 2 : 0)
        guard minimum == 0 ? count <= 1 << 24 : Int(count) <= r.remaining / minimum else { return nil }
        var maps: [[SubsampleEncryption.Subsample]] = []
        maps.reserveCapacity(min(Int(count), limit))
        for i in 0..<Int(count) {
            guard (try? r.skip(perSampleIVSize)) != nil else { return nil }
            var map: [SubsampleEncryption.Subsample] = []
            if hasSubsamples {
                guard let n = try? r.u16() else { return nil }
                if i < limit {
                    map.reserveCapacity(Int(n))
                    for _ in 0..<Int(n) {
                        guard let clear = try? r.u16(), let protected = try? r.u32() else { return nil }
                        map.append(.init(clearBytes: Int(clear), protectedBytes: Int(protected)))
                    }
                } else {
                    guard (try? r.skip(Int(n) * 6)) != nil else { return nil }
                }
            }
            if i < limit { maps.append(map) }
        }
        guard r.isAtEnd else { return nil }
        return SampleEncryptionBox(sampleCount: Int(count), hasSubsamples: hasSubsamples, maps: maps)
    }
}
