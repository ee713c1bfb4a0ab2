import HDRProbeModel

/// What `hdrprobe fix` did or would do to one file: printed as text, or as JSON with `--json`
/// (`docs/fix.md`).
package struct FixReport: Sendable, Equatable, Codable {
    package enum Status: String, Sendable, Codable {
        /// OUT was written with the edits.
        case fixed
        /// Nothing to change: OUT was written as a byte-identical copy.
        case unchanged
        /// `--dry-run`: what would change; nothing written.
        case planned
        /// A step needs more than a `moov` rewrite; nothing written.
        case refused
        /// The file or OUT cannot be used; nothing written.
        case error
    }

    /// Where `moov` is and how it changes.
    package struct MovieBoxChange: Sendable, Equatable, Codable {
        package var offset: Int
        package var oldSize: Int
        package var newSize: Int
        /// Bytes every absolute offset behind `moov` moved by (`stco`/`co64`, `tfhd`, `tfra`).
        package var offsetShift: Int
        /// Chunk-offset tables and fragment headers whose offsets were moved.
        package var shiftedTables: Int

        package init(offset: Int, oldSize: Int, newSize: Int, offsetShift: Int, shiftedTables: Int) {
            self.offset = offset; self.oldSize = oldSize; self.newSize = newSize
            self.offsetShift = offsetShift; self.shiftedTables = shiftedTables
        }
    }

    package struct Failure: Error, Sendable, Equatable, Codable {
        package var code: FindingCode
        package var message: String

        package init(code: FindingCode, message: String) {
            self.code = code
            self.message = message
        }
    }

    package var input: String
    @NullEncoded package var output: String?
    package var status: Status
    /// The Dolby Vision policy the plan followed (`--policy`, or the one `--target` implies).
    package var policy: String
    @NullEncoded package var target: String?
    /// Kind of input: `file` (a whole MP4/MOV, progressive or fragmented) or `init` (an init
    /// segment: `moov` and no media).
    package var kind: String
    package var streams: [FixPlan.Stream]
    @NullEncoded package var movieBox: MovieBoxChange?
    /// Steps needing another tool, for a refused file that is not ISO BMFF (remux).
    package var refused: [FixPlan.Refusal]
    @NullEncoded package var error: Failure?

    package init(input: String, output: String?, status: Status, policy: String, target: String?, kind: String = "file",
                 streams: [FixPlan.Stream] = [], movieBox: MovieBoxChange? = nil, refused: [FixPlan.Refusal] = [],
                 error: Failure? = nil) {
        self.input = input; self.output = output; self.status = status; self.policy = policy; self.target = target
        self.kind = kind; self.streams = streams; self.movieBox = movieBox; self.refused = refused; self.error = error
    }

    /// The human-readable summary: one line per edit or refusal, the commands indented.
    package var text: String {
        var lines: [String] = []
        let verb: String
        switch status {
        case .fixed: verb = "fixed → \(output ?? "")"
        case .unchanged: verb = "nothing to change; copied → \(output ?? "")"
        case .planned: verb = "dry run: would write \(output ?? "")"
        case .refused: verb = "not fixed: a step needs another tool; nothing written"
        case .error: verb = "error: nothing written"
        }
        lines.append("\(input): \(verb)")
        if let error { lines.append("  \(error.code.rawValue): \(error.message)") }
        for stream in streams {
            let entry = stream.stored.map { $0 == stream.target ? $0 : "\($0) → \(stream.target)" } ?? stream.target
            lines.append("  stream \(stream.index)\(stream.trackID.map { " (track \($0))" } ?? ""), \(entry):")
            if stream.edits.isEmpty && stream.refused.isEmpty { lines.append("    nothing to change") }
            for edit in stream.edits { lines.append("    - \(edit)") }
            for refusal in stream.refused { lines += Self.lines(refusal) }
        }
        for refusal in refused { lines += Self.lines(refusal) }
        if let m = movieBox, m.oldSize != m.newSize || status == .planned {
            lines.append("  moov at \(m.offset): \(m.oldSize) → \(m.newSize) bytes\(m.offsetShift != 0 && m.shiftedTables > 0 ? "; offsets behind it moved by \(m.offsetShift) in \(m.shiftedTables) table(s)" : "")")
        }
        return lines.joined(separator: "\n")
    }

    private static func lines(_ r: FixPlan.Refusal) -> [String] {
        ["    ✗ \(r.step): \(r.reason)"] + r.commands.map { "        \($0)" }
    }
}
