import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeContainers
import HDRProbeEngine

/// Reads JSON Lines files (`scan --jsonl` output) line by line in chunks, with each line's byte
/// offset, so that large scans are never read into memory whole.
package enum JSONLReader {
    package struct ReadError: Error, CustomStringConvertible { package let description: String }

    /// Calls `body(line, offset, lineNumber)` for every non-blank line (1-based line numbers).
    /// `path` by its exact bytes (a name that is not UTF-8 is opened as it is).
    package static func forEachLine(path file: ProbePath, _ body: (Data, Int64, Int) throws -> Void) throws {
        let path = file.display
        let fd = file.open(flags: 0)
        guard fd >= 0 else {
            throw ReadError(description: "\(path): cannot be opened for reading (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var carry = Data()
        var carryOffset: Int64 = 0
        var lineNumber = 0
        var position: Int64 = 0
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                throw ReadError(description: "\(path): \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = chunk[start..<newline]
                var offset = position + Int64(start - chunk.startIndex)
                if !carry.isEmpty {
                    line = carry + line
                    offset = carryOffset
                    carry = Data()
                }
                lineNumber += 1
                if !isBlank(line) { try body(Data(line), offset, lineNumber) }
                start = chunk.index(after: newline)
            }
            if start < chunk.endIndex {
                if carry.isEmpty { carryOffset = position + Int64(start - chunk.startIndex) }
                carry.append(chunk[start...])
            }
            position += Int64(chunk.count)
        }
        if !carry.isEmpty {
            lineNumber += 1
            if !isBlank(carry) { try body(carry, carryOffset, lineNumber) }
        }
    }

    static func isBlank(_ line: Data) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The `path` of a report line.
    /// The path of a report line, byte for byte (its `pathBytes` when the name is not UTF-8).
    package static func exactPath(of line: Data) -> ExactPath? {
        struct P: Decodable { var path: String; var pathBytes: String? }
        return (try? JSONDecoder().decode(P.self, from: line)).map { ExactPath(path: $0.path, base64Bytes: $0.pathBytes) }
    }

    package static func path(of line: Data) -> String? {
        struct P: Decodable { var path: String }
        return try? JSONDecoder().decode(P.self, from: line).path
    }

    /// Digests of every report in a JSONL file, by path compared byte for byte (a later line for
    /// the same path wins). Lines that are not reports are passed to `invalid` with their number.
    package static func exactDigests(path: String, invalid: (Int) -> Void) throws -> [ExactPath: ReportDigest] {
        var result: [ExactPath: ReportDigest] = [:]
        try forEachDigest(path: ProbePath(path), invalid: invalid) { result[$0.exactPath] = $0 }
        return result
    }

    /// ``exactDigests(path:invalid:)`` keyed by `String` (Swift equates canonically equivalent
    /// keys: of an NFC and an NFD spelling of one name only the later is kept).
    package static func digests(path: String, invalid: (Int) -> Void) throws -> [String: ReportDigest] {
        var result: [String: ReportDigest] = [:]
        for (key, digest) in try exactDigests(path: path, invalid: invalid) { result[key.path] = digest }
        return result
    }

    /// Calls `body` with the digest of each report line, in file order, holding at most
    /// ``decodeBatch`` lines at a time; lines that are not reports are passed to `invalid` with
    /// their number. Lines are decoded on every core (JSON decoding is nearly all of the time).
    package static func forEachDigest(path: ProbePath, invalid: (Int) -> Void, _ body: (ReportDigest) -> Void) throws {
        var batch: [(line: Data, number: Int)] = []
        func drain() {
            for (digest, number) in zip(decode(batch.map(\.line)), batch.map(\.number)) {
                if let digest { body(digest) } else { invalid(number) }
            }
            batch.removeAll(keepingCapacity: true)
        }
        try forEachLine(path: path) { line, _, number in
            batch.append((line, number))
            if batch.count == decodeBatch { drain() }
        }
        drain()
    }

    static let decodeBatch = 256

    /// Digests of `lines` (nil: not a report), decoded in parallel slices, in order.
    static func decode(_ lines: [Data]) -> [ReportDigest?] {
        let slices = max(1, min(ProcessInfo.processInfo.activeProcessorCount, lines.count))
        let results = UnsafeMutableBufferPointer<ReportDigest?>.allocate(capacity: lines.count)
        results.initialize(repeating: nil)
        defer { results.deinitialize(); results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            for i in stride(from: slice, to: lines.count, by: slices) { out[i] = try? ReportDigest.decode(jsonLine: lines[i]) }
        }
        return Array(results)
    }
}
