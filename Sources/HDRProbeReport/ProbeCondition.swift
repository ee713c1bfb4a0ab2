import HDRProbeModel

/// Conditions of a probe that completed, as facts: the engine hands these over and ``finding``
/// writes the report's finding (its code, default severity and sentence; docs/findings.md).
package enum ProbeCondition: Equatable, Sendable {
    /// hdrprobe's header walk found the file cut short.
    case truncated(ContainerTruncation)
    /// hdrprobe's header walk found a structure problem.
    case malformed(ContainerStructureIssue)
    /// The time limit (seconds) stopped the frame scan.
    case frameScanTimedOut(seconds: Double)
    /// The time limit (seconds) stopped reading a Dolby Vision RPU file.
    case rpuReadTimedOut(seconds: Double)
    /// The read budget stopped libavformat at byte `stop` of `fileSize` (`budget`: the bytes it
    /// could read past the container headers; nil without a budget); `zerosBefore`: the last
    /// bytes read were all zeros.
    case unreadableTail(stop: Int, fileSize: Int, budget: Int?, zerosBefore: Bool)

    package var finding: Finding {
        switch self {
        case let .truncated(truncation):
            return Finding(.containerTruncated, "The file is cut short: \(truncation.sentence). What was read is reported.", stream: nil)
        case let .malformed(issue):
            return Finding(.containerMalformed, "Container structure: \(issue.sentence).", stream: nil)
        case let .frameScanTimedOut(seconds):
            return Finding(.scanIncomplete, "The time limit of \(seconds) s was reached during the frame scan; counts cover the frames read.", stream: nil)
        case let .rpuReadTimedOut(seconds):
            return Finding(.scanIncomplete, "The time limit of \(seconds) s was reached while reading the RPUs; counts cover the RPUs read.", stream: nil)
        case let .unreadableTail(stop, fileSize, budget, zeros):
            let what = zeros
                ? "the bytes before that point are zeros (a preallocated or unfinished download?)"
                : "the bytes before that point are not the streams' packets (junk, or a damaged file)"
            let after = budget.map { " after reading \($0 >> 20) MiB past the container headers" } ?? ""
            return Finding(.containerUnreadableTail,
                           "hdrprobe stopped reading at byte \(stop) of \(fileSize)\(after) without completing the frame scan; \(what). The remaining \(fileSize - stop) bytes were not read; the report covers what was.",
                           stream: nil)
        }
    }
}
