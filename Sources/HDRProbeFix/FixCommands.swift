import HDRProbeModel

/// The commands `hdrprobe fix` prints for a step it does not make itself (`docs/rules/isobmff-rewrite.md`
/// §4): FFmpeg, MP4Box and hdrprobe lines a packaging engineer can run, with the input's name
/// filled in and shell-quoted, and placeholders in capitals for what only the user knows.
package enum FixCommands {
    /// `word` as one POSIX shell word: as it is when it is plain, else in single quotes.
    package static func quote(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./:=+,@%".unicodeScalars.contains($0)) }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// §2.2/§2.3: parameter sets only in the samples, or Annex B private data. The record is rebuilt
    /// from the elementary stream by MP4Box, then the other streams are copied back beside it.
    package static func rebuildConfiguration(step: SampleEntryPlan.Step, input: String, stream: StreamReport, target: String) -> FixPlan.Refusal {
        let h264 = stream.codec == VideoCodec.h264.rawValue
        let elementary = h264 ? "video.h264" : "video.hevc"
        let filter = h264 ? "h264_mp4toannexb" : "hevc_mp4toannexb"
        let fps = stream.frameRate?.rational.map { "\($0.numerator)/\($0.denominator)" } ?? "FPS"
        let i = quote(input)
        return FixPlan.Refusal(step: step.code.rawValue, reason: step.detail + " The samples would change, which fix never does.", commands: [
            "ffmpeg -i \(i) -map 0:v:\(0) -c:v copy -bsf:v \(filter) -f \(h264 ? "h264" : "hevc") \(elementary)",
            "MP4Box -add \(elementary):fps=\(fps) -new video.mp4",
            "ffmpeg -i video.mp4 -i \(i) -map 0:v -map 1 -map -1:v -c copy -tag:v \(target) -strict unofficial -movflags +faststart rebuilt.mp4",
            "hdrprobe fix rebuilt.mp4 fixed.mp4",
        ])
    }

    /// §2.1: an encrypted track's entry is `encv`; the original format changes only by packaging
    /// the clear source again.
    package static func repackageEncrypted(step: SampleEntryPlan.Step, input: String, target: String) -> FixPlan.Refusal {
        FixPlan.Refusal(step: step.code.rawValue, reason: step.detail + " The encryption is the packager's to redo.", commands: [
            "hdrprobe fix CLEAR_SOURCE.mp4 clear-fixed.mp4",
            "# then encrypt clear-fixed.mp4 again with the packager and keys that made \(quote(input)) (sample entry \(target) as the original format)",
        ])
    }

    /// A file that is not ISO BMFF but a container FFmpeg remuxes to MP4 (Matroska, MPEG-TS).
    package static func remuxToMP4(input: String, format: String) -> FixPlan.Refusal {
        let i = quote(input)
        return FixPlan.Refusal(step: "remux", reason: "\(format) is not ISO BMFF: fix rewrites only MP4/MOV files and CMAF/fMP4 init segments; remux it first (the stream copy keeps every sample).", commands: [
            "ffmpeg -i \(i) -map 0 -c copy -tag:v hvc1 -strict unofficial -movflags +faststart remuxed.mp4",
            "hdrprobe fix remuxed.mp4 fixed.mp4",
        ])
    }
}
