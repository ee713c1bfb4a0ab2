import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify
@testable import HDRProbeSignal
import HDRProbeTestSupport

// SUPPLEMENTAL-CODECS: building (`docs/rules/hls-signalling.md` §5.2 decision table) and checking
// (§5.3), with the APPX examples of §5.1 and the open points of §5.4.

private let hvcCTail = hex("f000 fc fd f8 f8 0000 0f 00")

private func hevcBase(_ head: String) throws -> VideoCodecString {
    .hevc(HEVCCodecString(record: try HEVCDecoderConfigurationRecord.parse(hex(head) + hvcCTail)))
}

private func profile(_ p: Int, _ compat: Int?) -> DolbyVisionProfile {
    DolbyVisionProfile(profile: p, compatibilityId: compat, fromRPU: false)
}

private func decide(codec: String = "hevc", base: VideoCodecString?, dv: (Int, Int?, Int?)? = nil, hdr10Plus: Bool = false,
                    transfer: Int?, options: HLSVideoSource.Options = .init(), width: Int? = nil, height: Int? = nil,
                    fps: Double? = nil) -> HLSVideoSignalling {
    HLSVideoSignalling.decide(HLSVideoSource(
        codec: codec, base: base,
        dolbyVision: dv.map { .init(profile: profile($0.0, $0.1), level: $0.2, codec: codec, baseTransfer: transfer) },
        hdr10Plus: hdr10Plus, transfer: transfer, width: width, height: height, framesPerSecond: fps, options: options))
}

private let l153B0 = "01 02 20 00 00 00 b0 00 00 00 00 00 99"
private let l150 = "01 02 20 00 00 00 00 00 00 00 00 00 96"

/// An AV1 base: Main, 10-bit, 4:2:0 colocated (112), BT.2020 with the given transfer, limited range.
private func av1Base(level: UInt8, transfer: Int) -> VideoCodecString {
    .av1(AV1CodecString(profile: 0, level: level, bitDepth: 10, chromaSamplePosition: 2, colourPrimaries: 9,
                        transferCharacteristics: transfer, matrixCoefficients: 9))
}

// MARK: - §5.1 APPX table

@Test("§5.1 APPX: DV 8.4 → hvc1.2.4.L153.b0 + dvh1.08.07/db4h, HLG (also HLS2's own example)")
func appleRowDV84() throws {
    let v = decide(base: try hevcBase(l153B0), dv: (8, 4, 7), transfer: 18)
    #expect(v.codec?.string.lowercased() == "hvc1.2.4.l153.b0")          // APPX writes b0; hdrprobe B0 (§2.1)
    #expect(v.supplementalCodecs?.string == "dvh1.08.07/db4h" && v.videoRange == .hlg && v.sampleEntry == "hvc1")
    // The verbatim APPX values pass the §5.3 checks.
    #expect(SupplementalCodecsCheck.check(codecs: HLSCodecs(parsing: "hvc1.2.4.L153.b0"),
                                          supplementalCodecs: SupplementalCodecs(parsing: "dvh1.08.07/db4h"),
                                          videoRange: .hlg, dolbyVision: profile(8, 4), dolbyVisionLevel: 7).isEmpty)
}

@Test("§5.1 APPX: DV 8.1 → hvc1.2.4.L150 + dvh1.08.06/db1p, PQ")
func appleRowDV81() throws {
    let v = decide(base: try hevcBase(l150), dv: (8, 1, 6), transfer: 16)
    #expect(v.codec?.string == "hvc1.2.4.L150" && v.supplementalCodecs?.string == "dvh1.08.06/db1p" && v.videoRange == .pq)
    #expect(SupplementalCodecsCheck.check(codecs: HLSCodecs(parsing: "hvc1.2.4.L150"),
                                          supplementalCodecs: SupplementalCodecs(parsing: "dvh1.08.06/db1p"),
                                          videoRange: .pq, dolbyVision: profile(8, 1), dolbyVisionLevel: 6).isEmpty)
}

