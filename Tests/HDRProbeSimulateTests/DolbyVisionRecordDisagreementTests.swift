import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify

/// The engine hands the core a typed disagreement between its own reading of a Dolby Vision
/// record and libavformat's; the classifier turns it into one `dv.recordSourcesDisagree` finding
/// on that stream, whose text the core writes from the typed readings.
@Suite struct DolbyVisionRecordDisagreementTests {
    /// Record bytes per the DOVIDecoderConfigurationRecord syntax (docs/rules/dolby-vision.md §1):
    /// version 1.0, then profile(7) level(6) rpu el bl, then compatibility id(4).
    static func record(profile: Int, level: Int, compatibility: Int) throws -> DOVIDecoderConfigurationRecord {
        let b2 = UInt8(profile << 1 | level >> 5)
        let b3 = UInt8((level & 0x1F) << 3 | 0b101)
        return try DOVIDecoderConfigurationRecord.parse([1, 0, b2, b3, UInt8(compatibility << 4)] + [UInt8](repeating: 0, count: 19))
    }

    @Test func differingReadingsBecomeOneFindingNamingBoth() throws {
        let own = try Self.record(profile: 8, level: 6, compatibility: 1)
        let other = try Self.record(profile: 8, level: 6, compatibility: 4)
        #expect(own.compatibilityId == 1 && other.compatibilityId == 4, "the hand-built records read back as written")
        var e = try DolbyVisionProfileValueTests.shortRecordOverPQ()
        e.index = 3
        e.doviRecord = own
        e.doviRecordBox = .box(.dvvC)
        e.doviRecordDisagreement = .fieldsDiffer(source: .box(.dvvC), own: .init(own), libavformat: .init(other))
        let (_, findings) = VideoStreamClassifier().classify(e)
        let hits = findings.filter { $0.code == .dvRecordSourcesDisagree }
        #expect(hits.count == 1)
        #expect(hits.first?.stream == 3)
        let message = try #require(hits.first?.message)
        #expect(message.contains("'dvvC'") && message.contains("8.1 level 6") && message.contains("8.4 level 6"))
    }

    @Test func noDisagreementNoFinding() throws {
        let (_, findings) = VideoStreamClassifier().classify(try DolbyVisionProfileValueTests.shortRecordOverPQ())
        #expect(!findings.contains { $0.code == .dvRecordSourcesDisagree })
    }

    @Test func eachCaseNamesItsSource() {
        let short = DolbyVisionRecordDisagreement.ownRecordTooShort(source: .matroskaMapping(typeFourCC: "dvvC"), byteCount: 3)
        #expect(short.message.contains("BlockAdditionMapping 'dvvC'") && short.message.contains("3 bytes"))
        let unnamed = DolbyVisionRecordDisagreement.ownRecordTooShort(source: .matroskaMapping(typeFourCC: nil), byteCount: 0)
        #expect(unnamed.message.contains("'?'"))
        #expect(DolbyVisionRecordDisagreement.onlyLibavformatInMatroska(profile: 7).message.contains("profile 7"))
    }
}

/// The report's `dolbyVision.configuration.box` for each place a record is read
/// (docs/report-contract.md).
@Test func dolbyVisionRecordLocationNames() {
    #expect(DolbyVisionRecordLocation.box(.dvcC).reportName == "dvcC")
    #expect(DolbyVisionRecordLocation.box(.dvvC).reportName == "dvvC")
    #expect(DolbyVisionRecordLocation.box(.dvwC).reportName == "dvwC")
    #expect(DolbyVisionRecordLocation.matroska.reportName == "matroska")
    #expect(DolbyVisionRecordLocation.mpegtsDescriptor.reportName == "mpegts-descriptor")
}
