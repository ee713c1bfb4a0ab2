import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// The audio configuration boxes. The `dac3` and `dec3` payloads are the bytes of shaka-player's
/// test assets (`dash-audio-ac3/audio_und_2c_192k_ac3_init.mp4`, `dash-multi-codec-ec3/
/// ChID_voices_6ch_256kbps_ddp.mp4`), for which ffprobe 5.1 reads 2 channels at 44.1 kHz and
/// 6 channels (5.1(side)) at 48 kHz; the JOC `dec3` is built bit by bit from ETSI TS 102 366 F.6.
@Suite struct AudioConfigurationBoxTests {
    @Test func ac3OfShakaPlayersAsset() throws {
        let box = try AC3SpecificBox.parse([0x50, 0x11, 0x40])
        #expect(box.fscod == 1 && box.acmod == 2 && !box.lfeon && box.channels == 2 && box.sampleRate == 44100)
    }

    @Test func eac3OfShakaPlayersAsset() throws {
        let box = try EC3SpecificBox.parse([0x08, 0x00, 0x20, 0x0F, 0x00])
        #expect(box.substreams.count == 1 && box.substreams[0].acmod == 7 && box.substreams[0].lfeon)
        #expect(box.channels == 6 && box.sampleRate == 48000 && box.jointObjectCoding == nil)
    }

    /// 5.1 with a dependent substream adding Lrs/Rrs (chan_loc bit 7 of 9, 7.1) and the Atmos
    /// extension: flag_ec3_extension_type_a 1, complexity_index_type_a 16.
    @Test func eac3WithDependentSubstreamAndJOC() throws {
        var w = TestBitWriter()
        w.u(768, 13); w.u(0, 3)                    // data_rate, num_ind_sub
        w.u(0, 2); w.u(16, 5); w.u(0, 1); w.u(0, 1) // fscod, bsid, reserved, asvc
        w.u(0, 3); w.u(7, 3); w.u(1, 1)  // bsmod, acmod 3/2, lfeon
        w.u(0, 3); w.u(1, 4); w.u(0b0_1000_0000, 9) // reserved, num_dep_sub, chan_loc Lrs/Rrs
        w.u(0, 7); w.u(1, 1); w.u(16, 8) // JOC
        let box = try EC3SpecificBox.parse(w.bytes)
        #expect(box.dataRate == 768 && box.channels == 8 && box.jointObjectCoding == true && box.complexityIndex == 16)
    }

    @Test func opusDecodesAt48kHz() throws {
        // Version 0, 2 channels, pre-skip 312, input 44.1 kHz, gain 0, family 0.
        let box = try OpusSpecificBox.parse([0, 2, 0x01, 0x38, 0x00, 0x00, 0xAC, 0x44, 0, 0, 0])
        #expect(box.outputChannelCount == 2 && box.preSkip == 312 && box.inputSampleRate == 44100)
        #expect(OpusSpecificBox.decodingSampleRate == 48000)
    }

    @Test func shortBoxesAreRejected() {
        #expect(throws: (any Error).self) { try AC3SpecificBox.parse([0x50, 0x11]) }
        #expect(throws: (any Error).self) { try EC3SpecificBox.parse([0x08, 0x00, 0x20]) }
        #expect(throws: (any Error).self) { try OpusSpecificBox.parse([0, 2, 0]) }
    }

    /// `mdhd` version 0: 4 bytes version/flags, 8 of times, timescale, duration, then the packed
    /// language: "eng" is 0x15C7 ((5 << 10) | (14 << 5) | 7); 0 is QuickTime's Macintosh English.
    @Test func mediaHeaderLanguage() {
        func mdhd(_ packed: UInt16) -> [UInt8] {
            [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + [0, 0, 0x03, 0xE8, 0, 0, 0, 0x10] + [UInt8(packed >> 8), UInt8(packed & 0xFF), 0, 0]
        }
        #expect(MediaHeaderBox.language(mdhd(0x15C7), fullBox: 0..<24) == "eng")
        #expect(MediaHeaderBox.language(mdhd(0x55C4), fullBox: 0..<24) == "und")
        #expect(MediaHeaderBox.language(mdhd(0), fullBox: 0..<24) == "eng")
        #expect(MediaHeaderBox.language(mdhd(2), fullBox: 0..<24) == nil)
        #expect(MediaHeaderBox.language(Array(mdhd(0x15C7).prefix(20)), fullBox: 0..<20) == nil)
    }
}
