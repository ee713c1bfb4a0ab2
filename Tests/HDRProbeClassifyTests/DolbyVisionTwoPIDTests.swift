import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify

/// A PAT and a PMT in two 188-byte packets, laid out from ISO/IEC 13818-1 §2.4.4.3 / §2.4.4.8
/// (CRC not checked by the reader): program 1 on PMT PID 0x0100; BL PID 0x1011 (stream_type 0x24,
/// no descriptor) and EL PID 0x1015 (stream_type 0x06) with the real UHD Blu-ray descriptor quoted
/// in docs (B0 07 01 00 0E 36 80 8F 6F: profile 7, level 6, rpu/el, no BL, dependency_pid 0x1011,
/// compatibility 6).
private func blurayPATPMT() -> [UInt8] {
    func packet(pid: Int, section: [UInt8]) -> [UInt8] {
        var p: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10, 0x00] + section
        p += [UInt8](repeating: 0xFF, count: 188 - p.count)
        return p
    }
    let pat: [UInt8] = [0x00, 0xB0, 13, 0x00, 0x01, 0xC1, 0, 0, 0x00, 0x01, 0xE1, 0x00, 0, 0, 0, 0]
    let el: [UInt8] = [0xB0, 0x07, 0x01, 0x00, 0x0E, 0x36, 0x80, 0x8F, 0x6F]
    let streams: [UInt8] = [0x24, 0xF0, 0x11, 0xF0, 0x00] + [0x06, 0xF0, 0x15, 0xF0, UInt8(el.count)] + el
    let body: [UInt8] = [0x00, 0x01, 0xC1, 0, 0, 0xF0, 0x11, 0xF0, 0x00] + streams
    let pmt: [UInt8] = [0x02, 0xB0, UInt8(body.count + 4)] + body + [0, 0, 0, 0]
    return packet(pid: 0, section: pat) + packet(pid: 0x100, section: pmt)
}

@Test func programMapTableReadsTheDolbyVisionDescriptor() throws {
    let bytes = blurayPATPMT()
    let layout = try #require(TransportStreamLayout.detect(bytes + bytes))
    let pmt = try #require(ProgramMapTable.read(bytes, layout: layout))
    #expect(pmt.pmtPID == 0x100)
    #expect(pmt.streams.map(\.pid) == [0x1011, 0x1015] && pmt.streams.map(\.streamType) == [0x24, 0x06])
    #expect(pmt.streams[0].descriptor(0xB0) == nil)
    let body = try #require(pmt.streams[1].descriptor(ProgramMapTable.doviVideoStreamDescriptorTag))
    let record = try DOVIDecoderConfigurationRecord.parseTSDescriptorBody(body)
    #expect(record.profile == 7 && record.level == 6 && !record.blPresent && record.elPresent && record.rpuPresent)
    #expect(record.dependencyPID == 0x1011 && record.compatibilityId == 6 && record.compatibilityPresent)
}

@Test func programMapTableSurvivesCutAndHostileSections() {
    let bytes = blurayPATPMT()
    let layout = TransportStreamLayout(packetSize: 188, syncOffset: 0)
    #expect(ProgramMapTable.read(Array(bytes.prefix(188)), layout: layout) == nil) // PAT only
    var lying = bytes
    lying[188 + 5 + 1] = 0xBF; lying[188 + 5 + 2] = 0xFF   // PMT section_length 0xFFF
    lying[188 + 5 + 10] = 0xFF; lying[188 + 5 + 11] = 0xFF // program_info_length 0xFFF
    _ = ProgramMapTable.read(lying, layout: layout)        // no trap: every read is bounded by the packet
}

/// A descriptor that ends after the layer flags (B0 04 01 00 10 0D: profile 8, level 1, BL+RPU):
/// no compatibility byte, so the profile takes the compatibility the PQ base layer implies (8.1),
/// as without a record, instead of the 0 libavformat reports (8.0, refused).
@Test func descriptorWithoutCompatibilityInfersFromTheBaseLayer() throws {
    let record = try DOVIDecoderConfigurationRecord.parseTSDescriptorBody([0x01, 0x00, 0x10, 0x0D])
    #expect(record.profile == 8 && record.blPresent && !record.compatibilityPresent && record.compatibilityId == 0)
    let pq = DolbyVisionProfile.resolve(codec: "hevc", record: record, rpuProfile: 8, baseTransfer: 16)
    #expect(pq?.string == "8.1")
    #expect(DolbyVisionProfile.resolve(codec: "hevc", record: record, rpuProfile: 8, baseTransfer: 18)?.string == "8.4")
    var full = record
    full.compatibilityPresent = true
    #expect(DolbyVisionProfile.resolve(codec: "hevc", record: full, rpuProfile: 8, baseTransfer: 16)?.string == "8.0")
}

@Test func twoPIDPairingFoldsTheEnhancementLayerIntoTheBase() throws {
    var base = VideoEvidence(index: 0)
    base.scan.framesScanned = 2
    base.scan.frames = [DynamicMetadataFrame(decodeIndex: 0, pts: nil, poc: nil, irap: true),
                        DynamicMetadataFrame(decodeIndex: 1, pts: nil, poc: nil, irap: false)]
    var el = VideoEvidence(index: 1)
    el.doviRecord = try DOVIDecoderConfigurationRecord.parseTSDescriptorBody([0x01, 0x00, 0x0E, 0x36, 0x80, 0x8F, 0x6F])
    el.doviRecordBox = .mpegtsDescriptor
    el.scan.framesWithRPU = 2
    el.scan.rpuProfile = 7
    el.scan.rpuEnhancementLayer = "FEL"
    el.scan.frames = [DynamicMetadataFrame(decodeIndex: 0, pts: nil, poc: nil, irap: true),
                      DynamicMetadataFrame(decodeIndex: 1, pts: nil, poc: nil, irap: false)]
    el.scan.frames[1].rpu = DynamicMetadataFrame.RPU(valid: true, level1: nil, sceneRefresh: true)
    let candidates = [DolbyVisionLayerPairing.Candidate(index: 0, id: 0x1011, evidence: base),
                      DolbyVisionLayerPairing.Candidate(index: 1, id: 0x1015, evidence: el)]
    #expect(DolbyVisionLayerPairing.pairs(candidates) == [1: 0])
    // a dependency PID naming no stream of the file pairs nothing
    #expect(DolbyVisionLayerPairing.pairs([candidates[1]]).isEmpty)
    let merged = DolbyVisionLayerPairing.presentation(base: base, enhancement: el)
    #expect(merged.doviRecord?.blPresent == true && merged.doviRecord?.elPresent == true && merged.doviRecord?.dependencyPID == nil)
    #expect(merged.doviRecordBox == .mpegtsDescriptor)
    #expect(merged.scan.framesWithRPU == 2 && merged.scan.rpuProfile == 7 && merged.scan.rpuEnhancementLayer == "FEL")
    #expect(merged.scan.enhancementLayerNALs && merged.scan.frames[1].rpu?.sceneRefresh == true)
}
