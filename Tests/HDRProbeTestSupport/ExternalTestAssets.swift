import Foundation

/// Test helper for the third-party assets in `../shared/external` (beside the package root;
/// `shared/external/README.md`): locating them from this file's path (never the working
/// directory), reading `ground-truth.json`, and checking a file's SHA-256 against it before its
/// facts are trusted. Tests that use it carry `.enabled(if: ExternalTestAssets.isPresent)` so the
/// package still passes where the folder is absent.
package enum ExternalTestAssets {
    /// Tests/HDRProbeCoreTests/ExternalTestAssets.swift → three levels up is the package root.
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let root = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/external")
    package static let groundTruthURL = root.appendingPathComponent("ground-truth.json")

    package static var isPresent: Bool { FileManager.default.fileExists(atPath: groundTruthURL.path) }

    /// True when the ground truth and every named file are present.
    package static func has(_ paths: String...) -> Bool {
        isPresent && paths.allSatisfy { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    /// `files[path]` of ground-truth.json.
    package static func entry(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: groundTruthURL)
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let files = json?["files"] as? [String: Any], let e = files[path] as? [String: Any] else {
            throw AssetError.missing("ground-truth.json has no entry for \(path)")
        }
        return e
    }

    /// The `value` of fact `key` of file `path`, or nil when absent.
    package static func fact(_ path: String, _ key: String) throws -> Any? {
        let facts = try entry(path)["facts"] as? [String: Any]
        return (facts?[key] as? [String: Any])?["value"]
    }

    /// The file's bytes, after checking their SHA-256 against ground-truth.json.
    package static func verifiedBytes(_ path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
        let origin = try entry(path)["origin"] as? [String: Any]
        guard let expected = origin?["sha256"] as? String else { throw AssetError.missing("no sha256 for \(path)") }
        let actual = sha256Hex(bytes)
        guard actual == expected.lowercased() else {
            throw AssetError.checksum("\(path): SHA-256 \(actual), ground truth \(expected)")
        }
        return bytes
    }

    /// A JSON file of the assets, after the checksum check.
    package static func verifiedJSON(_ path: String) throws -> [String: Any] {
        let bytes = try verifiedBytes(path)
        guard let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw AssetError.missing("\(path) is not a JSON object")
        }
        return json
    }

    package enum AssetError: Error, CustomStringConvertible {
        case missing(String), checksum(String)
        package var description: String {
            switch self { case .missing(let s), .checksum(let s): return s }
        }
    }

    /// SHA-256 of an asset file's bytes (the shared test helper ``TestSHA256``).
    package static func sha256Hex(_ message: [UInt8]) -> String { TestSHA256.hex(message) }

}
