import Foundation

/// hdrprobe's JSON writer for its `Encodable` values: compact, the bytes Foundation's `JSONEncoder`
/// writes with `[.sortedKeys, .withoutEscapingSlashes]`; pretty, the same document laid out as
/// `jq -S .` prints it (the style jq and ffprobe users read); JSONEncoder's errors for NaN /
/// infinity and for a top-level value that encodes nothing.
///
/// Why not `JSONEncoder` itself: its generic `encode<T>` casts every value to several of its own
/// types and protocols, and each first cast of a (type, protocol) pair makes the Swift runtime
/// walk every protocol-conformance record of the binary — a large share of a small probe's
/// start-up (Reports/benchmarks.md). This writer tells scalars apart by comparing type metadata
/// (`T.self == Int.self`), which needs no conformance lookup, and writes the text directly.
///
/// The rules it follows (verified against the toolchain's `JSONEncoder` and against jq in
/// `ReportJSONEncoderTests`): object keys sorted by their UTF-8 bytes; `"key": value` and two
/// spaces a level when pretty, an empty container as `{}` or `[]`; strings with
/// `"` and `\` escaped, `\b \f \n \r \t`, other bytes below 0x20 as `\u00xx`, everything else
/// (`/`, DEL, non-ASCII) as UTF-8; integers in decimal; `Double`/`Float` as their Swift
/// `description` without a trailing `.0`; `Data` as Base64, `URL` as its absolute string,
/// `Decimal` as its description, `Date` as seconds since 2001 (JSONEncoder's default strategies).
package struct ReportJSONEncoder {
    package var pretty: Bool

    package init(pretty: Bool) { self.pretty = pretty }

    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        guard let tree = try ReportJSONTree.box(value, codingPath: []) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = ReportJSONWriter(pretty: pretty)
        guard writer.write(tree, depth: 0) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        return writer.bytes
    }

    package func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}

/// A coding key the writer makes itself: an unkeyed container's `Index N` and `super`.
package struct ReportJSONKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    package init(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }

    package static let superKey = ReportJSONKey(stringValue: "super")
}
