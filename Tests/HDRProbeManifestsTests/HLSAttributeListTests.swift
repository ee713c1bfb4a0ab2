import Testing
@testable import HDRProbeModel
@testable import HDRProbeManifests

/// HLS attribute lists: the RFC 8216 §4.2 grammar (AttributeName `[A-Z0-9-]`, no whitespace, names
/// unique, quoted-strings without CR/LF/`"`) and the value types (decimal-integer ≤ 2⁶⁴ − 1 with
/// ≤ 20 digits, hexadecimal-sequence `0x…`, decimal-floating-point, signed-decimal-floating-point,
/// decimal-resolution `WxH`, enumerated-string, quoted-string). Columns are 1-based.

@Test func quotedStringsMayContainCommas() throws {
    // docs/rules/hls-signalling.md §15 (AetherEngine): CODECS "hvc1.2.4.L150,ec-3".
    let list = try HLSAttributeList.parse(#"CODECS="hvc1.2.4.L150,ec-3",SUPPLEMENTAL-CODECS="dvh1.08.06/db1p",VIDEO-RANGE=PQ"#)
    #expect(list.names == ["CODECS", "SUPPLEMENTAL-CODECS", "VIDEO-RANGE"])
    #expect(list["CODECS"]?.quotedString == "hvc1.2.4.L150,ec-3")
    #expect(list["CODECS"]?.rawText == #""hvc1.2.4.L150,ec-3""#)
    #expect(list["SUPPLEMENTAL-CODECS"]?.quotedString == "dvh1.08.06/db1p")
    #expect(list["VIDEO-RANGE"]?.enumeratedString == "PQ")
    #expect(list["VIDEO-RANGE"]?.quotedString == nil)
    #expect(list["CODECS"]?.enumeratedString == nil)
    #expect(list.attributes.map(\.column) == [1, 29, 67])   // 27 + "," ; 29 + 37 + ","
    #expect(list.attributes[2].valueColumn == 79)   // 67 + "VIDEO-RANGE="
}

@Test func orderAndRawTextArePreserved() throws {
    let text = #"Z=1,A="x",M=0x1F,B=-2.5"#
    let list = try HLSAttributeList.parse(text)
    #expect(list.rawText == text)
    #expect(list.names == ["Z", "A", "M", "B"])
    #expect(list.attributes.map(\.value.rawText) == ["1", #""x""#, "0x1F", "-2.5"])
    #expect(try HLSAttributeList.parse("").attributes.isEmpty)
    #expect(try HLSAttributeList.parse(#"A="""#)["A"]?.quotedString == "")   // empty quoted-string is valid
}

@Test func decimalIntegers() {
    #expect(HLSAttributeValue(rawText: "3971374").decimalInteger == 3_971_374)
    #expect(HLSAttributeValue(rawText: "18446744073709551615").decimalInteger == UInt64.max)
    #expect(HLSAttributeValue(rawText: "18446744073709551616").decimalInteger == nil)   // > 2^64 − 1
    #expect(HLSAttributeValue(rawText: "000000000000000000001").decimalInteger == nil)  // 21 digits
    #expect(HLSAttributeValue(rawText: "-1").decimalInteger == nil)
    #expect(HLSAttributeValue(rawText: "1.0").decimalInteger == nil)
    #expect(HLSAttributeValue(rawText: "\"1\"").decimalInteger == nil)
    #expect(HLSAttributeValue(rawText: "…").decimalInteger == nil)
}

@Test func hexadecimalSequences() {
    #expect(HLSAttributeValue(rawText: "0x0123456789ABCDEF0123456789abcdef").hexadecimalSequence
            == [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF])
    #expect(HLSAttributeValue(rawText: "0X1").hexadecimalSequence == [0x01])
    #expect(HLSAttributeValue(rawText: "0x").hexadecimalSequence == nil)
    #expect(HLSAttributeValue(rawText: "0xZZ").hexadecimalSequence == nil)
    #expect(HLSAttributeValue(rawText: "1F").hexadecimalSequence == nil)
    #expect(HLSAttributeValue(rawText: "0x1F").conforms(to: .hexadecimalSequence))
    #expect(!HLSAttributeValue(rawText: "0x1F").conforms(to: .decimalInteger))
}

@Test func floatingPointAndResolution() {
    #expect(HLSAttributeValue(rawText: "23.976").decimalFloatingPoint == 23.976)
    #expect(HLSAttributeValue(rawText: "25").decimalFloatingPoint == 25)
    #expect(HLSAttributeValue(rawText: "1.2.3").decimalFloatingPoint == nil)
    #expect(HLSAttributeValue(rawText: "-1.5").decimalFloatingPoint == nil)
    #expect(HLSAttributeValue(rawText: "1e3").decimalFloatingPoint == nil)
    #expect(HLSAttributeValue(rawText: "-1.5").signedDecimalFloatingPoint == -1.5)
    #expect(HLSAttributeValue(rawText: "-").signedDecimalFloatingPoint == nil)
    #expect(HLSAttributeValue(rawText: "3840x2160").decimalResolution == HLSResolution(width: 3840, height: 2160)!)
    #expect(HLSAttributeValue(rawText: "3840x2160").decimalResolution?.description == "3840x2160")
    #expect(HLSAttributeValue(rawText: "3840X2160").decimalResolution == nil)
    #expect(HLSAttributeValue(rawText: "x2160").decimalResolution == nil)
    #expect(HLSAttributeValue(rawText: "1x2x3").decimalResolution == nil)
    #expect(HLSAttributeValue(rawText: "\"1280x720\"").decimalResolution == nil)
}

