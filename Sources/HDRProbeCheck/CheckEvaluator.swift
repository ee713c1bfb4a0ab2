import HDRProbeModel
import HDRProbeSimulate

/// Applies a policy document to reports: which severity each finding and error gets (the
/// built-in defaults of ``CheckRules/defaultErrors``, then the policy's `severity` maps), and the
/// format rules. Pure: the same digest and path always give the same outcome.
package struct CheckEvaluator: Sendable {
    package let document: PolicyDocument
    /// The device catalogue the policy's `require:` targets come from (nil: no requirement is evaluated).
    package let catalog: DeviceCatalog?

    package init(document: PolicyDocument, catalog: DeviceCatalog? = nil) {
        self.document = document
        self.catalog = catalog
    }

    /// The `require:` targets the catalogue does not know (a usage error before any scan).
    package func unknownRequirementTargets() -> [TargetRequirement] {
        document.check.require.filter { catalog?.target($0.target) == nil }
    }

    /// The severity a code has in this check (nil: `off`). `reported` is the severity in the report.
    package func severity(of code: FindingCode, reported: Finding.Severity, rules: CheckRules.Effective) -> Finding.Severity? {
        if let choice = rules.severity.choice(for: code) { return choice.severity }
        return Self.defaultSeverity(of: code, reported: reported)
    }

    /// The built-in default policy: refused Dolby Vision, RPUs without a configuration record and
    /// unreadable or unrecognised files are errors; check/diff codes keep their own severity;
    /// every other finding is at most a warning (info stays info).
    package static func defaultSeverity(of code: FindingCode, reported: Finding.Severity) -> Finding.Severity {
        if CheckRules.defaultErrors.contains(code) || code.families.contains(.error) { return .error }
        if code.families.contains(.check) { return code.severity }
        return min(reported, .warning)
    }

    package func rules(for relativePath: String) -> CheckRules.Effective {
        document.check.effective(for: relativePath, dolbyVision: document.dolbyVision)
    }

    /// The outcome of one report; `relativePath` is what the policy's globs match.
    package func evaluate(_ digest: ReportDigest, relativePath: String) -> FileOutcome {
        let rules = rules(for: relativePath)
        var items: [CheckItem] = []
        func add(_ code: FindingCode, _ reported: Finding.Severity, _ message: String, stream: Int?, fix: String?) {
            guard let level = severity(of: code, reported: reported, rules: rules) else { return }
            items.append(CheckItem(code: code, severity: level, message: message, stream: stream, fix: fix ?? code.fix))
        }
        if digest.status == .error {
            let code = digest.error?.code ?? .readFailed
            add(code, .error, digest.error?.message ?? "The file could not be analysed.", stream: nil, fix: nil)
        }
        for f in digest.findings {
            var fix: String?
            if f.code == .dvRefused,
               let verdict = digest.streams.first(where: { $0.index == f.stream })?.dolbyVision?.verdictCode {
                fix = verdict.fix
            }
            add(f.code, f.severity, f.message, stream: f.stream, fix: fix)
        }
        for s in digest.videoStreams {
            guard let type = s.videoRangeType, let code = rules.formats.violation(type) else { continue }
            let message = code == .formatForbidden
                ? "Video range type \(type.rawValue) is forbidden by the policy (formats.forbid)."
                : "Video range type \(type.rawValue) is not among the formats the policy allows (formats.allow: \(rules.formats.allow?.map(\.rawValue).sorted().joined(separator: ", ") ?? ""))."
            add(code, code.severity, message, stream: s.index, fix: nil)
        }
        // Required outcomes on playback targets: the simulation `hdrprobe matrix` shows
        // (``ReportDigest/simulate(on:catalog:)``, the first video stream).
        if let catalog, let video = digest.videoStreams.first {
            for requirement in document.check.require where requirement.applies(to: video.videoRangeType) {
                guard let target = catalog.target(requirement.target),
                      let outcome = digest.simulate(on: target, catalog: catalog),
                      let message = requirement.violation(outcome) else { continue }
                add(.requirementNotMet, CheckCode.requirementNotMet.severity, message, stream: video.index, fix: nil)
            }
        }
        return FileOutcome(path: digest.path, status: digest.status, items: items)
    }

    /// Applies the policy's severities to items computed elsewhere (the diff); drops `off` ones.
    package func apply(_ outcome: FileOutcome) -> FileOutcome {
        let rules = rules(for: outcome.path)
        let items = outcome.items.compactMap { item -> CheckItem? in
            guard let level = severity(of: item.code, reported: item.severity, rules: rules) else { return nil }
            var copy = item
            copy.severity = level
            return copy
        }
        return FileOutcome(path: outcome.path, status: outcome.status, items: items)
    }
}
