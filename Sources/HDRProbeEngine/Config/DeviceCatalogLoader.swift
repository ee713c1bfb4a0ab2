import Foundation
import HDRProbeConfig
import HDRProbeSimulate
import HDRProbeCheck

/// Loads the device catalogue: the built-in `devices.yaml` shipped as a resource of this target
/// (found next to the executable, without `Bundle.module`'s fatal error when it is missing), plus
/// a user file given with `--targets` (YAML or JSON, same shape, merged over it). Failures are
/// ``ConfigFileFailure`` values; the core writes their sentences.
package enum DeviceCatalogLoader {
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

    package static func builtInText() throws(ConfigFileFailure) -> String {
        for url in candidates() {
            if let text = try? String(contentsOf: url, encoding: .utf8) { return text }
        }
        throw .builtInCatalogueMissing(lookedIn: candidates().map(\.path))
    }

    package static func load(userFile: String? = nil) throws(ConfigFileFailure) -> DeviceCatalog {
        let builtIn: DeviceCatalog
        let builtInYAML = try builtInText()
        do throws(ConfigError) { builtIn = try DeviceCatalog.parse(builtInYAML) } catch {
            throw .invalid(path: "devices.yaml", error)
        }
        guard let userFile else { return builtIn }
        let attributes = try? FileManager.default.attributesOfItem(atPath: userFile)
        if let size = attributes?[.size] as? Int, size > ConfigNode.maxBytes { throw .catalogueTooLarge(path: userFile) }
        guard let data = FileManager.default.contents(atPath: userFile), let text = String(data: data, encoding: .utf8) else {
            throw FileManager.default.fileExists(atPath: userFile) ? .catalogueNotUTF8(path: userFile) : .catalogueNotFound(path: userFile)
        }
        do throws(ConfigError) { return try DeviceCatalog.parse(text, extending: builtIn) } catch {
            throw .invalid(path: userFile, error)
        }
    }
}
