/// What a target does with a stream (`hdrprobe simulate`, the report's `playback` array, one
/// matrix cell): decode path, pipeline, the range the panel ends up in, the display criteria and
/// the resulting refresh rate, a one-line outcome and every reason, with the uncertain catalogue
/// cells the result relies on.
public struct PlaybackOutcome: Sendable, Equatable, Codable {
    public enum Decode: String, Sendable, Codable { case hardware, software, impossible }
    public enum Pipeline: String, Sendable, Codable { case native, software, refused }
    /// `plays` as authored; `degraded` (tone-mapped, fallback, software, judder); `fails`.
    public enum Status: String, Sendable, Codable, Comparable {
        case plays, degraded, fails
        public static func < (a: Status, b: Status) -> Bool {
            [Status.plays, .degraded, .fails].firstIndex(of: a)! < [Status.plays, .degraded, .fails].firstIndex(of: b)!
        }
    }

    public struct Output: Sendable, Equatable, Codable {
        public var range: OutputRange
        /// The picture is tone-mapped into a range other than the content's.
        public var toneMapped: Bool
    }

    /// HDMI display-criteria matching (Apple TV only); null for built-in panels.
    public struct Criteria: Sendable, Equatable, Codable {
        /// The mode the player asks for (null when Match Dynamic Range is off or absent).
        @NullEncoded public var requestedRange: OutputRange?
        /// The snapped content rate asked for (null when Match Frame Rate is off or absent).
        @NullEncoded public var requestedRefresh: Double?
        /// The mode and refresh rate the display ends up in.
        public var mode: OutputRange
        public var refresh: Double
        /// The content rate does not divide the refresh rate (e.g. 23.976 fps at 60 Hz).
        public var judder: Bool
    }

    public var target: String
    public var device: String
    public var display: String
    public var decode: Decode
    public var pipeline: Pipeline
    /// The sample entry and SUPPLEMENTAL-CODECS the native path uses (null otherwise).
    @NullEncoded public var sampleEntry: String?
    @NullEncoded public var supplementalCodecs: String?
    @NullEncoded public var output: Output?
    @NullEncoded public var criteria: Criteria?
    public var status: Status
    /// One line: `DV · 23.976 Hz`, `HDR10 (DV refused: 7) · 23.976 Hz`, `SDR tone-mapped`, `SW decode · HDR10`, `won't play`.
    public var outcome: String
    public var reasons: [String]
    /// Uncertain catalogue cells the result relies on (`what (source)`).
    public var uncertain: [String]
    /// Which of `reasons` (indices) explain a status other than `plays`: the others say what
    /// happens at no cost ("Match Frame Rate: the display switches to 23.976 Hz", "the player asks
    /// for SDR; the display takes SDR"). Not in the report: the matrix's summary names its top
    /// reasons from these.
    public var causes: [Int] = []

    /// The first reason that explains the status (the first reason when none is marked).
    public var mainCause: String? {
        causes.first.flatMap { reasons.indices.contains($0) ? reasons[$0] : nil } ?? reasons.first
    }

    enum CodingKeys: String, CodingKey {
        case target, device, display, decode, pipeline, sampleEntry, supplementalCodecs, output, criteria, status, outcome, reasons, uncertain
    }
}
