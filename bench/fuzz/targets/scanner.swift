import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import HDRProbeSignal
import HDRProbeReport

// The engine's path after the demuxer, end to end: the bounded frame scan (`BitstreamScanner`),
// then classification, the HLS plan and both report encoders. The first byte picks the codec,
// framing, timestamps and sample entry; the next 24 bytes are a Dolby Vision record when bit 3 of
// the first byte is set; the rest is cut into access units at each 'AUAU' marker.
func fuzzTarget(_ data: [UInt8]) {
    guard let mode = data.first else { return }
    var body = Array(data.dropFirst())
    let configurations: [(BitstreamScanner.Codec, NALFraming, Bool, String)] = [
        (.hevc, .annexB, true, "hevc"), (.hevc, .annexB, false, "hevc"), (.hevc, .lengthPrefixed(4), false, "hevc"),
        (.h264, .annexB, false, "h264"), (.h264, .lengthPrefixed(4), false, "h264"), (.av1, .annexB, false, "av1"),
        (.hevc, .lengthPrefixed(2), false, "hevc"), (.h264, .lengthPrefixed(1), false, "h264"),
    ]
    let (codec, framing, regroup, codecName) = configurations[Int(mode) % configurations.count]
    var evidence = VideoEvidence(index: 0)
    evidence.codec = codecName
    evidence.sampleEntry = ["hvc1", "dvh1", "hev1", "avc1", "av01", "dav1", nil, "dvhe"][Int(mode >> 4) & 7]
    if mode & 0x08 != 0, body.count >= 24 {
        evidence.doviRecord = try? DOVIDecoderConfigurationRecord.parse(Array(body.prefix(24)))
        body.removeFirst(24)
    }
    evidence.timeBaseNumerator = 1
    evidence.timeBaseDenominator = mode & 0x40 != 0 ? 90_000 : 25

    var scanner = BitstreamScanner(codec: codec, framing: framing)
    scanner.regroupAccessUnits = regroup
    var start = 0
    var pts: Int64 = 0
    var i = 0
    let marker: [UInt8] = Array("AUAU".utf8)
    func feed(_ unit: ArraySlice<UInt8>) {
        let stamp: Int64? = mode & 0x80 != 0 ? pts * (mode & 0x40 != 0 ? 3600 : 1) : nil
        scanner.consume(accessUnit: Array(unit), pts: stamp)
        if let stamp { evidence.sampledPTS.append(stamp) }
        pts += 1
    }
    while i + marker.count <= body.count {
        if body[i..<(i + marker.count)].elementsEqual(marker) {
            feed(body[start..<i])
            i += marker.count
            start = i
        } else {
            i += 1
        }
    }
    feed(body[start...])
    scanner.finish()
    evidence.scan = scanner.scan

    let policy = mode & 0x04 != 0 ? DolbyVisionPolicy.default : (DolbyVisionPolicy.builtIn(named: "apple-hls") ?? .default)
    var (stream, findings) = VideoStreamClassifier(policy: policy).classify(evidence)
    consume(VideoStreamClassifier.displayOrderedFrames(evidence))
    let plan = HLSStreamPlanner.plan(evidence: evidence, stream: stream, audio: [], bandwidth: HLSBandwidth(average: 1_000_000, peak: 2_000_000),
                                     policy: policy)
    stream.hls = plan.report
    findings += plan.issues.filter { $0.severity >= .warning }.map { Finding($0, stream: 0) }
    let report = ProbeReport(tool: ToolInfo(version: "fuzz", libavformat: "0"), path: "fuzz", status: .ok, error: nil,
                             container: ContainerInfo(format: codecName, brands: [], demuxer: codecName), streams: [stream],
                             findings: findings, probe: nil)
    consume(HumanSummary.render(report))
    consume(try? ReportEncoder.jsonLine(report))
}
