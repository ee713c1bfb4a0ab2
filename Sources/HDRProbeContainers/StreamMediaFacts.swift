import HDRProbeParse
import HDRProbeModel

/// A stream's language and an audio stream's facts (``AudioReport``), from hdrprobe's own walk of
/// the container's headers whichever reader demuxed the file, so a report is the same with and
/// without libavformat (`docs/report-contract.md`, "language", "audio"):
///
/// - MP4/MOV: the `mdhd` language; the audio sample entry's configuration — `esds`
///   AudioSpecificConfig (channelConfiguration, the sampling frequency, or the SBR output
///   frequency when signalled explicitly), `dac3`, `dec3` (with Atmos JOC), `dOps` — and the
///   entry's own `channelcount` / `samplerate` where that configuration leaves one open.
/// - Matroska/WebM: Language or LanguageBCP47 (Language defaults to `eng`, the Matroska
///   specification's default); the Audio element's Channels and (Output)SamplingFrequency.
/// - Other containers: not read yet (null).
package enum StreamMediaFacts {
    package static func language(_ s: DemuxedStream, headers: ContainerHeaders) -> String? {
        switch headers.signature {
        case .isobmff: return headers.track(forStreamID: s.id, index: s.index)?.language
        case .matroska:
            guard let track = headers.matroskaTrack(forStreamIndex: s.index) else { return nil }
            return track.stream.languageBCP47 ?? track.stream.language ?? "eng"
        default: return nil
        }
    }

    package static func audio(_ s: DemuxedStream, headers: ContainerHeaders) -> AudioReport {
        switch headers.signature {
        case .isobmff:
            guard let entry = headers.track(forStreamID: s.id, index: s.index)?.sampleEntries.first else { return AudioReport() }
            return audio(entry: entry)
        case .matroska:
            guard let track = headers.matroskaTrack(forStreamIndex: s.index) else { return AudioReport() }
            // Opus always decodes at 48 kHz (RFC 7845 §5.1), whatever SamplingFrequency says.
            if track.codecID == "A_OPUS" {
                return AudioReport(channels: Int(clamping: track.stream.channels), sampleRate: OpusSpecificBox.decodingSampleRate)
            }
            let rate = track.stream.outputSamplingFrequency ?? track.stream.samplingFrequency ?? 8000
            return AudioReport(channels: Int(clamping: track.stream.channels), sampleRate: rate > 0 && rate < 1e7 ? Int(rate) : nil)
        default:
            return AudioReport()
        }
    }

    /// An MP4 audio sample entry's facts: its codec configuration first, the entry's own fields
    /// where the configuration leaves a value open. Entries without a configuration hdrprobe reads
    /// (MP3, PCM, QuickTime sound descriptions) give nothing: their entry fields are not checked
    /// against the bitstream (fq's `mp3.mp4` says two channels of a mono stream).
    package static func audio(entry: SampleEntry) -> AudioReport {
        var report = AudioReport()
        guard let children = entry.audioChildren else { return report }
        if let esds = children["esds"], let info = ISOBMFFStreamMapping.aacDecoderSpecificInfo(esds),
           let asc = try? AudioSpecificConfig.parse(info) {
            report.channels = AudioSpecificConfig.channelCounts[asc.channelConfiguration] ?? entry.audioChannelCount
            // Plain AAC at 24 kHz or less may carry SBR without signalling it (implicit SBR, ISO/IEC
            // 14496-3 §4.6.18.2.1): only a decoder knows whether the output rate is doubled.
            let implicitSBRPossible = !asc.explicitSBR && (asc.samplingFrequency ?? 0) <= 24000
            report.sampleRate = asc.extensionSamplingFrequency ?? (implicitSBRPossible ? nil : asc.samplingFrequency)
        } else if let dac3 = children["dac3"].flatMap({ try? AC3SpecificBox.parse($0) }) {
            report.channels = dac3.channels
            report.sampleRate = dac3.sampleRate ?? entry.audioSampleRate
        } else if let dec3 = children["dec3"].flatMap({ try? EC3SpecificBox.parse($0) }) {
            report.channels = dec3.channels ?? entry.audioChannelCount
            report.sampleRate = dec3.sampleRate ?? entry.audioSampleRate
            if dec3.jointObjectCoding == true { report.objectAudio = AudioReport.eac3JOC }
        } else if let dOps = children["dOps"].flatMap({ try? OpusSpecificBox.parse($0) }) {
            report.channels = dOps.outputChannelCount
            report.sampleRate = OpusSpecificBox.decodingSampleRate
        }
        return report
    }
}
