import HDRProbeModel

/// The overview of manifest checks as one self-contained HTML page (`hls --check --html FILE`,
/// `dash --check --html FILE`): per manifest the table of ``ManifestOverview`` and the Must fix /
/// Should fix lists with every location. Nothing is fetched: the style is inline, the one script
/// only marks the page ready, and the Content-Security-Policy forbids any other source. Every
/// string from a manifest (URIs, ids, messages) is escaped.
package enum ManifestOverviewHTML {
    static func escape(_ s: String) -> String { LibraryMatrixHTML.escape(s) }

    static let css = """
    td.num{text-align:right;white-space:nowrap} tr.problem td:first-child{box-shadow:inset 4px 0 var(--fails)}
    .must h3{color:#a00} .should h3{color:#850} ul.where{margin:.2em 0 .6em 1.2em;padding:0;font-family:ui-monospace,monospace;font-size:12px}
    section.manifest{margin-bottom:2em} .fix{color:var(--muted)}
    """

    package static func render(_ overviews: [ManifestOverview], toolVersion: String) -> String {
        var h = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>hdrprobe check: \(escape(overviews.map(\.manifest).joined(separator: ", ")))</title>
        <style>\(ReportPageStyle.css)\(css)</style></head>
        <body>
        <h1>hdrprobe manifest check</h1>

        """
        for o in overviews { h += section(o) }
        h += """
        <p class="path">hdrprobe \(escape(toolVersion))</p>
        <script>document.body.dataset.ready = "true"</script>
        </body></html>

        """
        return h
    }

    static func section(_ o: ManifestOverview) -> String {
        let errors = o.fixes.mustFix.reduce(0) { $0 + $1.count }, warnings = o.fixes.shouldFix.reduce(0) { $0 + $1.count }
        var h = "<section class=\"manifest\"><h2 class=\"file\">\(escape(o.format)) \(escape(o.manifest))</h2>\n"
        if let failure = o.failure {
            return h + "<p class=\"fails\">Not checked: \(escape(failure))</p></section>\n"
        }
        h += "<p>\(escape(CountText.of(o.rows.count, "row"))): \(escape(CountText.of(errors, "error"))), \(escape(CountText.of(warnings, "warning")))</p>\n"
        if o.walked {
            h += "<table class=\"grid overview\"><thead><tr>" + ManifestOverview.headers.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
            let numeric: Set<Int> = [2, 3, 4, 5, 7, 10, 13]
            for row in o.rows {
                let cells = ManifestOverview.cells(row).enumerated().map { i, c in
                    "<td\(numeric.contains(i) ? " class=\"num\"" : "")>\(escape(c))</td>"
                }
                h += "<tr\(row.problems > 0 ? " class=\"problem\"" : "")>" + cells.joined() + "</tr>\n"
            }
            h += "</tbody></table>\n"
        }
        for (title, style, groups) in [("Must fix", "must", o.fixes.mustFix), ("Should fix", "should", o.fixes.shouldFix)] where !groups.isEmpty {
            h += "<div class=\"\(style)\"><h3>\(title)</h3>\n"
            for g in groups {
                h += "<p><code>\(escape(g.code.rawValue))</code> × \(g.count)"
                if let fix = g.fix { h += " <span class=\"fix\">— \(escape(fix))</span>" }
                h += "</p>\n<ul class=\"where\">" + g.locations.map { "<li>\(escape(ManifestOverview.text($0)))</li>" }.joined() + "</ul>\n"
            }
            h += "</div>\n"
        }
        if o.fixes.mustFix.isEmpty && o.fixes.shouldFix.isEmpty { h += "<p class=\"plays\">Nothing to fix.</p>\n" }
        return h + "</section>\n"
    }
}
