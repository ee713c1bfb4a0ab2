import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe hls FILE…` prints a Multivariant Playlist fragment for the files;
/// `hdrprobe hls --check PLAYLIST…` checks existing playlists against their media.
struct HLSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hls",
        abstract: "Write the HLS signalling for media files, or check a playlist against its media.",
        discussion: """
        Without --check: one #EXT-X-STREAM-INF per video file (CODECS, SUPPLEMENTAL-CODECS, VIDEO-RANGE, \
        FRAME-RATE, RESOLUTION, measured BANDWIDTH), plus a fallback variant without SUPPLEMENTAL-CODECS for \
        Dolby Vision 8.1/8.4/10.1/10.4, each preceded by comment lines giving every decision: sample entry, \
        range, Dolby Vision verdict, what happens to the Dolby Vision record, and remux steps.

        With --check: each argument is a Multivariant Playlist (a path, or an http(s) URL: ranged requests on \
        kept-alive connections, --fetches at once, within --max-requests; docs/rules/hls-presentation.md §8). For every variant hdrprobe reads the Media Playlist, fetches the EXT-X-MAP init \
        section and the first segment, probes them, and reports each disagreement (codes hls.check.*, \
        hls.supplementalCodecs.*, hls.frameRate.*; docs/findings.md). It then walks every segment of \
        the variant, reading each only as far as the checks need: Apple's measured peak and average bit \
        rates against BANDWIDTH / AVERAGE-BANDWIDTH, segments over the target duration or not starting \
        with a key frame, EXTINF against the samples, HDR signalling that changes mid-stream, variants \
        whose segments are not aligned, Dolby Vision RPUs or HDR10+ missing from a segment, and each audio \
        rendition's CHANNELS against its media (hls.presentation.*). --first-segment stops after the first segment. \
        Malformed playlists are reported with their line number. The text ends with an overview (per variant and \
        rendition: measured against declared bit rates, resolution, frame rate, codec, range, key-frame interval, \
        encryption, channels, segments processed) and the Must fix / Should fix findings with where they occur. \
        --json prints the check reports; --format junit|sarif|github (or text, json) prints them as 'hdrprobe check' \
        does, one item per finding with its playlist line; --html FILE also writes the overview as one \
        self-contained page.

        With --from-dash MANIFEST.mpd --output DIR: the DASH to HLS translation (docs/rules/dash-manifests.md §4): \
        DIR/master.m3u8 with one variant per video Representation (CODECS, SUPPLEMENTAL-CODECS, VIDEO-RANGE, \
        FRAME-RATE, RESOLUTION from the probed media, BANDWIDTH from @bandwidth) and audio groups, and one media \
        playlist per Representation (EXT-X-MAP, BYTERANGE for SegmentBase, EXTINF from the timeline, SAMPLE-AES \
        for cbcs; other schemes are reported as dash.hls.cencNotTranslated).

        Exit status: 0 clean (or, with --check, nothing at or above --fail-on); 1 a file or playlist in \
        error, or findings at or above --fail-on; 2 usage error.
        """
    )

    @Argument(help: ArgumentHelp("Media files; with --check, Multivariant Playlists (paths or http(s) URLs).",
                                 valueName: "FILE|PLAYLIST"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("Translate this MPD (path or http(s) URL) into HLS playlists in --output.", valueName: "MANIFEST.mpd"))
    var fromDash: String?

    @Option(help: ArgumentHelp("With --from-dash: the folder the playlists are written to.", valueName: "DIR"))
    var output: String?

    @Flag(help: "Check the given Multivariant Playlists against their media: every segment of every variant.")
    var check = false

    @Flag(help: "With --check: the init section and first segment of each variant only (the quick check).")
    var firstSegment = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("URI written after each #EXT-X-STREAM-INF; {name} is the file name without extension.",
                               valueName: "template"))
    var uriTemplate = StreamingSignalling.defaultHLSURITemplate

    @Flag(help: "Leave out #EXTM3U, #EXT-X-VERSION and #EXT-X-INDEPENDENT-SEGMENTS.")
    var noHeader = false

    @Option(help: ArgumentHelp("With --check: the lowest finding severity that makes the exit status 1.",
                               valueName: "error|warning|info"))
    var failOn: MediaReport.Code.Severity = .error

    @Option(help: ArgumentHelp("With --check: output in a `check` format (text, json, junit, sarif, github).", valueName: "format"))
    var format: FindingsFormat?

    @Option(help: ArgumentHelp("With --check: also write the overview as a self-contained HTML page to this file.", valueName: "FILE"))
    var html: String?

    @OptionGroup var analysis: AnalysisOptions

    @OptionGroup var network: NetworkOptions

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if fromDash != nil {
            if output == nil { throw ValidationError("--from-dash needs --output DIR") }
            if check || !inputs.isEmpty { throw ValidationError("--from-dash takes no other inputs and no --check") }
            return
        }
        if output != nil { throw ValidationError("--output applies only with --from-dash") }
        if inputs.isEmpty { throw ValidationError("give media files, or playlists with --check") }
        if check && (noHeader || uriTemplate != StreamingSignalling.defaultHLSURITemplate) {
            throw ValidationError("--no-header and --uri-template apply only without --check")
        }
        if !check && (format != nil || failOn != .error || firstSegment || html != nil) {
            throw ValidationError("--format, --fail-on, --first-segment and --html apply only with --check")
        }
        if format != nil && json { throw ValidationError("give --json or --format, not both") }
    }

    func run() throws {
        let options = try analysis.mediaProbeOptions()
        if let fromDash, let output {
            try HLSFromDASHRun.run(manifest: fromDash, output: output, options: options)
            return
        }
        if check {
            try ManifestCheckRun(manifests: inputs, format: format, json: json, failOn: failOn, quiet: quiet, html: html).run { manifest throws(HDRProbeError) in
                try ManifestCheck.hls(manifest, options: options, firstSegmentOnly: firstSegment, network: network.network)
            }
            return
        }
        let files = InputFile.commandLine(inputs)
        let progress = FileCountProgress(total: files.count, quiet: quiet)
        var reports: [MediaReport] = []
        try MediaProbe(options: options).reports(for: files, progress: progress.show) { _, report in reports.append(report) }
        progress.finish()
        let plan = StreamingSignalling.hls(for: reports, uriTemplate: uriTemplate)
        if json {
            print(try plan.json())
        } else {
            let policy = analysis.policy == "default" ? "" : ", policy \(analysis.policy)"
            print(plan.playlist(header: !noHeader, note: "\(policy): \(Plural.of(plan.variants.count, "variant")) from \(Plural.of(inputs.count, "file"))"),
                  terminator: "")
        }
        if reports.contains(where: \.isFailure) { throw ExitCode(1) }
    }
}
