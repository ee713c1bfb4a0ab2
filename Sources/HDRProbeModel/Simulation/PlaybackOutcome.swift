/// What a target does with a stream (`hdrprobe simulate`, the report's `playback` array, one
/// matrix cell): decode path, pipeline, the range the panel ends up in, the display criteria and
/// the resulting refresh rate, a one-line outcome and every reason, with the uncertain catalogue
/// cells the result relies on.
package struct PlaybackOutcome: Sendable, Equatable, Codable {
    package enum Decode: String, Sendable, Codable { case hardware, software, impossible }
    package enum Pipeline: String, Sendable, Codable { case native, software, refused }
    /// `plays` as authored; `degraded` (tone-mapped, fallback, software, judder); `fails`.
    package enum Status: String, Sendable, Codable, Comparable {
        case plays, degraded, fails
        package static func < (a: Status, b: Status) -> Bool {
            [Status.plays, .degraded, .fails].firstIndex(of: a)! < [Status.plays, .degraded, .fails].firstIndex(of: b)!
        }
    }

    package struct Output: Sendable, Equatable, Codable {
        package var range: OutputRange
        /// The picture is tone-mapped into a range other than the content's.
        package var toneMapped: Bool

        package init(range: OutputRange, toneMapped: Bool) {
            self.range = range
            self.toneMapped = toneMapped
        }
    }

    /// HDMI display-criteria matching (Apple TV only); null for built-in panels.
    package struct Criteria: Sendable, Equatable, Codable {
        /// The mode the player asks for (null when Match Dynamic Range is off or absent).
        @NullEncoded package var requestedRange: OutputRange?
        /// The snapped content rate asked for (null when Match Frame Rate is off or absent).
        @NullEncoded package var requestedRefresh: Double?
        /// The mode and refresh rate the display ends up in.
        package var mode: OutputRange
        package var refresh: Double
        /// The content rate does not divide the refresh rate (e.g. 23.976 fps at 60 Hz).
        package var judder: Bool
    
        package init(requestedRange: OutputRange? = nil, requestedRefresh: Double? = nil, mode: OutputRange, refresh: Double, judder: Bool) {
            self.requestedRange = requestedRange
            self.requestedRefresh = requestedRefresh
            self.mode = mode
            self.refresh = refresh
            self.judder = judder
        }
}

    package var target: String
    package var device: String
    /// The player software (``PlaybackPlayer``) id.
    package var player: String
    package var display: String
    package var decode: Decode
    package var pipeline: Pipeline
    /// The sample entry and SUPPLEMENTAL-CODECS the native path uses (null otherwise).
    @NullEncoded package var sampleEntry: String?
    @NullEncoded package var supplementalCodecs: String?
    @NullEncoded package var output: Output?
    @NullEncoded package var criteria: Criteria?
    /// What the player converted on the way to the decoder (null when nothing was).
    @NullEncoded package var conversion: PlaybackConversion?
    package var status: Status
    /// One line: `DV · 23.976 Hz`, `HDR10 (DV refused: 7) · 23.976 Hz`, `SDR tone-mapped`, `SW decode · HDR10`, `won't play`.
    package var outcome: String
    package var reasons: [String]
    /// Uncertain catalogue cells the result relies on (`what (source)`).
    package var uncertain: [String]
    /// Which of `reasons` (indices) explain a status other than `plays`: the others say what
    /// happens at no cost ("Match Frame Rate: the display switches to 23.976 Hz", "the player asks
    /// for SDR; the display takes SDR"). Not in the report: the matrix's summary names its top
    /// reasons from these.
    package var causes: [Int] = []

    /// The first reason that explains the status (the first reason when none is marked).
    package var mainCause: String? {
        causes.first.flatMap { reasons.indices.contains($0) ? reasons[$0] : nil } ?? reasons.first
    }

    package enum CodingKeys: String, CodingKey {
        case target, device, player, display, decode, pipeline, sampleEntry, supplementalCodecs, output, criteria, conversion, status, outcome,
             reasons, uncertain
    }

    package init(target: String, device: String, player: String, display: String, decode: Decode, pipeline: Pipeline, sampleEntry: String? = nil, supplementalCodecs: String? = nil, output: Output? = nil, criteria: Criteria? = nil, conversion: PlaybackConversion? = nil, status: Status, outcome: String, reasons: [String], uncertain: [String], causes: [Int] = []) {
        self.target = target
        self.device = device
        self.player = player
        self.display = display
        self.decode = decode
        self.pipeline = pipeline
        self.sampleEntry = sampleEntry
        self.supplementalCodecs = supplementalCodecs
        self.output = output
        self.criteria = criteria
        self.conversion = conversion
        self.status = status
        self.outcome = outcome
        self.reasons = reasons
        self.uncertain = uncertain
        self.causes = causes
    }
}
