#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers
import HDRProbeModel
import HDRProbeFFmpeg

/// Probes a file twice, with one of the engine's own-reader switches on and off, and expects the
/// same report (less `probe`: time and bytes read differ by design) and the same per-frame metadata.
enum ReaderEquivalence {
    /// The options of a comparison: the default budgets, but a time limit no loaded machine reaches.
    /// The per-file time limit is the one wall-clock input of a report (`scan.timedOut` and a shorter
    /// scan); with the default 30 s a probe starved by a parallel test run could stop early on one
    /// side only, and the comparison would fail for a reason that is not the readers'.
    static func options(frames: Int?) -> ProbeOptions { ProbeOptions(frames: frames, timeout: 600) }

    static func expectSameReports(_ path: String, frames: Int?, switch key: WritableKeyPath<ProbeOptions, Bool>,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        var on = ProbeEngine(options: options(frames: frames))
        var off = on
        on.options[keyPath: key] = true
        off.options[keyPath: key] = false
        try expectSame(on.probeWithFrames(path: path), off.probeWithFrames(path: path), path, sourceLocation: sourceLocation)
    }

    /// Two probes of one file give the same report (less `probe` and `tool.libavformatUsed`) and the
    /// same per-frame metadata; a difference is named by its first JSON path and both values, so a
    /// failure in a CI log says where the readers part.
    typealias Probe = (report: ProbeReport, frames: [Int: [DynamicMetadataFrame]])

    static func expectSame(_ a: Probe, _ b: Probe, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectSame(a.report, b.report, name, sourceLocation: sourceLocation)
        for stream in Set(a.frames.keys).union(b.frames.keys).sorted() where a.frames[stream] != b.frames[stream] {
            let x = a.frames[stream] ?? [], y = b.frames[stream] ?? []
            let first = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
            Issue.record("\(name): stream \(stream)'s per-frame metadata differs (\(x.count) vs \(y.count) frames; first difference at frame \(first))",
                         sourceLocation: sourceLocation)
        }
    }

    static func expectSame(_ a: ProbeReport, _ b: ProbeReport, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let left = try ISOBMFFContainerDemuxTests.json(a), right = try ISOBMFFContainerDemuxTests.json(b)
        guard left != right else { return }
        let where_ = firstDifference(try JSONSerialization.jsonObject(with: Data(left.utf8)),
                                     try JSONSerialization.jsonObject(with: Data(right.utf8)), path: "") ?? "(somewhere)"
        Issue.record("\(name): the reports differ at \(where_)", sourceLocation: sourceLocation)
    }

    /// The first path at which two decoded JSON values differ, with both values (nil when equal).
    static func firstDifference(_ a: Any, _ b: Any, path: String) -> String? {
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            for key in Set(x.keys).union(y.keys).sorted() {
                guard let u = x[key], let v = y[key] else { return "\(path).\(key): present on one side only" }
                if let d = firstDifference(u, v, path: "\(path).\(key)") { return d }
            }
            return nil
        case let (x as [Any], y as [Any]):
            for (i, (u, v)) in zip(x, y).enumerated() {
                if let d = firstDifference(u, v, path: "\(path)[\(i)]") { return d }
            }
            return x.count == y.count ? nil : "\(path): \(x.count) vs \(y.count) elements"
        default:
            return (a as? NSObject) == (b as? NSObject) ? nil : "\(path): \(a) vs \(b)"
        }
    }

    /// An own reader's format duration, bit rate and packets (stream, timestamp, bytes, order) are
    /// those of libavformat's `Demuxer` over the same file.
    static func expectSameFormatAndPackets(_ own: any ContainerDemux, _ libav: Demuxer, _ name: String,
                                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(own.formatDuration == libav.formatDuration, "\(name): duration \(String(describing: own.formatDuration)) vs \(String(describing: libav.formatDuration))",
                sourceLocation: sourceLocation)
        #expect(own.formatBitRate == libav.formatBitRate, "\(name): bit rate \(String(describing: own.formatBitRate)) vs \(String(describing: libav.formatBitRate))",
                sourceLocation: sourceLocation)
        var ownPackets: [(Int, Int64?, [UInt8])] = [], libavPackets: [(Int, Int64?, [UInt8])] = []
        while let p = own.readPacket(wantsData: { _ in true }) { ownPackets.append((p.streamIndex, p.pts, p.data)) }
        while let p = libav.readPacket(wantsData: { _ in true }) { libavPackets.append((p.streamIndex, p.pts, p.data)) }
        #expect(ownPackets.count == libavPackets.count, "\(name): packet count \(ownPackets.count) vs \(libavPackets.count)", sourceLocation: sourceLocation)
        for (i, (a, b)) in zip(ownPackets, libavPackets).enumerated() where a.0 != b.0 || a.1 != b.1 || a.2 != b.2 {
            Issue.record("\(name): packet \(i) differs (pts \(String(describing: a.1)) vs \(String(describing: b.1)), \(a.2.count) vs \(b.2.count) bytes)",
                         sourceLocation: sourceLocation)
            break
        }
    }

    /// ffprobe's (`-show_format -count_packets`) format duration, bit rate and packet count are an
    /// own reader's.
    static func expectFFprobeFormatAndPacketCount(_ own: any ContainerDemux, format: [String: Any], stream: [String: Any], _ name: String,
                                                  sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(format["duration"] as? String == own.formatDuration.map { String(format: "%.6f", $0) }, "\(name): duration", sourceLocation: sourceLocation)
        #expect(format["bit_rate"] as? String == own.formatBitRate.map(String.init), "\(name): bit rate", sourceLocation: sourceLocation)
        var count = 0
        while own.readPacket(wantsData: { _ in false }) != nil { count += 1 }
        #expect(stream["nb_read_packets"] as? String == String(count), "\(name): packets", sourceLocation: sourceLocation)
    }
}
#endif
