/// The audio token of the HLS CODECS attribute (`docs/rules/hls-signalling.md` §8; RFC 6381
/// `mp4a.OO.A`: OO the object type indication in hex, `40` = MPEG-4 Audio, A the audio object type
/// in decimal).
///
/// | FFmpeg codec | token | Apple HLS |
/// |---|---|---|
/// | `aac` LC / HE-AAC / HE-AACv2 | `mp4a.40.2` / `mp4a.40.5` / `mp4a.40.29` | yes |
/// | `aac` xHE-AAC (USAC) | `mp4a.40.42` | yes, fMP4 only |
/// | `ac3` | `ac-3` | yes |
/// | `eac3` (also JOC / Atmos) | `ec-3`, never `ec+3`; Atmos adds `CHANNELS="16/JOC"` on the rendition | yes |
/// | `flac`, `alac` | `fLaC`, `alac` | yes, fMP4 only |
/// | `mp3` | `mp4a.40.34` (APPX example; `mp4a.6B` / `mp4a.69` when the esds says so) | not in rules 2.2/2.5 → rejected |
/// | `opus` | `Opus` | not listed → rejected |
/// | `truehd`, `dts`, `vorbis`, `pcm_*`, `mp2`, `aac_latm`, other AAC object types | – | rejected |
///
/// Encodes to JSON as the token.
package struct AudioCodecString: Sendable, Hashable, Codable, CustomStringConvertible {
    package var token: String
    /// Apple rule 2.25: FLAC, ALAC and xHE-AAC must be in fragmented MP4.
    package var fragmentedMP4Only: Bool
    /// The audio rendition's CHANNELS value this token needs (`16/JOC` for E-AC-3 with Atmos).
    package var channelsAttribute: String?

    package init(token: String, fragmentedMP4Only: Bool = false, channelsAttribute: String? = nil) {
        self.token = token
        self.fragmentedMP4Only = fragmentedMP4Only
        self.channelsAttribute = channelsAttribute
    }

    package var string: String { token }
    package var description: String { token }

    /// The HLS token for a stream, or why it has none.
    package static func resolve(_ input: AudioCodecInput) -> Result<AudioCodecString, AudioCodecRejection> {
        let name = input.codecName.lowercased()
        func reject(_ token: String?, _ reason: String) -> Result<AudioCodecString, AudioCodecRejection> {
            .failure(AudioCodecRejection(codecName: input.codecName, isoToken: token, reason: reason))
        }
        switch name {
        case "aac":
            guard let aot = input.resolvedAudioObjectType else {
                return reject(nil, "The AAC audio object type is unknown (no AudioSpecificConfig, object type or profile), so the mp4a token cannot be written.")
            }
            let token = "mp4a.40.\(aot)"
            switch aot {
            case 2, 5, 29: return .success(AudioCodecString(token: token))
            case 42: return .success(AudioCodecString(token: token, fragmentedMP4Only: true))
            default:
                return reject(token, "AAC object type \(aot) is not one of Apple's HLS audio formats (AAC-LC, HE-AAC, HE-AACv2, xHE-AAC).")
            }
        case "ac3":
            return .success(AudioCodecString(token: "ac-3"))
        case "eac3":
            let joc = input.jointObjectCoding || input.ffmpegProfile == AudioCodecInput.eac3AtmosProfile
            return .success(AudioCodecString(token: "ec-3", channelsAttribute: joc ? "16/JOC" : nil))
        case "flac":
            return .success(AudioCodecString(token: "fLaC", fragmentedMP4Only: true))
        case "alac":
            return .success(AudioCodecString(token: "alac", fragmentedMP4Only: true))
        case "mp3", "mp3float":
            let token: String
            switch input.objectTypeIndication {
            case 0x6B?: token = "mp4a.6B"
            case 0x69?: token = "mp4a.69"
            default: token = "mp4a.40.34"
            }
            return reject(token, "MP3 is not in Apple's HLS audio codec lists (rules 2.2/2.5); AVPlayer treats any mp4a as AAC and fails.")
        case "opus":
            return reject("Opus", "Opus is not in Apple's HLS audio codec lists; it has to be transcoded (e.g. to AAC or E-AC-3).")
        case "aac_latm":
            return reject(nil, "AAC in LATM/LOAS framing is not an HLS audio format; it has to be remuxed as plain AAC or transcoded.")
        default:
            let what: String
            switch name {
            case "truehd", "mlp": what = "Dolby TrueHD"
            case "dts", "dca": what = "DTS"
            case "vorbis": what = "Vorbis"
            case "mp2", "mp2float": what = "MPEG-1/2 Layer II"
            case _ where name.hasPrefix("pcm_"): what = "PCM"
            default: what = "'\(input.codecName)'"
            }
            return reject(nil, "\(what) audio is not in Apple's HLS audio codec lists; it has to be transcoded (e.g. to E-AC-3 or FLAC).")
        }
    }

    /// The token of the first playable stream, default-disposition streams first, then stream
    /// order (§8); nil when none is playable.
    package static func firstPlayable(_ streams: [AudioCodecInput]) -> AudioCodecString? {
        firstPlayableIndex(streams).flatMap { try? resolve(streams[$0]).get() }
    }

    /// The position in `streams` of the stream ``firstPlayable(_:)`` picks.
    package static func firstPlayableIndex(_ streams: [AudioCodecInput]) -> Int? {
        let ordered = streams.indices.filter { streams[$0].isDefault } + streams.indices.filter { !streams[$0].isDefault }
        return ordered.first { (try? resolve(streams[$0]).get()) != nil }
    }

    package init(from decoder: any Decoder) throws {
        // Only the token is encoded; the fMP4 restriction follows from it.
        let token = try decoder.singleValueContainer().decode(String.self)
        self.init(token: token, fragmentedMP4Only: ["fLaC", "alac", "mp4a.40.42"].contains(token))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token)
    }
}
