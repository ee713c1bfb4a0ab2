import HDRProbeModel

/// A panel in the catalogue (`docs/rules/devices.md` §7): the modes it takes, each with its
/// highest refresh rate, whether it renders HDR10+ dynamic metadata, and the refresh rates a
/// Match Frame Rate switch can select.
package struct DisplayProfile: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable { case tv, projector, builtIn }

    package var id: String
    package var name: String
    package var kind: Kind
    /// Mode → highest refresh rate in that mode (`DolbyVision`, `HDR10`, `HLG`, `SDR`).
    package var modes: Capability<[String: Double]>
    package var hdr10Plus: Capability<Bool>
    package var refreshRates: Capability<[Double]>

    package func maxRefresh(_ range: OutputRange) -> Double? { modes.value[range.mode.rawValue] }

    package func supports(_ range: OutputRange) -> Bool {
        range == .hdr10Plus ? (maxRefresh(.hdr10) != nil && hdr10Plus.value) : maxRefresh(range) != nil
    }

    /// The mode with the highest refresh rate, the best range on a tie — what Apple TV picks with
    /// Match Content off (HT208288: "the format available at the highest refresh rate").
    package var defaultMode: (range: OutputRange, refresh: Double) {
        var best: (OutputRange, Double) = (.sdr, maxRefresh(.sdr) ?? 60)
        for (name, refresh) in modes.value {
            guard let range = OutputRange(rawValue: name) else { continue }
            if refresh > best.1 || (refresh == best.1 && range > best.0) { best = (range, refresh) }
        }
        return best
    }
}
