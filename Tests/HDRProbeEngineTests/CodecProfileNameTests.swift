#if FFmpeg
import CFFmpeg
import Testing
@testable import HDRProbeEngine
import HDRProbeContainers
import HDRProbeFFmpeg

/// ``CodecProfileName`` names profiles without FFmpeg loaded; its table must say what libavcodec
/// says. The independent reader here is the loaded libavcodec's own `avcodec_profile_name`, for
/// every entry of the table (an older libavcodec may not know a newer profile: HEVC 6 and 9 and
/// AAC 41 are unnamed in FFmpeg 5.1, named in 7.1) and for the numbers around them.
@Suite struct CodecProfileNameTests {
    static let newerThanFFmpeg51: Set<[UInt32]> = [[AV_CODEC_ID_HEVC.rawValue, 6], [AV_CODEC_ID_HEVC.rawValue, 9],
                                                    [AV_CODEC_ID_AAC.rawValue, 41]]
    /// libavcodec's ids of the codecs the table lists (the readers name codecs by libavcodec's names).
    static let ids: [StreamCodec: AVCodecID] = [.hevc: AV_CODEC_ID_HEVC, .h264: AV_CODEC_ID_H264, .av1: AV_CODEC_ID_AV1,
                                                .vp9: AV_CODEC_ID_VP9, .aac: AV_CODEC_ID_AAC]

    @Test func streamCodecNamesAreLibavcodecs() throws {
        #expect(FFmpegLibrary.loadFailure == nil)
        let all: [(StreamCodec, AVCodecID)] = [(.hevc, AV_CODEC_ID_HEVC), (.h264, AV_CODEC_ID_H264), (.av1, AV_CODEC_ID_AV1),
            (.vp9, AV_CODEC_ID_VP9), (.aac, AV_CODEC_ID_AAC), (.ac3, AV_CODEC_ID_AC3), (.eac3, AV_CODEC_ID_EAC3),
            (.opus, AV_CODEC_ID_OPUS), (.flac, AV_CODEC_ID_FLAC), (.subrip, AV_CODEC_ID_SUBRIP), (.ass, AV_CODEC_ID_ASS),
            (.mjpeg, AV_CODEC_ID_MJPEG), (.png, AV_CODEC_ID_PNG), (.ttf, AV_CODEC_ID_TTF), (.otf, AV_CODEC_ID_OTF),
            (.dvvideo, AV_CODEC_ID_DVVIDEO)]
        for (codec, id) in all {
            #expect(String(cString: hdrprobe_avcodec_get_name(id)) == codec.rawValue)
        }
    }

    @Test func everyEntryIsLibavcodecsName() throws {
        #expect(FFmpegLibrary.loadFailure == nil)
        for (codec, names) in CodecProfileName.table {
            let id = try #require(Self.ids[codec])
            let raw = id.rawValue
            for (profile, name) in names {
                let theirs = hdrprobe_avcodec_profile_name(id, profile).map { String(cString: $0) }
                #expect(theirs == name || (theirs == nil && Self.newerThanFFmpeg51.contains([raw, UInt32(profile)])), "codec \(raw) profile \(profile): table \(name), libavcodec \(theirs ?? "nil")")
            }
        }
    }

    @Test func numbersLibavcodecDoesNotNameHaveNoName() {
        #expect(FFmpegLibrary.loadFailure == nil)
        for (codec, names) in CodecProfileName.table {
            guard let id = Self.ids[codec] else { Issue.record("no id for \(codec)"); continue }
            let raw = id.rawValue
            for profile in Int32(0)...Int32(300) where names[profile] == nil {
                #expect(hdrprobe_avcodec_profile_name(id, profile) == nil, "codec \(raw) profile \(profile) is named by libavcodec")
                #expect(CodecProfileName.name(codec: codec, profile: profile) == nil)
            }
        }
        #expect(CodecProfileName.name(codec: .hevc, profile: -99) == nil)
    }
}
#endif
