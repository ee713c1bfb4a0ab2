import HDRProbeBytes

/// `tfdt` (ISO/IEC 14496-12 §8.8.12): the decode time of a `traf`'s first sample in the media
/// timescale, 32-bit in version 0 and 64-bit in version 1.
package enum TrackFragmentBaseMediaDecodeTimeBox {
    /// `payload`: the box payload (after its header) within `bytes`; nil when cut short.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> UInt64? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(3)) != nil else { return nil }
        return version == 1 ? try? r.u64() : (try? r.u32()).map(UInt64.init)
    }
}
