/// What `hdrprobe check` prints as the fix for a code: the catalogue's (``FindingCode/fix``), the
/// "what to do" column of `docs/findings.md` (the "meaning" column for Dolby Vision verdict codes).
package enum FindingRemedy {
    /// The fix for a finding, error, check/diff or verdict code; nil when the catalogue has none.
    package static func fix(for code: String) -> String? {
        FindingCode(rawValue: code)?.fix
    }
}
