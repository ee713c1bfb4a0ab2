import HDRProbeBytes

/// `tfhd` (ISO/IEC 14496-12 §8.8.7): the track a `traf` describes and the values that override the
/// `trex` defaults for its runs. `tf_flags`: 0x000001 base-data-offset present, 0x000002
/// sample-description-index present, 0x000008 default-sample-duration, 0x000010
/// default-sample-size, 0x000020 default-sample-flags present, 0x010000 duration-is-empty,
/// 0x020000 default-base-is-moof.
package struct TrackFragmentHeaderBox: Sendable, Equatable {
    package var flags: UInt32
    package var trackID: Int
    package var baseDataOffset: UInt64?
    package var sampleDescriptionIndex: Int?
    package var defaultSampleDuration: UInt32?
    package var defaultSampleSize: UInt32?
    package var defaultSampleFlags: UInt32?

    package var durationIsEmpty: Bool { flags & 0x010000 != 0 }
    package var defaultBaseIsMoof: Bool { flags & 0x020000 != 0 }

    /// `payload`: the box payload (after its header) within `bytes`; nil when cut short.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> TrackFragmentHeaderBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let versionAndFlags = try? r.u32(), let id = try? r.u32() else { return nil }
        let flags = versionAndFlags & 0xFF_FFFF
        var box = TrackFragmentHeaderBox(flags: flags, trackID: Int(id))
        func field(_ bit: UInt32) -> UInt32?? { flags & bit == 0 ? .some(nil) : (try? r.u32()).map { .some($0) } }
        if flags & 0x01 != 0 { guard let offset = try? r.u64() else { return nil }; box.baseDataOffset = offset }
        guard let description = field(0x02), let duration = field(0x08), let size = field(0x10),
              let sampleFlags = field(0x20) else { return nil }
        box.sampleDescriptionIndex = description.map(Int.init)
        box.defaultSampleDuration = duration
        box.defaultSampleSize = size
        box.defaultSampleFlags = sampleFlags
        return box
    }
}
