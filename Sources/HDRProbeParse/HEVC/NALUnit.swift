/// One NAL unit as stored in the stream: ITU-T H.265 §7.3.1.1 (`nal_unit_header()`: 1-bit
/// forbidden_zero_bit, 6-bit nal_unit_type, 6-bit nuh_layer_id, 3-bit nuh_temporal_id_plus1) or,
/// for ``NALHeaderKind/avc``, ITU-T H.264 §7.3.1 (1-bit forbidden_zero_bit, 2-bit nal_ref_idc,
/// 5-bit nal_unit_type).
///
/// `bytes` is the whole NAL unit (header included) with emulation-prevention bytes still in;
/// run ``EmulationPrevention/unescape(_:)`` before bit-parsing it.
package struct NALUnit: Sendable, Equatable {
    /// `nal_unit_type` (HEVC: 0...63, AVC: 0...31).
    package let type: UInt8
    /// `nuh_layer_id` (HEVC); always 0 for AVC.
    package let layerID: UInt8
    /// `nuh_temporal_id_plus1` (HEVC); always 0 for AVC (see ``avcRefIDC``).
    package let temporalIDPlus1: UInt8
    /// The NAL unit as stored: header + payload, still escaped.
    package let bytes: ArraySlice<UInt8>

    package init(type: UInt8, layerID: UInt8, temporalIDPlus1: UInt8, bytes: ArraySlice<UInt8>) {
        self.type = type
        self.layerID = layerID
        self.temporalIDPlus1 = temporalIDPlus1
        self.bytes = bytes
    }

    /// Parses the 2-byte HEVC header of `bytes`; nil when shorter than 2 bytes or the
    /// forbidden_zero_bit is set.
    package static func hevc(_ bytes: ArraySlice<UInt8>) -> NALUnit? {
        guard bytes.count >= 2 else { return nil }
        let b0 = bytes[bytes.startIndex], b1 = bytes[bytes.startIndex + 1]
        guard b0 & 0x80 == 0 else { return nil }
        return NALUnit(type: (b0 >> 1) & 0x3F, layerID: ((b0 & 1) << 5) | (b1 >> 3),
                       temporalIDPlus1: b1 & 0x07, bytes: bytes)
    }

    /// Parses the 1-byte AVC header of `bytes`; nil when empty or the forbidden_zero_bit is set.
    package static func avc(_ bytes: ArraySlice<UInt8>) -> NALUnit? {
        guard let b0 = bytes.first, b0 & 0x80 == 0 else { return nil }
        return NALUnit(type: b0 & 0x1F, layerID: 0, temporalIDPlus1: 0, bytes: bytes)
    }

    /// AVC `nal_ref_idc` (bits 6–5 of the header byte); meaningless for HEVC units.
    package var avcRefIDC: UInt8 { bytes.first.map { ($0 >> 5) & 0x03 } ?? 0 }
}

/// How NAL units are delimited in a byte stream.
package enum NALFraming: Sendable, Equatable {
    /// ITU-T H.265 Annex B / H.264 Annex B byte stream: `00 00 01` or `00 00 00 01` start codes.
    case annexB
    /// ISO/IEC 14496-15 sample format: each NAL unit preceded by a big-endian length of
    /// 1, 2 or 4 bytes (`lengthSizeMinusOne + 1` from the hvcC / avcC).
    case lengthPrefixed(Int)
}

/// Which NAL unit header syntax to apply.
package enum NALHeaderKind: Sendable, Equatable {
    /// H.265: 2-byte header.
    case hevc
    /// H.264: 1-byte header.
    case avc
}
