import Foundation
import Testing
@testable import HDRProbeModel
@testable import HDRProbeManifests
import HDRProbeTestSupport

/// Multivariant Playlist parsing: the six complete EXT-X-STREAM-INF lines of Apple's example
/// playlist quoted in `docs/rules/hls-signalling.md` §15 as fixtures (URIs are placeholders:
/// §15 gives only the tag lines), the header/version/tag rules of RFC 8216 §4.1 and §4.3, errors
/// with line numbers, CRLF, BOM, and the caps of `HLSPlaylistLimits`.

/// docs/rules/hls-signalling.md §15, verbatim.
private let appleLines = [
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=2778321,BANDWIDTH=3971374,VIDEO-RANGE=SDR,CODECS="hvc1.2.4.L123.B0",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#,
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=24975091,BANDWIDTH=30041698,VIDEO-RANGE=PQ,CODECS="dvh1.05.06",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#,
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=3320040,BANDWIDTH=5280654,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L123.B0",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#,
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=24833402,BANDWIDTH=29983769,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L150.B0",SUPPLEMENTAL-CODECS="dvh1.08.08/db1p",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#,
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=3061873,BANDWIDTH=3109758,VIDEO-RANGE=HLG,CODECS="hvc1.2.20000000.L150.B0",SUPPLEMENTAL-CODECS="dvh1.08.01/db4h",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#,
    #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=26472863,BANDWIDTH=28111779,VIDEO-RANGE=HLG,CODECS="hvc1.2.20000000.L183.B0",SUPPLEMENTAL-CODECS="dvh1.08.08/db4h",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#,
]

/// The values of those lines, field by field (read off §15).
private struct Expected {
    let average: UInt64, bandwidth: UInt64, range: VideoRange, codecs: [String]
    let supplemental: [SupplementalCodecs.Element]?, resolution: HLSResolution, hdcp: HDCPLevel
}
private let expected: [Expected] = [
    Expected(average: 2_778_321, bandwidth: 3_971_374, range: .sdr, codecs: ["hvc1.2.4.L123.B0"], supplemental: nil,
             resolution: HLSResolution(width: 1280, height: 720)!, hdcp: .none),
    Expected(average: 24_975_091, bandwidth: 30_041_698, range: .pq, codecs: ["dvh1.05.06"], supplemental: nil,
             resolution: HLSResolution(width: 3840, height: 2160)!, hdcp: .type1),
    Expected(average: 3_320_040, bandwidth: 5_280_654, range: .pq, codecs: ["hvc1.2.4.L123.B0"],
             supplemental: [SupplementalCodecs.Element(codec: "dvh1.08.01", brands: ["db1p"])],
             resolution: HLSResolution(width: 1280, height: 720)!, hdcp: .none),
    Expected(average: 24_833_402, bandwidth: 29_983_769, range: .pq, codecs: ["hvc1.2.4.L150.B0"],
             supplemental: [SupplementalCodecs.Element(codec: "dvh1.08.08", brands: ["db1p"])],
             resolution: HLSResolution(width: 3840, height: 2160)!, hdcp: .type1),
    Expected(average: 3_061_873, bandwidth: 3_109_758, range: .hlg, codecs: ["hvc1.2.20000000.L150.B0"],
             supplemental: [SupplementalCodecs.Element(codec: "dvh1.08.01", brands: ["db4h"])],
             resolution: HLSResolution(width: 1280, height: 720)!, hdcp: .none),
    Expected(average: 26_472_863, bandwidth: 28_111_779, range: .hlg, codecs: ["hvc1.2.20000000.L183.B0"],
             supplemental: [SupplementalCodecs.Element(codec: "dvh1.08.08", brands: ["db4h"])],
             resolution: HLSResolution(width: 3840, height: 2160)!, hdcp: .type1),
]

/// Header and tags of §14 ("#EXTM3U, #EXT-X-VERSION:7, #EXT-X-INDEPENDENT-SEGMENTS"), then each
/// §15 line followed by a placeholder URI: variant i is on line 4 + 2i, its URI on 5 + 2i.
private func applePlaylist(_ separator: String = "\n") -> String {
    var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
    for (i, l) in appleLines.enumerated() { lines += [l, "v\(i)/prog_index.m3u8"] }
    return lines.joined(separator: separator) + separator
}

