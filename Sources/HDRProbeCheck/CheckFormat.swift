/// The output formats of `hdrprobe check` (`--format`).
package enum CheckFormat: String, Sendable, CaseIterable {
    case text, json, junit, sarif, github

    /// The whole report in this format. `verbose`: text and github also list info items.
    package func render(_ report: CheckReport, verbose: Bool = false) throws -> String {
        switch self {
        case .text: return CheckTextRenderer.render(report, minimum: verbose ? .info : .warning)
        case .json: return try CheckJSONRenderer.render(report)
        case .junit: return JUnitRenderer.render(report)
        case .sarif: return try SARIFRenderer.render(report)
        case .github: return GitHubAnnotations.render(report, minimum: verbose ? .info : .warning)
        }
    }
}
