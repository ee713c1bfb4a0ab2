import Foundation
import HDRProbeModel

/// The library matrix as Markdown, CSV (RFC 4180; cells that start with `=`, `+`, `-`, `@`, tab
/// or CR are neutralised with a leading `'` — OWASP CSV injection guidance) and JSON. Each has the
/// per-target summary's numbers and a row per group (`perFile`: a row per file instead); JSON
/// always has both the groups and every file with its outcome per target.
extension LibraryMatrix {
    /// Groups in the order every format shows them: most files first, then first seen. A group's
    /// id is its 1-based position here.
    package var orderedGroups: [Int] {
        liveGroups.sorted { a, b in groups[a].count != groups[b].count ? groups[a].count > groups[b].count : a < b }
    }

    /// Group index → 1-based id in ``orderedGroups``.
    package func groupIDs(_ order: [Int]) -> [Int: Int] {
        Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset + 1) })
    }

    package static func describe(_ g: Group) -> [String] {
        [g.errorCode.map { "error \($0)" } ?? g.codec ?? "–", g.videoRangeType ?? "–", g.dolbyVision ?? "–", g.frameRate ?? "–",
         g.resolution ?? "–", g.findings.joined(separator: " ")]
    }

    package static let describedColumns = ["codec", "range type", "Dolby Vision", "rate", "size", "findings"]

    package static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    // MARK: - Markdown

    package func markdown(perFile: Bool) -> String {
        func md(_ s: String) -> String {
            s.replacingAll(["\\": "\\\\", "|": "\\|", "\n": " ", "\r": " ", "<": "&lt;", ">": "&gt;", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]"])
        }
        let order = orderedGroups
        let ids = groupIDs(order)
        var out = ["# Capability matrix", "",
                   "hdrprobe \(tool.version): \(CountText.of(fileCount, "file")) in \(CountText.of(order.count, "group")) × \(CountText.of(columns.count, "target")). A group is files that behave the same on every target.", "",
                   "## Summary", "", "| target | plays as authored | degraded | fails | not simulated | top reasons |", "|---|---|---|---|---|---|"]
        for s in summary() {
            let reasons = s.topReasons.map { "\($0.files)× \(md($0.reason))" }.joined(separator: "<br>")
            out.append("| `\(s.target)` | \(s.plays) | \(s.degraded) | \(s.fails) | \(s.notSimulated) | \(reasons) |")
        }
        out += ["", "Targets:", ""]
        for c in columns {
            out.append("- `\(c.id)`: \(md(c.device)) → \(md(c.display))" + (c.matchDynamicRange || c.matchFrameRate
                ? " (match \([c.matchDynamicRange ? "range" : nil, c.matchFrameRate ? "rate" : nil].compactMap { $0 }.joined(separator: " + ")))" : "")
                + (c.player.map { ", player \(md($0))" } ?? ""))
        }
        let head = Self.describedColumns + columns.map { "`\($0.id)`" }
        if perFile {
            out += ["", "## Files", "", "| file | group | " + head.joined(separator: " | ") + " |", "|---|---|" + String(repeating: "---|", count: head.count)]
            for f in files {
                let g = groups[f.group]
                out.append("| \(md(f.path)) | \(ids[f.group] ?? 0) | " + (Self.describe(g) + g.cells.indices.map { Self.cellText(g, $0) }).map(md).joined(separator: " | ") + " |")
            }
            return out.joined(separator: "\n") + "\n"
        }
        out += ["", "## Groups", "", "| group | files | " + head.joined(separator: " | ") + " |", "|---|---|" + String(repeating: "---|", count: head.count)]
        for (i, gi) in order.enumerated() {
            let g = groups[gi]
            out.append("| \(i + 1) | \(g.count) | " + (Self.describe(g) + g.cells.indices.map { Self.cellText(g, $0) }).map(md).joined(separator: " | ") + " |")
        }
        out += ["", "## Files by group", ""]
        var members: [Int: [String]] = [:]
        for f in files { members[f.group, default: []].append(f.path) }
        for (i, gi) in order.enumerated() {
            out.append("- group \(i + 1) (\(groups[gi].count)): " + (members[gi] ?? []).map { md($0) }.joined(separator: ", "))
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - CSV (RFC 4180)

    package func csv(perFile: Bool) -> String {
        let order = orderedGroups
        let ids = groupIDs(order)
        let head = Self.describedColumns + columns.map(\.id)
        var lines: [String] = []
        func line(_ fields: [String]) { lines.append(fields.map(Self.csvField).joined(separator: ",")) }
        if perFile {
            line(["file", "group"] + head)
            for f in files {
                let g = groups[f.group]
                line([f.path, String(ids[f.group] ?? 0)] + Self.describe(g) + g.cells.indices.map { Self.cellText(g, $0) })
            }
        } else {
            var members: [Int: [String]] = [:]
            for f in files { members[f.group, default: []].append(f.path) }
            line(["group", "files"] + head + ["paths"])
            for (i, gi) in order.enumerated() {
                let g = groups[gi]
                line([String(i + 1), String(g.count)] + Self.describe(g) + g.cells.indices.map { Self.cellText(g, $0) }
                     + [(members[gi] ?? []).joined(separator: "\n")])
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Quotes when needed; neutralises formula starters (`=`, `+`, `-`, `@`, TAB, CR) with `'`.
    package static func csvField(_ value: String) -> String {
        var v = value
        if let first = v.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) { v = "'" + v }
        if v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + v.replacingAll(["\"": "\"\""]) + "\""
        }
        return v
    }

    // MARK: - JSON

    package struct JSONDocument: Encodable {
        package var tool: ToolInfo
        package var columns: [Column]
        package var fileCount: Int
        package var groupCount: Int
        package var summary: [TargetSummary]
        package var groups: [JSONGroup]
        package var files: [JSONFile]
    }

    package struct JSONGroup: Encodable {
        package var id: Int
        package var count: Int
        package var status: ProbeReport.Status
        @NullEncoded package var errorCode: String?
        @NullEncoded package var codec: String?
        @NullEncoded package var videoRangeType: String?
        @NullEncoded package var dolbyVision: String?
        @NullEncoded package var frameRate: String?
        @NullEncoded package var resolution: String?
        package var findings: [String]
        package var cells: [PlaybackOutcome?]
    }

    package struct JSONFile: Encodable {
        package var path: String
        /// Only for a path that is not UTF-8 (as in reports).
        package var pathBytes: String?
        package var group: Int
        package var status: ProbeReport.Status
        @NullEncoded package var error: String?
        /// Per column: `plays`, `degraded`, `fails`, or null (nothing simulated).
        package var outcomes: [PlaybackOutcome.Status?]
        @NullEncoded package var brightness: BrightnessSeries?
    }

    /// The matrix for machines: summary, groups with their full outcomes, and every file with its
    /// group and its status per target.
    package func json() throws -> String {
        let order = orderedGroups
        let ids = groupIDs(order)
        let doc = JSONDocument(
            tool: tool, columns: columns, fileCount: fileCount, groupCount: order.count, summary: summary(),
            groups: order.enumerated().map { i, gi in
                let g = groups[gi]
                return JSONGroup(id: i + 1, count: g.count, status: g.status, errorCode: g.errorCode, codec: g.codec,
                                 videoRangeType: g.videoRangeType, dolbyVision: g.dolbyVision, frameRate: g.frameRate,
                                 resolution: g.resolution, findings: g.findings, cells: g.cells)
            },
            files: files.map { f in
                let g = groups[f.group]
                return JSONFile(path: f.path, pathBytes: f.pathBytes, group: ids[f.group] ?? 0, status: g.status, error: f.error,
                                outcomes: g.cells.map { $0?.status }, brightness: f.brightness.flatMap(Self.brightnessSeries))
            })
        return try ReportEncoder.json(doc) + "\n"
    }

    /// Reads ``brightnessText(_:)`` back.
    package static func brightnessSeries(_ text: String) -> BrightnessSeries? {
        guard let first = text.first, first == "r" || first == "h" else { return nil }
        var times: [Int] = [], nits: [Int] = []
        for pair in text.dropFirst().split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let t = Int(parts[0]), let n = Int(parts[1]) else { return nil }
            times.append(t)
            nits.append(n)
        }
        return BrightnessSeries(source: first == "r" ? .rpu : .hdr10plus, milliseconds: times, decinits: nits)
    }
}

extension LibraryMatrix {
    package enum Format: String, Sendable, CaseIterable { case md, csv, json, html }

    /// Inputs of at most this many files get a row per file without `--per-file`.
    package static let perFileLimit = 50

    /// The matrix in `format`; `perFile` nil: per file for small inputs (``perFileLimit``).
    package func render(_ format: Format, perFile: Bool?) throws -> String {
        let rows = perFile ?? (fileCount <= Self.perFileLimit)
        switch format {
        case .md: return markdown(perFile: rows)
        case .csv: return csv(perFile: rows)
        case .json: return try json()
        case .html: return LibraryMatrixHTML.render(self, perFile: rows)
        }
    }
}

extension String {
    /// Replaces each character key (one-character strings) by its value, in one pass.
    package func replacingAll(_ map: [Character: String]) -> String {
        var out = ""
        out.reserveCapacity(count)
        for c in self { if let r = map[c] { out += r } else { out.append(c) } }
        return out
    }
}
