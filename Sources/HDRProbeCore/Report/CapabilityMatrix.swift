/// Files × targets, each cell the simulated outcome (`hdrprobe matrix`), with per file the
/// brightness over time from the per-frame RPU L1 maximum or HDR10+ peak maxscl. Renders as
/// Markdown, CSV (cells that start with `=`, `+`, `-`, `@`, tab or CR are neutralised with a
/// leading `'` — OWASP CSV injection guidance), JSON, and a self-contained HTML page
/// (``MatrixHTML``).
public struct CapabilityMatrix: Sendable, Encodable {
    public struct Column: Sendable, Encodable {
        public var id: String
        public var device: String
        public var display: String
        public var matchDynamicRange: Bool
        public var matchFrameRate: Bool
    }

    public struct BrightnessPoint: Sendable, Encodable, Equatable {
        /// Seconds (or frame index / 25 when the container gives no time).
        public var time: Double
        /// cd/m²: RPU L1 maximum, else HDR10+ peak maxscl.
        public var nits: Double
    }

    public struct Row: Sendable, Encodable {
        public var file: String
        public var status: ProbeReport.Status
        @NullEncoded public var error: String?
        @NullEncoded public var videoRangeType: String?
        @NullEncoded public var dolbyVision: String?
        @NullEncoded public var codecs: String?
        /// One per column, in column order; null when the file has no video to simulate.
        public var cells: [PlaybackOutcome?]
        /// `rpu` (L1 maximum) or `hdr10plus` (peak maxscl), null without dynamic metadata.
        @NullEncoded public var brightnessSource: String?
        public var brightness: [BrightnessPoint]
    }

    public var tool: ToolInfo
    public var columns: [Column]
    public var rows: [Row]

    /// `frames`: the display-ordered dynamic metadata of each report's first video stream.
    public static func build(reports: [(report: ProbeReport, frames: [DynamicMetadataFrame])], targets: [PlaybackTarget],
                             catalog: DeviceCatalog, tool: ToolInfo) -> CapabilityMatrix {
        let columns = targets.map { t in
            Column(id: t.id, device: catalog.device(t.device)?.name ?? t.device, display: catalog.display(t.display)?.name ?? t.display,
                   matchDynamicRange: t.matchDynamicRange, matchFrameRate: t.matchFrameRate)
        }
        let rows = reports.map { r, frames -> Row in
            let video = r.streams.first { $0.kind == .video }
            let input = PlaybackInput(report: r)
            let cells: [PlaybackOutcome?] = targets.map { t in input.flatMap { PlaybackSimulator.simulate($0, target: t, catalog: catalog) } }
            let (source, points) = brightness(frames)
            return Row(file: r.path, status: r.status, error: r.error.map { "\($0.code): \($0.message)" },
                       videoRangeType: video?.hdr?.videoRangeType, dolbyVision: video?.dolbyVision.map { "\($0.profile) \($0.verdict.decision.rawValue)" },
                       codecs: video?.hls?.codecs, cells: cells, brightnessSource: source, brightness: points)
        }
        return CapabilityMatrix(tool: tool, columns: columns, rows: rows)
    }

    static func brightness(_ frames: [DynamicMetadataFrame]) -> (String?, [BrightnessPoint]) {
        func time(_ f: DynamicMetadataFrame) -> Double { f.time ?? Double(f.index) / 25 }
        let rpu = frames.compactMap { f in f.rpu?.maxNits.map { BrightnessPoint(time: time(f), nits: $0) } }
        if !rpu.isEmpty { return ("rpu", rpu) }
        let plus = frames.compactMap { f in f.hdr10Plus.map { BrightnessPoint(time: time(f), nits: $0.maxsclNits) } }
        return plus.isEmpty ? (nil, []) : ("hdr10plus", plus)
    }

    /// The cell's text: the outcome line, or why there is none.
    public static func cellText(_ row: Row, _ index: Int) -> String {
        if let cell = row.cells[index] { return cell.outcome }
        return row.status == .error ? "not analysed" : "no video"
    }

    // MARK: - Markdown

    public func markdown() -> String {
        func md(_ s: String) -> String {
            s.replacingAll(["\\": "\\\\", "|": "\\|", "\n": " ", "\r": " ", "<": "&lt;", ">": "&gt;", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]"])
        }
        var out = ["# Capability matrix", "",
                   "hdrprobe \(tool.version): \(rows.count) files × \(columns.count) targets. Targets:", ""]
        for c in columns {
            out.append("- `\(c.id)`: \(md(c.device)) → \(md(c.display))" + (c.matchDynamicRange || c.matchFrameRate
                ? " (match \([c.matchDynamicRange ? "range" : nil, c.matchFrameRate ? "rate" : nil].compactMap { $0 }.joined(separator: " + ")))" : ""))
        }
        out += ["", "| file | range type | " + columns.map { "`\($0.id)`" }.joined(separator: " | ") + " |",
                "|---|---|" + String(repeating: "---|", count: columns.count)]
        for (_, row) in rows.enumerated() {
            let name = row.file.split(separator: "/").last.map(String.init) ?? row.file
            let cells = row.cells.indices.map { md(Self.cellText(row, $0)) }
            out.append("| \(md(name)) | \(md(row.videoRangeType ?? (row.status == .error ? "error" : "–"))) | " + cells.joined(separator: " | ") + " |")
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - CSV (RFC 4180)

    public func csv() -> String {
        var lines = [(["file", "status", "videoRangeType", "dolbyVision"] + columns.map(\.id)).map(Self.csvField).joined(separator: ",")]
        for row in rows {
            let fields = [row.file, row.status.rawValue, row.videoRangeType ?? "", row.dolbyVision ?? ""]
                + row.cells.indices.map { Self.cellText(row, $0) }
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes when needed; neutralises formula starters (`=`, `+`, `-`, `@`, TAB, CR) with `'`.
    public static func csvField(_ value: String) -> String {
        var v = value
        if let first = v.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) { v = "'" + v }
        if v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + v.replacingAll(["\"": "\"\""]) + "\""
        }
        return v
    }
}

extension String {
    /// Replaces each character key (one-character strings) by its value, in one pass.
    func replacingAll(_ map: [Character: String]) -> String {
        var out = ""
        out.reserveCapacity(count)
        for c in self { if let r = map[c] { out += r } else { out.append(c) } }
        return out
    }
}
