import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe merge`: joins the JSONL outputs of several scans (the shards of a CI matrix) into
/// one, with one report per path — the one from the last input that has it — in the byte order
/// of the paths, the same order as `scan --sorted`. Keeps only an index (path → file, offset) in
/// memory and copies each chosen line from its input.
package enum ReportMerger {
    package struct Stats: Sendable, Equatable {
        package var linesRead = 0
        package var written = 0
        package var duplicates = 0
        package var invalid = 0
    }

    struct Location {
        var input: Int
        var offset: Int64
        var length: Int
    }

    package static func merge(inputs: [String], into writer: LineWriter, warn: (String) -> Void) throws -> Stats {
        var stats = Stats()
        // Keyed byte for byte: an NFC and an NFD spelling of a name are two files.
        var index: [ExactPath: Location] = [:]
        for (i, input) in inputs.enumerated() {
            try JSONLReader.forEachLine(path: ProbePath(input)) { line, offset, number in
                stats.linesRead += 1
                guard let path = JSONLReader.exactPath(of: line) else {
                    stats.invalid += 1
                    warn("warning: \(input):\(number): not a report line; skipped")
                    return
                }
                if index.updateValue(Location(input: i, offset: offset, length: line.count), forKey: path) != nil {
                    stats.duplicates += 1
                }
            }
        }
        var handles: [Int: FileHandle] = [:]
        defer { for h in handles.values { try? h.close() } }
        for path in index.keys.sorted() {
            let location = index[path]!
            let handle: FileHandle
            if let h = handles[location.input] { handle = h } else {
                guard let h = FileHandle(forReadingAtPath: inputs[location.input]) else {
                    throw JSONLReader.ReadError(description: "\(inputs[location.input]): cannot be opened again")
                }
                handles[location.input] = h
                handle = h
            }
            try handle.seek(toOffset: UInt64(location.offset))
            let data = try handle.read(upToCount: location.length) ?? Data()
            writer.write(line: String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\r")))
            stats.written += 1
        }
        return stats
    }
}
