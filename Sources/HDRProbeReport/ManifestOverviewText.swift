import HDRProbeModel

/// The overview of a whole-presentation check for terminals: the table of ``ManifestOverview``
/// (columns padded to their widest cell) and the Must fix / Should fix lists, each code with its
/// count, its fix and where it occurs (the first ``shownLocations``, then how many more).
package enum ManifestOverviewText {
    package static let shownLocations = 10

    package static func render(_ overview: ManifestOverview) -> String {
        var out: [String] = []
        if overview.walked {
            let table = [ManifestOverview.headers] + overview.rows.map(ManifestOverview.cells)
            let widths = ManifestOverview.headers.indices.map { c in table.map { $0[c].count }.max() ?? 0 }
            out.append("Overview")
            for line in table {
                out.append("  " + zip(line, widths).map { $0.padded($1) }.joined(separator: "  ").trimmingTrailingSpaces)
            }
        }
        for (title, groups) in [("Must fix", overview.fixes.mustFix), ("Should fix", overview.fixes.shouldFix)] where !groups.isEmpty {
            let total = groups.reduce(0) { $0 + $1.count }
            out.append("\(title) (\(CountText.of(groups.count, "code")), \(CountText.of(total, "finding")))")
            for g in groups {
                out.append("  \(g.code) × \(g.count)" + (g.fix.map { " — \($0)" } ?? ""))
                for l in g.locations.prefix(shownLocations) { out.append("      " + ManifestOverview.text(l)) }
                if g.locations.count > shownLocations { out.append("      … and \(g.locations.count - shownLocations) more") }
            }
        }
        return out.map(TerminalText.escape).joined(separator: "\n")
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
