import Testing
@testable import HDRProbeModel
import HDRProbeTestSupport

// Audio tokens of the CODECS attribute: `docs/rules/hls-signalling.md` §1 (APPX examples) and §8.

@Test("§8 AudioSpecificConfig: first bits give the object type, escape 31 → 32 + 6 bits")
func audioSpecificConfigReader() throws {
    // AAC-LC 44.1 kHz stereo: 00010 0100 0010 …
    let lc = try AudioSpecificConfig.parse(hex("12 10"))
    #expect(lc.audioObjectType == 2 && lc.samplingFrequency == 44100 && lc.channelConfiguration == 2 && !lc.explicitSBR)
    // HE-AAC, explicit hierarchical: 00101 (SBR) 0110 (24 kHz) 0010, ext 0011 (48 kHz), core 00010.
    let he = try AudioSpecificConfig.parse(hex("2b 11 88 00"))
    #expect(he.audioObjectType == 5 && he.samplingFrequency == 24000 && he.extensionSamplingFrequency == 48000)
    #expect(he.coreAudioObjectType == 2 && he.explicitSBR)
    // HE-AACv2: 11101 (PS) 0110 0001, ext 0011, core 00010.
    let v2 = try AudioSpecificConfig.parse(hex("eb 09 88 00"))
    #expect(v2.audioObjectType == 29 && v2.channelConfiguration == 1 && v2.coreAudioObjectType == 2)
    // xHE-AAC (USAC, 42): 11111 001010 0011 0010.
    let usac = try AudioSpecificConfig.parse(hex("f9 46 40"))
    #expect(usac.audioObjectType == 42 && usac.samplingFrequency == 48000 && usac.channelConfiguration == 2)
    // MPEG-1 Layer III in MPEG-4 audio (34): 11111 000010 0011 0010.
    #expect(try AudioSpecificConfig.parse(hex("f8 46 40")).audioObjectType == 34)
    // Explicit 24-bit frequency (index 15).
    let explicit = try AudioSpecificConfig.parse(hex("17 80 3e 80 10"))
    #expect(explicit.audioObjectType == 2 && explicit.samplingFrequencyIndex == 15 && explicit.samplingFrequency == 32000)
    #expect(throws: (any Error).self) { try AudioSpecificConfig.parse([]) }
    #expect(throws: (any Error).self) { try AudioSpecificConfig.parse(hex("12")) }
    #expect(throws: (any Error).self) { try AudioSpecificConfig.parse(hex("2b 11")) }   // SBR without its core type
}

private func token(_ input: AudioCodecInput) -> String? {
    try? AudioCodecString.resolve(input).get().token
}

@Test("§1/§8 AAC tokens: mp4a.40.2 / .5 / .29 / .42 from the AudioSpecificConfig")
func aacTokensFromASC() {
    #expect(token(.init(codecName: "aac", audioSpecificConfig: hex("12 10"))) == "mp4a.40.2")
    #expect(token(.init(codecName: "aac", audioSpecificConfig: hex("2b 11 88 00"))) == "mp4a.40.5")
    #expect(token(.init(codecName: "aac", audioSpecificConfig: hex("eb 09 88 00"))) == "mp4a.40.29")
    let usac = try? AudioCodecString.resolve(.init(codecName: "aac", audioSpecificConfig: hex("f9 46 40"))).get()
    #expect(usac?.token == "mp4a.40.42" && usac?.fragmentedMP4Only == true)
}

