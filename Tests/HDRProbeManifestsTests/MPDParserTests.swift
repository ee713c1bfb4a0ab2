import Testing
@testable import HDRProbeManifests
import HDRProbeTestSupport

/// The MPD reader on hand-written documents: structure, inheritance, namespaces, element lines and
/// errors. Expected values are the documents' own text and ISO/IEC 23009-1's rules, stated per test.
@Suite struct MPDParserTests {
    static let dvMPD = """
    <?xml version="1.0" encoding="UTF-8"?>
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:s="urn:scte:dash:scte214-extensions"
         xmlns:cenc="urn:mpeg:cenc:2013" type="static" mediaPresentationDuration="PT1M2.5S"
         minBufferTime="PT2S" profiles="urn:mpeg:dash:profile:isoff-live:2011">
      <Period id="0">
        <AdaptationSet id="1" contentType="video" mimeType="video/mp4" frameRate="24000/1001"
                       codecs="hvc1.2.4.L93.B0" s:supplementalCodecs="dvh1.08.03">
          <EssentialProperty schemeIdUri="urn:mpeg:mpegB:cicp:TransferCharacteristics" value="16"/>
          <SupplementalProperty schemeIdUri="urn:mpeg:mpegB:cicp:ColourPrimaries" value="9"/>
          <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cbcs"
                             cenc:default_KID="00112233-4455-6677-8899-aabbccddeeff"/>
          <Representation id="v1" bandwidth="0" width="128"
                          height="72"/>
          <Representation id="v2" bandwidth="900000" codecs="hvc1.2.4.L120.B0" dependencyId="v1 x"/>
        </AdaptationSet>
      </Period>
    </MPD>
    """

    @Test("structure, inheritance and lines")
    func structure() throws {
        let mpd = try MPD.parse(bytes: Array(Self.dvMPD.utf8))
        #expect(mpd.type == "static")
        #expect(mpd.mediaPresentationDuration == 62.5)  // PT1M2.5S = 60 + 2.5
        #expect(mpd.line == 2)
        let set = try #require(mpd.periods.first?.adaptationSets.first)
        #expect(set.line == 6)
        #expect(set.kind == "video")
        #expect(set.common.supplementalCodecs == "dvh1.08.03")  // prefix `s:` bound to the SCTE 214 namespace
        #expect(set.common.properties.map(\.line) == [8, 9])
        #expect(set.common.contentProtections.first?.normalizedKID == "00112233445566778899aabbccddeeff")
        #expect(set.common.contentProtections.first?.value == "cbcs")
        let contexts = RepresentationContext.all(in: mpd, location: .file("/m/a.mpd"))
        #expect(contexts.count == 2)
        // A start tag over two lines has the line of its `<`.
        #expect(contexts[0].representation.line == 12)
        #expect(contexts[0].representation.bandwidth == 0)
        // §5.3.3.2: the AdaptationSet's attributes apply unless the Representation has its own.
        #expect(contexts[0].common.codecs == "hvc1.2.4.L93.B0")
        #expect(contexts[1].common.codecs == "hvc1.2.4.L120.B0")
        #expect(contexts[1].common.frameRate == "24000/1001")
        #expect(contexts[1].common.cicp("TransferCharacteristics")?.value == 16)
        #expect(contexts[1].common.cicp("TransferCharacteristics")?.descriptor.isEssential == true)
        #expect(contexts[1].representation.dependencyId == ["v1", "x"])
        #expect(contexts[1].common.lines["codecs"] == 14)
        #expect(contexts[0].common.lines["codecs"] == 6)
    }

