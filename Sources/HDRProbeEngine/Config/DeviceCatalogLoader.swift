import Foundation
import HDRProbeCore

/// Loads the device catalogue: the built-in `devices.yaml` shipped as a resource of this target
/// (found next to the executable, without `Bundle.module`'s fatal error when it is missing), plus
/// a user file given with `--targets` (YAML or JSON, same shape, merged over it).
package enum DeviceCatalogLoader {
    package enum LoadError: Error, CustomStringConvertible {
        case builtInMissing(String)
        case unreadable(String, String)
        case invalid(String, ConfigError)

        package var description: String {
            switch self {
            case let .builtInMissing(where_): return "the built-in device catalogue is missing (looked in \(where_))"
            case let .unreadable(path, why): return "\(path): \(why)"
            case let .invalid(path, error): return "\(path): \(error)"
            }
        }
    }

    static let bundleName = "hdrprobe_HDRProbeEngine.resources"

    /// Where the resource bundle may be: beside the executable (SwiftPM's layout on Linux), its
    /// resolved symlink, or the test bundle's build folder.
    static func candidates() -> [URL] {
        var dirs: [URL] = []
        let arg0 = URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        dirs.append(arg0.deletingLastPathComponent())
        dirs.append(arg0.resolvingSymlinksInPath().deletingLastPathComponent())
        dirs.append(Bundle.main.bundleURL)
        dirs.append(Bundle.main.bundleURL.deletingLastPathComponent())
        dirs.append(arg0.deletingLastPathComponent().deletingLastPathComponent())
        return dirs.flatMap { [$0.appendingPathComponent(bundleName).appendingPathComponent("devices.yaml"),
                               $0.appendingPathComponent(bundleName).appendingPathComponent("Contents/Resources/devices.yaml")] }
    }

    package static func builtInText() throws -> String {
        for url in candidates() {
            if let text = try? String(contentsOf: url, encoding: .utf8) { return text }
        }
        throw LoadError.builtInMissing(candidates().map(\.path).prefix(2).joined(separator: ", "))
    }

    package static func load(userFile: String? = nil) throws -> DeviceCatalog {
        let builtIn: DeviceCatalog
        do { builtIn = try DeviceCatalog.parse(try builtInText()) } catch let e as ConfigError {
            throw LoadError.invalid("devices.yaml", e)
        }
        guard let userFile else { return builtIn }
        let attributes = try? FileManager.default.attributesOfItem(atPath: userFile)
        if let size = attributes?[.size] as? Int, size > ConfigNode.maxBytes {
            throw LoadError.unreadable(userFile, "larger than \(ConfigNode.maxBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: userFile), let text = String(data: data, encoding: .utf8) else {
            throw LoadError.unreadable(userFile, FileManager.default.fileExists(atPath: userFile) ? "cannot be read as UTF-8 text" : "no such file")
        }
        do { return try DeviceCatalog.parse(text, extending: builtIn) } catch {
            throw LoadError.invalid(userFile, error)
        }
    }
}
