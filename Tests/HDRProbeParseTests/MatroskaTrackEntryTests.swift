import HDRProbeParse
import Testing
import HDRProbeTestSupport

/// Matroska `Tracks` → `TrackEntry` → `BlockAdditionMapping` / `Video` → `Colour` on hand-built
/// EBML bytes (element IDs and layout: Matroska specification RFC 9559, the table in
/// docs/report-contract.md; the Dolby Vision record's bits: its §5.1 layout, written out below).
@Suite struct MatroskaTrackEntryTests {
    /// An element with a 1-byte data size (1xxxxxxx, under 127 bytes) or a 2-byte one (01xxxxxx xxxxxxxx).
    static func el(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        let n = payload.count
        precondition(n < 16_383)
        let size: [UInt8] = n < 127 ? [0x80 | UInt8(n)] : [0x40 | UInt8(n >> 8), UInt8(n & 0xFF)]
        return id + size + payload
    }
    static func f32(_ v: Float) -> [UInt8] { withUnsafeBytes(of: v.bitPattern.bigEndian, Array.init) }
    static func f64(_ v: Double) -> [UInt8] { withUnsafeBytes(of: v.bitPattern.bigEndian, Array.init) }

    /// dv_version 1.0, then profile 8 (7 bits) level 1 (6) rpu 1 el 0 bl 1 = 0001000 000001 1 0 1
    /// = 0x10 0x0D, then compatibility 1 (4 bits) md_compression 0 (2) reserved = 0x10, 19 zero bytes.
    static let dvvCRecord: [UInt8] = [0x01, 0x00, 0x10, 0x0D, 0x10] + [UInt8](repeating: 0, count: 19)

    static func videoTrack(mappings: [[UInt8]]) -> [UInt8] {
        let mastering = el([0x55, 0xD0],
                           el([0x55, 0xD1], f32(0.68)) + el([0x55, 0xD2], f32(0.32)) + el([0x55, 0xD3], f32(0.265))
                           + el([0x55, 0xD4], f32(0.69)) + el([0x55, 0xD5], f32(0.15)) + el([0x55, 0xD6], f32(0.06))
                           + el([0x55, 0xD7], f32(0.3127)) + el([0x55, 0xD8], f32(0.329))
                           + el([0x55, 0xD9], f64(1000)) + el([0x55, 0xDA], f64(0.0001)))
        let colour = el([0x55, 0xB0], el([0x55, 0xB1], [9]) + el([0x55, 0xB9], [1]) + el([0x55, 0xBA], [16])
                        + el([0x55, 0xBB], [9]) + el([0x55, 0xBC], [0x03, 0xE8]) + el([0x55, 0xBD], [0x01, 0x90]) + mastering)
        let video = el([0xE0], el([0xB0], [0x80]) + el([0xBA], [0x48]) + colour)
        return el([0xAE], el([0xD7], [1]) + el([0x83], [1]) + el([0x86], Array("V_MPEGH/ISO/HEVC".utf8))
                  + video + mappings.joined())
    }

    static let dvMapping = el([0x41, 0xE4], el([0x41, 0xA4], Array("Dolby Vision configuration".utf8))
                              + el([0x41, 0xE7], [0x64, 0x76, 0x76, 0x43]) + el([0x41, 0xED], dvvCRecord))
    /// BlockAddIDType 4: ITU-T T.35 (HDR10+), no extra data.
    static let t35Mapping = el([0x41, 0xE4], el([0x41, 0xF0], [4]) + el([0x41, 0xE7], [4]))

    @Test func readsTheDolbyVisionMappingAndColour() throws {
        let audio = Self.el([0xAE], Self.el([0xD7], [2]) + Self.el([0x83], [2]) + Self.el([0x86], Array("A_OPUS".utf8)))
        let tracks = MatroskaTrackEntry.parseTracks(Self.videoTrack(mappings: [Self.t35Mapping, Self.dvMapping]) + audio)
        #expect(tracks.map(\.number) == [1, 2] && tracks.map(\.type) == [1, 2])
        #expect(tracks[0].codecID == "V_MPEGH/ISO/HEVC" && tracks[1].codecID == "A_OPUS")
        #expect(tracks[0].blockAdditionMappings.count == 2)
        #expect(tracks[0].blockAdditionMappings[0].typeFourCC == nil && !tracks[0].blockAdditionMappings[0].isDolbyVisionConfiguration)
        let dv = try #require(tracks[0].dolbyVisionMapping)
        #expect(dv.typeFourCC == "dvvC" && dv.name == "Dolby Vision configuration")
        let record = try DOVIDecoderConfigurationRecord.parse(try #require(dv.extraData))
        #expect(record.profile == 8 && record.level == 1 && record.compatibilityId == 1)
        #expect(record.rpuPresent && !record.elPresent && record.blPresent)

        let colour = try #require(tracks[0].colour)
        #expect(colour.matrixCoefficients == 9 && colour.range == 1 && colour.transferCharacteristics == 16 && colour.primaries == 9)
        #expect(colour.contentLightLevel == ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .container))
        // Float32 chromaticities come back on the ST 2086 grid (steps of 0.00002).
        #expect(colour.masteringDisplay == MasteringDisplay(redX: 0.68, redY: 0.32, greenX: 0.265, greenY: 0.69,
                                                            blueX: 0.15, blueY: 0.06, whiteX: 0.3127, whiteY: 0.329,
                                                            minLuminance: 0.0001, maxLuminance: 1000, source: .container))
        #expect(tracks[1].colour == nil && tracks[1].dolbyVisionMapping == nil)
    }

    @Test func incompleteMasteringMetadataIsNoMasteringDisplay() {
        // Only MaxCLL and two chromaticities: no mastering display, MaxFALL reads 0 (unknown).
        let colour = Self.el([0x55, 0xB0], Self.el([0x55, 0xBC], [0x03, 0xE8])
                             + Self.el([0x55, 0xD0], Self.el([0x55, 0xD1], Self.f32(0.68)) + Self.el([0x55, 0xD2], Self.f32(0.32))))
        let track = Self.el([0xAE], Self.el([0xD7], [1]) + Self.el([0xE0], colour))
        let parsed = MatroskaTrackEntry.parseTracks(track)
        #expect(parsed.first?.colour?.masteringDisplay == nil)
        #expect(parsed.first?.colour?.contentLightLevel == ContentLightLevel(maxCLL: 1000, maxFALL: 0, source: .container))
    }

    @Test func sizesThatLieAreCutAtTheParent() {
        // A BlockAdditionMapping claiming 0x7E bytes inside a TrackEntry that has 8: cut, no crash,
        // no record; then garbage that is no element at all.
        var track = Self.el([0xAE], Self.el([0xD7], [1]) + [0x41, 0xE4, 0xFE, 0x41, 0xE7, 0x84, 0x64])
        track += [0x00, 0x00, 0x00]
        let parsed = MatroskaTrackEntry.parseTracks(track)
        #expect(parsed.count == 1 && parsed[0].number == 1)
        #expect(parsed[0].dolbyVisionMapping == nil)
        #expect(MatroskaTrackEntry.parseTracks([]).isEmpty)
        #expect(MatroskaTrackEntry.parseTracks(garbage(count: 4096, seed: 7)).count <= 4096)
    }
}
