import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeSignal
import Testing

/// The DASH Representation plan (`docs/rules/dash-signalling.md` §3) from typed inputs. Expected values come from the
/// rules' public sources, quoted per test: ANSI/SCTE 214-1 and Dolby's DV-in-DASH document (§3.1), DVB-DASH
/// (ETSI TS 103 285) for the PQ / HLG placement (§3.2), DASH-IF IOP for `http://dashif.org/metadata/hdr` (§3.3),
/// ISO/IEC 23009-1 `FrameRateType` (§3.5), ISO/IEC 23001-7 §11 (§3.6). The Dolby Vision decision itself is
/// `HLSVideoSignalling.decide`, tested by the HLS suites; here it is fed through unchanged.
@Suite struct DASHSignallingTests {
    static func hevc(_ s: String = "hvc1.2.4.L63.90") -> VideoCodecString { VideoCodecString(s)! }

    static func stream(transfer: Int?, primaries: Int? = 9, matrix: Int? = 9, alternativeTransfer: Int? = nil,
                       rate: (Int, Int)? = (25, 1), encryption: EncryptionReport? = nil) -> StreamReport {
        var s = StreamReport(index: 0, kind: .video, codec: "hevc")
        s.width = 128
        s.height = 72
        var color = ColorReport()
        color.bitstream = ColourCodes(primaries: primaries, transfer: transfer, matrix: matrix)
        color.transferCharacteristics = transfer
        s.color = color
        s.frameRate = FrameRateReport(value: nil, rational: rate.flatMap { FrameRate(numerator: $0.0, denominator: $0.1) },
                                      snapped: nil, variable: false)
        s.hdr = HDRReport(videoRangeType: .hdr10, formats: [], masteringDisplay: nil, contentLightLevel: nil,
                          alternativeTransfer: alternativeTransfer,
                          hdr10Plus: HDR10PlusReport(present: false, profile: nil, framesWithMetadata: 0, framesScanned: 0))
        s.encryption = encryption
        return s
    }

    static func plan(_ source: HLSVideoSource, _ stream: StreamReport, sar: SampleAspectRatio? = .square) -> DASHRepresentationPlan {
        DASHRepresentationPlan.plan(signalling: HLSVideoSignalling.decide(source), dolbyVision: source.dolbyVision,
                                    stream: stream, sampleAspectRatio: sar, bandwidth: HLSBandwidth(average: 90_000, peak: 120_000))
    }

    static func dv(_ profile: Int, _ compat: Int?, level: Int = 1, accepted: Bool = true) -> HLSVideoSource.DolbyVision {
        HLSVideoSource.DolbyVision(profile: DolbyVisionProfile(profile: profile, compatibilityId: compat, fromRPU: false),
                                   level: level, accepted: accepted)
    }

