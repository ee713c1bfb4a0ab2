import Foundation

/// A JSON value as ``ReportJSONEncoder`` collects it before writing: scalars already in their
/// final text, containers as shared references so that nested containers and super-encoders
/// can fill them after they were placed.
package enum ReportJSONTree {
    /// A number, `true`, `false` or `null`: written as it is.
    case literal(String)
    case string(String)
    case object(ReportJSONObject)
    case array(ReportJSONArray)
    /// A `superEncoder()`'s value, known only once the caller has used it; `{}` when it encoded nothing.
    case deferred(ReportJSONTreeEncoder)

    package static var null: ReportJSONTree { .literal("null") }

    package static func bool(_ value: Bool) -> ReportJSONTree { .literal(value ? "true" : "false") }

    package static func integer<I: FixedWidthInteger>(_ value: I) -> ReportJSONTree { .literal(value.description) }

    /// `description` without a trailing ".0"; NaN and infinity throw as JSONEncoder's `.throw` strategy does.
    package static func float<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, codingPath: [CodingKey]) throws -> ReportJSONTree {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }

    /// Any encodable value; nil when it encoded nothing. Scalars and Foundation's specially
    /// encoded types are recognised by their type metadata, never by a dynamic cast.
    package static func box<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws -> ReportJSONTree? {
        if let scalar = try scalar(value, codingPath: codingPath) { return scalar }
        if let special = foundationValue(value) { return special }
        let encoder = ReportJSONTreeEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.value
    }

    /// As ``box(_:codingPath:)`` inside a container, where a value that encoded nothing is `{}`.
    package static func element<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws -> ReportJSONTree {
        try box(value, codingPath: codingPath) ?? .object(ReportJSONObject())
    }

    private static func scalar<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws -> ReportJSONTree? {
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return integer(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try float(unsafeBitCast(value, to: Double.self), codingPath: codingPath) }
        if T.self == Float.self { return try float(unsafeBitCast(value, to: Float.self), codingPath: codingPath) }
        return sizedInteger(value)
    }

    private static func sizedInteger<T: Encodable>(_ value: T) -> ReportJSONTree? {
        if T.self == Int64.self { return integer(unsafeBitCast(value, to: Int64.self)) }
        if T.self == UInt64.self { return integer(unsafeBitCast(value, to: UInt64.self)) }
        if T.self == UInt.self { return integer(unsafeBitCast(value, to: UInt.self)) }
        if T.self == Int32.self { return integer(unsafeBitCast(value, to: Int32.self)) }
        if T.self == UInt32.self { return integer(unsafeBitCast(value, to: UInt32.self)) }
        if T.self == Int16.self { return integer(unsafeBitCast(value, to: Int16.self)) }
        if T.self == UInt16.self { return integer(unsafeBitCast(value, to: UInt16.self)) }
        if T.self == Int8.self { return integer(unsafeBitCast(value, to: Int8.self)) }
        if T.self == UInt8.self { return integer(unsafeBitCast(value, to: UInt8.self)) }
        return nil
    }

    /// JSONEncoder's default strategies for the Foundation types it treats specially (`Date`
    /// needs none: its own encoding is the default `.deferredToDate`).
    private static func foundationValue<T: Encodable>(_ value: T) -> ReportJSONTree? {
        if T.self == Data.self { return .string(unsafeBitCast(value, to: Data.self).base64EncodedString()) }
        if T.self == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
        if T.self == Decimal.self { return .literal(unsafeBitCast(value, to: Decimal.self).description) }
        return nil
    }
}

package final class ReportJSONObject {
    package var members: [String: ReportJSONTree] = [:]
}

package final class ReportJSONArray {
    package var elements: [ReportJSONTree] = []
}
