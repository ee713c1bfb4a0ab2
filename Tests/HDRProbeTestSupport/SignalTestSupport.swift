import Foundation

/// Test helper: JSON encoding with sorted keys and no escaped slashes, and decoding back, for the
/// `Codable` signalling types (the report prints them as JSON, `docs/report-contract.md` `hls`).
package enum JSONRoundTrip {
    package static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    package static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
