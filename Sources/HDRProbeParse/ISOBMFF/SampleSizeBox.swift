import HDRProbeBytes

/// `stsz` / `stz2` (ISO/IEC 14496-12 §8.7.3, `docs/rules/isobmff-sample-tables.md` §2): the size of
/// every sample of a track. Read in place from the `moov` bytes: an entry is looked up when asked
/// for, the table is never copied.
package struct SampleSizeBox: Sendable, Equatable {
    /// Every sample has this size (`sample_size` ≠ 0 in `stsz`); nil when each has its own entry.
    package var fixedSize: Int?
    package var sampleCount: Int
    /// `stz2` field_size (4, 8 or 16) or 32 for `stsz`.
    package var fieldBits: Int
    /// Where entry 0 starts in the bytes.
    package var entriesStart: Int

    /// `payload`: the box payload (after its header) within `bytes`.
    package static func parse(_ bytes: [UInt8], type: String, payload: Range<Int>) -> SampleSizeBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard (try? r.skip(4)) != nil else { return nil } // version, flags
        let box: SampleSizeBox
        if type == "stsz" {
            guard let size = try? r.u32(), let count = try? r.u32() else { return nil }
            box = SampleSizeBox(fixedSize: size == 0 ? nil : Int(size), sampleCount: Int(count), fieldBits: 32,
                                entriesStart: payload.lowerBound + 12)
        } else {
            guard (try? r.skip(3)) != nil, let bits = try? r.u8(), [4, 8, 16].contains(bits),
                  let count = try? r.u32() else { return nil }
            box = SampleSizeBox(fixedSize: nil, sampleCount: Int(count), fieldBits: Int(bits),
                                entriesStart: payload.lowerBound + 12)
        }
        guard box.fixedSize != nil || box.entriesStart + (box.sampleCount * box.fieldBits + 7) / 8 <= payload.upperBound
        else { return nil }
        return box
    }

    /// Every sample's size added up: one pass over the entries, read in place. The sum cannot
    /// overflow (at most 2³² − 1 per entry, entries fit the box), so it wraps unchecked and the
    /// 32-bit loop vectorises.
    package func totalSize(in bytes: [UInt8]) -> Int {
        if let fixedSize { return fixedSize * sampleCount }
        return bytes.withUnsafeBytes { raw in
            guard fieldBits == 32, let base = raw.baseAddress else {
                return (0..<sampleCount).reduce(0) { $0 + size($1, at: raw.baseAddress!) }
            }
            let fields = base + entriesStart
            var total = 0
            for i in 0..<sampleCount {
                total &+= Int(UInt32(bigEndian: fields.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)))
            }
            return total
        }
    }

    /// `stsz` sizes as 32-bit big-endian fields of the bytes: sample `i`'s at `start + stride · i`;
    /// stride 0 when every sample has the one `sample_size` (then `start` is that field, 8 bytes
    /// before where entries would start). nil for `stz2`.
    package var fields: (start: Int, stride: Int)? {
        guard fieldBits == 32 else { return nil }
        return fixedSize == nil ? (entriesStart, 4) : (entriesStart - 8, 0)
    }

    /// The size of sample `index` (0-based; the caller keeps it below ``sampleCount``).
    package func size(_ index: Int, in bytes: [UInt8]) -> Int {
        if let fixedSize { return fixedSize }
        return bytes.withUnsafeBytes { size(index, at: $0.baseAddress!) }
    }

    /// The same read through a pointer to the first byte of the bytes the box was parsed from.
    package func size(_ index: Int, at base: UnsafeRawPointer) -> Int {
        if let fixedSize { return fixedSize }
        if fieldBits == 32 {
            return Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: entriesStart + 4 * index, as: UInt32.self)))
        }
        return Self.narrowField(index, bits: fieldBits, start: entriesStart, at: base)
    }

    /// Entry `index` of a `stz2` table of `bits`-bit fields (16, 8 or 4) starting at byte `start`.
    @inline(never)
    package static func narrowField(_ index: Int, bits: Int, start: Int, at base: UnsafeRawPointer) -> Int {
        switch bits {
        case 16: return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: start + 2 * index, as: UInt16.self)))
        case 8: return Int(base.load(fromByteOffset: start + index, as: UInt8.self))
        default:
            let byte = base.load(fromByteOffset: start + index / 2, as: UInt8.self)
            return Int(index % 2 == 0 ? byte >> 4 : byte & 0x0F)
        }
    }
}

/// Big-endian reads at known-good positions of a validated table (bounds checked by each box's parse).
package enum SampleTableBytes {
    package static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    package static func u32(_ b: [UInt8], _ at: Int) -> Int {
        Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }
    package static func i32(_ b: [UInt8], _ at: Int) -> Int { Int(Int32(bitPattern: UInt32(u32(b, at)))) }
    package static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(b, at)) << 32 | UInt64(u32(b, at + 4)) }
    /// The same read through a raw pointer (no array bounds check) for the loops over every entry.
    @inline(__always) package static func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> Int {
        Int(UInt32(bigEndian: b.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
    }

    /// A full box's entry_count after version/flags, with `entrySize`-byte entries fitting the payload.
    package static func entryCount(_ b: [UInt8], payload: Range<Int>, entrySize: Int) -> Int? {
        guard payload.count >= 8 else { return nil }
        let count = u32(b, payload.lowerBound + 4)
        guard count <= (payload.count - 8) / entrySize else { return nil }
        return count
    }
}