@Test func appleExampleLinesParse() throws {
    let p = try HLSMultivariantPlaylist.parse(applePlaylist())
    #expect(p.version == 7)
    #expect(p.independentSegments)
    #expect(p.lineCount == 15)
    #expect(p.variants.count == 6)
    for (i, v) in p.variants.enumerated() {
        let e = expected[i]
        #expect(v.line == 4 + 2 * i && v.uriLine == 5 + 2 * i)
        #expect(v.uri == "v\(i)/prog_index.m3u8")
        #expect(v.averageBandwidth == e.average)
        #expect(v.bandwidth == e.bandwidth)
        #expect(v.videoRange == e.range && v.effectiveVideoRange == e.range)
        #expect(v.codecs == e.codecs)
        #expect(v.supplementalCodecs == e.supplemental)
        #expect(v.resolution == e.resolution)
        #expect(v.frameRate == 23.976 && v.frameRateText == "23.976")
        #expect(v.closedCaptions == "NONE")
        #expect(v.hdcpLevel == e.hdcp)
        // Apple's attribute order (docs/rules/hls-signalling.md §14) and the raw text are kept.
        let order = ["AVERAGE-BANDWIDTH", "BANDWIDTH", "VIDEO-RANGE", "CODECS"]
            + (e.supplemental == nil ? [] : ["SUPPLEMENTAL-CODECS"])
            + ["RESOLUTION", "FRAME-RATE", "CLOSED-CAPTIONS", "HDCP-LEVEL"]
        #expect(v.attributes.names == order)
        #expect("#EXT-X-STREAM-INF:" + v.attributes.rawText == appleLines[i])
        #expect(v.audioGroup == nil && v.subtitlesGroup == nil && v.videoGroup == nil)
    }
}

@Test func crlfAndLFGiveTheSameResult() throws {
    let lf = try HLSMultivariantPlaylist.parse(applePlaylist())
    let crlf = try HLSMultivariantPlaylist.parse(applePlaylist("\r\n"))
    #expect(crlf == lf)
    #expect(crlf.variants.last?.attributes["HDCP-LEVEL"]?.rawText == "TYPE-1")   // no stray "\r"
    #expect(crlf.variants.last?.uri == "v5/prog_index.m3u8")
}

@Test func byteOrderMarkIsRefusedUnlessAllowed() throws {
    // RFC 8216 §4.1: "clients SHOULD fail to parse Playlists that contain a BOM".
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(applePlaylist().utf8)
    #expect(throws: HLSPlaylistError(.byteOrderMark, line: 1, column: 1,
                                     "playlist starts with a UTF-8 byte order mark (RFC 8216 §4.1 forbids it)")) {
        try HLSMultivariantPlaylist.parse(bytes: bytes)
    }
    #expect(throws: HLSPlaylistError.self) { try HLSMultivariantPlaylist.parse("\u{FEFF}" + applePlaylist()) }
    let lenient = try HLSMultivariantPlaylist.parse(bytes: bytes, allowByteOrderMark: true)
    #expect(lenient == (try HLSMultivariantPlaylist.parse(applePlaylist())))
}

@Test func commentsAndBlankLinesMayPrecedeTheURI() throws {
    let text = """
        #EXTM3U
        # a comment

        #EXT-X-STREAM-INF:BANDWIDTH=1280000,CODECS="avc1.640029,mp4a.40.2"
        # comment between tag and URI

        low/index.m3u8
        #EXT-X-UNKNOWN-TAG:FOO=1
        #EXT-X-START:TIME-OFFSET=0
        #EXT-X-STREAM-INF:BANDWIDTH=2560000
        high/index.m3u8
        """
    let p = try HLSMultivariantPlaylist.parse(text)
    #expect(p.version == nil && !p.independentSegments)
    #expect(p.variants.map(\.line) == [4, 10])
    #expect(p.variants.map(\.uriLine) == [7, 11])
    #expect(p.variants.map(\.uri) == ["low/index.m3u8", "high/index.m3u8"])
    #expect(p.variants[0].codecs == ["avc1.640029", "mp4a.40.2"])
    #expect(p.variants[1].videoRange == nil && p.variants[1].effectiveVideoRange == .sdr)  // absent ⇒ SDR (§9)
}

