import HDRProbeParse

/// Moves the absolute file offsets a fragmented file keeps outside `moov` when `moov` changes size
/// in front of them (`docs/rules/isobmff-rewrite.md` §3): `tfhd` base_data_offset (ISO/IEC
/// 14496-12 §8.8.7, present when flag 0x000001 is set) in each `moof/traf`, and `tfra`
/// moof_offset (§8.8.10) in `mfra`. The boxes keep their size; only those fields change.
package enum MovieFragmentOffsetShift {
    /// A whole `moof` box with its base data offsets moved.
    package static func moof(_ box: [UInt8], shift: FileOffsetShift) throws(MovieBoxRewriteError) -> [UInt8] {
        var out = box
        let top = ISOBoxWalker.walk(box)
        guard let moof = top.boxes.first, top.issues.isEmpty else { throw .malformed("a moof cannot be read") }
        for traf in ISOBoxWalker.walk(box, range: moof.payload).boxes where traf.type == "traf" {
            for tfhd in ISOBoxWalker.walk(box, range: traf.payload).boxes where tfhd.type == "tfhd" && tfhd.payload.count >= 16 {
                let flags = SampleTableBytes.u32(box, tfhd.payload.lowerBound) & 0xFF_FFFF
                guard flags & 1 != 0 else { continue }
                let at = tfhd.payload.lowerBound + 8
                let old = SampleTableBytes.u64(box, at)
                guard let new = shift.apply(old) else { throw .chunkOffsetOverflow(old) }
                ISOBoxWriter.putU64(new, &out, at: at)
            }
        }
        return out
    }

    /// A whole `mfra` box with the moof offsets of its `tfra` boxes moved.
    package static func mfra(_ box: [UInt8], shift: FileOffsetShift) throws(MovieBoxRewriteError) -> [UInt8] {
        var out = box
        let top = ISOBoxWalker.walk(box)
        guard let mfra = top.boxes.first, top.issues.isEmpty else { throw .malformed("the mfra cannot be read") }
        for tfra in ISOBoxWalker.walk(box, range: mfra.payload).boxes where tfra.type == "tfra" && tfra.payload.count >= 16 {
            let p = tfra.payload.lowerBound
            let wide = box[p] == 1
            let sizes = SampleTableBytes.u32(box, p + 8)
            let trailer = ((sizes >> 4) & 3) + ((sizes >> 2) & 3) + (sizes & 3) + 3
            let entries = SampleTableBytes.u32(box, p + 12)
            let entrySize = (wide ? 16 : 8) + trailer
            guard entries <= (tfra.payload.upperBound - p - 16) / entrySize else { throw .malformed("a tfra is cut short") }
            for i in 0..<entries {
                let at = p + 16 + i * entrySize + (wide ? 8 : 4)
                if wide {
                    let old = SampleTableBytes.u64(box, at)
                    guard let new = shift.apply(old) else { throw .chunkOffsetOverflow(old) }
                    ISOBoxWriter.putU64(new, &out, at: at)
                } else {
                    let old = UInt64(SampleTableBytes.u32(box, at))
                    guard let new = shift.apply(old, limit: UInt64(UInt32.max)) else { throw .chunkOffsetOverflow(old) }
                    ISOBoxWriter.putU32(UInt32(new), &out, at: at)
                }
            }
        }
        return out
    }
}
