import CFFmpeg
import Testing
@testable import HDRProbeEngine

/// ``CodecProfileName`` names profiles without FFmpeg loaded; its table must say what libavcodec
/// says. The independent reader here is the loaded libavcodec's own `avcodec_profile_name`, for
/// every entry of the table (an older libavcodec may not know a newer profile: HEVC 6 and 9 and
/// AAC 41 are unnamed in FFmpeg 5.1, named in 7.1) and for the numbers around them.
@Suite struct CodecProfileNameTests {
    static let newerThanFFmpeg51: Set<[UInt32]> = [[AV_CODEC_ID_HEVC.rawValue, 6], [AV_CODEC_ID_HEVC.rawValue, 9],
                                                    [AV_CODEC_ID_AAC.rawValue, 41]]

    @Test func everyEntryIsLibavcodecsName() throws {
        #expect(FFmpegLibrary.loadFailure == nil)
        for (raw, names) in CodecProfileName.table {
            let id = AVCodecID(rawValue: raw)
            for (profile, name) in names {
                let theirs = hdrprobe_avcodec_profile_name(id, profile).map { String(cString: $0) }
                #expect(theirs == name || (theirs == nil && Self.newerThanFFmpeg51.contains([raw, UInt32(profile)])), "codec \(raw) profile \(profile): table \(name), libavcodec \(theirs ?? "nil")")
            }
        }
    }

    @Test func numbersLibavcodecDoesNotNameHaveNoName() {
        #expect(FFmpegLibrary.loadFailure == nil)
        for (raw, names) in CodecProfileName.table {
            let id = AVCodecID(rawValue: raw)
            for profile in Int32(0)...Int32(300) where names[profile] == nil {
                #expect(hdrprobe_avcodec_profile_name(id, profile) == nil, "codec \(raw) profile \(profile) is named by libavcodec")
                #expect(CodecProfileName.name(codecID: id, profile: profile) == nil)
            }
        }
        #expect(CodecProfileName.name(codecID: AV_CODEC_ID_HEVC, profile: -99) == nil)
    }
}
