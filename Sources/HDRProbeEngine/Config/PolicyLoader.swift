import Foundation
import HDRProbeCore

/// Resolves `--policy NAME|FILE`: a built-in policy name (`default`, `apple-hls`) or the path of
/// a YAML/JSON policy file (read with a size limit, parsed by ``PolicyDocument``).
package enum PolicyLoader {
    package struct LoadError: Error, CustomStringConvertible {
        package let description: String
    }

    package static func load(_ nameOrPath: String) throws -> PolicyDocument {
        if let builtIn = DolbyVisionPolicy.builtIn(named: nameOrPath) {
            return PolicyDocument(dolbyVision: builtIn)
        }
        let text = try readConfigText(nameOrPath, what: "policy",
                                      hint: "a built-in policy (\(DolbyVisionPolicy.builtIn.map(\.name).joined(separator: ", "))) or a YAML file")
        let name = URL(fileURLWithPath: nameOrPath).deletingPathExtension().lastPathComponent
        do {
            return try PolicyDocument.parse(text, defaultName: name)
        } catch {
            throw LoadError(description: "\(nameOrPath): \(error)")
        }
    }

    /// Reads a small UTF-8 configuration file (at most ``ConfigNode/maxBytes``).
    static func readConfigText(_ path: String, what: String, hint: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError(description: "\(path): no such \(what) — give \(hint)")
        }
        guard !isDirectory.boolValue else { throw LoadError(description: "\(path): is a directory, not a \(what) file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LoadError(description: "\(path): cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: ConfigNode.maxBytes + 1)) ?? Data()
        guard data.count <= ConfigNode.maxBytes else {
            throw LoadError(description: "\(path): larger than \(ConfigNode.maxBytes) bytes; not a \(what) file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LoadError(description: "\(path): not UTF-8 text")
        }
        return text
    }
}
