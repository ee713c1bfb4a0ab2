/// One broken HDR10+ validation rule (`docs/rules/hdr10plus.md` §5): the stable rule identifier
/// and a human-readable message naming the offending value. The engine turns the first issue of
/// a payload into an "invalid HDR10+ payload" finding (§5: `hdr10Plus.present` stays true, the
/// profile becomes null).
package struct ST2094_40ValidationIssue: Sendable, Equatable, Codable {
    package var rule: ST2094_40ValidationRule
    package var message: String

    package init(rule: ST2094_40ValidationRule, message: String) {
        self.rule = rule
        self.message = message
    }
}
