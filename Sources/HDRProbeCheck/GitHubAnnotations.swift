import HDRProbeModel

/// `--format github`: GitHub Actions workflow commands, one per item of severity warning or
/// above (`::error file=…,title=…::message`; info items only with `minimum: .info`, as `::notice`),
/// so problems show up as annotations on the run. Escaping follows the Actions runner
/// (`toolkit/packages/core/src/command.ts`): in the message `%`, CR and LF; in properties also
/// `:` and `,`.
package enum GitHubAnnotations {
    package static func render(_ report: CheckReport, minimum: Finding.Severity = .warning) -> String {
        var out = ""
        for o in report.outcomes {
            for item in o.items where item.severity >= minimum {
                out += line(path: o.path, item: item) + "\n"
            }
        }
        out += "::notice title=\(property("hdrprobe check"))::\(data(CheckTextRenderer.footer(report)))\n"
        return out
    }

    package static func line(path: String, item: CheckItem) -> String {
        let command: String
        switch item.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        let title = item.code.rawValue + (item.stream.map { " [#\($0)]" } ?? "")
        let message = item.message + (item.fix.map { "\nfix: \($0)" } ?? "")
        let line = item.line.map { ",line=\($0)" } ?? ""
        return "::\(command) file=\(property(path))\(line),title=\(property(title))::\(data(message))"
    }

    /// The message part: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    package static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: as ``data(_:)`` plus `:` → `%3A` and `,` → `%2C`.
    package static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
