import HDRProbeModel
import HDRProbeManifests

/// Assembles the report's `hls` object (`docs/report-contract.md`, `hls` table;
/// `docs/rules/hls-signalling.md` §5.2, §8, §10, §12, §14) from the signalling parts:
/// `codecs` is the video element plus the audio token of the first playable audio stream,
/// `streamInf` the complete line built from the same values.
package enum HLSReportBuilder {
    /// nil when the video has no codec string or no resolution (both are required keys).
    package static func report(video: HLSVideoSignalling, audio: AudioCodecString?, resolution: HLSResolution?,
                              frameRate: HLSFrameRate?, bandwidth: HLSBandwidth,
                              hdcpLevel: HDCPLevel? = nil) -> HLSReport? {
        guard let resolution,
              let line = StreamInfLine(video: video, audio: audio, bandwidth: bandwidth, resolution: resolution,
                                       frameRate: frameRate, hdcpLevel: hdcpLevel) else { return nil }
        return report(line: line, video: video)
    }

    /// From a line already built (the planner checks the same line's §10 issues).
    package static func report(line: StreamInfLine, video: HLSVideoSignalling) -> HLSReport? {
        guard let resolution = line.resolution else { return nil }
        return HLSReport(codecs: line.codecs.string, supplementalCodecs: video.supplementalCodecs?.string,
                         videoRange: video.videoRange, frameRate: line.frameRate,
                         resolution: resolution.string, sampleEntry: video.sampleEntry, streamInf: line.line)
    }
}
