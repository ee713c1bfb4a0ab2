import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify
import HDRProbeTestSupport

/// Common Encryption structures (ISO/IEC 23001-7 §8.1 `pssh`, §8.2 `tenc`, §7.2 subsample map;
/// ISO/IEC 14496-12 §8.12 `sinf`/`frma`/`schm`) built here byte by byte from those layouts, and
/// the scanner's rule never to parse protected bytes. Expected values are the bytes written.
@Suite struct EncryptionTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + payload
    }

    static let kid = hex("00112233445566778899aabbccddeeff")

    /// sinf { frma dvh1, schm cbcs v1.0, schi { tenc v1, pattern 1:9, protected, IV size 0, KID } }.
    static let sinfPayload: [UInt8] =
        box("frma", Array("dvh1".utf8))
        + box("schm", [0, 0, 0, 0] + Array("cbcs".utf8) + [0, 1, 0, 0])
        + box("schi", box("tenc", [1, 0, 0, 0, 0, 0x19, 1, 0] + kid))

    @Test func readsTheProtectionSchemeInfo() {
        let info = ProtectionSchemeInfoBox.parse(Self.sinfPayload, range: 0..<Self.sinfPayload.count)
        #expect(info.originalFormat == "dvh1")
        #expect(info.schemeType == "cbcs")
        #expect(info.schemeVersion == 0x0001_0000)
        #expect(info.defaultIsProtected == true)
        #expect(info.defaultPerSampleIVSize == 0)
        #expect(info.cryptByteBlock == 1 && info.skipByteBlock == 9)
        #expect(info.defaultKID == "00112233445566778899aabbccddeeff")
        // IV size 0 but no default_constant_IV_size after the KID: none is reported.
        #expect(info.defaultConstantIVSize == nil)
    }

    /// `tenc` as Shaka Packager v3.8 writes it for `cbcs` (Corpus/enc_cbcs_hdr10_hevc.mp4, bytes
    /// 3233–3273, read with a hex dump): version 1, pattern 1:9, protected, IV size 0, KID, then
    /// default_constant_IV_size 8 and the 8-byte IV (ISO/IEC 23001-7 §8.2.2).
    @Test func readsTheConstantIVSize() {
        let tenc: [UInt8] = [1, 0, 0, 0, 0, 0x19, 1, 0] + Self.kid + [8] + hex("0123456789abcdef")
        let payload = Self.box("schi", Self.box("tenc", tenc))
        #expect(ProtectionSchemeInfoBox.parse(payload, range: 0..<payload.count).defaultConstantIVSize == 8)
        // The IV cut short: no size reported.
        let cut = Self.box("schi", Self.box("tenc", Array(tenc.dropLast(1))))
        #expect(ProtectionSchemeInfoBox.parse(cut, range: 0..<cut.count).defaultConstantIVSize == nil)
        // A per-sample IV size of 8: no constant IV follows, whatever bytes do.
        var perSample = tenc
        perSample[7] = 8
        let other = Self.box("schi", Self.box("tenc", perSample))
        #expect(ProtectionSchemeInfoBox.parse(other, range: 0..<other.count).defaultConstantIVSize == nil)
    }

    @Test func truncatedTencLeavesTheRestReadable() {
        let payload = Self.box("frma", Array("hvc1".utf8)) + Self.box("schi", Self.box("tenc", [0, 0, 0, 0, 0, 0, 1]))
        let info = ProtectionSchemeInfoBox.parse(payload, range: 0..<payload.count)
        #expect(info.originalFormat == "hvc1")
        #expect(info.defaultKID == nil && info.schemeType == nil)
    }

    @Test func encryptedSampleEntryReportsTheOriginalFormat() throws {
        // VisualSampleEntry 'encv': 78 bytes of fixed fields (width 128 at offset 24), then sinf.
        var fixed = [UInt8](repeating: 0, count: 78)
        fixed[24] = 0; fixed[25] = 128; fixed[27] = 72
        let bytes = Self.box("encv", fixed + Self.box("sinf", Self.sinfPayload))
        let walked = try #require(ISOBoxWalker.walk(bytes).boxes.first)
        let entry = SampleEntry.parse(bytes, box: walked, isVisual: true)
        #expect(entry.fourCC == "encv")
        #expect(entry.originalFormat == "dvh1")
        let report = try #require(EncryptionReport(entry: entry, systemIDs: ["edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", "12345678-0000-0000-0000-000000000000"],
                                                   sampleData: .notRead))
        #expect(report.scheme == "cbcs" && report.storedEntry == "encv" && report.originalFormat == "dvh1")
        #expect(report.defaultKID == "00112233-4455-6677-8899-aabbccddeeff")
        #expect(report.systems == ["Widevine", "12345678-0000-0000-0000-000000000000"])
        #expect(report.isAppleDecryptable)
    }

    @Test func psshSystemIDsComeFromMoov() {
        let widevine = hex("edef8ba979d64acea3c827dcd51d21ed"), playready = hex("9a04f07998404286ab92e65be0885f95")
        let moov = Self.box("pssh", [0, 0, 0, 0] + playready + [0, 0, 0, 0])
            + Self.box("pssh", [0, 0, 0, 0] + widevine + [0, 0, 0, 0]) + Self.box("pssh", [0, 0])
        let movie = MovieBox.parse(moov)
        #expect(movie.protectionSystemIDs == ["9a04f079-9840-4286-ab92-e65be0885f95", "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"])
    }

    @Test func clearRangesFollowTheSubsampleList() {
        let map = SubsampleEncryption(subsamples: [.init(clearBytes: 10, protectedBytes: 32), .init(clearBytes: 5, protectedBytes: 0)])
        #expect(map.clearRanges == [0..<10, 42..<47])
        #expect(map.isClear(0..<10) && map.isClear(42..<47))
        #expect(!map.isClear(8..<12) && !map.isClear(10..<11) && !map.isClear(40..<44))
        #expect(SubsampleEncryption(subsamples: []).clearRanges.isEmpty)
    }

    /// A length-prefixed HEVC sample: a clear SEI (mastering display, from `SEIMessageTests`), an RPU
    /// NAL 62 whose payload is protected, and a slice (IDR_W_RADL) whose data is protected.
    static let mdcvSEI = hex("4e01891833c286c41d4c0bb884d03e803d13404200989680000003000180")
    static let rpuNAL: [UInt8] = [0x7C, 0x01] + [UInt8](repeating: 0xAB, count: 30)
    static let slice: [UInt8] = [0x26, 0x01, 0xAF] + [UInt8](repeating: 0x5A, count: 60)

    static func lengthPrefixed(_ units: [[UInt8]]) -> [UInt8] {
        units.flatMap { u in [0, 0, UInt8(u.count >> 8), UInt8(u.count & 0xFF)] + u }
    }

    @Test func scannerReadsOnlyWhollyClearUnits() {
        let sample = Self.lengthPrefixed([Self.mdcvSEI, Self.rpuNAL, Self.slice])
        // clear: SEI (4 + 30), RPU length + header (4 + 2); protected: RPU payload (30);
        // clear: slice length + 3 header bytes; protected: the rest of the slice.
        let map = SubsampleEncryption(subsamples: [
            .init(clearBytes: 4 + Self.mdcvSEI.count + 4 + 2, protectedBytes: 30),
            .init(clearBytes: 4 + 3, protectedBytes: Self.slice.count - 3),
        ])
        var scanner = BitstreamScanner(codec: .hevc, framing: .lengthPrefixed(4))
        scanner.consume(protectedAccessUnit: sample, pts: 0, map: map)
        #expect(scanner.scan.framesScanned == 1)
        #expect(scanner.scan.mastering?.maxLuminance == 1000)
        #expect(scanner.scan.framesWithRPU == 0 && scanner.scan.invalidRPUs == 0)
        #expect(scanner.scan.encryptedNonVCL == [62: 1])
        #expect(scanner.scan.nalCensus[19] == 1 && scanner.scan.nalCensus[39] == 1)
    }

    @Test func wholeSampleEncryptionReadsNothing() {
        let sample = Self.lengthPrefixed([Self.mdcvSEI, Self.slice])
        var scanner = BitstreamScanner(codec: .hevc, framing: .lengthPrefixed(4))
        scanner.consume(protectedAccessUnit: sample, pts: 0, map: SubsampleEncryption(subsamples: []))
        #expect(scanner.scan.framesScanned == 0 && scanner.scan.encryptedSamplesUnread == 1)
        #expect(scanner.scan.mastering == nil && scanner.scan.nalCensus.isEmpty)
    }

    @Test func aProtectedLengthFieldEndsTheWalk() {
        // The second unit's length field lies in a protected range: the SEI before it is read, nothing after.
        let sample = Self.lengthPrefixed([Self.mdcvSEI, Self.slice])
        let map = SubsampleEncryption(subsamples: [.init(clearBytes: 4 + Self.mdcvSEI.count, protectedBytes: sample.count)])
        let units = map.nalUnits(in: sample, lengthSize: 4, headerSize: 2, limit: 16)
        #expect(units.map(\.unit.type) == [39])
        #expect(units.map(\.clear) == [true])
    }

    @Test func cencIsAnHLSFindingCbcsIsNot() {
        #expect(HLSSignalIssue.encryption(scheme: "cenc", encrypted: true)?.code == .encryptionNotCbcs)
        #expect(HLSSignalIssue.encryption(scheme: "cbcs", encrypted: true) == nil)
        #expect(HLSSignalIssue.encryption(scheme: nil, encrypted: false) == nil)
    }
}
