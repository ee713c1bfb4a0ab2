/// A value a report carries in memory for the stages after the probe, never encoded: JSON has no
/// key for it, a decoded report has `nil`, and two reports compare equal whatever it holds.
///
/// The signal stage plans from evidence the report does not print (``SignallingEvidence``); a
/// report read back from JSON (a scan's cache) keeps the plans it was written with and cannot be
/// planned again.
@propertyWrapper
package struct Transient<Value: Sendable>: Sendable, Codable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package init(from decoder: Decoder) throws { wrappedValue = nil }

    package func encode(to encoder: Encoder) throws {}

    package static func == (lhs: Self, rhs: Self) -> Bool { true }
}

extension KeyedEncodingContainer {
    /// No key at all for a transient value (synthesized `Codable` picks this overload).
    package mutating func encode<V>(_ value: Transient<V>, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// A transient value is never read from the document.
    package func decode<V>(_ type: Transient<V>.Type, forKey key: Key) throws -> Transient<V> {
        Transient(wrappedValue: nil)
    }
}
