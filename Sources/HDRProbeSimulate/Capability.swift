/// One cell of the device catalogue: a value with the source that states it and whether that
/// source actually establishes it (`docs/rules/devices.md`: "(uncertain)" cells hold the
/// conservative value of §9; the simulation names every uncertain cell it relies on).
package struct Capability<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
    package var value: Value
    /// A key of the catalogue's `sources`.
    package var source: String
    package var uncertain: Bool

    package init(_ value: Value, source: String, uncertain: Bool = false) {
        self.value = value
        self.source = source
        self.uncertain = uncertain
    }
}