@Test("§5.1/§16 APPX: DV 10.4 → av01 base + dav1.10.09/db4h, HLG; hdrprobe writes the full AV1 form")
func appleRowDV104() {
    let v = decide(codec: "av1", base: av1Base(level: 13, transfer: 18), dv: (10, 4, 9), transfer: 18)
    #expect(v.codec?.string == "av01.0.13M.10.0.112.09.18.09.0")
    #expect(v.supplementalCodecs?.string == "dav1.10.09/db4h" && v.videoRange == .hlg && v.sampleEntry == "av01")
    // Apple's verbatim row: the DV element is fine, the partial AV1 tail is not a valid CODECS format.
    let issues = SupplementalCodecsCheck.check(codecs: HLSCodecs(parsing: "av01.0.13M.10.0.112"),
                                               supplementalCodecs: SupplementalCodecs(parsing: "dav1.10.09/db4h"),
                                               videoRange: .hlg)
    #expect(issues.isEmpty)   // the base entry av01 is declared; rule 1 applies to SUPPLEMENTAL members
    #expect(!HLSCodecs.isValidFormat("av01.0.13M.10.0.112"))
}

@Test("§5.1/§16 APPX: AV1 with HDR10+ → <av1>/cdm4, PQ; Apple's partial-tail element is flagged malformed")
func appleRowAV1HDR10Plus() {
    let v = decide(codec: "av1", base: av1Base(level: 5, transfer: 16), hdr10Plus: true, transfer: 16)
    #expect(v.codec?.string == "av01.0.05M.10.0.112.09.16.09.0")
    #expect(v.supplementalCodecs?.string == "av01.0.05M.10.0.112.09.16.09.0/cdm4" && v.videoRange == .pq)
    let issues = SupplementalCodecsCheck.check(codecs: HLSCodecs(parsing: "av01.0.05M.10.0.112"),
                                               supplementalCodecs: SupplementalCodecs(parsing: "av01.0.05M.10.0.112/cdm4"),
                                               videoRange: .pq)
    #expect(issues.map(\.code) == [.supplementalMalformed])
}

// MARK: - §5.2 decision table

@Test("§5.2 DV 5 → sampleEntry dvh1, CODECS dvh1.05.LL, no SUPPLEMENTAL, PQ")
func decideP5() throws {
    let v = decide(base: try hevcBase(l153B0), dv: (5, 0, 6), transfer: nil)
    #expect(v.sampleEntry == "dvh1" && v.codec?.string == "dvh1.05.06" && v.supplementalCodecs == nil && v.videoRange == .pq)
    // No base string needed for P5 (e.g. Annex-B private data): still dvh1.05.LL, no issue about the base.
    let noBase = decide(base: nil, dv: (5, 0, 6), transfer: nil)
    #expect(noBase.codec?.string == "dvh1.05.06" && !noBase.issues.contains { $0.code == .codecStringUnavailable })
}

@Test("§5.2 DV 10.0 → dav1.10.LL, sampleEntry dav1, PQ; 10.1 → <av1> + dav1.10.LL/db1p")
func decideP10() {
    let p100 = decide(codec: "av1", base: av1Base(level: 8, transfer: 2), dv: (10, 0, 6), transfer: 2)
    #expect(p100.sampleEntry == "dav1" && p100.codec?.string == "dav1.10.06" && p100.supplementalCodecs == nil)
    #expect(p100.videoRange == .pq)
    let p101 = decide(codec: "av1", base: av1Base(level: 8, transfer: 16), dv: (10, 1, 6), transfer: 16)
    #expect(p101.sampleEntry == "av01" && p101.supplementalCodecs?.string == "dav1.10.06/db1p" && p101.videoRange == .pq)
}

