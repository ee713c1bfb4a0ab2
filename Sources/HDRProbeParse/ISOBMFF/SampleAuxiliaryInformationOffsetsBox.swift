import HDRProbeBytes

/// `saio`, the sample auxiliary information offsets box (ISO/IEC 14496-12 §8.7.9): version and flags
/// (u8 + u24), `aux_info_type` and `aux_info_type_parameter` (u32 each) when flags bit 0 is set,
/// `entry_count` (u32), then the offsets: u32 in version 0, u64 in version 1. In a sample table they
/// are file offsets; in a track fragment they count from the fragment's base data offset (for CENC,
/// ISO/IEC 23001-7, each sample's IV and subsample map, `docs/rules/encryption-cmaf.md` §4).
package struct SampleAuxiliaryInformationOffsetsBox: Sendable, Equatable {
    package var auxInfoType: String?
    package var auxInfoTypeParameter: UInt32?
    package var offsets: [UInt64]

    /// Most offsets kept; a box declaring more is refused.
    package static let maxEntries = 1 << 16

    /// `bytes[payload]` is the box payload (after its header); nil when cut short.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> SampleAuxiliaryInformationOffsetsBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), let flags = try? r.u24() else { return nil }
        var box = SampleAuxiliaryInformationOffsetsBox(offsets: [])
        if flags & 1 != 0 {
            guard let type = try? r.fourCC(), let parameter = try? r.u32() else { return nil }
            (box.auxInfoType, box.auxInfoTypeParameter) = (type, parameter)
        }
        let width = version == 0 ? 4 : 8
        guard let count = try? r.u32(), Int(count) <= maxEntries, Int(count) * width <= r.remaining else { return nil }
        for _ in 0..<Int(count) {
            guard let offset = version == 0 ? (try? r.u32()).map(UInt64.init) : try? r.u64() else { return nil }
            box.offsets.append(offset)
        }
        return box
    }
}
