/// A compact report line (``ReportEncoder/jsonLine(_:)``) with its top-level `path` and
/// `pathBytes` replaced, without decoding the report: what a library scan serves when a cached
/// file is reached by another spelling of its path (a relative root one time, an absolute one the
/// next). The result is byte for byte what decoding the line into a ``ProbeReport``, setting both
/// and writing it again gives, because the line is checked to be in the writer's own form
/// (``ReportJSONWriter``, rules in ``ReportJSONEncoder``): one object, no whitespace, the keys of
/// every object in strictly ascending UTF-8 order, every string escaped as the writer escapes it,
/// numbers, `true`/`false`/`null` — the top level scanned member by member, nested objects and
/// arrays skipped whole, so a `"path"` inside a stream or finding is never touched. The new
/// values are written by the writer's own string escaping (``ReportJSONWriter/appendString(_:to:)``).
///
/// nil where the shape is not the one expected — the line malformed or not in the writer's
/// form, `path` missing or not a string, `pathBytes` present in the line but not wanted or wanted
/// but absent (the key would have to be removed or added), a key with an escape in it — and
/// the caller decodes and re-encodes instead.
package enum ReportLinePath {
    package static func rewrite(_ line: String, path: String, pathBytes: String?) -> String? {
        var line = line
        return line.withUTF8 { bytes -> String? in
            var scanner = CompactLineScanner(bytes: bytes)
            guard let found = scanner.topLevelPathValues(), let oldPath = found.path,
                  (found.pathBytes == nil) == (pathBytes == nil) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + path.utf8.count + (pathBytes?.utf8.count ?? 0))
            out.append(contentsOf: bytes[..<oldPath.lowerBound])
            ReportJSONWriter.appendString(path, to: &out)
            var rest = oldPath.upperBound
            if let oldBytes = found.pathBytes, let pathBytes {
                guard oldBytes.lowerBound >= rest else { return nil }
                out.append(contentsOf: bytes[rest..<oldBytes.lowerBound])
                ReportJSONWriter.appendString(pathBytes, to: &out)
                rest = oldBytes.upperBound
            }
            out.append(contentsOf: bytes[rest...])
            return String(decoding: out, as: UTF8.self)
        }
    }
}

/// Walks a compact JSON line in ``ReportJSONWriter``'s form (see ``ReportLinePath``); every
/// check failing makes the walk answer nil.
private struct CompactLineScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    /// The value ranges of the top-level `path` and `pathBytes` (each a string, else nil).
    package mutating func topLevelPathValues() -> (path: Range<Int>?, pathBytes: Range<Int>?)? {
        var path: Range<Int>?
        var pathBytes: Range<Int>?
        let complete = object(depth: 1) { scanner, key, value in
            if scanner.equal(key, "path") {
                guard scanner.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return false }
                path = value
            } else if scanner.equal(key, "pathBytes") {
                guard scanner.bytes[value.lowerBound] == UInt8(ascii: "\"") else { return false }
                pathBytes = value
            }
            return true
        }
        guard complete, index == bytes.count else { return nil }
        return (path, pathBytes)
    }

    /// An object whose members each go to `member` (key content range, value range).
    private mutating func object(depth: Int, member: (Self, Range<Int>, Range<Int>) -> Bool = { _, _, _ in true }) -> Bool {
        guard depth < ReportJSONWriter.maximumDepth, take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        var previous: Range<Int>?
        repeat {
            guard let key = string(), !key.escaped else { return false }
            if let previous, !bytes[previous].lexicographicallyPrecedes(bytes[key.content]) { return false }
            previous = key.content
            guard take(UInt8(ascii: ":")) else { return false }
            let start = index
            guard value(depth: depth), member(self, key.content, start..<index) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private mutating func array(depth: Int) -> Bool {
        guard depth < ReportJSONWriter.maximumDepth, take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard value(depth: depth) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    private mutating func value(depth: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return object(depth: depth + 1)
        case UInt8(ascii: "["): return array(depth: depth + 1)
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    /// A string as the writer escapes it: `\"`, `\\`, `\b \f \n \r \t`, other bytes below 0x20
    /// as `\u00xx` (lower-case hex), nothing else escaped and no raw byte below 0x20.
    private mutating func string() -> (content: Range<Int>, escaped: Bool)? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return (start..<index - 1, escaped)
            case UInt8(ascii: "\\"):
                guard escape() else { return nil }
                escaped = true
            case 0x00..<0x20: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// One escape at `index` (the backslash) in the writer's form.
    private mutating func escape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
            return true
        case UInt8(ascii: "u"):
            guard index + 6 <= bytes.count, bytes[index + 2] == 0x30, bytes[index + 3] == 0x30,
                  let high = Self.hexValue(bytes[index + 4]), high < 2,
                  let low = Self.hexValue(bytes[index + 5]) else { return false }
            // The named escapes are written by name, never as \u00xx.
            guard ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(high << 4 | low) else { return false }
            index += 6
            return true
        default: return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // no leading zeros
        } else if !digits() {
            return false
        }
        if take(UInt8(ascii: ".")), !digits() { return false }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            return digits()
        }
        return true
    }

    /// One or more decimal digits.
    private mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let end = index + text.utf8CodeUnitCount
        guard end <= bytes.count, equal(index..<end, text) else { return false }
        index = end
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    package func equal(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount
            && text.withUTF8Buffer { bytes[range].elementsEqual($0) }
    }
}
