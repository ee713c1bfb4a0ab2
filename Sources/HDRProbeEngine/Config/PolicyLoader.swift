import HDRProbeModel
import Foundation
import HDRProbeConfig
import HDRProbeClassify
import HDRProbeCheck

/// Resolves `--policy NAME|FILE`: a built-in policy name (`default`, `apple-hls`) or the path of
/// a YAML/JSON policy file (read with a size limit, parsed by ``PolicyDocument``). Failures are
/// ``ConfigFileFailure`` values; the core writes their sentences.
package enum PolicyLoader {
    package static func load(_ nameOrPath: String) throws(ConfigFileFailure) -> PolicyDocument {
        if let builtIn = DolbyVisionPolicy.builtIn(named: nameOrPath) {
            return PolicyDocument(dolbyVision: builtIn)
        }
        let text = try readPolicyText(nameOrPath)
        if let parsed = ParsedPolicies.shared.document(path: nameOrPath, text: text) { return parsed }
        let name = URL(fileURLWithPath: nameOrPath).deletingPathExtension().lastPathComponent
        do throws(ConfigError) {
            let document = try PolicyDocument.parse(text, defaultName: name)
            ParsedPolicies.shared.keep(document, path: nameOrPath, text: text)
            return document
        } catch {
            throw .invalid(path: nameOrPath, error)
        }
    }

    /// Reads a small UTF-8 policy file (at most ``ConfigNode/maxBytes``).
    static func readPolicyText(_ path: String) throws(ConfigFileFailure) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .policyNotFound(path: path) }
        guard !isDirectory.boolValue else { throw .policyIsDirectory(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .policyUnreadable(path: path) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: ConfigNode.maxBytes + 1)) ?? Data()
        guard data.count <= ConfigNode.maxBytes else { throw .policyTooLarge(path: path) }
        guard let text = String(data: data, encoding: .utf8) else { throw .policyNotUTF8(path: path) }
        return text
    }
}

/// The policy files this process has parsed, by path and text: a run that checks its options,
/// then probes, then sets up a scan reads the small file each time but parses the YAML once
/// (an edited file is parsed again).
private final class ParsedPolicies: @unchecked Sendable {
    static let shared = ParsedPolicies()
    private let lock = NSLock()
    private var documents: [String: (text: String, document: PolicyDocument)] = [:]

    func document(path: String, text: String) -> PolicyDocument? {
        lock.lock()
        defer { lock.unlock() }
        guard let kept = documents[path], kept.text == text else { return nil }
        return kept.document
    }

    func keep(_ document: PolicyDocument, path: String, text: String) {
        lock.lock()
        defer { lock.unlock() }
        if documents.count > 16 { documents.removeAll() }
        documents[path] = (text, document)
    }
}
