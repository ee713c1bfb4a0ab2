/// The brightness of a video stream over the scanned frames, for the matrix's plot: per frame the
/// Dolby Vision RPU level-1 maximum, else the HDR10+ peak maxscl, in cd/m² (docs/report-contract.md
/// does not carry it: it travels beside the report, in the scan's digest). At most ``maxPoints``
/// points: longer series keep the brightest frame of each equal run of frames.
package struct BrightnessSeries: Sendable, Equatable, Codable {
    package enum Source: String, Sendable, Codable { case rpu, hdr10plus }

    package var source: Source
    /// Milliseconds from the first point (or frame index × 40 ms when the container gives no time).
    package var milliseconds: [Int]
    /// Tenths of cd/m².
    package var decinits: [Int]

    package static let maxPoints = 96

    package init(source: Source, milliseconds: [Int], decinits: [Int]) {
        self.source = source
        self.milliseconds = milliseconds
        self.decinits = decinits
    }

    /// From display-ordered frames; nil without dynamic metadata.
    package init?(frames: [DynamicMetadataFrame]) {
        func time(_ f: DynamicMetadataFrame) -> Double { f.time ?? Double(f.index) / 25 }
        var points = frames.compactMap { f in f.rpu?.maxNits.map { (time(f), $0) } }
        var source = Source.rpu
        if points.isEmpty {
            points = frames.compactMap { f in f.hdr10Plus.map { (time(f), $0.maxsclNits) } }
            source = .hdr10plus
        }
        guard let t0 = points.first?.0 else { return nil }
        let kept = Self.thinned(points)
        self.init(source: source, milliseconds: kept.map { Int((($0.0 - t0) * 1000).rounded()) },
                  decinits: kept.map { Int(($0.1 * 10).rounded()) })
    }

    /// At most ``maxPoints``: each bucket of consecutive points keeps its brightest.
    package static func thinned(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > maxPoints else { return points }
        let size = (points.count + maxPoints - 1) / maxPoints
        return stride(from: 0, to: points.count, by: size).map { start in
            points[start..<min(start + size, points.count)].max { $0.1 < $1.1 }!
        }
    }

    package var peakNits: Double { Double(decinits.max() ?? 0) / 10 }
}
