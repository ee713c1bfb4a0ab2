import Testing
@testable import HDRProbeParse

/// The audio frame headers MPEG-TS audio facts come from (`ADTSHeader`, `DolbyAudioSyncFrame`,
/// `MPEGAudioFrameHeader`). The bytes are the first bytes of streams FFmpeg 5.1 wrote (`ffmpeg -f
/// lavfi -i sine=… -af aformat=channel_layouts=… -c:a aac|ac3|eac3|mp2|libmp3lame -f
/// adts|ac3|eac3|mp2|mp3`); the expected channels and rates are what ffprobe 5.1 reports for those
/// streams.
struct AudioFrameHeaderTests {
    @Test(arguments: [
        // bytes, object type, frequency index, channel configuration (ffprobe: rate, channels)
        ([0xFF, 0xF1, 0x4C, 0x80, 0x24, 0xFF, 0xFC], 2, 3, 2),   // 48000, 2
        ([0xFF, 0xF1, 0x51, 0x80, 0x32, 0x7F, 0xFC], 2, 4, 6),   // 44100, 6 (5.1)
        ([0xFF, 0xF1, 0x60, 0x40, 0x41, 0x3F, 0xFC], 2, 8, 1),   // 16000, 1
    ] as [([UInt8], Int, Int, Int)])
    func adts(bytes: [UInt8], objectType: Int, index: Int, channels: Int) throws {
        let header = try ADTSHeader.parse(bytes[...])
        #expect(header == ADTSHeader(audioObjectType: objectType, samplingFrequencyIndex: index, channelConfiguration: channels))
        // Found after a few bytes of a cut frame too.
        #expect(ADTSHeader.first(in: [0x12, 0x34, 0x56] + bytes) == header)
    }

    @Test func adtsRefusesWhatIsNotOne() {
        #expect(throws: BitstreamError.invalid(.audioSyncword(expected: 0xFFF))) { try ADTSHeader.parse([0xFF, 0xE1, 0x4C, 0x80, 0x24, 0xFF, 0xFC][...]) }
        #expect(throws: BitstreamError.invalid(.audioReservedField("ADTS layer", 1))) { try ADTSHeader.parse([0xFF, 0xF3, 0x4C, 0x80, 0x24, 0xFF, 0xFC][...]) }
        #expect(throws: BitstreamError.invalid(.audioReservedField("ADTS sampling_frequency_index", 13))) { try ADTSHeader.parse([0xFF, 0xF1, 0x74, 0x80, 0x24, 0xFF, 0xFC][...]) }
        #expect(throws: BitstreamError.tooShort(needed: 7, got: 3)) { try ADTSHeader.parse([0xFF, 0xF1, 0x4C][...]) }
        #expect(ADTSHeader.first(in: [0x00, 0x01, 0x02]) == nil)
    }

    static let ac3Surround: [UInt8] = [0x0B, 0x77, 0xB5, 0x0B, 0x1E, 0x40, 0xEB, 0xF8, 0x40, 0x3E, 0xFF, 0x99]   // 48000, 6
    static let ac3Mono: [UInt8] = [0x0B, 0x77, 0x1E, 0xF8, 0x4C, 0x40, 0x2F, 0x84, 0x2B, 0xE1, 0x87, 0x7B]      // 44100, 1
    static let eac3Surround: [UInt8] = [0x0B, 0x77, 0x03, 0x7F, 0x3F, 0x87, 0xC0, 0x00, 0x20, 0xF8, 0x20, 0x00] // 48000, 6; 1792-byte frames
    static let eac3Stereo32k: [UInt8] = [0x0B, 0x77, 0x02, 0x3F, 0xB4, 0x87, 0xC0, 0x00, 0x00, 0x80, 0x20, 0x07] // 32000, 2

    @Test func dolbySyncFrames() throws {
        let ac3 = try DolbyAudioSyncFrame.parse(Self.ac3Surround[...])
        #expect(!ac3.enhanced && ac3.sampleRate == 48000 && ac3.channels == 6)
        let mono = try DolbyAudioSyncFrame.parse(Self.ac3Mono[...])
        #expect(!mono.enhanced && mono.sampleRate == 44100 && mono.channels == 1)
        let eac3 = try DolbyAudioSyncFrame.parse(Self.eac3Surround[...])
        #expect(eac3.enhanced && eac3.streamType == 0 && eac3.sampleRate == 48000 && eac3.channels == 6 && eac3.frameBytes == 1792)
        let stereo = try DolbyAudioSyncFrame.parse(Self.eac3Stereo32k[...])
        #expect(stereo.enhanced && stereo.sampleRate == 32000 && stereo.channels == 2)
        #expect(throws: BitstreamError.invalid(.audioSyncword(expected: 0x0B77))) { try DolbyAudioSyncFrame.parse([0x0B, 0x78] + Self.ac3Mono.dropFirst(2)) }
    }

    /// A packet of one E-AC-3 access unit: the channels are the independent frame's when it ends the
    /// packet or an independent frame follows, unknown when a dependent substream (`strmtyp` 1: the
    /// extra channels of 7.1) follows or the bytes after it are not a frame.
    @Test func eac3ChannelsOfTheFirstProgram() throws {
        let frame = Self.eac3Surround + [UInt8](repeating: 0, count: 1792 - Self.eac3Surround.count)
        #expect(DolbyAudioSyncFrame.first(in: frame)?.channels == 6)
        #expect(DolbyAudioSyncFrame.first(in: frame + frame)?.channels == 6)
        var dependent = frame
        dependent[2] = (dependent[2] & 0x3F) | 0x40   // strmtyp 1
        #expect(DolbyAudioSyncFrame.first(in: frame + dependent)?.channels == nil)
        #expect(DolbyAudioSyncFrame.first(in: frame + [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])?.channels == nil)
        #expect(DolbyAudioSyncFrame.first(in: frame + dependent)?.frame.sampleRate == 48000)
        #expect(DolbyAudioSyncFrame.first(in: Self.ac3Surround)?.channels == 6)
    }

    @Test func mpegAudio() throws {
        // MP2 (Layer II, MPEG-1, single channel) at 48 kHz: ffprobe 48000, 1 (mono).
        let mp2 = try MPEGAudioFrameHeader.parse([0xFF, 0xFD, 0xE4, 0xC4][...])
        #expect(mp2 == MPEGAudioFrameHeader(version: 3, layer: 2, sampleRate: 48000, channels: 1))
        // MP3 (Layer III, MPEG-2, joint stereo) at 22.05 kHz: ffprobe 22050, 2 (stereo).
        let mp3 = try MPEGAudioFrameHeader.parse([0xFF, 0xF3, 0x80, 0x64][...])
        #expect(mp3 == MPEGAudioFrameHeader(version: 2, layer: 3, sampleRate: 22050, channels: 2))
        #expect(MPEGAudioFrameHeader.first(in: [0x00, 0xFF, 0xF3, 0x80, 0x64]) == mp3)
        #expect(throws: BitstreamError.invalid(.audioReservedField("MPEG audio version", 1))) { try MPEGAudioFrameHeader.parse([0xFF, 0xEB, 0x80, 0x64][...]) }
        #expect(throws: BitstreamError.invalid(.audioReservedField("MPEG audio bitrate_index", 15))) { try MPEGAudioFrameHeader.parse([0xFF, 0xF3, 0xF0, 0x64][...]) }
    }
}
