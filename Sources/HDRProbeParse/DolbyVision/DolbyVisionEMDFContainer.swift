import HDRProbeBytes

/// The EMDF container that carries a Dolby Vision RPU in an AV1 ITU-T T.35 metadata OBU:
/// `docs/rules/dolby-vision.md` §13.
///
/// ```
/// [itu_t_t35_country_code u(8) = 0xB5]       (optional here, as in dovi_tool)
/// itu_t_t35_terminal_provider_code u(16) = 0x003B ; itu_t_t35_terminal_provider_oriented_code u(32) = 0x800
/// emdf_version u(2) = 0 ; key_id u(3) = 6 ; emdf_payload_id u(5) = 31 ; emdf_payload_id_ext variable_bits(5) = 225
/// smploffste u(1) = 0 ; duratione u(1) = 0 ; groupide u(1) = 0 ; codecdatae u(1) = 0 ; discard_unknown_payload u(1)
/// emdf_payload_size variable_bits(8)
/// emdf_payload_bytes[emdf_payload_size]     the RPU without 0x19 and without emulation prevention, ending CRC32 + 0x80
/// emdf_payload_id u(5) = 0 ; protection_length_primary u(2) = 1 ; protection_length_secondary u(2) = 0
/// protection_bits_primary u(8) = 0 ; 1-bits to byte alignment
/// variable_bits(n): v = 0; loop { v += u(n); if !u(1) break; v <<= n; v += 1 << n }
/// ```
///
/// The payload is not byte aligned: it starts at bit 84 (counted from the provider code) when
/// `emdf_payload_size` < 256 and at bit 93 up to 65791. The fixed first 9 bytes are
/// `00 3B 00 00 08 00 37 CD 08`; dovi_tool requires ≥ 34 bytes. The fields up to the payload size
/// must have the values above (they are what those 9 bytes encode; `groupide` / `codecdatae` would
/// add syntax this reader does not know); a different trailer after the payload is recorded in
/// ``issues`` only, since the RPU has already been read.
package struct DolbyVisionEMDFContainer: Sendable, Equatable {
    package static let countryCode: UInt8 = 0xB5
    package static let providerCode: UInt16 = 0x003B
    package static let providerOrientedCode: UInt32 = 0x0000_0800
    /// dovi_tool's minimum T.35 payload size (without the country code).
    package static let minimumSize = 34

    /// The input started with the 0xB5 country code.
    package var hasCountryCode: Bool
    package var emdfVersion: UInt8
    package var keyID: UInt8
    package var emdfPayloadID: UInt8
    package var emdfPayloadIDExt: Int
    package var discardUnknownPayload: Bool
    package var emdfPayloadSize: Int
    /// Where the payload starts, in bits from the provider code (84 or 93 in practice).
    package var payloadBitOffset: Int
    /// `emdf_payload_bytes`: the RPU without its 0x19 prefix, without emulation prevention.
    package var rpuPayload: [UInt8]
    /// Bits after the payload up to the end of the input (the trailer and its alignment bits).
    package var bitsAfterPayload: Int
    /// Deviations of the trailer after the payload from §13.
    package var issues: [Issue]

    /// A deviation of the EMDF trailer from §13.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// `emdf_payload_id`, `protection_length_primary`, `protection_length_secondary` are not 0/1/0.
        case trailerFields(payloadID: UInt8, primary: UInt8, secondary: UInt8)
        /// A zero among the alignment bits after `protection_bits_primary`.
        case trailerAlignment
        /// The data ends inside the trailer.
        case trailerTruncated

        package var description: String {
            switch self {
            case .trailerFields(let id, let primary, let secondary):
                return "EMDF trailer: emdf_payload_id/protection_length_primary/secondary should be 0/1/0, found \(id)/\(primary)/\(secondary)"
            case .trailerAlignment: return "EMDF trailer: alignment bits should be 1"
            case .trailerTruncated: return "EMDF trailer is truncated"
            }
        }
    }

    /// Parser bound on `variable_bits()` chunks: two chunks of 8 bits already describe sizes up to
    /// 65791 bytes, far beyond any RPU.
    package static let maxVariableBitsChunks = 3

    /// Parses the T.35 payload of a metadata OBU (with or without the country code).
    package static func parse(t35 input: [UInt8]) throws -> DolbyVisionEMDFContainer {
        var bytes = input
        let hasCountry = bytes.count >= 3 && bytes[0] == countryCode && bytes[1] == 0x00 && bytes[2] == 0x3B
        if hasCountry { bytes.removeFirst() }
        guard bytes.count >= minimumSize else { throw BitstreamError.tooShort(needed: minimumSize, got: bytes.count) }
        var r = BitReader(bytes)
        let provider = try r.u16()
        guard provider == providerCode else {
            throw BitstreamError.invalid(.t35ProviderCode(provider))
        }
        let oriented = try r.u32()
        guard oriented == providerOrientedCode else {
            throw BitstreamError.invalid(.t35ProviderOrientedCode(oriented))
        }
        let version = try r.u8(2)
        let key = try r.u8(3)
        let payloadID = try r.u8(5)
        guard version == 0, key == 6, payloadID == 31 else {
            throw BitstreamError.invalid(.emdfHeader(version: version, keyID: key, payloadID: payloadID))
        }
        let ext = try variableBits(&r, 5)
        guard ext == 225 else { throw BitstreamError.invalid(.emdfPayloadIDExt(Int(ext))) }
        let smploffste = try r.flag(), duratione = try r.flag(), groupide = try r.flag(), codecdatae = try r.flag()
        guard !smploffste, !duratione, !groupide, !codecdatae else {
            throw BitstreamError.unsupported(.emdfOptionalFields)
        }
        let discard = try r.flag()
        let size = try variableBits(&r, 8)
        let offset = r.bitPosition
        guard size <= r.bitsRemaining / 8 else {
            throw BitstreamError.invalid(.emdfPayloadSize(Int(size), bytesLeft: r.bitsRemaining / 8))
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(size)
        for _ in 0..<size { payload.append(try r.u8()) }
        let after = r.bitsRemaining
        var issues: [Issue] = []
        do {
            let endID = try r.u8(5), primary = try r.u8(2), secondary = try r.u8(2)
            if endID != 0 || primary != 1 || secondary != 0 {
                issues.append(.trailerFields(payloadID: endID, primary: primary, secondary: secondary))
            }
            _ = try r.u8()  // protection_bits_primary
            var zeros = false
            while !r.isByteAligned { if try !r.flag() { zeros = true } }
            if zeros { issues.append(.trailerAlignment) }
        } catch {
            issues.append(.trailerTruncated)
        }
        return DolbyVisionEMDFContainer(hasCountryCode: hasCountry, emdfVersion: version, keyID: key, emdfPayloadID: payloadID,
                                        emdfPayloadIDExt: ext, discardUnknownPayload: discard, emdfPayloadSize: size,
                                        payloadBitOffset: offset, rpuPayload: payload, bitsAfterPayload: after, issues: issues)
    }

    /// `variable_bits(n)`, bounded to ``maxVariableBitsChunks`` chunks.
    package static func variableBits(_ r: inout BitReader, _ n: Int) throws -> Int {
        var value = 0
        for chunk in 1...maxVariableBitsChunks {
            value += try r.int(n)
            guard try r.flag() else { return value }
            guard chunk < maxVariableBitsChunks else { break }
            value = (value << n) + (1 << n)
        }
        throw BitstreamError.invalid(.emdfVariableBits(n: Int(n), chunkLimit: maxVariableBitsChunks))
    }

    /// The RPU as ``DolbyVisionRPU/parse(unescaped:)`` takes it: `0x19` + the payload.
    package var unescapedRPU: [UInt8] { [DolbyVisionRPU.prefix] + rpuPayload }

    /// The HEVC NAL 62 payload form (§13 "prepend 0x19, then apply emulation prevention"; §9.1
    /// insertion: a `03` before any byte ≤ 0x03 that follows `00 00`), as in a dovi_tool RPU file.
    package var hevcRPU: [UInt8] { EmulationPrevention.escape(unescapedRPU) }
}

extension DolbyVisionRPU {
    /// Parses the RPU of an AV1 ITU-T T.35 Dolby Vision payload (§13), with or without the
    /// country code. Throws when the EMDF wrapper is not the Dolby Vision one or the RPU framing is
    /// unusable; see ``parse(_:)`` for everything else.
    package static func parse(av1T35 payload: [UInt8]) throws -> DolbyVisionRPU {
        try parse(unescaped: DolbyVisionEMDFContainer.parse(t35: payload).unescapedRPU)
    }
}