@Test("§8 ADTS/TS: the object type is FFmpeg profile + 1 (LC 1, HE 4, HE_V2 28; MPEG-2 AAC 128/131)")
func aacTokensFromFFmpegProfile() {
    #expect(token(.init(codecName: "aac", ffmpegProfile: 1)) == "mp4a.40.2")
    #expect(token(.init(codecName: "aac", ffmpegProfile: 4)) == "mp4a.40.5")
    #expect(token(.init(codecName: "aac", ffmpegProfile: 28)) == "mp4a.40.29")
    #expect(token(.init(codecName: "aac", ffmpegProfile: 41)) == "mp4a.40.42")
    #expect(token(.init(codecName: "aac", ffmpegProfile: 128)) == "mp4a.40.2")
    #expect(token(.init(codecName: "aac", ffmpegProfile: 131)) == "mp4a.40.5")
    #expect(token(.init(codecName: "aac", audioObjectType: 5)) == "mp4a.40.5")
    // The ASC wins over a disagreeing profile.
    #expect(token(.init(codecName: "aac", audioSpecificConfig: hex("12 10"), ffmpegProfile: 4)) == "mp4a.40.2")
    // Main (profile 0 → AOT 1) and LD are MPEG-4 audio but not in Apple's lists.
    let main = AudioCodecString.resolve(.init(codecName: "aac", ffmpegProfile: 0))
    #expect((try? main.get()) == nil)
    if case let .failure(rejection) = main { #expect(rejection.isoToken == "mp4a.40.1") }
    // Nothing known about the object type: no made-up default.
    #expect(token(.init(codecName: "aac")) == nil)
}

@Test("§1/§8 Dolby and lossless tokens: ac-3, ec-3 (JOC too, never ec+3), fLaC, alac")
func otherPlayableTokens() throws {
    #expect(token(.init(codecName: "ac3")) == "ac-3")
    let ddp = try AudioCodecString.resolve(.init(codecName: "eac3")).get()
    #expect(ddp.token == "ec-3" && ddp.channelsAttribute == nil)
    let atmos = try AudioCodecString.resolve(.init(codecName: "eac3", ffmpegProfile: 30)).get()
    #expect(atmos.token == "ec-3" && atmos.channelsAttribute == "16/JOC")
    #expect(try AudioCodecString.resolve(.init(codecName: "eac3", jointObjectCoding: true)).get().channelsAttribute == "16/JOC")
    let flac = try AudioCodecString.resolve(.init(codecName: "flac")).get()
    #expect(flac.token == "fLaC" && flac.fragmentedMP4Only)
    let alac = try AudioCodecString.resolve(.init(codecName: "alac")).get()
    #expect(alac.token == "alac" && alac.fragmentedMP4Only)
}

@Test("§8 not carried by HLS: MP3 (mp4a.40.34 / mp4a.6B), Opus, TrueHD, DTS, Vorbis, PCM, MP2, AAC-LATM")
func rejectedAudio() {
    func rejection(_ input: AudioCodecInput) -> AudioCodecRejection? {
        if case let .failure(r) = AudioCodecString.resolve(input) { return r }
        return nil
    }
    #expect(rejection(.init(codecName: "mp3"))?.isoToken == "mp4a.40.34")            // APPX example
    #expect(rejection(.init(codecName: "mp3", objectTypeIndication: 0x6B))?.isoToken == "mp4a.6B")
    #expect(rejection(.init(codecName: "mp3", objectTypeIndication: 0x69))?.isoToken == "mp4a.69")
    #expect(rejection(.init(codecName: "opus"))?.isoToken == "Opus")
    for name in ["truehd", "dts", "vorbis", "pcm_s16le", "pcm_s24le", "mp2", "aac_latm", "wmav2"] {
        let r = rejection(.init(codecName: name))
        #expect(r != nil && r?.isoToken == nil && r?.reason.isEmpty == false, "\(name)")
    }
}

@Test("§8 the first playable stream wins, default disposition first, then stream order")
func firstPlayableAudio() {
    let streams = [AudioCodecInput(codecName: "truehd", isDefault: true), AudioCodecInput(codecName: "ac3"),
                   AudioCodecInput(codecName: "eac3", isDefault: true), AudioCodecInput(codecName: "aac", ffmpegProfile: 1)]
    #expect(AudioCodecString.firstPlayable(streams)?.token == "ec-3")
    #expect(AudioCodecString.firstPlayable(Array(streams.prefix(2)))?.token == "ac-3")
    #expect(AudioCodecString.firstPlayable([.init(codecName: "opus"), .init(codecName: "dts")]) == nil)
}
