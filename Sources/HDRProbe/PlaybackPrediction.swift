import HDRProbeModel

/// What one playback target does with a stream (the report's `playback` entries, one cell of a
/// capability matrix; docs/report-contract.md).
public struct PlaybackPrediction: Sendable, Equatable {
    let outcome: PlaybackOutcome

    init(_ outcome: PlaybackOutcome) { self.outcome = outcome }

    /// Plays as authored, plays degraded (tone-mapped, a fallback, software decode, judder), or fails.
    public enum Status: String, Sendable, Equatable {
        /// Plays as authored.
        case plays
        /// Plays, but not as authored.
        case degraded
        /// Does not play.
        case fails
    }

    /// The target id.
    public var target: String { outcome.target }
    /// The player device of the target.
    public var device: String { outcome.device }
    /// The player software of the target (`avplayer` when the target names none).
    public var player: String { outcome.player }
    /// The display of the target.
    public var display: String { outcome.display }
    /// What the player converted on the way to the decoder and what it cost, e.g.
    /// `P7 → P8.1 (FEL refinement dropped)`; nil when nothing was converted.
    public var conversion: String? { outcome.conversion?.label }
    /// The overall result.
    public var status: Status { Status(rawValue: outcome.status.rawValue) ?? .fails }
    /// How the stream is decoded: `hardware`, `software` or `impossible`.
    public var decode: String { outcome.decode.rawValue }
    /// The player's pipeline: `native`, `software` or `refused`.
    public var pipeline: String { outcome.pipeline.rawValue }
    /// One line, e.g. `DV · 23.976 Hz`, `HDR10 (DV refused: 7) · 23.976 Hz`, `won't play`.
    public var summary: String { outcome.outcome }
    /// Every reason behind the result, in order.
    public var reasons: [String] { outcome.reasons }
    /// Uncertain catalogue cells the result relies on (`what (source)`).
    public var uncertain: [String] { outcome.uncertain }
}
