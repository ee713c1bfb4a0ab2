#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers
import HDRProbeFFmpeg

/// Probes a file twice, with one of the engine's own-reader switches on and off, and expects the
/// same report (less `probe`: time and bytes read differ by design) and the same per-frame metadata.
enum ReaderEquivalence {
    static func expectSameReports(_ path: String, frames: Int?, switch key: WritableKeyPath<ProbeOptions, Bool>,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        var on = ProbeEngine(options: ProbeOptions(frames: frames))
        var off = on
        on.options[keyPath: key] = true
        off.options[keyPath: key] = false
        let a = on.probeWithFrames(path: path)
        let b = off.probeWithFrames(path: path)
        #expect(try ISOBMFFContainerDemuxTests.json(a.report) == ISOBMFFContainerDemuxTests.json(b.report), "\(path): report",
                sourceLocation: sourceLocation)
        #expect(a.frames == b.frames, "\(path): per-frame metadata", sourceLocation: sourceLocation)
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