@Test("§5.2 refused DV (7, 8.2, 10.2, 4, 9, 20, invalid compat): base entry and string, range from the transfer")
func decideRefused() throws {
    let base = try hevcBase(l153B0)
    let cases: [(Int, Int?, Int, VideoRange)] = [(7, 6, 16, .pq), (8, 2, 1, .sdr), (8, 6, 16, .pq), (8, 0, 18, .hlg),
                                                 (4, 2, 1, .sdr), (20, nil, 16, .pq)]
    for (p, compat, transfer, range) in cases {
        let v = decide(base: base, dv: (p, compat, 6), transfer: transfer)
        #expect(v.sampleEntry == "hvc1" && v.codec?.string == "hvc1.2.4.L153.B0" && v.supplementalCodecs == nil, "\(p).\(compat ?? -1)")
        #expect(v.videoRange == range, "\(p).\(compat ?? -1)")
        #expect(v.issues.contains { $0.code == .dolbyVisionNoAppleRoute }, "\(p).\(compat ?? -1)")
    }
    let p102 = decide(codec: "av1", base: av1Base(level: 8, transfer: 1), dv: (10, 2, 6), transfer: 1)
    #expect(p102.sampleEntry == "av01" && p102.supplementalCodecs == nil && p102.videoRange == .sdr)
    let p9 = decide(codec: "h264", base: .avc(AVCCodecString(profileIDC: 100, constraintFlags: 0, levelIDC: 40)),
                    dv: (9, 2, 5), transfer: 1)
    #expect(p9.sampleEntry == "avc1" && p9.codec?.string == "avc1.640028" && p9.supplementalCodecs == nil)
    // Refused DV with HDR10+ on a PQ base: <base>/cdm4 (§5.2 "or …/cdm4 if HDR10+").
    let p7plus = decide(base: base, dv: (7, 6, 6), hdr10Plus: true, transfer: 16)
    #expect(p7plus.supplementalCodecs?.string == "hvc1.2.4.L153.B0/cdm4")
    // A policy that refuses 8.1 leaves only the base.
    let strict = HLSVideoSignalling.decide(HLSVideoSource(
        codec: "hevc", base: base,
        dolbyVision: .init(profile: profile(8, 1), level: 6, codec: "hevc", baseTransfer: 16,
                           policy: DolbyVisionPolicy(name: "p5only", accepted: ["5"])),
        transfer: 16))
    #expect(strict.supplementalCodecs == nil && strict.videoRange == .pq)
}

@Test("§5.2 HDR10+ without DV → <base>/cdm4, PQ; HDR10+ over a non-PQ base gets no brand")
func decideHDR10Plus() throws {
    let v = decide(base: try hevcBase(l153B0), hdr10Plus: true, transfer: 16)
    #expect(v.supplementalCodecs?.string == "hvc1.2.4.L153.B0/cdm4" && v.videoRange == .pq)
    let hlg = decide(base: try hevcBase(l153B0), hdr10Plus: true, transfer: 18)
    #expect(hlg.supplementalCodecs == nil && hlg.issues.map(\.code) == [.hdr10PlusWithoutPQ])
}

@Test("§5.2/§5.4 DV 8.1 + HDR10+: dvh1.08.LL/db1p only by default; the option adds <hevc>/cdm4 (passes rule 2)")
func decideDV81WithHDR10Plus() throws {
    let base = try hevcBase(l153B0)
    let v = decide(base: base, dv: (8, 1, 6), hdr10Plus: true, transfer: 16)
    #expect(v.supplementalCodecs?.string == "dvh1.08.06/db1p")
    #expect(v.issues.map(\.code) == [.hdr10PlusAlongsideDolbyVision])
    let both = decide(base: base, dv: (8, 1, 6), hdr10Plus: true, transfer: 16,
                      options: .init(hdr10PlusAlongsideDolbyVision: true))
    #expect(both.supplementalCodecs?.string == "dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4")
    // §5.4: HLS2's two-element form satisfies rule 2 of §5.3.
    #expect(SupplementalCodecsCheck.check(codecs: HLSCodecs(["hvc1.2.4.L153.B0"]),
                                          supplementalCodecs: SupplementalCodecs(parsing: "dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4"),
                                          videoRange: .pq).isEmpty)
}

@Test("§5.2 HDR10 / HLG / SDR: base entry and string, no SUPPLEMENTAL, range from the transfer; hev1/avc3 promoted")
func decidePlain() throws {
    let hev1 = try hevcBase(l153B0).withSampleEntry("hev1")
    let v = decide(base: hev1, transfer: 16)
    #expect(v.sampleEntry == "hvc1" && v.codec?.string == "hvc1.2.4.L153.B0" && v.supplementalCodecs == nil && v.videoRange == .pq)
    #expect(decide(base: try hevcBase(l153B0), transfer: 18).videoRange == .hlg)
    let avc3 = decide(codec: "h264", base: .avc(AVCCodecString(sampleEntry: "avc3", profileIDC: 100, constraintFlags: 0,
                                                               levelIDC: 41)), transfer: 1)
    #expect(avc3.sampleEntry == "avc1" && avc3.codec?.string == "avc1.640029" && avc3.videoRange == .sdr)
    let vp9 = decide(codec: "vp9", base: .vp9(VP9CodecString(profile: 0, level: 10, bitDepth: 8)), transfer: 1)
    #expect(vp9.sampleEntry == "vp09" && vp9.issues.map(\.code) == [.notAppleCodec])
}

