import HDRProbeBytes

/// The Dolby Vision decoder configuration record: the payload of an ISO BMFF `dvcC`, `dvvC` or
/// `dvwC` box, of a Matroska `BlockAddIDExtraData` (BlockAdditionMapping), and the body of the
/// MPEG-TS `DOVI_video_stream_descriptor`.
///
/// Layout: `docs/rules/dolby-vision.md` §5.1 (Dolby, "Dolby Vision Streams Within the ISO Base
/// Media File Format"; FFmpeg `libavformat/dovi_isom.c`); lenient-parsing rules §5.3; TS
/// descriptor §7. Lenient on short records (from 4 bytes up, like FFmpeg), strict on nonsense:
/// every oddity becomes an ``issues`` entry rather than a rejection.
package struct DOVIDecoderConfigurationRecord: Sendable, Equatable {
    package var versionMajor: Int
    package var versionMinor: Int
    package var profile: Int
    package var level: Int
    package var rpuPresent: Bool
    package var elPresent: Bool
    package var blPresent: Bool
    /// `dv_bl_signal_compatibility_id`; 0 when the record is too short to hold it.
    package var compatibilityId: Int
    /// `dv_md_compression` (0 none, 1 limited, 2 reserved, 3 extended).
    package var mdCompression: Int
    /// TS descriptor only: the base-layer PID an EL/RPU-only PID depends on.
    package var dependencyPID: Int?
    /// Size of the record as stored, in bytes (24 for a complete ISO BMFF record).
    package var storedSize: Int
    /// Deviations from the specification that do not prevent reading the record.
    package var issues: [Issue]
    /// False when the record ends before `dv_bl_signal_compatibility_id` (a 4-byte record, a TS
    /// descriptor without its last byte): `compatibilityId` is then 0 by default, not read, and
    /// the profile resolution infers it from the base layer (``DolbyVisionProfile``).
    package var compatibilityPresent = true

    package static let fullSize = 24
    /// The record versions whose layout is §5.1's (`docs/rules/dolby-vision.md` §5.3), any minor.
    package static let regularVersionMajors = 1...3

    package init(versionMajor: Int, versionMinor: Int, profile: Int, level: Int, rpuPresent: Bool, elPresent: Bool,
                blPresent: Bool, compatibilityId: Int, mdCompression: Int, dependencyPID: Int?, storedSize: Int,
                issues: [Issue]) {
        self.versionMajor = versionMajor; self.versionMinor = versionMinor
        self.profile = profile; self.level = level
        self.rpuPresent = rpuPresent; self.elPresent = elPresent; self.blPresent = blPresent
        self.compatibilityId = compatibilityId; self.mdCompression = mdCompression
        self.dependencyPID = dependencyPID; self.storedSize = storedSize; self.issues = issues
    }

    /// Parses the ISO BMFF / Matroska form (`docs/rules/dolby-vision.md` §5.1). Throws only when fewer than
    /// 4 bytes are present.
    package static func parse(_ bytes: [UInt8]) throws -> DOVIDecoderConfigurationRecord {
        guard bytes.count >= 4 else { throw DOVIConfigurationError.tooShort(bytes.count) }
        let x = UInt16(bytes[2]) << 8 | UInt16(bytes[3])
        var record = DOVIDecoderConfigurationRecord(
            versionMajor: Int(bytes[0]), versionMinor: Int(bytes[1]),
            profile: Int(x >> 9), level: Int((x >> 3) & 0x3F),
            rpuPresent: (x >> 2) & 1 == 1, elPresent: (x >> 1) & 1 == 1, blPresent: x & 1 == 1,
            compatibilityId: 0, mdCompression: 0, dependencyPID: nil, storedSize: bytes.count, issues: [])
        if bytes.count >= 5 {
            record.compatibilityId = Int(bytes[4] >> 4)
            record.mdCompression = Int((bytes[4] >> 2) & 3)
        } else {
            record.compatibilityPresent = false
        }
        if bytes.count < fullSize {
            record.issues.append(.shortRecord(bytes.count))
        } else {
            // 26 reserved bits after md_compression, then 4×32 reserved bits: all zero.
            let reservedNonZero = (bytes[4] & 0x03) != 0 || bytes[5..<fullSize].contains { $0 != 0 }
            if reservedNonZero { record.issues.append(.reservedBitsSet) }
        }
        record.validate()
        return record
    }

    /// Parses the body of a `DOVI_video_stream_descriptor` (tag 0xB0), i.e. the bytes after
    /// tag and length (`docs/rules/dolby-vision.md` §7). `dependency_pid` is present when `bl_present_flag`
    /// is 0 and precedes the compatibility id.
    package static func parseTSDescriptorBody(_ bytes: [UInt8]) throws -> DOVIDecoderConfigurationRecord {
        guard bytes.count >= 4 else { throw DOVIConfigurationError.tooShort(bytes.count) }
        var r = BitReader(bytes)
        let major = try r.int(8), minor = try r.int(8)
        let profile = try r.int(7), level = try r.int(6)
        let rpu = try r.flag(), el = try r.flag(), bl = try r.flag()
        var record = DOVIDecoderConfigurationRecord(
            versionMajor: major, versionMinor: minor, profile: profile, level: level,
            rpuPresent: rpu, elPresent: el, blPresent: bl, compatibilityId: 0, mdCompression: 0,
            dependencyPID: nil, storedSize: bytes.count, issues: [])
        if !bl {
            if r.bitsRemaining >= 16 {
                record.dependencyPID = try r.int(13)
                try r.skip(3)
            } else {
                record.issues.append(.noDependencyPID)
            }
        }
        if r.bitsRemaining >= 6 {
            record.compatibilityId = try r.int(4)
            record.mdCompression = try r.int(2)
        } else {
            record.compatibilityPresent = false
            record.issues.append(.noCompatibilityID)
        }
        record.validate()
        return record
    }

    private mutating func validate() {
        // Majors 1–3 share this layout (§5.3: MediaInfo reads all three with it, and ffprobe reads
        // any), so only a major outside them is irregular; the minor is reported as read.
        if !Self.regularVersionMajors.contains(versionMajor) {
            issues.append(.version(major: versionMajor, minor: versionMinor))
        }
        if level == 0 || level > 13 { issues.append(.level(level)) }
        if !rpuPresent && !elPresent && !blPresent { issues.append(.noLayer) }
    }

    /// A deviation from §5.1 / §7 that does not prevent reading the record; ``description`` is
    /// the text of the `dv.configurationIrregular` finding.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// An ISO BMFF / Matroska record shorter than ``fullSize`` bytes.
        case shortRecord(Int)
        /// A reserved bit after `dv_md_compression` is set.
        case reservedBitsSet
        /// TS descriptor without a base layer, too short for `dependency_pid`.
        case noDependencyPID
        /// TS descriptor ending after the layer flags.
        case noCompatibilityID
        /// A major version outside ``regularVersionMajors``.
        case version(major: Int, minor: Int)
        /// `dv_level` outside 1…13.
        case level(Int)
        /// None of `rpu_present_flag`, `el_present_flag`, `bl_present_flag` set.
        case noLayer

        package var description: String {
            switch self {
            case .shortRecord(let n): return "record is \(n) bytes, expected \(DOVIDecoderConfigurationRecord.fullSize)"
            case .reservedBitsSet: return "reserved bits are not zero"
            case .noDependencyPID: return "descriptor too short for dependency_pid"
            case .noCompatibilityID: return "no dv_bl_signal_compatibility_id: the descriptor ends after the layer flags"
            case .version(let major, let minor): return "version \(major).\(minor), expected major version 1, 2 or 3"
            case .level(let level): return "level \(level) outside 1…13"
            case .noLayer: return "no layer flag set"
            }
        }
    }
}

package enum DOVIConfigurationError: Error, Equatable, Sendable {
    case tooShort(Int)
}
