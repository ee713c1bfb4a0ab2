/// A player in the catalogue (`docs/rules/devices.md` §1–§5, fields of §9).
public struct PlayerDevice: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable { case appletv, iphone, ipad, mac, visionpro }
    /// How video leaves the device: an HDMI handshake (mode switching) or a built-in panel that
    /// engages HDR on demand (§2).
    public enum Output: String, Sendable, Codable, CaseIterable { case hdmi, builtIn }
    /// tvOS Match Content settings the model offers (§8; Apple TV HD has Match Frame Rate only).
    public enum MatchContent: String, Sendable, Codable, CaseIterable { case none, rateOnly, rangeAndRate }

    public struct Decode: Sendable, Equatable, Codable {
        public var width: Int
        public var height: Int
        /// Highest SDR frame rate at that size.
        public var fps: Int
        /// Highest HDR / Dolby Vision frame rate (0 = no HDR decode).
        public var hdrFps: Int
    }

    public var id: String
    public var name: String
    public var kind: Kind
    public var output: Output
    public var hevcHardware: Capability<Bool>
    public var av1Hardware: Capability<Bool>
    /// A Dolby Vision decoder (`VTIsHardwareDecodeSupported(dvh1)`).
    public var dolbyVision: Capability<Bool>
    /// Profiles accepted as the CODECS entry (`5`, `10.0`, `20`).
    public var dvPrimaryProfiles: Capability<[String]>
    /// Profiles accepted in SUPPLEMENTAL-CODECS (`8.1`, `8.4`, `10.1`, `10.4`).
    public var dvSupplementalProfiles: Capability<[String]>
    public var dvMaxLevel: Capability<Int>
    /// HDR10 / HLG / Dolby Vision output at all.
    public var hdr: Capability<Bool>
    public var hdr10Plus: Capability<Bool>
    public var hlg: Capability<Bool>
    public var maxDecode: Capability<Decode>
    public var matchContent: Capability<MatchContent>
}
