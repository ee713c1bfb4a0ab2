#if FFmpeg
import Foundation

/// Resolves the dotted fact keys of `Corpus/expected/*.json` (and `../shared/external/ground-truth.json`)
/// against a report decoded with JSONSerialization:
/// `video.` = first video stream, `audio.` = first audio stream, `streams[N].` = stream N,
/// `streams.count`, `findings.codes` (sorted unique codes); stream keys without a prefix
/// (`color.`, `frameRate.`, `hdr.`, `dolbyVision.`, `hls.`) mean the first video stream.
enum ReportPath {
    enum Resolution { case value(Any), missing(String) }

    static let topLevel: Set<String> = ["schemaVersion", "tool", "path", "status", "error", "container", "streams", "findings", "probe"]

    static func resolve(_ key: String, in report: [String: Any]) -> Resolution {
        var parts = key.split(separator: ".").map(String.init)
        guard let first = parts.first else { return .missing("empty key") }
        var current: Any = report
        let streams = report["streams"] as? [[String: Any]] ?? []
        if first == "video" || first == "audio" {
            guard let s = streams.first(where: { ($0["kind"] as? String) == first }) else { return .missing("no \(first) stream") }
            current = s
            parts.removeFirst()
        } else if first.hasPrefix("streams[") {
            let n = Int(first.dropFirst("streams[".count).dropLast()) ?? -1
            guard n >= 0, n < streams.count else { return .missing("no stream \(n)") }
            current = streams[n]
            parts.removeFirst()
        } else if key == "streams.count" {
            return .value(streams.count)
        } else if key == "findings.codes" {
            let codes = Set((report["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String })
            return .value(codes.sorted())
        } else if !topLevel.contains(first) {
            guard let s = streams.first(where: { ($0["kind"] as? String) == "video" }) else { return .missing("no video stream") }
            current = s
        }
        for part in parts {
            if current is NSNull { return .value(NSNull()) }
            guard let dict = current as? [String: Any] else { return .missing("'\(part)' of a non-object") }
            guard let next = dict[part] else { return .missing("no key '\(part)'") }
            current = next
        }
        return .value(current)
    }

    /// JSON equality with a tolerance for numbers (3-decimal frame rates, 5-decimal chromaticities).
    static func equal(_ a: Any, _ b: Any) -> Bool {
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let x = a as? String, let y = b as? String { return x == y }
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as? Bool) == (b as? Bool) }
        if let x = a as? NSNumber, let y = b as? NSNumber {
            let dx = x.doubleValue, dy = y.doubleValue
            return abs(dx - dy) <= max(0.0005, abs(dy) * 1e-6)
        }
        if let x = a as? [Any], let y = b as? [Any] {
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        }
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { equal(x[$0]!, y[$0]!) }
        }
        return false
    }

    static func isBool(_ v: Any) -> Bool {
        if v is Bool && !(v is NSNumber) { return true }
        guard let n = v as? NSNumber else { return false }
        return type(of: n) == type(of: NSNumber(value: true))
    }

    static func describe(_ v: Any) -> String {
        if v is NSNull { return "null" }
        if let data = try? JSONSerialization.data(withJSONObject: v, options: [.fragmentsAllowed, .sortedKeys]) {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(v)"
    }
}
#endif
