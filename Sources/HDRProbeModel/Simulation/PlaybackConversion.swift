import HDRProbeParse

/// A conversion the player performs between the file and the decoder, and what it costs
/// (`docs/rules/players.md` §2): the report's `playback[].conversion`, named in the outcome line
/// ("DV P7 → P8.1 (FEL refinement dropped)").
package struct PlaybackConversion: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        /// Dolby Vision profile 7 rewritten to 8.1: RPU as `dovi_tool -m 2`, enhancement layer dropped.
        case dolbyVisionProfile7To81
    }

    package var kind: Kind
    /// The Dolby Vision profile the player read (`7`), and the one the decoder gets (`8.1`).
    package var from: String
    package var to: String
    /// The record said another profile than the RPU (a profile 5 record over a profile 7 RPU).
    package var recordContradicted: Bool
    /// MEL or FEL, null when the RPUs were not read.
    @NullEncoded package var enhancementLayer: DolbyVisionEnhancementLayer?
    /// Nothing of the picture is lost (a MEL enhancement layer carries no refinement).
    package var lossless: Bool

    /// The cost in words: `FEL refinement dropped`, `MEL, lossless`, `enhancement layer dropped`.
    package var cost: String {
        switch enhancementLayer {
        case .fel?: "FEL refinement dropped"
        case .mel?: "MEL, lossless"
        case nil: "enhancement layer dropped"
        }
    }

    /// `DV P7 → P8.1 (FEL refinement dropped)`.
    package var label: String { "P\(from) → P\(to) (\(cost))" }

    package init(kind: Kind, from: String, to: String, recordContradicted: Bool, enhancementLayer: DolbyVisionEnhancementLayer? = nil, lossless: Bool) {
        self.kind = kind
        self.from = from
        self.to = to
        self.recordContradicted = recordContradicted
        self.enhancementLayer = enhancementLayer
        self.lossless = lossless
    }
}
