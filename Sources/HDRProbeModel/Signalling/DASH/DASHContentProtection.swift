import HDRProbeParse

/// The `ContentProtection` descriptors of an encrypted Representation (ISO/IEC 23009-1 §5.8.4.1, ISO/IEC 23001-7
/// §11; `docs/rules/dash-signalling.md` §3.6): one with `@schemeIdUri="urn:mpeg:dash:mp4protection:2011"`,
/// `@value` = the `schm` scheme type (`cenc`, `cbcs`, …) and `cenc:default_KID` = the `tenc` default KID; then one
/// `urn:uuid:<SystemID>` per DRM system whose `pssh` box the file carries. hdrprobe knows only the SystemIDs, so the
/// system descriptors carry no `cenc:pssh` (a packager adds its licence data there).
package struct DASHContentProtection: Sendable, Equatable {
    /// `schm` scheme_type as stored (`cenc`, `cbc1`, `cens`, `cbcs`); nil when the entry has no `schm`.
    package var scheme: String?
    /// `tenc` default_KID in the 8-4-4-4-12 UUID form, lower case.
    package var defaultKID: String?
    /// SystemIDs of the `pssh` boxes (UUID form, lower case), in file order.
    package var systemIDs: [String]

    package init(scheme: String?, defaultKID: String?, systemIDs: [String]) {
        self.scheme = scheme
        self.defaultKID = defaultKID
        self.systemIDs = systemIDs
    }

    /// From the stream's encryption report: its SystemIDs are the names hdrprobe gives known systems (DASH-IF's
    /// registry), mapped back to their UUIDs; an unknown system is already a UUID.
    package init(_ encryption: EncryptionReport) {
        let byName = Dictionary(ProtectionSystemSpecificHeaderBox.knownSystems.map { ($0.value, $0.key) },
                                uniquingKeysWith: { first, _ in first })
        self.init(scheme: encryption.scheme, defaultKID: encryption.defaultKID,
                  systemIDs: encryption.systems.map { byName[$0] ?? $0 })
    }

    package static let mp4ProtectionScheme = "urn:mpeg:dash:mp4protection:2011"
    /// The namespace of `cenc:default_KID` and `cenc:pssh` (ISO/IEC 23001-7 §11.2).
    package static let cencNamespace = "urn:mpeg:cenc:2013"

    /// `urn:uuid:<SystemID>`.
    package static func systemScheme(_ systemID: String) -> String { "urn:uuid:" + systemID.lowercased() }
}
