/// A player in the catalogue (`docs/rules/devices.md` §1–§5 and §10–§14, fields of §9).
package struct PlayerDevice: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case appletv, iphone, ipad, mac, visionpro, androidtv, firetv, webos, tizen, roku
    }
    /// The software platform of a kind: which players (``PlaybackPlayer``) run on the device.
    package enum Platform: String, Sendable, Codable, CaseIterable { case apple, androidTV, fireOS, webOS, tizen, rokuOS }
    /// How video leaves the device: an HDMI handshake (mode switching) or a built-in panel that
    /// engages HDR on demand (§2).
    package enum Output: String, Sendable, Codable, CaseIterable { case hdmi, builtIn }
    /// tvOS Match Content settings the model offers (§8; Apple TV HD has Match Frame Rate only).
    package enum MatchContent: String, Sendable, Codable, CaseIterable { case none, rateOnly, rangeAndRate }

    package struct Decode: Sendable, Equatable, Codable {
        package var width: Int
        package var height: Int
        /// Highest SDR frame rate at that size.
        package var fps: Int
        /// Highest HDR / Dolby Vision frame rate (0 = no HDR decode).
        package var hdrFps: Int
    }

    package var id: String
    package var name: String
    package var kind: Kind
    package var output: Output
    package var hevcHardware: Capability<Bool>
    package var av1Hardware: Capability<Bool>
    /// VP9 decoded in hardware and reachable by the platform's players (never through Apple's HLS path).
    package var vp9Hardware: Capability<Bool>
    /// A Dolby Vision decoder (`VTIsHardwareDecodeSupported(dvh1)`).
    package var dolbyVision: Capability<Bool>
    /// Profiles accepted as the CODECS entry (`5`, `10.0`, `20`).
    package var dvPrimaryProfiles: Capability<[String]>
    /// Profiles accepted in SUPPLEMENTAL-CODECS (`8.1`, `8.4`, `10.1`, `10.4`).
    package var dvSupplementalProfiles: Capability<[String]>
    package var dvMaxLevel: Capability<Int>
    /// HDR10 / HLG / Dolby Vision output at all.
    package var hdr: Capability<Bool>
    package var hdr10Plus: Capability<Bool>
    package var hlg: Capability<Bool>
    package var maxDecode: Capability<Decode>
    package var matchContent: Capability<MatchContent>

    package var platform: Platform {
        switch kind {
        case .appletv, .iphone, .ipad, .mac, .visionpro: .apple
        case .androidtv: .androidTV
        case .firetv: .fireOS
        case .webos: .webOS
        case .tizen: .tizen
        case .roku: .rokuOS
        }
    }
}
