import ArgumentParser
import HDRProbeModel
import HDRProbeReport

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
            print(CodeCatalogueMarkdown.render(), terminator: "")
            return
        }
        for entry in FindingCode.catalogue {
            let severity = entry.decision ?? entry.severity.rawValue
            print("\(entry.code.rawValue)\t\(entry.family.rawValue)\t\(severity)\t\(entry.remedy ?? "")")
        }
    }
}
