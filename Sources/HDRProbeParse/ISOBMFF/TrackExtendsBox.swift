import HDRProbeBytes

/// `trex` (ISO/IEC 14496-12 §8.8.3): one track's defaults for the samples of its movie fragments
/// (sample description index, duration, size, flags), in `moov`/`mvex`.
package struct TrackExtendsBox: Sendable, Equatable {
    package var trackID: Int
    package var defaultSampleDescriptionIndex: Int
    package var defaultSampleDuration: UInt32
    package var defaultSampleSize: UInt32
    package var defaultSampleFlags: UInt32

    /// `payload`: the box payload (after its header) within `bytes`; nil when cut short.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> TrackExtendsBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard (try? r.skip(4)) != nil, let id = try? r.u32(), let description = try? r.u32(),
              let duration = try? r.u32(), let size = try? r.u32(), let flags = try? r.u32() else { return nil }
        return TrackExtendsBox(trackID: Int(id), defaultSampleDescriptionIndex: Int(description),
                               defaultSampleDuration: duration, defaultSampleSize: size, defaultSampleFlags: flags)
    }
}
