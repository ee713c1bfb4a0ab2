import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify

/// HDR10+ beside VP9 frames in Matroska BlockAdditions (BlockAddID / BlockAddIDType 4 = ITU-T T.35).
/// The T.35 message is hdr10plus_tool's `single-frame.hevc` payload (the one in the corpus's
/// HDR10+ streams), laid out here byte for byte: country 0xB5, provider 0x003C, oriented code
/// 0x0001, application 4, version 1, one window, targeted_system_display_maximum_luminance 400,
/// tone_mapping_flag 1 with 9 Bezier anchors (hdr10plus_tool's JSON for that file; profile "B").
private let hdr10PlusT35: [UInt8] = [
    0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04, 0x01, 0x40, 0x00, 0x0C, 0x80, 0x3C, 0xB0, 0x19, 0xBD, 0x0D,
    0x80, 0x00, 0x41, 0xE4, 0x08, 0x00, 0x00, 0x28, 0x5F, 0x00, 0x50, 0x01, 0x70, 0xC8, 0x00, 0x05,
    0x90, 0x00, 0x12, 0x58, 0x01, 0xAE, 0xD0, 0x0B, 0x5A, 0xF8, 0x1B, 0xE3, 0x18, 0x5B, 0x4C, 0x00,
    0x42, 0x90, 0x3C, 0x24, 0x8F, 0x4A, 0x9B, 0xF9, 0x42, 0xDB, 0xD8, 0x37, 0xBE, 0x57, 0xAA, 0x00,
]

/// The first bytes of `Corpus/vp9_hdr10.webm`'s key frame (see VP9HeaderTests.swift).
private let vp9KeyFrame: [UInt8] = [0x92, 0x49, 0x83, 0x42, 0x50, 0x03, 0xF8, 0x02, 0x3B, 0x03]

private func scanVP9(_ additions: [MatroskaBlockMore], mappings: [MatroskaBlockAdditionMapping] = []) -> BitstreamScan {
    var scanner = BitstreamScanner(codec: .vp9, framing: .annexB)
    scanner.blockAdditionMappings = mappings
    scanner.consume(accessUnit: vp9KeyFrame, pts: 0, blockAdditions: additions)
    scanner.consume(accessUnit: [0x86, 0x00], pts: 40, blockAdditions: [])
    return scanner.scan
}

@Test func vp9BlockAdditionalID4IsHDR10Plus() throws {
    let scan = scanVP9([MatroskaBlockMore(addID: 4, additional: hdr10PlusT35)])
    #expect(scan.framesScanned == 2 && scan.framesWithHDR10Plus == 1)
    let m = try #require(scan.hdr10PlusPayloads[0])
    #expect(m.targetedSystemDisplayMaximumLuminance == 400 && m.numWindows == 1)
    #expect(m.windows.first?.toneMappingFlag == true && m.windows.first?.bezierCurveAnchors.count == 9)
    #expect(m.profile == "B")
    #expect(scan.frames.first?.hdr10Plus != nil && scan.frames.last?.hdr10Plus == nil)
}

@Test func blockAdditionalTypeComesFromTheTrackMapping() {
    // BlockAddID 1 is codec-specific data (no T.35) unless a mapping says otherwise; a mapping may
    // give another BlockAddIDValue the ITU-T T.35 type.
    #expect(scanVP9([MatroskaBlockMore(addID: 1, additional: hdr10PlusT35)]).framesWithHDR10Plus == 0)
    let mapped = MatroskaBlockAdditionMapping(value: 2, name: nil, type: 4, extraData: nil)
    #expect(scanVP9([MatroskaBlockMore(addID: 2, additional: hdr10PlusT35)], mappings: [mapped]).framesWithHDR10Plus == 1)
    let other = MatroskaBlockAdditionMapping(value: 4, name: nil, type: 0x6476_7643, extraData: nil) // 'dvvC'
    #expect(scanVP9([MatroskaBlockMore(addID: 4, additional: hdr10PlusT35)], mappings: [other]).framesWithHDR10Plus == 0)
}

@Test func otherT35AndTruncatedHDR10PlusAdditions() {
    // Dolby's T.35 provider (0x003B) is not HDR10+.
    let dolby: [UInt8] = [0xB5, 0x00, 0x3B, 0x00, 0x00, 0x08, 0x00, 0x37, 0xCD, 0x08]
    #expect(scanVP9([MatroskaBlockMore(addID: 4, additional: dolby)]).framesWithHDR10Plus == 0)
    // The HDR10+ header with its payload cut: counted as carried, recorded as unparsable, no crash.
    let cut = scanVP9([MatroskaBlockMore(addID: 4, additional: Array(hdr10PlusT35.prefix(9)))])
    #expect(cut.framesWithHDR10Plus == 1 && cut.hdr10PlusUnparsable == [0] && cut.hdr10PlusPayloads.isEmpty)
    // Only the first HDR10+ addition of a block counts.
    let two = MatroskaBlockMore(addID: 4, additional: hdr10PlusT35)
    #expect(scanVP9([two, two]).framesWithHDR10Plus == 1)
}

// MARK: - The own Cluster walk's pieces (RFC 9559 §10.1 Block header, §5.1.3.5.2 BlockAdditions)

@Test func blockHeaderGivesTrackAndRelativeTimestamp() throws {
    // Track 1 (vint 0x81), timestamp +40 (0x0028), flags 0x80.
    let one = try #require(MatroskaBlock.parse([0x81, 0x00, 0x28, 0x80, 0x12]))
    #expect(one.trackNumber == 1 && one.relativeTimestamp == 40)
    // Track 200 as a 2-byte vint (0x40 0xC8), timestamp -2 (0xFFFE).
    let two = try #require(MatroskaBlock.parse([0x40, 0xC8, 0xFF, 0xFE, 0x00]))
    #expect(two.trackNumber == 200 && two.relativeTimestamp == -2)
    #expect(MatroskaBlock.parse([0x81, 0x00]) == nil)
    #expect(MatroskaBlock.parse([]) == nil)
}

@Test func blockAdditionsListTheirBlockMores() {
    // BlockMore { BlockAddID 4, BlockAdditional <T.35> } and BlockMore { BlockAdditional 01 02 }
    // (no BlockAddID: the default, 1), then a BlockMore without data (left out).
    let t35 = hdr10PlusT35
    let first: [UInt8] = [0xEE, 0x81, 0x04, 0xA5, 0x80 | UInt8(t35.count)] + t35
    let second: [UInt8] = [0xA5, 0x82, 0x01, 0x02]
    let third: [UInt8] = [0xEE, 0x81, 0x05]
    var bytes: [UInt8] = []
    for body in [first, second, third] { bytes += [0xA6, 0x80 | UInt8(body.count)] + body }
    let list = MatroskaBlockMore.list(in: bytes, range: 0..<bytes.count)
    #expect(list == [MatroskaBlockMore(addID: 4, additional: t35), MatroskaBlockMore(addID: 1, additional: [1, 2])])
    #expect(list[0].isHDR10Plus(mappings: []))
    // Cut in the middle of the T.35 data: the element is clipped, not read past the end.
    #expect(MatroskaBlockMore.list(in: Array(bytes.prefix(20)), range: 0..<20).first?.additional.count == 13)
}
