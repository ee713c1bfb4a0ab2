import Foundation

/// A report's path compared byte for byte. Swift's `String` compares and hashes by Unicode
/// canonical equivalence, so `café` spelt with U+00E9 (NFC) and with `e` + U+0301 (NFD) would be
/// one key — but on Linux they name two files. `check --diff` and `merge` key reports by this.
package struct ExactPath: Hashable, Comparable, Sendable {
    /// The bytes that identify the file (the UTF-8 of `path`).
    package let bytes: [UInt8]
    /// The path as reports show it.
    package let path: String

    package init(_ path: String) {
        self.path = path
        bytes = Array(path.utf8)
    }

    /// A path whose bytes are not its display's UTF-8 (a name that is not valid UTF-8).
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The path of a report: its `pathBytes` (Base64) when present, else `path`.
    package init(path: String, base64Bytes: String?) {
        if let base64Bytes, let data = Data(base64Encoded: base64Bytes) {
            self.init(path: path, bytes: [UInt8](data))
        } else {
            self.init(path)
        }
    }

    package static func == (a: ExactPath, b: ExactPath) -> Bool { a.bytes == b.bytes }
    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
    /// Byte order, the order of `scan --sorted`.
    package static func < (a: ExactPath, b: ExactPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
