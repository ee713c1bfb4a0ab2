import HDRProbeParse

/// `hdr.hdr10Plus.summary`: what the scanned ST 2094-40 payloads say, in display order
/// (`docs/rules/hdr10plus.md` §3 units: maxscl and average maxrgb in 0.1 cd/m², reported in cd/m²; §10.1 scenes).
package struct HDR10PlusSummaryReport: Codable, Sendable, Equatable {
    @NullEncoded package var peakMaxsclNits: Double?
    @NullEncoded package var maxAverageMaxrgbNits: Double?
    @NullEncoded package var meanAverageMaxrgbNits: Double?
    package var sceneCount: Int
    @NullEncoded package var maxWindows: Int?
    package var applicationVersions: [Int]
    package var invalidPayloads: Int

    package init(_ s: HDR10PlusSummary) {
        func r(_ v: Double?) -> Double? { v.map { ($0 * 100).rounded() / 100 } }
        peakMaxsclNits = r(s.peakMaxsclNits)
        maxAverageMaxrgbNits = r(s.maxAverageMaxrgbNits)
        meanAverageMaxrgbNits = r(s.meanAverageMaxrgbNits)
        sceneCount = s.sceneCount
        maxWindows = s.maxNumWindows
        applicationVersions = s.applicationVersions.map(Int.init)
        invalidPayloads = s.invalidPayloadCount
    }
}