    // §3.1, SCTE 214-1 + Dolby: 8.1 → base @codecs, supplementalCodecs dvh1.08.LL, supplementalProfiles db1p.
    @Test func profile81OnTheBase() {
        let source = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(8, 1), transfer: 16,
                                    width: 128, height: 72, framesPerSecond: 25)
        let p = Self.plan(source, Self.stream(transfer: 16))
        #expect(p.codecs?.string == "hvc1.2.4.L63.90")
        #expect(p.supplemental?.codecsString == "dvh1.08.01")
        #expect(p.supplemental?.profilesString == "db1p")
        #expect(p.dynamicMetadata.isEmpty)
    }

    // §3.1: 8.4 → db4h over the HLG base; the HLG transfer stays a SupplementalProperty (§3.2).
    @Test func profile84HLGBrand() {
        let source = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(8, 4), transfer: 18,
                                    width: 128, height: 72, framesPerSecond: 25)
        let p = Self.plan(source, Self.stream(transfer: 18))
        #expect(p.supplemental?.profilesString == "db4h")
        #expect(p.colour.transfer == 18 && p.colour.transferPlacement == .supplemental)
    }

    // §3.1, Dolby: profile 5 has no compatible base, so @codecs is dvh1.05.LL and there is no SCTE 214 pair.
    @Test func profile5IsThePrimaryCodec() {
        let source = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(5, 0), transfer: 2,
                                    width: 128, height: 72, framesPerSecond: 25)
        let p = Self.plan(source, Self.stream(transfer: 2, primaries: 2, matrix: 2))
        #expect(p.codecs?.string == "dvh1.05.01")
        #expect(p.supplemental == nil)
        // Unspecified (2) code points get no descriptor.
        #expect(p.descriptors.isEmpty)
    }

    // §3.1: a refused profile (7, dual layer) is signalled as its base layer alone — the decision's refusal.
    @Test func refusedProfileIsTheBaseAlone() {
        let source = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(7, 6, accepted: false),
                                    transfer: 16, width: 128, height: 72, framesPerSecond: 25)
        let p = Self.plan(source, Self.stream(transfer: 16))
        #expect(p.codecs?.string == "hvc1.2.4.L63.90" && p.supplemental == nil)
        #expect(p.issues.contains { $0.code == .dolbyVisionNoAppleRoute })
    }

    // §3.3, DASH-IF IOP: HDR10+ over PQ → SupplementalProperty http://dashif.org/metadata/hdr SMPTE2094-40, never a
    // cdm4 supplementalCodecs; next to Dolby Vision 8.1 it follows the decision (DV only by default).
    @Test func hdr10PlusDescriptor() {
        let alone = HLSVideoSource(codec: "hevc", base: Self.hevc(), hdr10Plus: true, transfer: 16)
        let p = Self.plan(alone, Self.stream(transfer: 16))
        #expect(p.supplemental == nil)
        #expect(p.descriptors.last == DASHDescriptor(.supplementalProperty, "http://dashif.org/metadata/hdr", value: "SMPTE2094-40"))
        let withDV = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(8, 1), hdr10Plus: true,
                                    transfer: 16, width: 128, height: 72, framesPerSecond: 25)
        #expect(Self.plan(withDV, Self.stream(transfer: 16)).dynamicMetadata.isEmpty)
        var option = withDV
        option.options.hdr10PlusAlongsideDolbyVision = true
        #expect(Self.plan(option, Self.stream(transfer: 16)).dynamicMetadata == [.smpte2094_40])
        // HDR10+ over HLG: no cdm4 in HLS, so no descriptor either.
        let overHLG = HLSVideoSource(codec: "hevc", base: Self.hevc(), hdr10Plus: true, transfer: 18)
        #expect(Self.plan(overHLG, Self.stream(transfer: 18)).dynamicMetadata.isEmpty)
    }

    // §3.2, DVB-DASH: PQ as EssentialProperty, HLG (incl. VUI 14 + ATC SEI 18) as SupplementalProperty.
    @Test func colourPlacement() {
        #expect(DASHColourProperties.decide(colour: ColourCodes(primaries: 9, transfer: 16, matrix: 9), alternativeTransfer: nil)
            == DASHColourProperties(primaries: 9, transfer: 16, transferPlacement: .essential, matrix: 9))
        #expect(DASHColourProperties.decide(colour: ColourCodes(primaries: 9, transfer: 14, matrix: 9), alternativeTransfer: 18)
            == DASHColourProperties(primaries: 9, transfer: 18, transferPlacement: .supplemental, matrix: 9))
        #expect(DASHColourProperties.decide(colour: ColourCodes(primaries: 1, transfer: 1, matrix: 1), alternativeTransfer: nil)
            .transferPlacement == .supplemental)
        #expect(DASHColourProperties.decide(colour: nil, alternativeTransfer: nil).transfer == nil)
    }

    // ISO/IEC 23009-1 FrameRateType: N or N/D; the rational is reduced (Shaka's 16000/640 is 25).
    @Test func frameRateRational() {
        #expect(FrameRate(numerator: 25, denominator: 1)!.dashAttribute == "25")
        #expect(FrameRate(numerator: 24000, denominator: 1001)!.dashAttribute == "24000/1001")
        #expect(FrameRate(numerator: 16000, denominator: 640)!.dashAttribute == "25")
        // A zero denominator cannot be a rate at all.
        #expect(FrameRate(numerator: 25, denominator: 0) == nil)
        let noRate = Self.plan(HLSVideoSource(codec: "hevc", base: Self.hevc(), transfer: 1), Self.stream(transfer: 1, rate: nil))
        #expect(noRate.frameRate == nil)
    }

    // H.264 / H.265 Table E-1.
    @Test func sampleAspectRatioFromTheVUI() {
        var vui = VUIVideoSignalInfo()
        #expect(SampleAspectRatio(vui) == nil)
        vui.aspectRatioIDC = 14
        #expect(SampleAspectRatio(vui)?.string == "4:3")
        vui.aspectRatioIDC = 255
        vui.sarWidth = 64
        vui.sarHeight = 45
        #expect(SampleAspectRatio(vui)?.string == "64:45")
        vui.sarHeight = 0
        #expect(SampleAspectRatio(vui) == nil)
        vui.aspectRatioIDC = 17  // reserved
        #expect(SampleAspectRatio(vui) == nil)
        let p = Self.plan(HLSVideoSource(codec: "hevc", base: Self.hevc(), transfer: 1), Self.stream(transfer: 1), sar: nil)
        #expect(p.sar == .square && !p.sarSignalled)
    }

    // ISO/IEC 23001-7 §11: mp4protection with the scheme and default_KID first, then one urn:uuid per pssh system.
    @Test func contentProtection() {
        let enc = EncryptionReport(scheme: "cbcs", storedEntry: "encv", originalFormat: "hvc1",
                                   defaultKID: "00112233-4455-6677-8899-aabbccddeeff",
                                   systems: ["PlayReady", "Widevine", "12345678-0000-0000-0000-000000000000"], sampleData: .notRead)
        let p = Self.plan(HLSVideoSource(codec: "hevc", base: Self.hevc(), transfer: 16), Self.stream(transfer: 16, encryption: enc))
        let cp = p.descriptors.filter { $0.element == .contentProtection }
        #expect(cp.map(\.schemeIdUri) == ["urn:mpeg:dash:mp4protection:2011",
                                          "urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95",
                                          "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",
                                          "urn:uuid:12345678-0000-0000-0000-000000000000"])
        #expect(cp.first?.value == "cbcs" && cp.first?.defaultKID == "00112233-4455-6677-8899-aabbccddeeff")
        #expect(p.codecs?.sampleEntry == "hvc1")
        // Schema order: ContentProtection, EssentialProperty, SupplementalProperty.
        #expect(p.descriptors.map(\.element) == [.contentProtection, .contentProtection, .contentProtection, .contentProtection,
                                                 .essentialProperty, .supplementalProperty, .supplementalProperty])
    }

    // XML 1.0: attribute values and comments that would break the document are escaped.
    @Test func xmlEscaping() {
        #expect(DASHXML.attributes([("a", "a&b<\"c\">"), ("b", nil)]) == " a=\"a&amp;b&lt;&quot;c&quot;&gt;\"")
        #expect(DASHXML.comment("x -- y -") == "<!-- x - - y -  -->")
        #expect(!DASHXML.comment("a---b").dropFirst(4).dropLast(3).contains("--"))
    }

    // The rendered fragment is a well-formed XML document with the MPD, SCTE 214 and CENC namespaces (parsed with
    // Foundation's XMLParser), even for a file name full of XML and comment syntax.
    @Test func fragmentIsWellFormedXML() throws {
        let source = HLSVideoSource(codec: "hevc", base: Self.hevc(), dolbyVision: Self.dv(8, 1), transfer: 16,
                                    width: 128, height: 72, framesPerSecond: 25)
        let enc = EncryptionReport(scheme: "cenc", storedEntry: "encv", originalFormat: "hvc1",
                                   defaultKID: "00112233-4455-6677-8899-aabbccddeeff", systems: ["Widevine"], sampleData: .notRead)
        var stream = Self.stream(transfer: 16, encryption: enc)
        stream.dash = DASHReport(Self.plan(source, stream))
        let report = ProbeReport(tool: ToolInfo(version: "test", libavformat: "test"), path: "dir/we<i>rd -- \"name\" & co.mp4",
                                 status: .ok, error: nil, container: .unknown, streams: [stream], findings: [], probe: nil)
        let fragment = DASHFragment(reports: [report, report])
        #expect(fragment.adaptationSets.count == 1 && fragment.adaptationSets[0].representations.map(\.id) == ["we<i>rd_--_\"name\"_&_co", "we<i>rd_--_\"name\"_&_co_2"])
        let xml = fragment.render(header: true, generator: "test")
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? ""): \(xml)")
        #expect(collector.elements.filter { $0.name == "Representation" }.count == 2)
        let rep = try #require(collector.elements.first { $0.name == "Representation" })
        #expect(rep.attributes["codecs"] == "hvc1.2.4.L63.90")
        #expect(rep.attributes["scte214:supplementalCodecs"] == "dvh1.08.01")
        #expect(rep.attributes["scte214:supplementalProfiles"] == "db1p")
        #expect(rep.attributes["frameRate"] == "25" && rep.attributes["sar"] == "1:1" && rep.attributes["bandwidth"] == "120000")
        #expect(rep.namespace == DASHFragment.mpdNamespace)
        let cp = collector.elements.filter { $0.name == "ContentProtection" }
        #expect(cp.first?.attributes["value"] == "cenc" && cp.first?.attributes["cenc:default_KID"] == "00112233-4455-6677-8899-aabbccddeeff")
        let base = try #require(collector.text["BaseURL"])
        #expect(base.hasPrefix("we%3Ci%3Erd%20--%20%22name%22%20%26%20co.mp4"))
    }
}

/// Collects elements (qualified name, namespace, attributes) and the text of leaf elements from XMLParser.
final class XMLCollector: NSObject, XMLParserDelegate {
    struct Element { var name: String; var namespace: String?; var attributes: [String: String] }
    var elements: [Element] = []
    var text: [String: String] = [:]
    private var current = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(Element(name: elementName, namespace: namespaceURI, attributes: attributeDict))
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        text[elementName, default: ""] += current.trimmingCharacters(in: .whitespacesAndNewlines)
        current = ""
    }
}
