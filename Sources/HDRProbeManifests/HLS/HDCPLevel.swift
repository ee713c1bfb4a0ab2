/// The `HDCP-LEVEL` attribute (`docs/rules/hls-signalling.md` §11; HLS2: enumerated `TYPE-0`,
/// `TYPE-1`, `NONE`, advisory).
///
/// hdrprobe omits HDCP-LEVEL by default (local files are unprotected, and `TYPE-1` broke playback
/// on some HDMI chains, device-verified). ``recommended(width:height:convention:)`` offers Apple's
/// resolution rule as an option — APPLE 13.5 "HD resolutions SHOULD use TYPE-0", 13.6 "greater
/// than HD … TYPE-1", "HD is approximately the range of 720p to 1080p" — judged by the number of
/// lines (the picture height):
///
/// * ``Convention/authoringRules`` (default, §11 as stated): < 720 lines `NONE`, 720…1080 `TYPE-0`,
///   above `TYPE-1`;
/// * ``Convention/examplePlaylist``: APPX's example playlist, which labels its 1280×720 variants
///   `NONE` (720 lines → `NONE`, 721…1080 `TYPE-0`, above `TYPE-1`); reproduces the §15 lines.
package enum HDCPLevel: String, Sendable, Codable, CaseIterable {
    case none = "NONE"
    case type0 = "TYPE-0"
    case type1 = "TYPE-1"

    package enum Convention: Sendable, Equatable {
        case authoringRules
        case examplePlaylist
    }

    package static func recommended(width: Int, height: Int, convention: Convention = .authoringRules) -> HDCPLevel {
        if height > 1080 { return .type1 }
        switch convention {
        case .authoringRules: return height < 720 ? .none : .type0
        case .examplePlaylist: return height <= 720 ? .none : .type0
        }
    }
}
