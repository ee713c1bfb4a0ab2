/// `hdr.hdr10Plus.summary`: what the scanned ST 2094-40 payloads say, in display order
/// (`docs/rules/hdr10plus.md` §3 units: maxscl and average maxrgb in 0.1 cd/m², reported in cd/m²; §10.1 scenes).
public struct HDR10PlusSummaryReport: Codable, Sendable, Equatable {
    @NullEncoded public var peakMaxsclNits: Double?
    @NullEncoded public var maxAverageMaxrgbNits: Double?
    @NullEncoded public var meanAverageMaxrgbNits: Double?
    public var sceneCount: Int
    @NullEncoded public var maxWindows: Int?
    public var applicationVersions: [Int]
    public var invalidPayloads: Int

    public init(_ s: HDR10PlusSummary) {
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
