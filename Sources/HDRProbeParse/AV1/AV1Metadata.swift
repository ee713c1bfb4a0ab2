import HDRProbeBytes

/// Metadata OBU (obu_type 5): AV1 specification §5.8.1 (`metadata_obu()`: `metadata_type`
/// leb128, then the type's payload) with the payloads of §5.8.2 (HDR CLL), §5.8.3 (HDR MDCV)
/// and §5.8.5 (ITU-T T.35). `docs/rules/hdr10plus.md` §6 (HDR10+: T.35 payload identical to the
/// HEVC SEI one) and `docs/rules/dolby-vision.md` §13 (Dolby Vision: T.35 provider 0x003B).
///
/// ```
/// metadata_type 1 (HDR_CLL):  max_cll u(16) ; max_fall u(16)
/// metadata_type 2 (HDR_MDCV): for i in 0..<3 { primary_chromaticity_x[i] u(16) ; primary_chromaticity_y[i] u(16) }  // R, G, B; 0.16 fixed point
///                             white_point_chromaticity_x u(16) ; white_point_chromaticity_y u(16)
///                             luminance_max u(32) (24.8 fixed point) ; luminance_min u(32) (18.14 fixed point)
/// metadata_type 4 (ITUT_T35): itu_t_t35_country_code u(8) [0xFF: extension byte] ; payload bytes
/// ```
package struct AV1Metadata: Sendable, Equatable {
    package static let hdrCLL: UInt64 = 1
    package static let hdrMDCV: UInt64 = 2
    package static let scalability: UInt64 = 3
    package static let ituTT35: UInt64 = 4
    package static let timecode: UInt64 = 5

    package let type: UInt64
    /// The bytes after metadata_type, with the OBU's trailing bits (a final `0x80` byte and any
    /// zero bytes after it) removed. For T.35 it starts with the country code.
    package let payload: [UInt8]

    package init(type: UInt64, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// Parses the payload of a metadata OBU.
    package static func parse(obuPayload: ArraySlice<UInt8>) throws -> AV1Metadata {
        guard let (type, length) = AV1OBU.readLEB128(obuPayload) else {
            throw BitstreamError.invalid(.av1MetadataType)
        }
        var body = Array(obuPayload.dropFirst(length))
        while let last = body.last, last == 0 { body.removeLast() }
        if body.last == 0x80 { body.removeLast() }
        return AV1Metadata(type: type, payload: body)
    }

    /// HDR CLL (type 1) as reported; nil for other types or a short payload.
    package func contentLightLevel(source: MetadataSource = .bitstream) -> ContentLightLevel? {
        guard type == Self.hdrCLL, payload.count >= 4 else { return nil }
        return ContentLightLevel(maxCLL: Int(payload[0]) << 8 | Int(payload[1]),
                                 maxFALL: Int(payload[2]) << 8 | Int(payload[3]), source: source)
    }

    /// HDR MDCV (type 2) as reported (chromaticities / 65536, max / 256, min / 16384 cd/m²);
    /// nil for other types or a short payload.
    package func masteringDisplay(source: MetadataSource = .bitstream) -> MasteringDisplay? {
        guard type == Self.hdrMDCV, payload.count >= 24 else { return nil }
        var r = ByteReader(payload)
        guard let v = try? (0..<8).map({ _ in Double(try r.u16()) / 65536 }),
              let maxL = try? r.u32(), let minL = try? r.u32()
        else { return nil }
        return MasteringDisplay(redX: v[0], redY: v[1], greenX: v[2], greenY: v[3], blueX: v[4], blueY: v[5],
                                whiteX: v[6], whiteY: v[7], minLuminance: Double(minL) / 16384,
                                maxLuminance: Double(maxL) / 256, source: source)
    }
}
