import HDRProbeParse

/// `streams[N].encryption` (`docs/report-contract.md`): null for a clear stream; for an encrypted
/// ISO BMFF track (`encv`/`enca` + `sinf`) the scheme, the stored and original sample entries, the
/// default KID, the DRM systems named by `pssh` boxes, and whether hdrprobe read the clear ranges
/// of the sample data or only the (always clear) sample entry.
package struct EncryptionReport: Codable, Sendable, Equatable {
    package enum SampleData: String, Codable, Sendable {
        /// Samples were read through their subsample maps: clear bytes only.
        case clearRangesRead
        /// No sample byte was read: record-level facts only.
        case notRead
    }

    /// `schm` scheme_type: `cenc`, `cbc1`, `cens`, `cbcs`.
    @NullEncoded package var scheme: String?
    /// The four-cc stored in `stsd` (`encv`, `enca`).
    package var storedEntry: String
    /// `frma`: what the track really is (`hvc1`, `dvh1`, `avc1`, `mp4a`, …).
    @NullEncoded package var originalFormat: String?
    /// `tenc` default_KID as a UUID string.
    @NullEncoded package var defaultKID: String?
    /// DRM systems of the `pssh` boxes: a name when hdrprobe knows the SystemID, else the UUID.
    package var systems: [String]
    package var sampleData: SampleData

    package init(scheme: String?, storedEntry: String, originalFormat: String?, defaultKID: String?,
                systems: [String], sampleData: SampleData) {
        self.scheme = scheme
        self.storedEntry = storedEntry
        self.originalFormat = originalFormat
        self.defaultKID = defaultKID
        self.systems = systems
        self.sampleData = sampleData
    }

    /// From a protected sample entry and the movie's `pssh` SystemIDs; nil for a clear entry.
    package init?(entry: SampleEntry, systemIDs: [String], sampleData: SampleData) {
        guard let p = entry.protection else { return nil }
        self.init(scheme: p.schemeType, storedEntry: entry.fourCC, originalFormat: p.originalFormat,
                  defaultKID: p.defaultKID.map(ProtectionSystemSpecificHeaderBox.uuidString(hex:)),
                  systems: systemIDs.map(ProtectionSystemSpecificHeaderBox.name(systemID:)), sampleData: sampleData)
    }

    /// Apple's HLS stack (FairPlay) decrypts `cbcs` only.
    package var isAppleDecryptable: Bool { scheme == "cbcs" }
}
