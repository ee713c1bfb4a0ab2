import HDRProbeParse
import Testing

/// ISO BMFF box walking (ISO/IEC 14496-12 §4.2), `ftyp` brands, sample entries, EBML Segment size
/// (RFC 8794) and TS packet layout on hand-built bytes whose meaning is spelled out beside them.
@Suite struct ContainerStructureTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    @Test func walksSiblingsAndFlagsLyingSizes() {
        let a = Self.box("free", [1, 2, 3])
        var b = Self.box("moov", [0, 0, 0, 0])
        b[3] = 200  // moov claims 200 bytes, 12 exist
        let walk = ISOBoxWalker.walk(a + b)
        #expect(walk.boxes.map(\.type) == ["free", "moov"])
        #expect(walk.boxes[0].payload == 8..<11 && !walk.boxes[0].truncated)
        #expect(walk.boxes[1].truncated && walk.boxes[1].payload == 19..<23)
        #expect(walk.issues == [.truncated(type: "moov", offset: 11, declared: 200, available: 12)])
    }

    @Test func largeSizeAndSizeZero() {
        // size 1 + 64-bit largesize 24 = 16-byte header + 8 bytes payload; then size 0 = to the end.
        let large: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 24] + [UInt8](repeating: 7, count: 8)
        let toEnd: [UInt8] = [0, 0, 0, 0] + Array("free".utf8) + [9, 9]
        let walk = ISOBoxWalker.walk(large + toEnd)
        #expect(walk.boxes.map(\.headerSize) == [16, 8])
        #expect(walk.boxes[0].payload.count == 8)
        #expect(walk.boxes[1].payload == 32..<34)
    }

    @Test func sizeSmallerThanHeaderStops() {
        let bad: [UInt8] = [0, 0, 0, 4] + Array("free".utf8) + [0, 0, 0, 0]
        let walk = ISOBoxWalker.walk(bad + Self.box("moov", []))
        #expect(walk.boxes.isEmpty)
        #expect(walk.issues == [.sizeSmallerThanHeader(type: "free", offset: 0, declared: 4)])
    }

    @Test func walkIsBoundedByBoxCount() {
        let many = (0..<(ISOBoxWalker.maxBoxes + 10)).flatMap { _ in Self.box("free", []) }
        let walk = ISOBoxWalker.walk(many)
        #expect(walk.boxes.count == ISOBoxWalker.maxBoxes)
        #expect(walk.issues == [.tooManyBoxes(ISOBoxWalker.maxBoxes)])
    }

    /// The sentences the container findings carry (`container.malformed`, docs/findings.md).
    @Test func boxIssueSentences() {
        #expect(ISOBoxWalk.Issue.truncated(type: "moov", offset: 11, declared: 200, available: 12).description
                == "box 'moov' at 11 declares 200 bytes, only 12 available")
        #expect(ISOBoxWalk.Issue.sizeSmallerThanHeader(type: "free", offset: 0, declared: 4).description
                == "box 'free' at 0 declares size 4, smaller than its header")
        #expect(ISOBoxWalk.Issue.largesizeCutOff(type: "mdat", offset: 8).description == "box 'mdat' at 8: largesize cut off")
        #expect(ISOBoxWalk.Issue.tooManyBoxes(4096).description == "more than 4096 boxes; walk stopped")
        #expect(SampleEntry.Issue.shortVisualEntry(type: "hvc1", size: 10).description
                == "visual sample entry 'hvc1' is 10 bytes, shorter than its fixed fields")
        #expect(SampleEntry.Issue.duplicateDolbyVisionConfiguration.description == "more than one Dolby Vision configuration box")
        #expect(MovieBox.Issue.sampleEntry(.boxes(.tooManyBoxes(4096))).description == "more than 4096 boxes; walk stopped")
        #expect(MovieBox.Issue.tooManyTracks(256).description == "more than 256 tracks")
    }

    @Test func fileTypeBrandsDeduplicated() throws {
        // ffmpeg 5.1 DV MP4: ftyp major isom, minor 512, compatible isom dby1 iso2 mp41.
        let payload = Array("isom".utf8) + [0, 0, 2, 0] + Array("isomdby1iso2mp41".utf8)
        let ftyp = try FileTypeBox.parse(payload[...])
        #expect(ftyp.minorVersion == 512)
        #expect(ftyp.brands == ["isom", "dby1", "iso2", "mp41"])
    }

    @Test func visualSampleEntryChildren() throws {
        // A minimal 'hvc1' VisualSampleEntry: 78 bytes of fixed fields (width 128 at offset 24,
        // height 72 at 26), then dvvC (mkvmerge's P8.1 record), colr nclx 9/16/9 limited range, clli 1000/400.
        var fixed = [UInt8](repeating: 0, count: 78)
        fixed[24] = 0; fixed[25] = 128; fixed[26] = 0; fixed[27] = 72
        let dvvC = Self.box("dvvC", [0x01, 0x00, 0x10, 0x0d, 0x10] + [UInt8](repeating: 0, count: 19))
        let colr = Self.box("colr", Array("nclx".utf8) + [0, 9, 0, 16, 0, 9, 0x00])
        let clli = Self.box("clli", [0x03, 0xE8, 0x01, 0x90])
        let entry = Self.box("hvc1", fixed + dvvC + colr + clli)
        let walk = ISOBoxWalker.walk(entry)
        let parsed = SampleEntry.parse(entry, box: walk.boxes[0], isVisual: true)
        #expect(parsed.fourCC == "hvc1" && parsed.width == 128 && parsed.height == 72)
        #expect(parsed.doviBoxType == .dvvC && parsed.doviPayload?.count == 24)
        #expect(parsed.colour?.codes == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false))
        #expect(parsed.contentLightLevel == ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .container))
        #expect(parsed.issues.isEmpty)
    }

    @Test func masteringDisplayBoxOrder() throws {
        // mdcv stores G, B, R, white (x, y in 0.00002 units) then max/min luminance (0.0001 cd/m²):
        // G(13250,34500) B(7500,3000) R(34000,16000) WP(15635,16450) L(10000000,1) — x265's --master-display.
        let values: [UInt16] = [13250, 34500, 7500, 3000, 34000, 16000, 15635, 16450]
        let luminance: [UInt8] = [0x00, 0x98, 0x96, 0x80, 0, 0, 0, 1]
        let payload: [UInt8] = values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + luminance
        let m = try MasteringDisplayColourVolumeBox.parse(payload[...]).mastering
        #expect(m.redX == 0.68 && m.redY == 0.32 && m.greenX == 0.265 && m.greenY == 0.69)
        #expect(m.blueX == 0.15 && m.blueY == 0.06 && m.whiteX == 0.3127 && m.whiteY == 0.329)
        #expect(m.maxLuminance == 1000 && m.minLuminance == 0.0001)
    }

    @Test func ebmlSegmentSize() throws {
        // EBML header (ID 1A45DFA3, size 0x84 → 4) holding DocType "mkv"-ish bytes, then a Segment
        // (ID 18538067) with an 8-byte size of 1000.
        let header: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x42, 0x82, 0x81, 0x6D]
        let segment: [UInt8] = [0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x03, 0xE8]
        let s = try EBMLSegmentHeader.parse(header + segment)
        #expect(s.docType == "m")
        #expect(s.segmentDataOffset == 21 && s.segmentSize == 1000 && s.declaredEnd == 1021)
        // Unknown size (all value bits set) is nil.
        let live = try EBMLSegmentHeader.parse(header + [0x18, 0x53, 0x80, 0x67, 0xFF])
        #expect(live.segmentSize == nil)
        #expect(throws: EBMLError.truncated) { try EBMLSegmentHeader.parse(Array(header.prefix(6))) }
        #expect(throws: EBMLError.notEBML) { try EBMLSegmentHeader.parse([0x80, 0x01, 0x02]) }  // a 1-byte ID, not the magic
        #expect(throws: EBMLError.invalidVint) { try EBMLSegmentHeader.parse([0x00, 0x01, 0x02]) }
    }

    @Test func transportStreamLayoutAndSignatures() {
        var ts = [UInt8](repeating: 0xFF, count: 188 * 3)
        for i in 0..<3 { ts[i * 188] = 0x47 }
        let layout = TransportStreamLayout.detect(ts)
        #expect(layout?.packetSize == 188)
        #expect(layout?.partialPacketBytes(fileSize: 188 * 10 + 5) == 5)
        #expect(ContainerSignature.sniff(ts) == .mpegts)
        #expect(ContainerSignature.sniff([0, 0, 0, 24] + Array("ftypisom".utf8)) == .isobmff)
        #expect(ContainerSignature.sniff([0x1A, 0x45, 0xDF, 0xA3, 0x9F]) == .matroska)
        #expect(ContainerSignature.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == .png)
        #expect(ContainerSignature.sniff(Array("hello, this is text\n".utf8)) == .text)
        #expect(ContainerSignature.sniff([0, 0, 0, 1, 0x40, 0x01]) == .annexB)
        #expect(!ContainerSignature.png.isMedia && ContainerSignature.matroska.isMedia)
    }
}
