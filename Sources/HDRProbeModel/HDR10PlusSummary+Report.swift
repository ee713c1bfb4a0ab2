import HDRProbeParse

extension HDR10PlusSummary {
    /// The report contract's `hdr10Plus` object (`present`, `profile`, frame counts;
    /// `docs/report-contract.md`, "hdr10Plus").
    package var report: HDR10PlusReport {
        HDR10PlusReport(present: present, profile: profile, framesWithMetadata: framesWithMetadata,
                        framesScanned: framesScanned)
    }
}
