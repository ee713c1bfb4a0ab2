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
    static func parse(_ r: inout BitReader, version: DolbyVisionCMVersion, issues: inout [String]) throws -> DolbyVisionDMDataPayload {
        let count = try r.ue()
        guard count <= UInt32(maxExtBlocks) else {
            throw BitstreamError.invalid("\(version.label): num_ext_blocks \(count) exceeds the limit of \(maxExtBlocks)")
        }
        var misaligned = false
        while !r.isByteAligned {
            if try r.flag() { misaligned = true }
        }
        if misaligned { issues.append("\(version.label): dm_alignment_zero_bit should be 0") }
        var blocks: [DolbyVisionExtMetadataBlock] = []
        blocks.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            blocks.append(try DolbyVisionExtMetadataBlock.read(&r))
        }
        return DolbyVisionDMDataPayload(cmVersion: version, blocks: blocks)
    }

    /// Violations of the §10.1 Rules, in the order found, each once.
    package func ruleIssues() -> [String] {
        var out: [String] = []
        func add(_ s: String) { if !out.contains(s) { out.append(s) } }
        let label = cmVersion.label
        for block in blocks {
            let level = block.level
            if !DolbyVisionExtMetadataBlock.knownLevels.contains(level) {
                add("\(label): Unknown metadata block found (level \(level))")
            } else if !cmVersion.allowedLevels.contains(level) {
                add("\(label): Disallowed block level \(level)")
            } else if case .unknown(let raw) = block {
                add("\(label): L\(level) block length \(raw.length) does not match its level (\(Self.lengthsText(level)))")
            }
        }
        for level in cmVersion.allowedLevels.sorted() {
            let n = blocks.filter { $0.level == level }.count
            let maxN = cmVersion.maxCount(level: level), minN = cmVersion.minCount(level: level)
            if minN > 0, minN == maxN, n != minN {
                add("\(label): exactly \(minN) L\(level) block required, found \(n)")
            } else if n > maxN {
                add("\(label): at most \(maxN) L\(level) block\(maxN == 1 ? "" : "s") allowed, found \(n)")
            }
        }
        return out
    }

    /// The blocks of one level, in coded order.
    package func blocks(level: UInt8) -> [DolbyVisionExtMetadataBlock] { blocks.filter { $0.level == level } }

    private static func lengthsText(_ level: UInt8) -> String {
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
