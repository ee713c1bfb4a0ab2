import ArgumentParser
import HDRProbe

/// `hdrprobe codes`: the code catalogue — every finding, error, verdict and check code with its
/// default severity and fix; `--markdown` prints `docs/findings.md` as generated from it.
struct CodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codes",
        abstract: "List every finding, error, verdict and check code with its severity and fix.",
        discussion: "--markdown prints docs/findings.md, which is generated from the same catalogue."
    )

    @Flag(help: "Print the catalogue as docs/findings.md (Markdown).")
    var markdown = false

    func run() throws {
        if markdown {
            print(MediaReport.Code.catalogueMarkdown, terminator: "")
            return
        }
        for entry in MediaReport.Code.catalogue {
            let severity = entry.decision?.rawValue ?? entry.severity.rawValue
            print("\(entry.code.rawValue)\t\(entry.family.rawValue)\t\(severity)\t\(entry.remedy ?? "")")
        }
    }
}
