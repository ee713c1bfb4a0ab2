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
        let name = URL(fileURLWithPath: nameOrPath).deletingPathExtension().lastPathComponent
        do throws(ConfigError) {
            return try PolicyDocument.parse(text, defaultName: name)
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
