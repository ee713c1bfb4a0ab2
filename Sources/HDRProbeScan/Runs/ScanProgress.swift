#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeModel

/// Progress of a scan on standard error: a one-line bar on a terminal (done/total, rate, ETA,
/// current file), plain lines every few seconds otherwise, nothing when quiet.
package final class ScanProgress: ScanProgressObserver {
    package enum Style: Sendable, Equatable {
        case bar
        case lines(interval: Double)
        case none
    }

    package let style: Style
    private let start = Date()
    private var lastDraw = Date.distantPast
    private let line = ProgressLine()

    package init(style: Style) { self.style = style }

    /// `.bar` when standard error is a terminal, `.lines` otherwise, `.none` when quiet — and
    /// `.none` when the reports go to standard output and that is the same terminal (a bar
    /// redrawn between report lines would be mixed into them; the reports show the progress).
    package static func automatic(quiet: Bool, interval: Double = 5, sharesTerminalWithReports: Bool = false) -> ScanProgress {
        if quiet { return ScanProgress(style: .none) }
        guard isatty(STDERR_FILENO) == 1 else { return ScanProgress(style: .lines(interval: interval)) }
        if sharesTerminalWithReports && isSameTerminal(STDOUT_FILENO, STDERR_FILENO) { return ScanProgress(style: .none) }
        return ScanProgress(style: .bar)
    }

    /// Both descriptors are terminals, and the same one.
    static func isSameTerminal(_ a: Int32, _ b: Int32) -> Bool {
        guard isatty(a) == 1, isatty(b) == 1 else { return false }
        var sa = stat(), sb = stat()
        guard fstat(a, &sa) == 0, fstat(b, &sb) == 0 else { return false }
        return sa.st_rdev == sb.st_rdev
    }

    package var isEnabled: Bool { style != .none }

    /// `total`: files found so far; `totalKnown`: the count is complete.
    package func update(done: Int, total: Int, totalKnown: Bool, current: String?) {
        let now = Date()
        switch style {
        case .none:
            return
        case .bar:
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            line.draw(barLine(done: done, total: total, totalKnown: totalKnown, current: current, now: now,
                              columns: Self.terminalColumns()))
        case .lines(let interval):
            if lastDraw == .distantPast { lastDraw = now; return }
            guard now.timeIntervalSince(lastDraw) >= interval else { return }
            lastDraw = now
            emit(plainLine(done: done, total: total, totalKnown: totalKnown, now: now) + "\n")
        }
    }

    /// Clears the bar, or prints the last plain line.
    package func finish(done: Int, interrupted: Bool) {
        let elapsed = Date().timeIntervalSince(start)
        switch style {
        case .none:
            return
        case .bar:
            line.clear()
            if interrupted { emit("scan: interrupted after \(Self.files(done))\n") }
        case .lines:
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            emit("scan: \(Self.files(done)) done in \(String(format: "%.1f", elapsed)) s (\(CountText.perSecond(rate, "file")))\(interrupted ? ", interrupted" : "")\n")
        }
    }

    package func warn(_ message: String) {
        line.clear()
        emit(message + "\n")
    }

    func rateAndETA(done: Int, total: Int, totalKnown: Bool, now: Date) -> (rate: Double, eta: String) {
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        guard totalKnown, rate > 0, total >= done else { return (rate, "?") }
        let seconds = Int((Double(total - done) / rate).rounded(.up))
        return (rate, seconds >= 3600 ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                                      : String(format: "%d:%02d", seconds / 60, seconds % 60))
    }

    /// The bar, cut to `columns - 1` characters so that it never wraps: the file name shown is
    /// its end (`…` + the last characters — the name itself, not the folders above it), with
    /// control characters escaped (a name can hold `ESC`, which the terminal would obey).
    func barLine(done: Int, total: Int, totalKnown: Bool, current: String?, now: Date, columns: Int = 100) -> String {
        let (rate, eta) = rateAndETA(done: done, total: total, totalKnown: totalKnown, now: now)
        let width = 20
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let totalText = "\(total)\(totalKnown ? "" : "+")"
        let head = "[\(bar)] \(done)/\(totalText) \(CountText.perSecond(rate, "file")) ETA \(eta)  "
        let room = max(10, columns - 1) - head.count
        guard room > 1 else { return String(head.prefix(max(10, columns - 1))) }
        let name = TerminalText.escape(current ?? "")
        return head + (name.count <= room ? name : "…" + String(name.suffix(room - 1)))
    }

    static func files(_ n: Int) -> String { CountText.of(n, "file") }

    func plainLine(done: Int, total: Int, totalKnown: Bool, now: Date) -> String {
        let (rate, eta) = rateAndETA(done: done, total: total, totalKnown: totalKnown, now: now)
        let percent = totalKnown && total > 0 ? String(format: " (%.0f%%)", 100 * Double(done) / Double(total)) : ""
        return "scan: \(done)/\(total)\(totalKnown ? "" : "+") file\(total == 1 && totalKnown ? "" : "s")\(percent), \(CountText.perSecond(rate, "file")), ETA \(eta)"
    }

    /// The terminal's width (100 when standard error is not a terminal).
    static func terminalColumns() -> Int {
        var ws = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 ? Int(ws.ws_col) : 100
    }

    private func emit(_ text: String) { ProgressLine.emit(text) }
}
