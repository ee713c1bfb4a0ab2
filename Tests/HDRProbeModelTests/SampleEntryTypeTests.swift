import HDRProbeModel
import Testing

/// The sample-entry rules in one place. Expected values: ISO/IEC 14496-15 (hvc1/hev1 §8.4.1,
/// avc1/avc3 §5.4.2: the `…1` entries keep parameter sets in the record, `hev1`/`avc3` allow them
/// in the samples), Dolby's "Dolby Vision Streams Within the ISO Base Media File Format" v2.x
/// (dvh1/dvhe, dva1/dvav, dav1 and their base entries), AV1-ISOBMFF (av01) and VP-ISOBMFF (vp09),
/// as docs/rules/hls-signalling.md §2–§7 cite them.
struct SampleEntryTypeTests {
    @Test func codecsAndDolbyVision() {
        let table: [(SampleEntryType, VideoCodec, Bool)] = [
            (.hvc1, .hevc, false), (.hev1, .hevc, false), (.dvh1, .hevc, true), (.dvhe, .hevc, true),
            (.avc1, .h264, false), (.avc3, .h264, false), (.dva1, .h264, true), (.dvav, .h264, true),
            (.av01, .av1, false), (.dav1, .av1, true), (.vp09, .vp9, false),
        ]
        #expect(table.count == SampleEntryType.allCases.count)
        for (entry, codec, dv) in table {
            #expect(entry.codec == codec && entry.isDolbyVision == dv, "\(entry)")
        }
    }

    @Test func inBandAndOutOfBand() {
        #expect(SampleEntryType.names(where: \.isInBand) == ["hev1", "dvhe", "avc3", "dvav"])
        #expect([SampleEntryType.hev1, .dvhe, .avc3, .dvav].map(\.outOfBand) == [.hvc1, .dvh1, .avc1, .dva1])
        #expect(SampleEntryType.names(where: \.needsParameterSetsInRecord) == ["hvc1", "dvh1", "avc1", "dva1"])
        #expect(VideoCodecString.outOfBandEntry("dvhe") == "dvh1" && VideoCodecString.outOfBandEntry("mp4a") == "mp4a")
    }

    @Test func baseAndDolbyVisionEntries() {
        #expect(VideoCodec.allCases.map { SampleEntryType.base(of: $0) } == [.hvc1, .avc1, .av01, .vp09])
        #expect(SampleEntryType.dvh1.baseEntries == ["hvc1", "hev1"] && SampleEntryType.dav1.baseEntries == ["av01"])
        #expect(SampleEntryType.dvav.baseEntries == ["avc1", "avc3"] && SampleEntryType.hvc1.baseEntries == nil)
        // Profile 10 is AV1, 0/1/9 are AVC, the others HEVC (Dolby Vision profiles and levels, table 2).
        #expect([5, 7, 8, 10, 9, 0, 1].map { SampleEntryType.dolbyVision(profile: $0) } == [.dvh1, .dvh1, .dvh1, .dav1, .dva1, .dva1, .dva1])
        #expect(DolbyVisionCodecString.sampleEntries == ["dvh1", "dvhe", "dav1", "dva1", "dvav"])
    }

    @Test func familyNames() {
        #expect(SampleEntryType.allCases.map(\.familyName) == [
            "HEVC", "HEVC", "Dolby Vision (HEVC)", "Dolby Vision (HEVC)",
            "H.264", "H.264", "Dolby Vision (H.264)", "Dolby Vision (H.264)",
            "AV1", "Dolby Vision (AV1)", "VP9",
        ])
    }
}
