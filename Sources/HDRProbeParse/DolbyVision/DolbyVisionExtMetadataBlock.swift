import HDRProbeBytes

/// One display-management extension block (`ext_metadata_block()`):
/// `docs/rules/dolby-vision.md` §10 (`ext_block_length` ue(v) in bytes, `ext_block_level` u(8),
/// the level's fields, zero padding up to `ext_block_length` × 8 bits) and §10.1 (the levels and
/// their lengths).
///
/// The block is cut out by its length before its fields are read, so a block can never move the
/// bit position anywhere but to its own end, whatever its contents.
package enum DolbyVisionExtMetadataBlock: Sendable, Equatable, Hashable, Codable {
    case level1(DolbyVisionLevel1)
    case level2(DolbyVisionLevel2)
    case level3(DolbyVisionLevel3)
    case level4(DolbyVisionLevel4)
    case level5(DolbyVisionLevel5)
    case level6(DolbyVisionLevel6)
    case level8(DolbyVisionLevel8)
    case level9(DolbyVisionLevel9)
    case level10(DolbyVisionLevel10)
    case level11(DolbyVisionLevel11)
    case level254(DolbyVisionLevel254)
    case level255(DolbyVisionLevel255)
    /// An undefined level, or a known level with a length that does not match it.
    case unknown(DolbyVisionUnknownExtBlock)

    /// Parser bound on `ext_block_length`: the longest defined block is 25 bytes (L8) and a whole
    /// RPU is under 1024 bytes (§9.2, x265), so anything longer is not a block.
    package static let maxLength = 1024

    /// Levels the §10.1 table defines.
    package static let knownLevels: Set<UInt8> = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 254, 255]

    package var level: UInt8 {
        switch self {
        case .level1: return 1
        case .level2: return 2
        case .level3: return 3
        case .level4: return 4
        case .level5: return 5
        case .level6: return 6
        case .level8: return 8
        case .level9: return 9
        case .level10: return 10
        case .level11: return 11
        case .level254: return 254
        case .level255: return 255
        case .unknown(let b): return b.level
        }
    }

    /// True for a block of a defined level whose length matched.
    package var isDecoded: Bool {
        if case .unknown = self { return false }
        return true
    }

    /// Decodes the payload of a block of `level`: the level's structure when the level is defined
    /// and the length is one of its lengths, ``unknown(_:)`` otherwise.
    package static func decode(level: UInt8, payload: [UInt8]) -> DolbyVisionExtMetadataBlock {
        let decoded: DolbyVisionExtMetadataBlock?
        switch level {
        case 1: decoded = (try? DolbyVisionLevel1(payload: payload)).map { .level1($0) }
        case 2: decoded = (try? DolbyVisionLevel2(payload: payload)).map { .level2($0) }
        case 3: decoded = (try? DolbyVisionLevel3(payload: payload)).map { .level3($0) }
        case 4: decoded = (try? DolbyVisionLevel4(payload: payload)).map { .level4($0) }
        case 5: decoded = (try? DolbyVisionLevel5(payload: payload)).map { .level5($0) }
        case 6: decoded = (try? DolbyVisionLevel6(payload: payload)).map { .level6($0) }
        case 8: decoded = (try? DolbyVisionLevel8(payload: payload)).map { .level8($0) }
        case 9: decoded = (try? DolbyVisionLevel9(payload: payload)).map { .level9($0) }
        case 10: decoded = (try? DolbyVisionLevel10(payload: payload)).map { .level10($0) }
        case 11: decoded = (try? DolbyVisionLevel11(payload: payload)).map { .level11($0) }
        case 254: decoded = (try? DolbyVisionLevel254(payload: payload)).map { .level254($0) }
        case 255: decoded = (try? DolbyVisionLevel255(payload: payload)).map { .level255($0) }
        default: decoded = nil
        }
        return decoded ?? .unknown(DolbyVisionUnknownExtBlock(level: level, payload: payload))
    }

    /// Reads `ext_block_length`, `ext_block_level` and the `ext_block_length` bytes that follow
    /// (not necessarily byte aligned). Throws when the length exceeds ``maxLength`` or the data left.
    package static func read(_ r: inout BitReader) throws -> DolbyVisionExtMetadataBlock {
        let length = try r.ue()
        let level = try r.u8()
        guard length <= UInt32(maxLength) else {
            throw BitstreamError.invalid(.extBlockLengthOverLimit(length: Int(length), level: level, limit: maxLength))
        }
        guard Int(length) <= r.bitsRemaining / 8 else {
            throw BitstreamError.invalid(.extBlockLengthOverData(length: Int(length), level: level, bytesLeft: r.bitsRemaining / 8))
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(Int(length))
        for _ in 0..<Int(length) { payload.append(try r.u8()) }
        return decode(level: level, payload: payload)
    }
}

/// The structure of one extension block level (§10.1): its level number, the lengths it may have,
/// and a decoder for exactly `ext_block_length` payload bytes.
package protocol DolbyVisionExtBlockPayload: Sendable, Equatable, Hashable, Codable {
    static var level: UInt8 { get }
    /// Allowed `ext_block_length` values in bytes.
    static var lengths: [Int] { get }
    /// Decodes the payload; throws when its length is not one of ``lengths``.
    init(payload: [UInt8]) throws
}

extension DolbyVisionExtBlockPayload {
    package static func checkLength(_ payload: [UInt8]) throws {
        guard lengths.contains(payload.count) else {
            throw BitstreamError.invalid(.extBlockPayloadLength(level: level, allowed: lengths, found: payload.count))
        }
    }
}