/// (text, expected column, expected reason) — each error once.
private let errorCases: [(String, Int, HLSAttributeListError.Reason)] = [
    ("BANDWIDTH=1,BANDWIDTH=2", 13, .duplicateAttribute(name: "BANDWIDTH")),
    (#"CODECS="avc1.640029"#, 8, .unterminatedQuotedString(name: "CODECS")),
    (#"CODECS="a"X=1"#, 11, .expectedCommaAfterQuotedString(name: "CODECS")),
    ("bandwidth=1", 1, .invalidNameCharacter("b")),
    ("A=1, B=2", 5, .invalidNameCharacter(" ")),
    ("A=1,", 5, .expectedAttributeName),
    ("=1", 1, .expectedAttributeName),
    ("A=1,,B=2", 5, .expectedAttributeName),
    ("A=", 3, .emptyValue(name: "A")),
    ("A=,B=1", 3, .emptyValue(name: "A")),
    ("BANDWIDTH", 10, .missingEquals(name: "BANDWIDTH")),
    ("A=1,B,C=2", 6, .missingEquals(name: "B")),
    ("A=1 2", 4, .invalidCharacterInValue(name: "A", character: " ")),
    (#"A=x"y""#, 4, .invalidCharacterInValue(name: "A", character: "\"")),
    ("A=\"x\ry\"", 5, .invalidCharacterInQuotedString(name: "A")),
]

@Test(arguments: errorCases.indices)
func attributeListErrors(_ index: Int) {
    let (text, column, reason) = errorCases[index]
    #expect(throws: HLSAttributeListError(column: column, reason: reason), "\(text)") {
        try HLSAttributeList.parse(text)
    }
}

@Test func columnOffsetMakesLineColumns() {
    // "#EXT-X-STREAM-INF:" is 18 characters: the list's column 13 is line column 31.
    #expect(throws: HLSAttributeListError(column: 31, reason: .duplicateAttribute(name: "BANDWIDTH"))) {
        try HLSAttributeList.parse("BANDWIDTH=1,BANDWIDTH=2", columnOffset: 18)
    }
    let e = HLSAttributeListError(column: 31, reason: .duplicateAttribute(name: "BANDWIDTH"))
    #expect(e.description == "column 31: attribute BANDWIDTH appears more than once")
}

@Test func attributeCountIsCapped() throws {
    let limit = HLSPlaylistLimits.maxAttributesPerList
    let ok = (0..<limit).map { "A\($0)=1" }.joined(separator: ",")
    #expect(try HLSAttributeList.parse(ok).attributes.count == limit)
    let tooMany = ok + ",B=2"
    #expect(throws: HLSAttributeListError(column: ok.count + 2, reason: .tooManyAttributes(limit: limit))) {
        try HLSAttributeList.parse(tooMany)
    }
}

@Test func nonASCIIQuotedStringsAndColumnsInScalars() throws {
    // Columns count Unicode scalars: "é" is one column.
    let list = try HLSAttributeList.parse(#"NAME="Français",LANGUAGE="fr""#)
    #expect(list["NAME"]?.quotedString == "Français")
    #expect(list.attribute("LANGUAGE")?.column == 17)
}

@Test func supplementalCodecsAndCodecLists() {
    // docs/rules/hls-signalling.md §5.1 / §5.4 / §15.
    #expect(SupplementalCodecs(parsing: "dvh1.08.06/db1p").elements == [SupplementalCodecs.Element(codec: "dvh1.08.06", brands: ["db1p"])])
    #expect(SupplementalCodecs(parsing: "av01.0.05M.10.0.112/cdm4").elements
            == [SupplementalCodecs.Element(codec: "av01.0.05M.10.0.112", brands: ["cdm4"])])
    #expect(SupplementalCodecs(parsing: "dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4").elements
            == [SupplementalCodecs.Element(codec: "dvh1.08.06", brands: ["db1p"]),
                SupplementalCodecs.Element(codec: "hvc1.2.4.L153.B0", brands: ["cdm4"])])
    #expect(SupplementalCodecs(parsing: "dvh1.08.06").elements == [SupplementalCodecs.Element(codec: "dvh1.08.06", brands: [])])
    #expect(SupplementalCodecs(parsing: "dvh1.08.06/db1p/cdm4").elements.first?.brands == ["db1p", "cdm4"])
    #expect(SupplementalCodecs.Element(codec: "dvh1.08.06", brands: ["db1p"]).description == "dvh1.08.06/db1p")
    #expect(HLSCodecs(parsing: "hvc1.2.4.L150,ec-3").codecs == ["hvc1.2.4.L150", "ec-3"])
    #expect(HLSCodecs(parsing: "avc1.640029, mp4a.40.2").codecs == ["avc1.640029", "mp4a.40.2"])
    #expect(HLSCodecs(parsing: "a,,b").codecs == ["a", "", "b"])
    #expect(HLSCodecs(parsing: "").codecs == [])
}