@Test("§5.2 DV 8.4 over transfer 14 (MP4RA db4g): db4h and HLG, with an info issue")
func decideDV84OverSDRGamma() throws {
    let v = decide(base: try hevcBase(l153B0), dv: (8, 4, 6), transfer: 14)
    #expect(v.supplementalCodecs?.string == "dvh1.08.06/db4h" && v.videoRange == .hlg)
    #expect(v.issues.contains { $0.code == .dolbyVisionHLGBrandOverSDRGamma })
}

@Test("§4 in the decision: dv_level 0 or absent is derived from the picture and flagged")
func decideDolbyVisionLevels() throws {
    let base = try hevcBase(l153B0)
    let derived = decide(base: base, dv: (8, 1, 0), transfer: 16, width: 3840, height: 2160, fps: 24)
    #expect(derived.supplementalCodecs?.string == "dvh1.08.06/db1p")
    #expect(derived.issues.map(\.code) == [.dolbyVisionLevelInvalid])
    let none = decide(base: base, dv: (8, 1, 0), transfer: 16)
    #expect(none.supplementalCodecs == nil && none.issues.map(\.code) == [.dolbyVisionLevelInvalid, .dolbyVisionNoAppleRoute])
    let exceeded = decide(base: base, dv: (5, 0, 1), transfer: nil, width: 3840, height: 2160, fps: 24)
    // A level too low for the picture is reported by classification (dv.levelTooLow), not here.
    #expect(exceeded.codec?.string == "dvh1.05.01" && exceeded.issues.isEmpty)
    let rpuOnly = decide(base: base, dv: (8, 1, nil), transfer: 16, width: 3840, height: 2160, fps: 24)
    #expect(rpuOnly.supplementalCodecs?.string == "dvh1.08.06/db1p")
    #expect(rpuOnly.issues.map(\.code) == [.dolbyVisionLevelDerived])
}

@Test("§2.1 no base string (Annex B private data): the issue carries the reason; DV 8.1 keeps its element")
func decideWithoutBase() {
    let v = HLSVideoSignalling.decide(HLSVideoSource(codec: "hevc", base: nil, baseUnavailable: .annexB,
                                                     dolbyVision: .init(profile: profile(8, 1), level: 6, accepted: true),
                                                     transfer: 16))
    #expect(v.codec == nil && v.supplementalCodecs?.string == "dvh1.08.06/db1p")
    #expect(v.issues.map(\.code) == [.codecStringUnavailable] && v.issues[0].message.contains("Annex B"))
    #expect(StreamInfLine(video: v, bandwidth: HLSBandwidth(average: 1, peak: 2), resolution: nil, frameRate: nil) == nil)
}

// MARK: - §5.3 checks

private func check(_ codecs: String, _ supplemental: String, _ range: VideoRange?, dv: DolbyVisionProfile? = nil,
                   level: Int? = nil) -> [HLSSignalIssue.Code] {
    SupplementalCodecsCheck.check(codecs: HLSCodecs(parsing: codecs), supplementalCodecs: SupplementalCodecs(parsing: supplemental),
                                  videoRange: range, dolbyVision: dv, dolbyVisionLevel: level).map(\.code)
}

@Test("§5.3 rule 1: empty elements, invalid first fields and empty brands are malformed")
func checkRule1() {
    #expect(check("hvc1.2.4.L150", "", .pq) == [.supplementalMalformed])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p,", .pq) == [.supplementalMalformed])
    #expect(check("hvc1.2.4.L150", "dvh1.8/db1p", .pq).contains(.supplementalMalformed))
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/", .pq).contains(.supplementalMalformed))
    #expect(check("hvc1.2.4.L150", "\"dvh1.08.06/db1p\"", .pq).isEmpty)   // quotes tolerated
}

