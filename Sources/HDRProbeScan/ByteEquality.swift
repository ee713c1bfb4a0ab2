#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact byte comparisons of names and paths, with `memcmp` on contiguous storage. Byte-wise on
/// purpose: Swift's `==` on strings would equate NFC and NFD spellings of one name, which are two
/// files. (The generic `elementsEqual` over `String.UTF8View` showed in warm-scan profiles.)
enum ByteEquality {
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether `bytes` are exactly the UTF-8 of `text`.
    static func equal(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var text = text
        return text.withUTF8 { equal(UnsafeRawBufferPointer($0), bytes) }
    }

    static func equal(_ text: String, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { equal(text, $0) }
    }

    /// Whether two strings have the same UTF-8 bytes.
    static func equal(_ a: String, _ b: String) -> Bool {
        var b = b
        return b.withUTF8 { equal(a, UnsafeRawBufferPointer($0)) }
    }

    /// Byte order (unsigned, a shorter prefix first): `lexicographicallyPrecedes` of the bytes.
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                let n = min(a.count, b.count)
                let c = n == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, n)
                return c != 0 ? c < 0 : a.count < b.count
            }
        }
    }
}
