import HDRProbeModel

/// Brightness over time, the data of the picture `hdrprobe report` and `hdrprobe plot` draw
/// (`docs/report-pages.md`, "Brightness over time"): per frame in display order the Dolby Vision
/// RPU level 1 maximum / average / minimum and the HDR10+ peak maxscl / average maxrgb of the
/// first window, all in cd/m² (L1 codes PQ-decoded, `docs/rules/dolby-vision.md` §10.3; HDR10+
/// values are coded in 0.1 cd/m², `docs/rules/hdr10plus.md`), the scene cuts the RPUs flag, and the
/// static levels to compare them with (MaxCLL, MaxFALL, the mastering display's peak).
///
/// A stream of more frames than ``maxBuckets`` is drawn as an envelope: the frames are split into
/// ``maxBuckets`` equal runs and each run keeps the lowest and highest value of every series, so a
/// two-hour film (170,000 frames) is 1,000 columns, not 170,000 points, and no peak is lost.
package struct BrightnessTimeline: Sendable, Equatable {
    package enum Series: String, Sendable, CaseIterable {
        case dolbyVisionL1Max = "dv-l1-max"
        case dolbyVisionL1Average = "dv-l1-avg"
        case dolbyVisionL1Min = "dv-l1-min"
        case hdr10PlusMaxscl = "hdr10plus-maxscl"
        case hdr10PlusAverageMaxrgb = "hdr10plus-avg-maxrgb"

        package var label: String {
            switch self {
            case .dolbyVisionL1Max: "Dolby Vision L1 max"
            case .dolbyVisionL1Average: "Dolby Vision L1 average"
            case .dolbyVisionL1Min: "Dolby Vision L1 min"
            case .hdr10PlusMaxscl: "HDR10+ peak maxscl"
            case .hdr10PlusAverageMaxrgb: "HDR10+ average maxrgb"
            }
        }

        package func value(_ f: DynamicMetadataFrame) -> Double? {
            switch self {
            case .dolbyVisionL1Max: f.rpu?.maxNits
            case .dolbyVisionL1Average: f.rpu?.avgNits
            case .dolbyVisionL1Min: f.rpu?.minNits
            case .hdr10PlusMaxscl: f.hdr10Plus?.maxsclNits
            case .hdr10PlusAverageMaxrgb: f.hdr10Plus?.averageMaxrgbNits
            }
        }
    }

    /// A static level drawn across the picture.
    package enum Reference: String, Sendable, CaseIterable {
        case maxCLL = "maxcll"
        case maxFALL = "maxfall"
        case masteringPeak = "mastering-peak"

        package var label: String {
            switch self {
            case .maxCLL: "MaxCLL"
            case .maxFALL: "MaxFALL"
            case .masteringPeak: "mastering peak"
            }
        }
    }

    /// One column: a single frame, or a run of frames of an envelope.
    package struct Column: Sendable, Equatable {
        package var firstFrame: Int
        package var lastFrame: Int
        /// Seconds from the first frame.
        package var start: Double
        /// Lowest and highest value of each of ``BrightnessTimeline/series`` in the run (nil where no
        /// frame of the run has it).
        package var low: [Double?]
        package var high: [Double?]
    }

    package static let maxBuckets = 1_000

    package var series: [Series]
    package var columns: [Column]
    package var frameCount: Int
    /// Seconds from the first frame to the last.
    package var duration: Double
    /// Display-order indices of the frames whose RPU sets `scene_refresh_flag`, the first frame left out.
    package var sceneCuts: [Int]
    /// Seconds of each scene cut from the first frame.
    package var sceneCutTimes: [Double]
    package var references: [(Reference, Double)]

    package var isEnvelope: Bool { columns.count < frameCount }

    package static func == (a: Self, b: Self) -> Bool {
        a.series == b.series && a.columns == b.columns && a.frameCount == b.frameCount && a.duration == b.duration
            && a.sceneCuts == b.sceneCuts && a.references.map(\.0) == b.references.map(\.0) && a.references.map(\.1) == b.references.map(\.1)
    }

    /// - Parameters:
    ///   - frames: display-ordered frames (`DynamicMetadataFrame.displayOrdered`).
    ///   - frameRate: frames per second, for frames without a presentation time (25 when unknown).
    ///   - hdr: the stream's static metadata, for the reference levels.
    /// - Returns: nil when no frame carries dynamic metadata.
    package init?(frames: [DynamicMetadataFrame], frameRate: Double?, hdr: HDRReport?, maxBuckets: Int = maxBuckets) {
        let present = Series.allCases.filter { s in frames.contains { s.value($0) != nil } }
        guard !present.isEmpty else { return nil }
        let rate = (frameRate ?? 0) > 0 ? frameRate! : 25
        let t0 = frames.first?.time ?? 0
        func time(_ i: Int) -> Double { frames[i].time.map { $0 - t0 } ?? Double(i) / rate }

        let buckets = min(frames.count, max(1, maxBuckets))
        var columns: [Column] = []
        columns.reserveCapacity(buckets)
        for b in 0..<buckets {
            let first = b * frames.count / buckets, end = (b + 1) * frames.count / buckets
            var low = [Double?](repeating: nil, count: present.count), high = low
            for i in first..<end {
                for (k, s) in present.enumerated() {
                    guard let v = s.value(frames[i]) else { continue }
                    low[k] = min(low[k] ?? v, v)
                    high[k] = max(high[k] ?? v, v)
                }
            }
            columns.append(Column(firstFrame: first, lastFrame: end - 1, start: time(first), low: low, high: high))
        }
        let cuts = frames.indices.dropFirst().filter { frames[$0].rpu?.sceneRefresh == true }
        var references: [(Reference, Double)] = []
        if let cll = hdr?.contentLightLevel {
            if cll.maxCLL > 0 { references.append((.maxCLL, Double(cll.maxCLL))) }
            if cll.maxFALL > 0 { references.append((.maxFALL, Double(cll.maxFALL))) }
        }
        if let peak = hdr?.masteringDisplay?.maxLuminance, peak > 0 { references.append((.masteringPeak, peak)) }
        self.series = present
        self.columns = columns
        self.frameCount = frames.count
        self.duration = frames.isEmpty ? 0 : time(frames.count - 1)
        self.sceneCuts = Array(cuts)
        self.sceneCutTimes = cuts.map(time)
        self.references = references
    }

    /// The highest value of a series over all frames.
    package func peak(of s: Series) -> Double? {
        guard let k = series.firstIndex(of: s) else { return nil }
        return columns.compactMap { $0.high[k] }.max()
    }
}
