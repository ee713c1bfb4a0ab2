import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe dash FILE…` prints the MPD `AdaptationSet` / `Representation` signalling for the files
/// (`docs/rules/dash-signalling.md` §3), from the same decision as `hdrprobe hls`.
struct DASHCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dash",
        abstract: "Write the MPEG-DASH signalling for media files.",
        discussion: """
        One Representation per video file (@codecs, scte214:supplementalCodecs and supplementalProfiles for Dolby \
        Vision 8.1/8.4/10.1/10.4, @width/@height/@sar, @frameRate as a rational, measured @bandwidth) in an \
        AdaptationSet with the CICP colour descriptors (PQ as EssentialProperty, HLG as SupplementalProperty), the \
        http://dashif.org/metadata/hdr descriptor for HDR10+, and ContentProtection for encrypted media. Files that \
        can switch seamlessly share an AdaptationSet. Comments give every decision; the Dolby Vision verdict is the \
        one `hdrprobe hls` applies (--policy).

        --json prints the reports (docs/report-contract.md) with each video stream's `dash` object.

        With --check: each argument is an MPD (a path, or an http(s) URL read as `hls --check` reads playlists). For \
        every video Representation hdrprobe resolves its segments (BaseURL, SegmentTemplate, SegmentTimeline, \
        SegmentList, SegmentBase + sidx), fetches the initialization and the first media segment, probes them, and \
        reports each disagreement with its MPD line and the value hdrprobe would write (codes dash.check.*; \
        docs/findings.md, docs/rules/dash-manifests.md). --json prints the check reports; --format junit|sarif|github \
        renders them as `hdrprobe check` does; --html FILE also writes the overview (per Representation, and the \
        Must fix / Should fix findings) as one self-contained page.

        Exit status: 0 clean (with --check: nothing at or above --fail-on); 1 a file or MPD in error, or findings at \
        or above --fail-on; 2 usage error.
        """
    )

    @Argument(help: ArgumentHelp("Media files; with --check, MPDs (paths or http(s) URLs).", valueName: "FILE|MPD"))
    var inputs: [String]

    @Flag(help: "Check the given MPDs against their media: every segment of every video Representation.")
    var check = false

    @Flag(help: "With --check: the initialization and first segment of each Representation only (the quick check).")
    var firstSegment = false

    @Option(help: ArgumentHelp("With --check: output in a `check` format (text, json, junit, sarif, github).", valueName: "format"))
    var format: FindingsFormat?

    @Option(help: ArgumentHelp("With --check: also write the overview as a self-contained HTML page to this file.", valueName: "FILE"))
    var html: String?

    @Option(help: ArgumentHelp("With --check: the lowest finding severity that makes the exit status 1.",
                               valueName: "error|warning|info"))
    var failOn: MediaReport.Code.Severity = .error

    @Flag(help: "Print the JSON reports (with streams[N].dash) instead of XML.")
    var json = false

    @Option(help: ArgumentHelp("BaseURL written in each Representation; {name} is the file name without extension; '' for none.",
                               valueName: "template"))
    var baseURL = StreamingSignalling.defaultDASHBaseURLTemplate

    @Flag(help: "Leave out the XML declaration and the enclosing Period: only the AdaptationSets.")
    var noHeader = false

    @OptionGroup var analysis: AnalysisOptions

    @OptionGroup var network: NetworkOptions

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if json && noHeader { throw ValidationError("--no-header applies only without --json") }
        if check && (noHeader || baseURL != StreamingSignalling.defaultDASHBaseURLTemplate) { throw ValidationError("--no-header and --base-url apply only without --check") }
        if !check && (format != nil || failOn != .error || firstSegment || html != nil) {
            throw ValidationError("--format, --fail-on, --first-segment and --html apply only with --check")
        }
        if format != nil && json { throw ValidationError("give --json or --format, not both") }
    }

    func run() throws {
        let options = try analysis.mediaProbeOptions()
        if check {
            try ManifestCheckRun(manifests: inputs, format: format, json: json, failOn: failOn, quiet: quiet, html: html).run { manifest throws(HDRProbeError) in
                try ManifestCheck.dash(manifest, options: options, firstSegmentOnly: firstSegment, network: network.network)
            }
            return
        }
        let files = InputFile.commandLine(inputs)
        let progress = FileCountProgress(total: files.count, quiet: quiet)
        var reports: [MediaReport] = []
        try MediaProbe(options: options).reports(for: files, progress: progress.show) { _, report in reports.append(report) }
        progress.finish()
        let plan = StreamingSignalling.dash(for: reports, baseURLTemplate: baseURL.isEmpty ? nil : baseURL)
        if json {
            print(try plan.reportsJSON())
        } else {
            let policy = analysis.policy == "default" ? "" : ", policy \(analysis.policy)"
            let note = "\(policy): \(Plural.of(plan.representations.count, "Representation")) in \(Plural.of(plan.adaptationSetCount, "AdaptationSet")) from \(Plural.of(inputs.count, "file"))"
            print(plan.mpd(header: !noHeader, note: note), terminator: "")
        }
        if reports.contains(where: \.isFailure) { throw ExitCode(1) }
    }
}