@Test func renditionsIFramesAndSessionData() throws {
    let text = """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="atmos",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="16/JOC",URI="audio/atmos/prog_index.m3u8"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",INSTREAM-ID="CC1"
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="Example, with a comma",LANGUAGE="en"
        #EXT-X-STREAM-INF:BANDWIDTH=5280654,AVERAGE-BANDWIDTH=3320040,CODECS="hvc1.2.4.L123.B0,ec-3",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",VIDEO-RANGE=PQ,AUDIO="atmos",CLOSED-CAPTIONS="cc",RESOLUTION=1280x720,FRAME-RATE=23.976
        hdr/prog_index.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=593961,CODECS="hvc1.2.4.L123.B0",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",VIDEO-RANGE=PQ,RESOLUTION=1280x720,URI="hdr/iframe_index.m3u8"
        """
    let p = try HLSMultivariantPlaylist.parse(text)
    #expect(p.renditions.count == 2)
    let audio = p.renditions[0]
    #expect(audio.line == 3 && audio.type == "AUDIO" && audio.groupID == "atmos" && audio.name == "English")
    #expect(audio.language == "en" && audio.channels == "16/JOC" && audio.isDefault && audio.isAutoselect)
    #expect(audio.uri == "audio/atmos/prog_index.m3u8")
    #expect(p.renditions[1].type == "CLOSED-CAPTIONS" && p.renditions[1].uri == nil && !p.renditions[1].isDefault)
    #expect(p.sessionData.count == 1)
    #expect(p.sessionData[0].dataID == "com.example.title" && p.sessionData[0].value == "Example, with a comma")
    #expect(p.sessionData[0].uri == nil && p.sessionData[0].language == "en")
    let v = try #require(p.variants.first)
    #expect(v.audioGroup == "atmos" && v.closedCaptions == "cc")
    #expect(v.codecs == ["hvc1.2.4.L123.B0", "ec-3"])
    #expect(v.supplementalCodecs == [SupplementalCodecs.Element(codec: "dvh1.08.01", brands: ["db1p"])])
    #expect(p.iFrameVariants.count == 1)
    let i = p.iFrameVariants[0]
    #expect(i.line == 8 && i.uri == "hdr/iframe_index.m3u8" && i.bandwidth == 593_961)
    #expect(i.videoRange == .pq && i.resolution == HLSResolution(width: 1280, height: 720)!)
    #expect(i.supplementalCodecs?.first?.brands == ["db1p"])
}

@Test func parsedPlaylistRoundTripsThroughJSON() throws {
    let p = try HLSMultivariantPlaylist.parse(applePlaylist())
    let back = try JSONDecoder().decode(HLSMultivariantPlaylist.self, from: JSONEncoder().encode(p))
    #expect(back == p)
    #expect(back.variants[2].supplementalCodecs?.first?.codec == "dvh1.08.01")
}

// MARK: - Errors, each with its line (and column where one position is at fault)

private struct ErrorCase: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let kind: HLSPlaylistError.Kind
    let line: Int
    let column: Int?
    var testDescription: String { name }
}

private let stream = "#EXT-X-STREAM-INF:"   // 18 characters: a list's first name is at column 19

