/// Encodes `nil` as an explicit JSON `null` instead of omitting the key.
///
/// The report contract (`docs/report-contract.md`) says "a value that is unknown is `null`,
/// never a made-up default" and consumers read fixed keys, so optional report fields must
/// always be present. Synthesized `Codable` on a wrapped property calls the wrapper's
/// `encode(to:)`, which writes `null` for `nil`.
@propertyWrapper
package struct NullEncoded<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let v = wrappedValue { try c.encode(v) } else { try c.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as `nil` rather than failing.
    package func decode<V>(_ type: NullEncoded<V>.Type, forKey key: Key) throws -> NullEncoded<V> {
        try decodeIfPresent(type, forKey: key) ?? NullEncoded(wrappedValue: nil)
    }
}
