/// One `AttributeName=AttributeValue` pair of an HLS attribute list (RFC 8216 §4.2), with the
/// 1-based column (in Unicode scalars, within its playlist line) where its name starts.
package struct HLSAttribute: Sendable, Equatable, Codable {
    package let name: String
    package let value: HLSAttributeValue
    package let column: Int

    package init(name: String, value: HLSAttributeValue, column: Int) {
        self.name = name
        self.value = value
        self.column = column
    }

    /// 1-based column of the value's first character.
    package var valueColumn: Int { column + name.unicodeScalars.count + 1 }
}
