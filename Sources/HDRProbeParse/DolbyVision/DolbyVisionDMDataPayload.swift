import HDRProbeBytes

/// One list of display-management extension blocks: `dm_data_payload()` (CM v2.9) or
/// `dm_data_payload2()` (CM v4.0), `docs/rules/dolby-vision.md` §10 (`num_ext_blocks` ue(v),
/// zero bits to byte alignment, the blocks) and the §10.1 Rules: each version allows its own set
/// of levels ("CM v2.9: Disallowed block level 3"), undefined levels are errors, a length that
/// does not match the level is an error, and each level has a count limit (CM v4.0 needs exactly
/// one L254). Blocks are kept in coded order.
package struct DolbyVisionDMDataPayload: Sendable, Equatable {
    package var cmVersion: DolbyVisionCMVersion
    package var blocks: [DolbyVisionExtMetadataBlock]

    /// Parser bound on `num_ext_blocks`. A list that follows the §10.1 count rules holds at most
    /// 13 blocks (v2.9: 5 × 1 + 8 × L2; v4.0: 4 × 1 + 5 × L8 + 4 × L10); the bound leaves room to
    /// report over-full lists while keeping hostile counts from driving the loop.
    package static let maxExtBlocks = 64

    package init(cmVersion: DolbyVisionCMVersion, blocks: [DolbyVisionExtMetadataBlock]) {
        self.cmVersion = cmVersion
        self.blocks = blocks
    }

    /// Reads one list. Structural failures (end of data, a count or length over its bound) throw;
    /// non-zero alignment bits are appended to `issues`. The §10.1 level rules are checked by
    /// ``ruleIssues``.
    package static func parse(_ r: inout BitReader, version: DolbyVisionCMVersion, issues: inout [DolbyVisionRPU.Issue]) throws -> DolbyVisionDMDataPayload {
        let count = try r.ue()
        guard count <= UInt32(maxExtBlocks) else {
            throw BitstreamError.invalid(.numExtBlocks(version, count: Int(count), limit: maxExtBlocks))
        }
        var misaligned = false
        while !r.isByteAligned {
            if try r.flag() { misaligned = true }
        }
        if misaligned { issues.append(.extBlocks(.alignmentZeroBit(version))) }
        var blocks: [DolbyVisionExtMetadataBlock] = []
        blocks.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            blocks.append(try DolbyVisionExtMetadataBlock.read(&r))
        }
        return DolbyVisionDMDataPayload(cmVersion: version, blocks: blocks)
    }

    /// Violations of the §10.1 Rules, in the order found, each once.
    package func ruleIssues() -> [Issue] {
        var out: [Issue] = []
        func add(_ issue: Issue) { if !out.contains(issue) { out.append(issue) } }
        let v = cmVersion
        for block in blocks {
            let level = block.level
            if !DolbyVisionExtMetadataBlock.knownLevels.contains(level) {
                add(.unknownLevel(v, level: level))
            } else if !cmVersion.allowedLevels.contains(level) {
                add(.disallowedLevel(v, level: level))
            } else if case .unknown(let raw) = block {
                add(.lengthMismatch(v, level: level, length: raw.length))
            }
        }
        for level in cmVersion.allowedLevels.sorted() {
            let n = blocks.filter { $0.level == level }.count
            let maxN = cmVersion.maxCount(level: level), minN = cmVersion.minCount(level: level)
            if minN > 0, minN == maxN, n != minN {
                add(.countNotExact(v, level: level, required: minN, found: n))
            } else if n > maxN {
                add(.tooMany(v, level: level, allowed: maxN, found: n))
            }
        }
        return out
    }

    /// A §10 alignment or §10.1 Rules violation of one list; ``description`` is dovi_tool's
    /// message where it has one, prefixed with the CM version.
    package enum Issue: Sendable, Equatable, Codable, CustomStringConvertible {
        /// `dm_alignment_zero_bit` is not 0.
        case alignmentZeroBit(DolbyVisionCMVersion)
        /// An undefined level.
        case unknownLevel(DolbyVisionCMVersion, level: UInt8)
        /// A level this CM version does not allow.
        case disallowedLevel(DolbyVisionCMVersion, level: UInt8)
        /// A known level whose `ext_block_length` is not one of its lengths.
        case lengthMismatch(DolbyVisionCMVersion, level: UInt8, length: Int)
        /// A level needed exactly `required` times.
        case countNotExact(DolbyVisionCMVersion, level: UInt8, required: Int, found: Int)
        /// More blocks of a level than allowed.
        case tooMany(DolbyVisionCMVersion, level: UInt8, allowed: Int, found: Int)

        package var description: String {
            switch self {
            case .alignmentZeroBit(let v): return "\(v.label): dm_alignment_zero_bit should be 0"
            case .unknownLevel(let v, let level): return "\(v.label): Unknown metadata block found (level \(level))"
            case .disallowedLevel(let v, let level): return "\(v.label): Disallowed block level \(level)"
            case .lengthMismatch(let v, let level, let length):
                return "\(v.label): L\(level) block length \(length) does not match its level (\(DolbyVisionDMDataPayload.lengthsText(level)))"
            case .countNotExact(let v, let level, let required, let found):
                return "\(v.label): exactly \(required) L\(level) block required, found \(found)"
            case .tooMany(let v, let level, let allowed, let found):
                return "\(v.label): at most \(allowed) L\(level) block\(allowed == 1 ? "" : "s") allowed, found \(found)"
            }
        }
    }

    /// The blocks of one level, in coded order.
    package func blocks(level: UInt8) -> [DolbyVisionExtMetadataBlock] { blocks.filter { $0.level == level } }

    fileprivate static func lengthsText(_ level: UInt8) -> String {
        let lengths: [Int]
        switch level {
        case 1: lengths = DolbyVisionLevel1.lengths
        case 2: lengths = DolbyVisionLevel2.lengths
        case 3: lengths = DolbyVisionLevel3.lengths
        case 4: lengths = DolbyVisionLevel4.lengths
        case 5: lengths = DolbyVisionLevel5.lengths
        case 6: lengths = DolbyVisionLevel6.lengths
        case 8: lengths = DolbyVisionLevel8.lengths
        case 9: lengths = DolbyVisionLevel9.lengths
        case 10: lengths = DolbyVisionLevel10.lengths
        case 11: lengths = DolbyVisionLevel11.lengths
        case 254: lengths = DolbyVisionLevel254.lengths
        default: lengths = DolbyVisionLevel255.lengths
        }
        return "expected " + lengths.map(String.init).joined(separator: " or ")
    }
}
