import Testing
@testable import HDRProbeModel

/// The layout names against ffprobe 5.1: FFmpeg 5.1's AAC and AC-3 encoders were given each layout
/// (`-af aformat=channel_layouts=L -c:a aac|ac3`), the configuration read from the first frame
/// (ADTS channel_configuration; AC-3 acmod and lfeon), and ffprobe's `channel_layout` of the
/// result is the expected name.
struct AudioChannelLayoutTests {
    @Test func aacConfigurations() {
        let ffprobe: [Int: String] = [1: "mono", 2: "stereo", 3: "3.0", 4: "4.0", 5: "5.0", 6: "5.1", 7: "7.1"]
        for (configuration, name) in ffprobe { #expect(AudioChannelLayout.aac(channelConfiguration: configuration)?.rawValue == name) }
        #expect(AudioChannelLayout.aac(channelConfiguration: 0) == nil, "a program_config_element gives the channels")
    }

    @Test func dolbyModes() {
        let ffprobe: [(Int, Bool, String)] = [(1, false, "mono"), (2, false, "stereo"), (2, true, "2.1"), (3, false, "3.0"), (3, true, "3.1"),
                                              (4, false, "3.0(back)"), (5, false, "4.0"), (5, true, "4.1"), (6, false, "quad(side)"),
                                              (7, false, "5.0(side)"), (7, true, "5.1(side)")]
        for (acmod, lfe, name) in ffprobe { #expect(AudioChannelLayout.dolby(acmod: acmod, lfe: lfe)?.rawValue == name, "acmod \(acmod) lfe \(lfe)") }
        #expect(AudioChannelLayout.dolby(acmod: 0, lfe: false) == nil, "dual mono")
    }

    @Test func opusFamilies() {
        #expect(AudioChannelLayout.opus(mappingFamily: 0, channels: 2) == .stereo)
        #expect(AudioChannelLayout.opus(mappingFamily: 1, channels: 6) == .fiveOne)
        #expect(AudioChannelLayout.opus(mappingFamily: 255, channels: 2) == nil)
    }
}
