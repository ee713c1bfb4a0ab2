import ArgumentParser
import Foundation
import HDRProbe

/// `hls --check` and `dash --check`: each manifest checked in turn with a progress line, then the
/// checks printed as text, JSON or a `check` format, and with `--html` the overview page written.
/// Exit status 1 when a manifest could not be
/// checked or a finding is at or above `failOn`.
struct ManifestCheckRun {
    var manifests: [String]
    var format: FindingsFormat?
    var json: Bool
    var failOn: MediaReport.Code.Severity
    var quiet: Bool
    /// Where the HTML overview page is written, besides what is printed.
    var html: String? = nil

    func run(_ check: (String) throws(HDRProbeError) -> ManifestCheck) throws {
        let start = Date()
        let progress = FileCountProgress(total: manifests.count, quiet: quiet)
        var checks: [ManifestCheck] = []
        for (i, manifest) in manifests.enumerated() {
            progress.show(i, manifest)
            do throws(HDRProbeError) { checks.append(try check(manifest)) } catch {
                progress.finish()
                throw ValidationError(error.description)
            }
        }
        progress.finish()
        if let html {
            do throws(OutputFile.Failure) { try OutputFile.write(ManifestCheck.html(checks), to: html) } catch {
                throw ValidationError(error.description)
            }
        }
        if let format {
            print(try ManifestCheck.render(checks, format: format, failOn: failOn, seconds: Date().timeIntervalSince(start)), terminator: "")
        } else if json {
            print(try ManifestCheck.json(checks))
        } else {
            print(checks.map(\.text).joined(separator: "\n\n"))
        }
        if checks.contains(where: { $0.fails(at: failOn) }) { throw ExitCode(1) }
    }
}

/// "1 file", "2 files": a count and its noun.
enum Plural {
    static func of(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

extension FindingsFormat: ExpressibleByArgument {}
extension MediaReport.Code.Severity: ExpressibleByArgument {}
