/// The colour description code points of ITU-T H.273 (§8.1 colour_primaries, §8.2
/// transfer_characteristics, §8.3 matrix_coefficients) plus the full-range flag, as carried by
/// an HEVC/AVC VUI, an AV1 color_config, an ISO BMFF `colr` (nclx) box or Matroska `Colour`.
package struct ColourCodes: Sendable, Equatable, Codable {
    package var primaries: Int?
    package var transfer: Int?
    package var matrix: Int?
    package var fullRange: Bool?

    package init(primaries: Int? = nil, transfer: Int? = nil, matrix: Int? = nil, fullRange: Bool? = nil) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// True when at least one code point is specified (not 2 = "unspecified").
    package var isSpecified: Bool {
        [primaries, transfer, matrix].contains { $0 != nil && $0 != 2 }
    }
}
