import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify

/// Container-versus-bitstream findings on hand-built evidence. Expected rules: docs/rules/dolby-vision.md
/// §1.1 step 5 (EL flag vs NAL 63), §2 (compatibility id ⇔ base transfer), §4 (level pixel-rate
/// table), docs/rules/apple-playback.md §2.2 (hvc1 without parameter sets), §2.4 (SEI arrays in hvcC), §2.7
/// (P5 colour), docs/rules/hdr10plus.md §1 (HDR10+ without static metadata).
@Suite struct ContainerBitstreamChecksTests {
    static func record(profile: Int, level: Int = 6, compat: Int, el: Bool = false) -> DOVIDecoderConfigurationRecord {
        DOVIDecoderConfigurationRecord(versionMajor: 1, versionMinor: 0, profile: profile, level: level, rpuPresent: true,
                                       elPresent: el, blPresent: true, compatibilityId: compat, mdCompression: 0,
                                       dependencyPID: nil, storedSize: 24, issues: [])
    }

    static func codes(_ e: VideoEvidence, transfer: Int? = 16, fps: Double? = 24, hdr10Plus: Bool = false) -> [FindingCode] {
        ContainerBitstreamChecks(e).findings(transfer: transfer, frameRate: fps, hdr10Plus: hdr10Plus).map(\.code)
    }

