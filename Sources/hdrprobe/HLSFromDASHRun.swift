import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe hls --from-dash MANIFEST.mpd --output DIR`: writes `DIR/master.m3u8` and one media
/// playlist per Representation (``StreamingSignalling/hlsFromDASH(manifest:outputDirectory:options:)``)
/// and prints what was written and every finding. Exit status 1 when the MPD cannot be read or a
/// finding is an error.
enum HLSFromDASHRun {
    static func run(manifest: String, output: String, options: MediaProbe.Options) throws {
        let translation: HLSTranslation
        do throws(HDRProbeError) {
            translation = try StreamingSignalling.hlsFromDASH(manifest: manifest, outputDirectory: output, options: options)
        } catch {
            throw ValidationError(error.description)
        }
        let directory = translation.outputDirectory
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            throw ValidationError("--output \(output): \(error.localizedDescription)")
        }
        if let error = translation.error {
            FileHandle.standardError.write(Data("\(translation.manifest)\(error.line > 0 ? ":\(error.line)" : ""): error \(error.code): \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        for (name, text) in translation.playlists {
            do throws(OutputFile.Failure) { try OutputFile.write(text, to: directory + "/" + name) } catch {
                FileHandle.standardError.write(Data("error: cannot write \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        let media = translation.playlists.count - 1
        print("\(directory)/master.m3u8: \(media) media playlist\(media == 1 ? "" : "s") from \(translation.manifest)")
        for f in translation.findings {
            print(Terminal.escape("\(translation.manifest):\(f.line): \(f.severity.rawValue) \(f.code): \(f.message)"))
        }
        if translation.findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
