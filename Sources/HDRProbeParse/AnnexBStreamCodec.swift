/// Which codec an Annex B byte stream carries (H.265 §B.2, H.264 §B.1), from the header of its
/// first NAL unit: H.265 `nal_unit_header()` (§7.3.1.2: forbidden_zero_bit, nal_unit_type (6),
/// nuh_layer_id (6), nuh_temporal_id_plus1 (3)) of a VPS/SPS/PPS/AUD/prefix SEI on the base
/// layer, or H.264 `nal_unit()` (§7.3.1: forbidden_zero_bit, nal_ref_idc (2), nal_unit_type (5))
/// of an SPS, or of an AUD/SEI (which §7.4.1 requires to have nal_ref_idc 0). hdrprobe then opens
/// the stream with that raw demuxer instead of letting libavformat guess, whose guess depends on
/// its version and on the file's size (a 183-byte fragment is "invalid data" to FFmpeg 5.1).
/// nil when the header names neither (VVC, MPEG-2 video, damaged data): libavformat probes.
package enum AnnexBStreamCodec: String, Sendable, Equatable {
    case hevc, h264

    package static func sniff(_ head: [UInt8]) -> AnnexBStreamCodec? {
        var i = 0
        while i < min(head.count, 64), head[i] == 0 { i += 1 }
        guard i >= 2, i + 2 < head.count, head[i] == 1 else { return nil }
        let b0 = head[i + 1], b1 = head[i + 2]
        if b0 & 0x81 == 0, [32, 33, 34, 35, 39].contains(b0 >> 1), b1 == 0x01 { return .hevc }
        let type = b0 & 0x1F, refIdc = (b0 >> 5) & 0x3
        if b0 & 0x80 == 0, type == 7 || (refIdc == 0 && (type == 9 || type == 6)) { return .h264 }
        return nil
    }
}
