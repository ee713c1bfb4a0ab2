import HDRProbeParse

/// `dolbyVision.rpu.summary`: what the scanned RPUs say over the scan — level 1 minimum /
/// maximum / average PQ (12-bit codes, with the brightest values in cd/m²), the L5 active area and
/// L6 static metadata (first value and whether it changes), scene cuts counted from
/// `scene_refresh_flag`, and the invalid RPUs (`docs/rules/dolby-vision.md` §10.1–§10.3).
package struct RPUSummaryReport: Codable, Sendable, Equatable {
    package struct PQStatistic: Codable, Sendable, Equatable {
        package var min: Int
        package var max: Int
        package var average: Double
        /// `max` in cd/m² (SMPTE ST 2084).
        package var maxNits: Double
    }

    package struct ActiveArea: Codable, Sendable, Equatable {
        package var left: Int, right: Int, top: Int, bottom: Int
    }

    package struct StaticMetadata: Codable, Sendable, Equatable {
        package var maxDisplayMasteringLuminance: Int
        /// In 0.0001 cd/m² units as coded.
        package var minDisplayMasteringLuminance: Int
        package var maxContentLightLevel: Int
        package var maxFrameAverageLightLevel: Int
    }

    package var framesWithL1: Int
    @NullEncoded package var l1MinPq: PQStatistic?
    @NullEncoded package var l1MaxPq: PQStatistic?
    @NullEncoded package var l1AvgPq: PQStatistic?
    @NullEncoded package var level5: ActiveArea?
    package var level5Changes: Bool
    @NullEncoded package var level6: StaticMetadata?
    package var level6Changes: Bool
    package var sceneCuts: Int
    package var invalidRpus: Int
    package var cmVersionMixed: Bool

    package init(_ s: DolbyVisionRPUSummary) {
        func stat(_ p: DolbyVisionRPUSummary.PQStatistic) -> PQStatistic? {
            guard let min = p.min, let max = p.max, let avg = p.average, let nits = p.maxNits else { return nil }
            return PQStatistic(min: Int(min), max: Int(max), average: (avg * 100).rounded() / 100,
                               maxNits: (nits * 100).rounded() / 100)
        }
        framesWithL1 = s.l1MaxPq.count
        l1MinPq = stat(s.l1MinPq)
        l1MaxPq = stat(s.l1MaxPq)
        l1AvgPq = stat(s.l1AvgPq)
        level5 = s.firstL5.map { ActiveArea(left: Int($0.activeAreaLeftOffset), right: Int($0.activeAreaRightOffset),
                                            top: Int($0.activeAreaTopOffset), bottom: Int($0.activeAreaBottomOffset)) }
        level5Changes = s.l5Changes
        level6 = s.firstL6.map { StaticMetadata(maxDisplayMasteringLuminance: Int($0.maxDisplayMasteringLuminance),
                                                minDisplayMasteringLuminance: Int($0.minDisplayMasteringLuminance),
                                                maxContentLightLevel: Int($0.maxContentLightLevel),
                                                maxFrameAverageLightLevel: Int($0.maxFrameAverageLightLevel)) }
        level6Changes = s.l6Changes
        sceneCuts = s.sceneCuts
        invalidRpus = s.invalidCount
        cmVersionMixed = s.cmVersionMixed
    }
}
