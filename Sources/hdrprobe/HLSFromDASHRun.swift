import ArgumentParser
import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe hls --from-dash MANIFEST.mpd --output DIR`: writes `DIR/master.m3u8` and one media
/// playlist per Representation (``DASHToHLSTranslator``, `docs/rules/dash-manifests.md` §4) and prints
/// what was written and every finding. Exit status 1 when the MPD cannot be read or a finding is an error.
enum HLSFromDASHRun {
    static func run(manifest: String, output: String, options: ProbeOptions) throws {
        let fm = FileManager.default
        // Both absolute and without `.`/`..`: the media playlists' URIs are written relative to the
        // output folder, from the MPD's own location, whatever the working folder is.
        let directory = URL(fileURLWithPath: output).standardizedFileURL.path
        let local = !manifest.contains("://")
        let manifest = local ? URL(fileURLWithPath: manifest).standardizedFileURL.path : manifest
        do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw ValidationError("--output \(output): \(error.localizedDescription)")
        }
        let result = DASHToHLSTranslator(options: options).translate(manifest, outputDirectory: directory)
        if let error = result.error {
            FileHandle.standardError.write(Data("\(manifest)\(error.line > 0 ? ":\(error.line)" : ""): error \(error.code): \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        let files = result.output?.files ?? [:]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            do { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) } catch {
                FileHandle.standardError.write(Data("error: cannot write \(directory)/\(name): \(error.localizedDescription)\n".utf8))
                throw ExitCode(2)
            }
        }
        print("\(directory)/master.m3u8: \(CountText.of(files.count - 1, "media playlist")) from \(manifest)")
        let findings = (result.output?.findings ?? []) + result.skipped
        for f in findings {
            print(TerminalText.escape("\(manifest):\(f.line): \(f.severity.rawValue) \(f.code): \(f.message)"))
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