    @Test("another prefix for the SCTE 214 namespace reads the same; an unbound one does not")
    func namespacePrefixes() throws {
        let text = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:x="urn:scte:dash:scte214-extensions"><Period>
        <AdaptationSet x:supplementalProfiles="db1p"><Representation id="a" bandwidth="1"/></AdaptationSet></Period></MPD>
        """
        let mpd = try MPD.parse(bytes: Array(text.utf8))
        #expect(mpd.periods[0].adaptationSets[0].common.supplementalProfiles == "db1p")
        let other = text.replacingOccurrences(of: "urn:scte:dash:scte214-extensions", with: "urn:example:other")
        let parsed = try MPD.parse(bytes: Array(other.utf8))
        #expect(parsed.periods[0].adaptationSets[0].common.supplementalProfiles == nil)
    }

    @Test("xs:duration values (XML Schema Part 2 §3.2.6)", arguments: [
        ("PT0S", 0.0), ("PT1.5S", 1.5), ("PT1H2M3S", 3723), ("P1DT1S", 86_401), ("PT10M", 600), ("-PT2S", -2),
    ])
    func durations(_ text: String, _ seconds: Double) {
        #expect(MPDDuration.seconds(text) == seconds)
    }

    @Test("invalid xs:duration values", arguments: ["", "P", "PT", "1S", "PT1S2M", "PT1.5M", "PTS", "P1S"])
    func invalidDurations(_ text: String) {
        #expect(MPDDuration.seconds(text) == nil)
    }

    @Test("errors carry the line of the element at fault")
    func errors() {
        func error(_ text: String) -> MPDError? {
            do { _ = try MPD.parse(bytes: Array(text.utf8)); return nil } catch { return error }
        }
        // Not well-formed: the closing tag does not match.
        #expect(error("<MPD>\n<Period>\n</MPD>")?.kind == .malformedXML)
        #expect(error("<HTML/>")?.kind == .notMPD)
        // Representation@id is required (§5.3.5.2, use "M").
        let missing = error("<MPD>\n<Period>\n<AdaptationSet>\n<Representation bandwidth=\"1\"/></AdaptationSet></Period></MPD>")
        #expect(missing?.kind == .missingAttribute)
        #expect(missing?.line == 4)
        let badDuration = error("<MPD mediaPresentationDuration=\"ten\"/>")
        #expect(badDuration?.kind == .invalidValue)
        let badTemplate = error("<MPD><Period>\n<SegmentTemplate media=\"$Nmber$.m4s\"/></Period></MPD>")
        #expect(badTemplate?.kind == .invalidValue)
        #expect(badTemplate?.line == 2)
        #expect(error("")?.kind == .malformedXML)
        #expect(error(String(repeating: "\u{1}", count: 10))?.kind == .malformedXML)
    }

    @Test("external entities are not loaded")
    func noExternalEntities() {
        let text = """
        <?xml version="1.0"?><!DOCTYPE MPD [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <MPD><BaseURL>&x;</BaseURL></MPD>
        """
        let mpd = try? MPD.parse(bytes: Array(text.utf8))
        #expect(mpd?.baseURLs.first?.url.contains("root") != true)
    }

    @Test("bytes that are not UTF-8 are refused with their line")
    func notUTF8() {
        var bytes = Array("<MPD>\n<Period id=\"".utf8)
        bytes += [0xC3, 0x28, 0x22, 0x2F, 0x3E]
        bytes += Array("</MPD>".utf8)
        #expect(throws: MPDError(.malformedXML, line: 2, "not UTF-8 text (an MPD is UTF-8 XML)")) { try MPD.parse(bytes: bytes) }
    }

    @Test("garbage never crashes", arguments: 0..<300)
    func garbageInput(_ seed: Int) {
        var bytes = Array("<MPD><Period><AdaptationSet><Representation id=\"a\" bandwidth=\"1\"/>".utf8)
        bytes += garbage(count: 200, seed: UInt64(seed) &+ 7)
        _ = try? MPD.parse(bytes: bytes)
        // ASCII mutations of a valid MPD reach the XML parser itself.
        var mutated = Array(Self.dvMPD.utf8)
        for (i, b) in garbage(count: 16, seed: UInt64(seed) &+ 99).enumerated() {
            mutated[(Int(b) * 131 + i * 977 + seed * 61) % mutated.count] = "<>\"'=:/ $&;#x!?-".utf8.map { $0 }[Int(b) % 16]
        }
        if let mpd = try? MPD.parse(bytes: mutated) {
            for c in RepresentationContext.all(in: mpd, location: .file("m.mpd")) { _ = try? RepresentationSegments(c) }
        }
    }
}
