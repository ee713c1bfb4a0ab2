import Foundation
import HDRProbe

/// `probe-one FILE|URL`: probes one file with the HDRProbe library and prints its range type and
/// Dolby Vision verdict, one `key: value` per line. Exit status 0 analysed, 1 the file could not
/// be analysed, 2 usage error.
@main
struct ProbeOne {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let input = arguments.first else {
            FileHandle.standardError.write(Data("usage: probe-one FILE|URL\n".utf8))
            exit(2)
        }
        do {
            let report = try await probe(input)
            print(describe(report))
            exit(report.failure == nil ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("probe-one: \(error)\n".utf8))
            exit(2)
        }
    }

    static func probe(_ input: String) async throws -> MediaReport {
        let probe = MediaProbe(options: .init(frames: 32, timeLimit: 30))
        if let url = URL(string: input), url.scheme == "http" || url.scheme == "https" {
            return try await probe.probe(url: url)
        }
        return try await probe.probe(path: input)
    }

    static func describe(_ report: MediaReport) -> String {
        var lines = ["file: \(report.path)"]
        if let failure = report.failure {
            lines.append("error: \(failure.code): \(failure.message)")
            return lines.joined(separator: "\n")
        }
        lines.append("rangeType: \(report.videoRangeType?.rawValue ?? "none")")
        if let dv = report.dolbyVision {
            lines.append("dolbyVision: \(dv.profile) \(dv.verdict.accepted ? "accepted" : "refused") (\(dv.verdict.code))")
        } else {
            lines.append("dolbyVision: none")
        }
        if let hls = report.videoStreams.first?.hls {
            lines.append("hls: CODECS=\(hls.codecs) VIDEO-RANGE=\(hls.videoRange.rawValue)" + (hls.supplementalCodecs.map { " SUPPLEMENTAL-CODECS=\($0)" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
