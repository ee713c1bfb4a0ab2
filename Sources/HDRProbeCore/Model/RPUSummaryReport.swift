/// `dolbyVision.rpu.summary`: what the scanned RPUs say over the scan — level 1 minimum /
/// maximum / average PQ (12-bit codes, with the brightest values in cd/m²), the L5 active area and
/// L6 static metadata (first value and whether it changes), scene cuts counted from
/// `scene_refresh_flag`, and the invalid RPUs (`docs/rules/dolby-vision.md` §10.1–§10.3).
public struct RPUSummaryReport: Codable, Sendable, Equatable {
    public struct PQStatistic: Codable, Sendable, Equatable {
        public var min: Int
        public var max: Int
        public var average: Double
        /// `max` in cd/m² (SMPTE ST 2084).
        public var maxNits: Double
    }

    public struct ActiveArea: Codable, Sendable, Equatable {
        public var left: Int, right: Int, top: Int, bottom: Int
    }

    public struct StaticMetadata: Codable, Sendable, Equatable {
        public var maxDisplayMasteringLuminance: Int
        /// In 0.0001 cd/m² units as coded.
        public var minDisplayMasteringLuminance: Int
        public var maxContentLightLevel: Int
        public var maxFrameAverageLightLevel: Int
    }

    public var framesWithL1: Int
    @NullEncoded public var l1MinPq: PQStatistic?
    @NullEncoded public var l1MaxPq: PQStatistic?
    @NullEncoded public var l1AvgPq: PQStatistic?
    @NullEncoded public var level5: ActiveArea?
    public var level5Changes: Bool
    @NullEncoded public var level6: StaticMetadata?
    public var level6Changes: Bool
    public var sceneCuts: Int
    public var invalidRpus: Int
    public var cmVersionMixed: Bool

    public init(_ s: DolbyVisionRPUSummary) {
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
