import HDRProbeBytes

/// `trun` (ISO/IEC 14496-12 §8.8.8): a run of contiguous samples of a track fragment. `tr_flags`:
/// 0x000001 data-offset present, 0x000004 first-sample-flags present, 0x000100 sample-duration,
/// 0x000200 sample-size, 0x000400 sample-flags, 0x000800 sample-composition-time-offset present
/// (unsigned in version 0, signed in version 1). Absent per-sample values come from `tfhd`/`trex`.
package struct TrackFragmentRunBox: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var duration: UInt32?
        package var size: UInt32?
        package var flags: UInt32?
        /// The composition offset as a signed value (version 0 values above 2³¹ − 1 become
        /// negative, as readers store them in 32 bits).
        package var compositionOffset: Int32?
    }

    package var version: Int
    package var flags: UInt32
    package var dataOffset: Int32?
    package var firstSampleFlags: UInt32?
    package var entries: [Entry]

    /// Most samples one run may list (a hostile count cannot make it allocate).
    package static let maxEntries = 1 << 20

    /// `payload`: the box payload (after its header) within `bytes`; nil when cut short or when
    /// the run lists more than ``maxEntries`` samples.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> TrackFragmentRunBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), let flags = try? r.u24(), let count = try? r.u32(),
              Int(count) <= maxEntries else { return nil }
        var box = TrackFragmentRunBox(version: Int(version), flags: flags, entries: [])
        if flags & 0x01 != 0 { guard let v = try? r.u32() else { return nil }; box.dataOffset = Int32(bitPattern: v) }
        if flags & 0x04 != 0 { guard let v = try? r.u32() else { return nil }; box.firstSampleFlags = v }
        let fields = [0x100, 0x200, 0x400, 0x800].filter { flags & UInt32($0) != 0 }.count
        guard r.remaining >= Int(count) * fields * 4 else { return nil }
        box.entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            var e = Entry()
            if flags & 0x100 != 0 { e.duration = try? r.u32() }
            if flags & 0x200 != 0 { e.size = try? r.u32() }
            if flags & 0x400 != 0 { e.flags = try? r.u32() }
            if flags & 0x800 != 0 { e.compositionOffset = (try? r.u32()).map { Int32(bitPattern: $0) } }
            box.entries.append(e)
        }
        return box
    }
}
