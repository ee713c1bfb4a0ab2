import HDRProbeModel

/// Writes `docs/findings.md` from the code catalogue (``FindingCode/catalogue``): one section and one
/// table per family, one row per catalogue entry. `hdrprobe codes --markdown` prints it;
/// `scripts/findings-doc.sh` writes the file; a test checks that the file is what this writes.
package enum CodeCatalogueMarkdown {
    package static let title = "# Finding and error codes"
    package static let introduction = [
        "Every code hdrprobe emits, one line each: what triggers it and what to do about it. Codes are",
        "stable dotted identifiers (`docs/report-contract.md`); a test checks that every code in the source",
        "is listed here. Severity is the default; later policy files may override it.",
        "This file is generated from the code catalogue (`Sources/HDRProbeModel/Codes/`):",
        "`bash scripts/findings-doc.sh` rewrites it.",
    ]

    package static func render() -> String {
        var lines = [title, ""] + introduction
        for family in FindingCode.Family.allCases {
            lines += [""] + section(family)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func section(_ family: FindingCode.Family) -> [String] {
        var lines = ["<a id=\"\(family.anchor)\"></a>", "", "## \(family.heading)", ""]
        if !family.introduction.isEmpty { lines += family.introduction + [""] }
        lines.append("| " + family.columns.joined(separator: " | ") + " |")
        lines.append("|" + String(repeating: "---|", count: family.columns.count))
        for entry in FindingCode.catalogue where entry.family == family {
            lines.append("| `\(entry.code.rawValue)` | " + family.cells(entry).joined(separator: " | ") + " |")
        }
        return lines
    }
}
