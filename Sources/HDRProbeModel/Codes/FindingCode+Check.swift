/// The catalogue rows of the `hdrprobe check` policy and diff codes (`docs/findings.md`, "Check and diff codes").
extension FindingCode {
    package static let checkEntries: [Entry] = [
        .check(.formatForbidden, .error,
               trigger: "A video stream's `videoRangeType` is listed in the policy's `formats.forbid`.",
               remedy: "Re-encode or remux the file to an allowed format, or change the policy."),
        .check(.formatNotAllowed, .error,
               trigger: "The policy lists `formats.allow` and a video stream's `videoRangeType` is not in it.",
               remedy: "Re-encode or remux the file to an allowed format, or add the format to `formats.allow`."),
        .check(.requirementNotMet, .error,
               trigger: "A `require:` entry of the policy: on its target the simulated playback ends in another output range (or pipeline) than required.",
               remedy: "Follow the reasons `hdrprobe simulate FILE --target T` gives (remux, re-encode, or signal the playlist differently), or change the requirement."),
        .check(.added, .info,
               trigger: "The file is in the new scan only.",
               remedy: "Nothing, if the file was meant to be added."),
        .check(.removed, .warning,
               trigger: "The file is in the old scan only.",
               remedy: "Restore it if it was removed by mistake."),
        .check(.lostDolbyVision, .error,
               trigger: "A video stream had Dolby Vision (a configuration record or RPUs) in the old scan and has none in the new one.",
               remedy: "Find the step that dropped it (a remux without `-strict unofficial`, a re-encode, a muxer that strips the record) and redo it from the old file."),
        .check(.verdictRegressed, .error,
               trigger: "A Dolby Vision verdict went from accept to refuse.",
               remedy: "Compare the two reports' `dolbyVision` objects; fix the record or the RPUs, or revert the policy change."),
        .check(.verdictChanged, .info,
               trigger: "A Dolby Vision profile or verdict code changed without going from accept to refuse.",
               remedy: "Check that the change was intended."),
        .check(.newError, .error,
               trigger: "The file is in error in the new scan and was not (or had another error code) in the old one.",
               remedy: "See the error code's line above."),
        .check(.errorFixed, .info,
               trigger: "The file was in error in the old scan and is analysed in the new one.",
               remedy: "Nothing."),
        .check(.rangeTypeChanged, .warning,
               trigger: "A video stream's `videoRangeType` changed (Dolby Vision still present, or none before).",
               remedy: "Check that the change was intended."),
        .check(.findingAdded, .warning,
               trigger: "The new report has a finding of severity warning or error whose code the old report did not have.",
               remedy: "See that finding's line above."),
    ]
}

extension FindingCode {
    /// Codes the built-in default check makes errors whatever their report severity: a refused
    /// Dolby Vision verdict and RPUs without a configuration record (error codes of unreadable or
    /// unrecognised files are errors too). Every other report finding is at most a warning.
    package static let defaultCheckErrors: Set<FindingCode> = [.dvRefused, .dvRpuWithoutConfiguration]
}