    @Test func colourMismatchNamesBothValues() throws {
        var e = VideoEvidence(index: 0)
        e.containerColour = ColourCodes(primaries: 1, transfer: 1, matrix: 1, fullRange: false)
        e.scan.bitstreamColour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false)
        let f = try #require(ContainerBitstreamChecks(e).findings(transfer: 1, frameRate: 25, hdr10Plus: false).first)
        #expect(f.code == .colorContainerBitstreamMismatch)
        #expect(f.message.contains("transfer bt709 (1) in the container vs smpte2084 (16) in the bitstream"))
        #expect(f.message.contains("primaries bt709 (1)"))
        #expect(!f.message.contains("range"))
    }

    @Test func unspecifiedOrAbsentColourIsNoMismatch() {
        var e = VideoEvidence(index: 0)
        e.containerColour = ColourCodes(primaries: 2, transfer: 16, matrix: nil, fullRange: nil)
        e.scan.bitstreamColour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: true)
        #expect(Self.codes(e).isEmpty)
        e.containerColour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false)
        #expect(Self.codes(e) == [.colorContainerBitstreamMismatch]) // range full vs limited
    }

    @Test func staticMetadataMismatchToleratesCodingPrecision() {
        var e = VideoEvidence(index: 0)
        let md = MasteringDisplay(redX: 0.68, redY: 0.32, greenX: 0.265, greenY: 0.69, blueX: 0.15, blueY: 0.06,
                                  whiteX: 0.3127, whiteY: 0.329, minLuminance: 0.0001, maxLuminance: 1000, source: .bitstream)
        e.scan.mastering = md
        var container = md
        container.source = .container
        container.redX = 0.680004 // Matroska float round trip: within one 0.00002 step
        e.containerMastering = container
        e.containerContentLight = ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .container)
        e.scan.contentLight = ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .bitstream)
        #expect(Self.codes(e).isEmpty)
        container.maxLuminance = 4000
        e.containerMastering = container
        e.containerContentLight = ContentLightLevel(maxCLL: 4000, maxFALL: 400, source: .container)
        #expect(Self.codes(e) == [.hdr10ContainerBitstreamMismatch, .hdr10ContainerBitstreamMismatch])
    }

    @Test func enhancementLayerFlagAgainstTheStream() {
        var e = VideoEvidence(index: 0)
        e.doviRecord = Self.record(profile: 7, compat: 6, el: true)
        #expect(Self.codes(e) == [.dvEnhancementLayerMismatch])
        e.scan.enhancementLayerNALs = true
        #expect(Self.codes(e).isEmpty)
        e.doviRecord = Self.record(profile: 8, compat: 1, el: false)
        #expect(Self.codes(e) == [.dvEnhancementLayerMismatch])
    }

    @Test("compatibility id against the base transfer", arguments: [
        (8, 1, 16, false), (8, 1, 18, true), (8, 4, 18, false), (8, 4, 14, false), (8, 4, 16, true),
        (8, 2, 1, false), (8, 2, 16, true), (7, 6, 16, false), (7, 6, 1, true), (10, 1, 16, false), (5, 0, 2, false),
    ])
    func compatibility(_ profile: Int, _ compat: Int, _ transfer: Int, _ mismatch: Bool) {
        var e = VideoEvidence(index: 0)
        e.doviRecord = Self.record(profile: profile, compat: compat, el: profile == 7)
        e.scan.enhancementLayerNALs = profile == 7
        #expect(Self.codes(e, transfer: transfer).contains(.dvCompatibilityTransferMismatch) == mismatch)
    }

    @Test func levelAgainstPixelRate() {
        var e = VideoEvidence(index: 0)
        e.width = 3840
        e.height = 2160
        // 3840×2160×24 = 199,065,600 = level 6's limit exactly; 60 fps needs level 9 (§4 table).
        e.doviRecord = Self.record(profile: 8, level: 6, compat: 1)
        #expect(Self.codes(e, fps: 24).isEmpty)
        #expect(Self.codes(e, fps: 23.976).isEmpty)
        #expect(Self.codes(e, fps: 60) == [.dvLevelTooLow])
        #expect(DolbyVisionLevel.infer(width: 3840, height: 2160, framesPerSecond: 60)?.id == 9)
        #expect(DolbyVisionLevel.infer(width: 1280, height: 720, framesPerSecond: 24)?.id == 1)
        #expect(DolbyVisionLevel.infer(width: 1920, height: 1080, framesPerSecond: 24)?.id == 3)
        #expect(DolbyVisionLevel.infer(width: 7680, height: 4320, framesPerSecond: 120)?.id == 13)
        #expect(DolbyVisionLevel.infer(width: 7680, height: 4320, framesPerSecond: 240)?.id == nil)
    }

    @Test func profile5WithoutColour() {
        var e = VideoEvidence(index: 0)
        e.doviRecord = Self.record(profile: 5, compat: 0)
        #expect(Self.codes(e, transfer: nil) == [.dvProfile5WithoutColour])
        #expect(Self.codes(e, transfer: 16).isEmpty)
        e.doviRecord = nil
        e.scan.rpuProfile = 5
        #expect(Self.codes(e, transfer: nil) == [.dvProfile5WithoutColour])
    }

    @Test func parameterSetsOnlyInBand() {
        var e = VideoEvidence(index: 0)
        e.sampleEntry = "hvc1"
        e.configurationHasParameterSets = false
        e.scan.inBandParameterSets = true
        #expect(Self.codes(e) == [.hlsParameterSetsInBandOnly])
        e.sampleEntry = "hev1" // hev1 allows in-band sets (hls.sampleEntryInBand covers it)
        #expect(Self.codes(e).isEmpty)
        e.sampleEntry = "hvc1"
        e.configurationHasParameterSets = true
        #expect(Self.codes(e).isEmpty)
        e.configurationHasParameterSets = nil // no record at all (Annex B extradata)
        #expect(Self.codes(e).isEmpty)
    }

    @Test func seiArraysInHvcC() throws {
        var e = VideoEvidence(index: 0)
        e.configurationSEITypes = [5]
        let f = try #require(ContainerBitstreamChecks(e).findings(transfer: 16, frameRate: 24, hdr10Plus: false).first)
        #expect(f.code == .hlsSEIInConfigurationRecord && !f.message.contains("uncertain"))
        e.configurationSEITypes = [137, 144]
        let g = try #require(ContainerBitstreamChecks(e).findings(transfer: 16, frameRate: 24, hdr10Plus: false).first)
        #expect(g.message.contains("uncertain"))
    }

    @Test func hdr10PlusWithoutStaticMetadata() {
        var e = VideoEvidence(index: 0)
        #expect(Self.codes(e, hdr10Plus: true) == [.hdr10PlusWithoutStaticMetadata])
        e.scan.contentLight = ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .bitstream)
        #expect(Self.codes(e, hdr10Plus: true).isEmpty)
        #expect(Self.codes(VideoEvidence(index: 0), hdr10Plus: false).isEmpty)
    }
}
