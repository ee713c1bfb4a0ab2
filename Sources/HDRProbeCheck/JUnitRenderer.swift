import Foundation
import HDRProbeModel

/// `--format junit` / `--junit FILE`: JUnit XML as CI servers read it (Jenkins, GitLab, Azure):
/// one `<testcase>` per file; a file with items at or above `--fail-on` gets one `<failure>` (or
/// `<error>` when the file could not be analysed) listing them, items below go to `<system-out>`.
/// Valid against the JUnit schema of Jenkins' xunit plugin (`junit-10.xsd`, checked by a test).
package enum JUnitRenderer {
    package static func render(_ report: CheckReport) -> String {
        let failing = report.failingFiles
        let errors = failing.filter { $0.status == .error }.count
        let failures = failing.count - errors
        let time = String(format: "%.3f", report.seconds)
        let name = report.mode == .diff ? "hdrprobe check --diff" : "hdrprobe check"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(XMLText.attribute(name))\" tests=\"\(report.outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        out += "  <testsuite name=\"\(XMLText.attribute(name))\" tests=\"\(report.outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time)\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"policy\" value=\"\(XMLText.attribute(report.policyName))\"/>\n"
        out += "      <property name=\"failOn\" value=\"\(report.failOn.rawValue)\"/>\n"
        out += "      <property name=\"hdrprobe\" value=\"\(XMLText.attribute(report.toolVersion))\"/>\n"
        out += "    </properties>\n"
        for outcome in report.outcomes {
            let bad = outcome.failing(at: report.failOn)
            let rest = outcome.items.filter { $0.severity < report.failOn }
            let classname = "hdrprobe.\(report.mode.rawValue)"
            if bad.isEmpty && rest.isEmpty {
                out += "    <testcase name=\"\(XMLText.attribute(outcome.path))\" classname=\"\(classname)\"/>\n"
                continue
            }
            out += "    <testcase name=\"\(XMLText.attribute(outcome.path))\" classname=\"\(classname)\">\n"
            if let first = bad.first {
                let element = outcome.status == .error ? "error" : "failure"
                let summary = bad.count == 1 ? first.message : "\(first.message) (and \(bad.count - 1) more)"
                out += "      <\(element) type=\"\(XMLText.attribute(first.code.rawValue))\" message=\"\(XMLText.attribute(summary))\">\(XMLText.text(lines(bad)))</\(element)>\n"
            }
            if !rest.isEmpty {
                out += "      <system-out>\(XMLText.text(lines(rest)))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    package static func lines(_ items: [CheckItem]) -> String {
        items.map { item in
            let stream = item.stream.map { " [#\($0)]" } ?? ""
            return "\(item.severity.rawValue) \(item.code)\(stream): \(item.message)" + (item.fix.map { "\n  fix: \($0)" } ?? "")
        }.joined(separator: "\n")
    }
}
