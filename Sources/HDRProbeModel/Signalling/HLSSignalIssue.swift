/// A problem or noteworthy decision found while computing or checking HLS signalling
/// (`docs/rules/hls-signalling.md`). ``Code`` values are stable dotted identifiers, as the
/// report's finding codes are; each case names the section it comes from. Severity follows the
/// consequence: `error` for what AVPlayer is known to reject, `warning` for what is wrong but may
/// play, `info` for a decision worth showing.
package struct HLSSignalIssue: Sendable, Equatable, Codable {
    /// The catalogue enum (``FindingCode``); the signalling and playlist-check codes are its
    /// `hls.*` cases, with their severity in the catalogue (`docs/findings.md`).
    package typealias Code = FindingCode

    package var code: Code
    package var severity: Finding.Severity
    package var message: String
    /// The value the issue is about (a SUPPLEMENTAL-CODECS element, a codec string), when one.
    package var subject: String?

    package init(_ code: Code, _ message: String, subject: String? = nil) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.subject = subject
    }
}

extension HLSSignalIssue {
    /// `hls.encryption.notCbcs` for media encrypted with `scheme`, nil for `cbcs` or clear media.
    package static func encryption(scheme: String?, encrypted: Bool) -> HLSSignalIssue? {
        guard encrypted, scheme != "cbcs" else { return nil }
        return HLSSignalIssue(.encryptionNotCbcs,
                              "The media is encrypted with '\(scheme ?? "an unknown scheme")'; Apple's HLS stack (FairPlay, SAMPLE-AES) decrypts only 'cbcs': package the HLS variants with the cbcs scheme.")
    }
}
