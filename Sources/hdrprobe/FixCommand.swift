import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe fix IN OUT`: applies the sample-entry plan (`hls.plan`) to an ISO BMFF file by
/// rewriting its `moov` only (``ISOBMFFFixer``; `docs/fix.md`). Exit status: 0 written (or, with
/// --dry-run, planned), 1 refused or in error (nothing written), 2 usage error.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Apply the sample-entry plan to an MP4/MOV or fMP4 init segment by rewriting moov only.",
        discussion: """
        Probes IN, then makes the ISO BMFF steps of its plan (hdrprobe probe --json: streams[N].hls.plan): \
        the sample entry promoted (hvc1 → dvh1, hev1 → hvc1, av01 → dav1), hvcC SEI and other non-parameter-set \
        arrays dropped, colr nclx written, the Dolby Vision record kept, stripped, rewritten to 8.1 or added. \
        Only moov is rewritten: the media data is copied byte for byte, chunk offsets (stco/co64, tfhd, tfra) \
        move when moov grows or shrinks in front of it, and OUT is written to a temporary file beside it and \
        renamed into place. IN is never modified. With nothing to change, OUT is a byte-identical copy.

        A step fix cannot make (parameter sets only in the samples, Annex B private data, an encrypted \
        track's entry, a Matroska or MPEG-TS input) is printed with the FFmpeg / MP4Box commands that make \
        it, and nothing is written.

        --target NAME (an Apple target of 'hdrprobe devices') plans for that Apple player: the plan follows the \
        apple-hls policy and is the same for every Apple target today; a non-Apple target is a usage error. --policy is the policy of 'hdrprobe probe'.

        Examples:
          hdrprobe fix movie.mp4 movie.fixed.mp4
          hdrprobe fix --dry-run movie.mp4 movie.fixed.mp4
          hdrprobe fix --target atv4k-2022+lg-oled --json init.mp4 init.fixed.mp4
          for f in hls/*/init.mp4; do hdrprobe fix "$f" "$f.new" && mv "$f.new" "$f"; done

        Exit status: 0 written (or planned, with --dry-run), 1 refused or in error (nothing written), \
        2 usage error. Details: docs/fix.md.
        """
    )

    @Argument(help: "The ISO BMFF file to fix (MP4, MOV, CMAF/fMP4 init segment); opened read-only.")
    var input: String

    @Argument(help: "Where to write the fixed file (a new file; never IN).")
    var output: String

    @Flag(name: .customLong("dry-run"), help: "Print what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    @OptionGroup var simulation: SimulationOptions

    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if simulation.targetIDs.count > 1 { throw ValidationError("fix takes one --target") }
        if !simulation.targetIDs.isEmpty && analysis.policy != "default" {
            throw ValidationError("--target and --policy are exclusive: a target plans with the apple-hls policy")
        }
    }

    func run() throws {
        let options = try analysis.mediaProbeOptions()
        let targets = try simulation.playbackTargets()
        let files = InputFile.commandLine([input, output])
        let fix: FileFix
        do throws(HDRProbeError) {
            fix = try FileFix.fix(input: files[0], output: files[1], dryRun: dryRun, target: simulation.targetIDs.first,
                                  in: targets, options: options)
        } catch {
            throw ValidationError(error.description)
        }
        if json {
            print(try fix.json())
        } else {
            let text = fix.text.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.escape(String($0)) }
                .joined(separator: "\n")
            if fix.failed {
                FileHandle.standardError.write(Data((text + "\n").utf8))
            } else {
                print(text)
            }
        }
        if fix.failed { throw ExitCode(1) }
    }
}