private let errorCases: [ErrorCase] = [
    ErrorCase(name: "empty playlist", text: "", kind: .missingHeader, line: 1, column: nil),
    ErrorCase(name: "no header", text: "#EXT-X-VERSION:7\n#EXTM3U\n", kind: .missingHeader, line: 1, column: nil),
    ErrorCase(name: "header with trailing space", text: "#EXTM3U \n", kind: .missingHeader, line: 1, column: nil),
    ErrorCase(name: "blank first line", text: "\n#EXTM3U\n", kind: .missingHeader, line: 1, column: nil),
    ErrorCase(name: "STREAM-INF then STREAM-INF",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1\n\(stream)BANDWIDTH=2\nb.m3u8\n", kind: .missingURI, line: 2, column: nil),
    ErrorCase(name: "STREAM-INF at the end",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1\na.m3u8\n\(stream)BANDWIDTH=2\n# trailing comment\n\n",
              kind: .missingURI, line: 4, column: nil),
    ErrorCase(name: "STREAM-INF then another tag",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1\n#EXT-X-INDEPENDENT-SEGMENTS\na.m3u8\n", kind: .missingURI, line: 2, column: nil),
    ErrorCase(name: "duplicate attribute",
              text: "#EXTM3U\n#EXT-X-VERSION:7\n\(stream)BANDWIDTH=1,BANDWIDTH=2\na.m3u8\n",
              kind: .invalidAttributeList, line: 3, column: 31),
    ErrorCase(name: "unterminated quote",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1,CODECS=\"hvc1.2.4.L123.B0\na.m3u8\n",
              kind: .invalidAttributeList, line: 2, column: 38),
    ErrorCase(name: "missing BANDWIDTH",
              text: "#EXTM3U\n\n\(stream)AVERAGE-BANDWIDTH=1,CODECS=\"avc1.640029\"\na.m3u8\n",
              kind: .missingRequiredAttribute, line: 3, column: nil),
    ErrorCase(name: "BANDWIDTH elided (hls-signalling.md §15 dv_p81 example line)",
              text: "#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=…,BANDWIDTH=…,VIDEO-RANGE=PQ,CODECS=\"hvc1.2.4.L63.90\",SUPPLEMENTAL-CODECS=\"dvh1.08.01/db1p\",RESOLUTION=128x72,FRAME-RATE=25.000,CLOSED-CAPTIONS=NONE\na.m3u8\n",
              kind: .invalidAttributeValue, line: 2, column: 49),
    ErrorCase(name: "unquoted CODECS",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1,CODECS=avc1.640029\na.m3u8\n",
              kind: .invalidAttributeValue, line: 2, column: 38),
    ErrorCase(name: "quoted VIDEO-RANGE",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1,VIDEO-RANGE=\"PQ\"\na.m3u8\n",
              kind: .invalidAttributeValue, line: 2, column: 43),
    ErrorCase(name: "bad RESOLUTION",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1,RESOLUTION=1920*1080\na.m3u8\n",
              kind: .invalidAttributeValue, line: 2, column: 42),
    ErrorCase(name: "bad CLOSED-CAPTIONS",
              text: "#EXTM3U\n\(stream)BANDWIDTH=1,CLOSED-CAPTIONS=YES\na.m3u8\n",
              kind: .invalidAttributeValue, line: 2, column: 47),
    ErrorCase(name: "media playlist (EXTINF)",
              text: "#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:6.0,\nseg0.ts\n", kind: .mediaPlaylistTag, line: 3, column: 1),
    ErrorCase(name: "media playlist (TARGETDURATION first)",
              text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nseg0.ts\n", kind: .mediaPlaylistTag, line: 2, column: 1),
    ErrorCase(name: "URI without STREAM-INF",
              text: "#EXTM3U\n#EXT-X-VERSION:7\nstray.m3u8\n", kind: .unexpectedURI, line: 3, column: 1),
    ErrorCase(name: "duplicate EXT-X-VERSION",
              text: "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-VERSION:7\n", kind: .duplicateTag, line: 3, column: nil),
    ErrorCase(name: "bad EXT-X-VERSION", text: "#EXTM3U\n#EXT-X-VERSION:seven\n", kind: .invalidTagValue, line: 2, column: 16),
    ErrorCase(name: "second EXTM3U", text: "#EXTM3U\n#EXTM3U\n", kind: .duplicateTag, line: 2, column: nil),
    ErrorCase(name: "MEDIA without NAME",
              text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\"\n", kind: .missingRequiredAttribute, line: 2, column: nil),
    ErrorCase(name: "MEDIA with unknown TYPE",
              text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=DATA,GROUP-ID=\"a\",NAME=\"x\"\n", kind: .invalidAttributeValue, line: 2, column: 19),
    ErrorCase(name: "CLOSED-CAPTIONS rendition with URI",
              text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"cc\",NAME=\"x\",INSTREAM-ID=\"CC1\",URI=\"x.m3u8\"\n",
              kind: .conflictingAttributes, line: 2, column: 76),
    ErrorCase(name: "MEDIA DEFAULT=TRUE",
              text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"x\",DEFAULT=TRUE\n",
              kind: .invalidAttributeValue, line: 2, column: 55),
    ErrorCase(name: "SESSION-DATA with VALUE and URI",
              text: "#EXTM3U\n#EXT-X-SESSION-DATA:DATA-ID=\"d\",VALUE=\"v\",URI=\"u.json\"\n",
              kind: .conflictingAttributes, line: 2, column: 43),
    ErrorCase(name: "SESSION-DATA with neither",
              text: "#EXTM3U\n#EXT-X-SESSION-DATA:DATA-ID=\"d\"\n", kind: .conflictingAttributes, line: 2, column: nil),
    ErrorCase(name: "I-FRAME-STREAM-INF without URI",
              text: "#EXTM3U\n#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1\n", kind: .missingRequiredAttribute, line: 2, column: nil),
]

@Test(arguments: errorCases)
private func playlistErrors(_ c: ErrorCase) {
    do {
        let p = try HLSMultivariantPlaylist.parse(c.text)
        Issue.record("parsed without error: \(p)")
    } catch {
        #expect(error.kind == c.kind)
        #expect(error.line == c.line)
        #expect(error.column == c.column)
        #expect(!error.message.isEmpty)
    }
}

@Test func errorMessagesNameTheProblem() {
    do {
        _ = try HLSMultivariantPlaylist.parse("#EXTM3U\n\(stream)BANDWIDTH=1,BANDWIDTH=2\na.m3u8\n")
        Issue.record("no error")
    } catch {
        #expect(error.description == "line 2, column 31: #EXT-X-STREAM-INF: attribute BANDWIDTH appears more than once")
        #expect(error.attributeError == HLSAttributeListError(column: 31, reason: .duplicateAttribute(name: "BANDWIDTH")))
    }
    do {
        _ = try HLSMultivariantPlaylist.parse("#EXTM3U\n\(stream)CODECS=\"a\"\na.m3u8\n")
        Issue.record("no error")
    } catch {
        #expect(error.description == "line 2: #EXT-X-STREAM-INF has no BANDWIDTH attribute (REQUIRED)")
    }
}

@Test func invalidUTF8IsReportedOnItsLine() {
    var bytes = Array("#EXTM3U\n#EXT-X-VERSION:7\n".utf8)
    bytes += Array("#EXT-X-STREAM-INF:BANDWIDTH=1,NAME=\"".utf8) + [0xC3, 0x28] + Array("\"\nx.m3u8\n".utf8)
    #expect(throws: HLSPlaylistError(.invalidUTF8, line: 3, "line is not valid UTF-8")) {
        try HLSMultivariantPlaylist.parse(bytes: bytes)
    }
}

// MARK: - Caps (HLSPlaylistLimits)

@Test func longLinesAreRefused() {
    let uri = String(repeating: "a", count: HLSPlaylistLimits.maxLineLength + 1)
    let text = "#EXTM3U\n\(stream)BANDWIDTH=1\n\(uri)\n"
    #expect(throws: HLSPlaylistError.self) { try HLSMultivariantPlaylist.parse(text) }
    do { _ = try HLSMultivariantPlaylist.parse(text) } catch {
        #expect(error.kind == .limitExceeded && error.line == 3)
    }
    // Exactly at the cap is fine.
    let atCap = "#EXTM3U\n\(stream)BANDWIDTH=1\n\(String(repeating: "a", count: HLSPlaylistLimits.maxLineLength))\n"
    #expect(throws: Never.self) { try HLSMultivariantPlaylist.parse(atCap) }
}

@Test func lineCountAndSizeAreCapped() throws {
    // The header plus maxLines terminated blank lines: line maxLines + 1 is one too many.
    let manyLines = "#EXTM3U" + String(repeating: "\n", count: HLSPlaylistLimits.maxLines + 1)
    let justEnough = "#EXTM3U" + String(repeating: "\n", count: HLSPlaylistLimits.maxLines)
    #expect(try HLSMultivariantPlaylist.parse(justEnough).lineCount == HLSPlaylistLimits.maxLines)
    do { _ = try HLSMultivariantPlaylist.parse(manyLines); Issue.record("no error") } catch {
        #expect(error.kind == .limitExceeded && error.line == HLSPlaylistLimits.maxLines + 1)
    }
    let huge = [UInt8](repeating: 0x23, count: HLSPlaylistLimits.maxBytes + 1)
    do { _ = try HLSMultivariantPlaylist.parse(bytes: huge); Issue.record("no error") } catch {
        #expect(error.kind == .limitExceeded && error.line == 1)
    }
}

@Test func tooManyAttributesInOneTag() {
    let attrs = (0...HLSPlaylistLimits.maxAttributesPerList).map { "X-A\($0)=1" }.joined(separator: ",")
    do { _ = try HLSMultivariantPlaylist.parse("#EXTM3U\n\(stream)BANDWIDTH=1,\(attrs)\na\n"); Issue.record("no error") } catch {
        #expect(error.kind == .invalidAttributeList && error.line == 2)
        #expect(error.attributeError?.reason == .tooManyAttributes(limit: HLSPlaylistLimits.maxAttributesPerList))
    }
}

@Test func hostileEditsNeverTrap() {
    // Overwrite each byte of a valid playlist with characters that matter to the grammar: the
    // parser must return or throw, never trap.
    let base = Array(applePlaylist().utf8)
    let specials: [UInt8] = [0x22, 0x2C, 0x3D, 0x0A, 0x0D, 0x20, 0x23, 0xFF, 0x00]
    var failures = 0
    for i in 0..<base.count {
        var b = base
        b[i] = specials[i % specials.count]
        do { _ = try HLSMultivariantPlaylist.parse(bytes: b) } catch { failures += 1 }
    }
    #expect(failures > 0)
    for seed in 1...300 as ClosedRange<UInt64> {
        _ = try? HLSMultivariantPlaylist.parse(bytes: Array("#EXTM3U\n".utf8) + garbage(count: 400, seed: seed))
        _ = try? HLSMediaPlaylistHead.parse(bytes: Array("#EXTM3U\n".utf8) + garbage(count: 400, seed: seed))
    }
}