@Test("§5.3 rule 2: the base layer must be in CODECS (dvh1 ⇒ hvc1/hev1, dav1 ⇒ av01, …/cdm4 ⇒ the same string)")
func checkRule2() {
    #expect(check("avc1.640029", "dvh1.08.06/db1p", .pq) == [.supplementalBaseMissing])
    #expect(check("hev1.2.4.L150.B0", "dvh1.08.06/db1p", .pq).isEmpty)
    #expect(check("hvc1.2.4.L150.B0", "dav1.10.06/db1p", .pq) == [.supplementalBaseMissing])
    #expect(check("av01.0.08M.10.0.110.09.16.09.0", "dav1.10.06/db1p", .pq).isEmpty)
    #expect(check("hvc1.2.4.L150.B0", "hvc1.2.4.L153.B0/cdm4", .pq) == [.supplementalBaseMissing])
    #expect(check("HVC1.2.4.L153.b0,ec-3", "hvc1.2.4.L153.B0/cdm4", .pq).isEmpty)   // case-insensitive
    #expect(check("avc1.640028", "dva1.09.05/db2g", .sdr) == [.supplementalNoAppleRoute])   // base present; db2g has no route
}

@Test("§5.3 rule 3: db1p ⇔ PQ, db4h ⇔ HLG, absent VIDEO-RANGE is SDR; a DV 8.x/10.x element needs a brand")
func checkRule3() {
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .hlg) == [.supplementalBrandRangeMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", nil) == [.supplementalBrandRangeMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db4h", .pq) == [.supplementalBrandRangeMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06", .pq) == [.supplementalBrandMissing])
    #expect(check("av01.0.08M.10", "dav1.10.06", .pq) == [.supplementalBrandMissing])
    #expect(SupplementalCodecsCheck.check(codecs: HLSCodecs(["hvc1.2.4.L150"]), supplementalCodecs: SupplementalCodecs(parsing: "dvh1.08.06"),
                                          videoRange: .pq).first?.severity == .error)
}

@Test("§5.3 rule 4: brand vs the record's compat id (1 ⇒ db1p, 4 ⇒ db4h); db2g/db4g have no Apple route")
func checkRule4() {
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .pq, dv: profile(8, 4)) == [.supplementalBrandCompatibilityMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .pq, dv: profile(8, 6)) == [.supplementalBrandCompatibilityMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db4h", .hlg, dv: profile(8, 4)).isEmpty)
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db2g", .sdr, dv: profile(8, 2)) == [.supplementalNoAppleRoute])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db4g", .sdr, dv: profile(8, 4)) == [.supplementalNoAppleRoute])
}

@Test("§5.3 rule 5: the element's level (and profile) match the record")
func checkRule5() {
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .pq, dv: profile(8, 1), level: 6).isEmpty)
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .pq, dv: profile(8, 1), level: 5) == [.supplementalLevelMismatch])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p", .pq, dv: profile(7, 6), level: 6)
            == [.supplementalBrandCompatibilityMismatch, .supplementalProfileMismatch])
}

@Test("§5.1/§5.4 extras: unknown brands, cdm4 on a DV element, profiles without a base")
func checkExtras() {
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p/xyz1", .pq) == [.supplementalUnknownBrand])
    #expect(check("hvc1.2.4.L150", "dvh1.08.06/db1p/cdm4", .pq) == [.supplementalCdm4OnDolbyVision])
    #expect(check("hvc1.2.4.L150", "dvh1.05.06", .pq) == [.supplementalProfileWithoutBase])
}

@Test("SUPPLEMENTAL-CODECS parses and prints elements and brands; JSON is the attribute string")
func supplementalCodecsValue() throws {
    let value = SupplementalCodecs(parsing: "dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4")
    #expect(value.elements.count == 2 && value.elements[0].brands == ["db1p"] && value.elements[1].hasBrand("CDM4"))
    #expect(value.string == "dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4")
    #expect(try JSONRoundTrip.encode(value) == #""dvh1.08.06/db1p,hvc1.2.4.L153.B0/cdm4""#)
    #expect(try JSONRoundTrip.decode(SupplementalCodecs.self, #""dvh1.08.06/db1p""#).elements.first?.codec == "dvh1.08.06")
    #expect(HLSCodecs.isValidFormat("stpp.ttml.im1t") && HLSCodecs.isValidFormat("wvtt") && HLSCodecs.isValidFormat("mjpg"))
    #expect(HLSCodecs.isValidFormat("mp4a.40.2") && HLSCodecs.isValidFormat("ec-3") && HLSCodecs.isValidFormat("fLaC"))
    #expect(!HLSCodecs.isValidFormat("hvc1.2.4") && !HLSCodecs.isValidFormat("xyz9.1"))
}
