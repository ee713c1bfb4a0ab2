#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Progress of a scan on standard error: a one-line bar on a terminal (done/total, rate, ETA,
/// current file), plain lines every few seconds otherwise, nothing when quiet.
public final class ScanProgress {
    public enum Style: Sendable, Equatable {
        case bar
        case lines(interval: Double)
        case none
    }

    public let style: Style
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drewBar = false

    public init(style: Style) { self.style = style }

    /// `.bar` when standard error is a terminal, `.lines` otherwise, `.none` when quiet.
    public static func automatic(quiet: Bool, interval: Double = 5) -> ScanProgress {
        if quiet { return ScanProgress(style: .none) }
        return ScanProgress(style: isatty(STDERR_FILENO) == 1 ? .bar : .lines(interval: interval))
    }

    public var isEnabled: Bool { style != .none }

    /// `total`: files found so far; `totalKnown`: the count is complete.
    public func update(done: Int, total: Int, totalKnown: Bool, current: String?) {
        let now = Date()
        switch style {
        case .none:
            return
        case .bar:
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            drewBar = true
            emit("\r\u{1B}[K" + fit(barLine(done: done, total: total, totalKnown: totalKnown, current: current, now: now)))
        case .lines(let interval):
            if lastDraw == .distantPast { lastDraw = now; return }
            guard now.timeIntervalSince(lastDraw) >= interval else { return }
            lastDraw = now
            emit(plainLine(done: done, total: total, totalKnown: totalKnown, now: now) + "\n")
        }
    }

    /// Clears the bar, or prints the last plain line.
    public func finish(done: Int, interrupted: Bool) {
        let elapsed = Date().timeIntervalSince(start)
        switch style {
        case .none:
            return
        case .bar:
            if drewBar { emit("\r\u{1B}[K") }
            if interrupted { emit("scan: interrupted after \(done) files\n") }
        case .lines:
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            emit("scan: \(done) files done in \(String(format: "%.1f", elapsed)) s (\(String(format: "%.0f", rate)) files/s)\(interrupted ? ", interrupted" : "")\n")
        }
    }

    public func warn(_ message: String) {
        if case .bar = style, drewBar { emit("\r\u{1B}[K") }
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

    func barLine(done: Int, total: Int, totalKnown: Bool, current: String?, now: Date) -> String {
        let (rate, eta) = rateAndETA(done: done, total: total, totalKnown: totalKnown, now: now)
        let width = 20
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let totalText = "\(total)\(totalKnown ? "" : "+")"
        return "[\(bar)] \(done)/\(totalText) \(String(format: "%.0f", rate)) files/s ETA \(eta)  \(current ?? "")"
    }

    func plainLine(done: Int, total: Int, totalKnown: Bool, now: Date) -> String {
        let (rate, eta) = rateAndETA(done: done, total: total, totalKnown: totalKnown, now: now)
        let percent = totalKnown && total > 0 ? String(format: " (%.0f%%)", 100 * Double(done) / Double(total)) : ""
        return "scan: \(done)/\(total)\(totalKnown ? "" : "+") files\(percent), \(String(format: "%.0f", rate)) files/s, ETA \(eta)"
    }

    /// Cuts the line to the terminal width so the bar never wraps.
    func fit(_ line: String) -> String {
        var ws = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 ? Int(ws.ws_col) : 100
        return line.count < columns ? line : String(line.prefix(max(10, columns - 1)))
    }

    private func emit(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
