/// `streams[N].encryption` (`docs/report-contract.md`): null for a clear stream; for an encrypted
/// ISO BMFF track (`encv`/`enca` + `sinf`) the scheme, the stored and original sample entries, the
/// default KID, the DRM systems named by `pssh` boxes, and whether hdrprobe read the clear ranges
/// of the sample data or only the (always clear) sample entry.
public struct EncryptionReport: Codable, Sendable, Equatable {
    public enum SampleData: String, Codable, Sendable {
        /// Samples were read through their subsample maps: clear bytes only.
        case clearRangesRead
        /// No sample byte was read: record-level facts only.
        case notRead
    }

    /// `schm` scheme_type: `cenc`, `cbc1`, `cens`, `cbcs`.
    @NullEncoded public var scheme: String?
    /// The four-cc stored in `stsd` (`encv`, `enca`).
    public var storedEntry: String
    /// `frma`: what the track really is (`hvc1`, `dvh1`, `avc1`, `mp4a`, …).
    @NullEncoded public var originalFormat: String?
    /// `tenc` default_KID as a UUID string.
    @NullEncoded public var defaultKID: String?
    /// DRM systems of the `pssh` boxes: a name when hdrprobe knows the SystemID, else the UUID.
    public var systems: [String]
    public var sampleData: SampleData

    public init(scheme: String?, storedEntry: String, originalFormat: String?, defaultKID: String?,
                systems: [String], sampleData: SampleData) {
        self.scheme = scheme
        self.storedEntry = storedEntry
        self.originalFormat = originalFormat
        self.defaultKID = defaultKID
        self.systems = systems
        self.sampleData = sampleData
    }

    /// From a protected sample entry and the movie's `pssh` SystemIDs; nil for a clear entry.
    public init?(entry: SampleEntry, systemIDs: [String], sampleData: SampleData) {
        guard let p = entry.protection else { return nil }
        self.init(scheme: p.schemeType, storedEntry: entry.fourCC, originalFormat: p.originalFormat,
                  defaultKID: p.defaultKID.map(ProtectionSystemSpecificHeaderBox.uuidString(hex:)),
                  systems: systemIDs.map(ProtectionSystemSpecificHeaderBox.name(systemID:)), sampleData: sampleData)
    }

    /// Apple's HLS stack (FairPlay) decrypts `cbcs` only.
    public var isAppleDecryptable: Bool { scheme == "cbcs" }
}
