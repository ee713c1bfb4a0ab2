/// The result of `hdrprobe dash --check MANIFEST.mpd`: per video Representation, where its
/// segments were found, what hdrprobe would write for the media, and every disagreement as a
/// ``DASHCheckFinding`` with the MPD line and the attribute at fault. Codes: `docs/findings.md`,
/// "DASH manifest check codes"; rules: `docs/rules/dash-manifests.md` §3.
package struct DASHCheckReport: Codable, Sendable, Equatable {
    package var tool: ToolInfo
    /// The MPD as given (path or URL).
    package var manifest: String
    package var status: ProbeReport.Status
    /// Why the MPD itself could not be checked (`dash.check.manifestMalformed` with its line, an
    /// unreadable file), or the `dash.check.representationLimit` note; nil otherwise.
    @NullEncoded package var error: Finding?
    @NullEncoded package var errorLine: Int?
    /// `static` or `dynamic`, when the MPD was read.
    @NullEncoded package var type: String?
    package var representations: [Representation]
    /// Every warning and error grouped by code with where it occurs (the Representation's line, the segment).
    package var fixes = FixList()

    package struct Representation: Codable, Sendable, Equatable {
        package var id: String
        /// Line of the `Representation` element.
        package var line: Int
        package var adaptationSetLine: Int
        package var period: Int
        /// `SegmentTemplate`, `SegmentList`, `SegmentBase` or `BaseURL`.
        @NullEncoded package var addressing: String?
        @NullEncoded package var initialization: String?
        @NullEncoded package var firstSegment: String?
        /// The attributes as the MPD gives them (with what the AdaptationSet contributes).
        package var declared: [String: String]
        /// What hdrprobe would write for the media (null when it could not be probed).
        @NullEncoded package var expected: [String: String]?
        /// Disagreements, worst first.
        package var findings: [DASHCheckFinding]
        /// The probe's own findings on the media (not counted by `--fail-on`).
        package var mediaFindings: [Finding]
        /// The whole-presentation walk of the Representation's segments (null for a first-segment check).
        @NullEncoded package var presentation: HLSCheckReport.Presentation?

        package init(id: String, line: Int, adaptationSetLine: Int, period: Int, declared: [String: String]) {
            self.id = id
            self.line = line
            self.adaptationSetLine = adaptationSetLine
            self.period = period
            self.declared = declared
            self.findings = []
            self.mediaFindings = []
        }
    }

    package init(tool: ToolInfo, manifest: String, status: ProbeReport.Status) {
        self.tool = tool
        self.manifest = manifest
        self.status = status
        self.representations = []
    }

    /// Every finding (the MPD error, then each Representation's) as report findings, for exit statuses.
    package var allFindings: [Finding] {
        (error.map { [$0] } ?? []) + representations.flatMap { $0.findings.map(\.finding) }
    }
}

/// One disagreement between an MPD and its media: the code, its severity, a message, the MPD line
/// of the element at fault, the attribute (`@codecs`, `scte214:supplementalProfiles`,
/// `EssentialProperty urn:mpeg:mpegB:cicp:TransferCharacteristics`, …), the value the MPD declares and
/// the value hdrprobe would write (null when it would write none).
package struct DASHCheckFinding: Codable, Sendable, Equatable, Error {
    package var code: FindingCode
    package var severity: Finding.Severity
    package var message: String
    package var line: Int
    @NullEncoded package var attribute: String?
    @NullEncoded package var declared: String?
    @NullEncoded package var expected: String?

    package init(_ code: FindingCode, line: Int, attribute: String?, declared: String?, expected: String?, _ message: String) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.line = line
        self.attribute = attribute
        self.declared = declared
        self.expected = expected
    }

    /// As a report finding: the message prefixed with the line.
    package var finding: Finding {
        Finding(code: code, severity: severity, message: "line \(line): \(message)")
    }
}
