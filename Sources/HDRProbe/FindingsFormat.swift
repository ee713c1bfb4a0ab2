/// The output formats of every command that produces findings (`check`, `hls --check`,
/// `dash --check`): the same five everywhere (docs/check.md).
public enum FindingsFormat: String, Sendable, CaseIterable {
    /// For people.
    case text
    /// The check document (docs/check.md, schema docs/check.schema.json).
    case json
    /// JUnit XML, one test case per file or manifest, a failure per finding at or above `--fail-on`.
    case junit
    /// SARIF 2.1.0 for code-scanning tools.
    case sarif
    /// GitHub Actions workflow annotations.
    case github
}
