/// The dynamic range a panel ends up in, and the names the simulation uses for modes
/// (`docs/rules/devices.md` §7: Dolby Vision, HDR10, HDR10+, HLG, SDR).
package enum OutputRange: String, Sendable, Codable, CaseIterable, Comparable {
    case sdr = "SDR"
    case hlg = "HLG"
    case hdr10 = "HDR10"
    case hdr10Plus = "HDR10+"
    case dolbyVision = "DolbyVision"

    package static func < (a: OutputRange, b: OutputRange) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Short label for matrix cells (`DV`, `HDR10`, `HDR10+`, `HLG`, `SDR`).
    package var label: String { self == .dolbyVision ? "DV" : rawValue }

    /// The display mode that carries it (HDR10+ rides on an HDR10 mode with dynamic metadata).
    package var mode: OutputRange { self == .hdr10Plus ? .hdr10 : self }
}
