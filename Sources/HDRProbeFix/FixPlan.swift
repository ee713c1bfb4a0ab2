import HDRProbeModel

/// What `hdrprobe fix` does to one file: the edits per track it can make in `moov`, and the plan
/// steps it cannot make, each with the commands that do (`docs/rules/isobmff-rewrite.md` §1, §4).
package struct FixPlan: Sendable, Equatable {
    /// One video stream's part: its plan, the edits and the refusals.
    package struct Stream: Sendable, Equatable, Codable {
        package var index: Int
        @NullEncoded package var trackID: Int?
        @NullEncoded package var stored: String?
        package var target: String
        /// What the fix writes, one sentence per edit.
        package var edits: [String]
        package var refused: [Refusal]
    }

    /// A plan step that needs more than a `moov` rewrite: why, and the commands of common tools.
    package struct Refusal: Sendable, Equatable, Codable {
        package var step: String
        package var reason: String
        package var commands: [String]
    }

    package var streams: [Stream]
    package var tracks: [TrackEdit]

    package var refusals: [Refusal] { streams.flatMap(\.refused) }
    package var isEmpty: Bool { tracks.allSatisfy { $0.edits.isEmpty } }
}
