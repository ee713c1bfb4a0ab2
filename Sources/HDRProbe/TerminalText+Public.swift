import HDRProbeModel

/// Text for a terminal: what a file name or a message from a file may hold (escape sequences,
/// control characters, invalid UTF-8 shown as U+FFFD) made visible instead of acted on.
public enum Terminal {
    /// `text` with control characters shown as escapes, so that printing it cannot move the
    /// cursor, change colours or retitle the window.
    public static func escape(_ text: String) -> String { TerminalText.escape(text) }
}
