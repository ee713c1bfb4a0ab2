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
/// - MPEG-TS: the PMT's ISO 639 language descriptor (ISO/IEC 13818-1 §2.6.18); an audio stream's
///   first packet — its ADTS header (AAC), its AC-3 / E-AC-3 syncframe, its MPEG audio frame header
///   (MP2, MP3) — since the container
///   has no audio headers. ADTS cannot signal SBR, so AAC at 24 kHz or less gets no rate; an E-AC-3
///   program with a dependent substream gets no channel count (its channel map is not read).
/// - Other containers: not read yet (null).
package enum StreamMediaFacts {
    package static func language(_ s: DemuxedStream, headers: ContainerHeaders) -> String? {
        switch headers.signature {
        case .isobmff: return headers.track(forStreamID: s.id, index: s.index)?.language
        case .matroska:
            guard let track = headers.matroskaTrack(forStreamIndex: s.index) else { return nil }
            return track.stream.languageBCP47 ?? track.stream.language ?? "eng"
        case .mpegts:
            return headers.programMap?.streams.first { $0.pid == s.id }?.language
        default: return nil
        }
    }

    /// `firstPacket`: the stream's first packet, for the containers whose headers say nothing of
    /// their audio (MPEG-TS).
    package static func audio(_ s: DemuxedStream, headers: ContainerHeaders, firstPacket: [UInt8]? = nil) -> AudioReport {
        switch headers.signature {
        case .mpegts:
            guard let packet = firstPacket else { return AudioReport() }
            return audio(codec: s.codec, codecName: s.codecName, firstPacket: packet)
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

    /// An elementary audio packet's facts, from the frame header it starts with.
    package static func audio(codec: StreamCodec?, codecName: String? = nil, firstPacket packet: [UInt8]) -> AudioReport {
        // MP2 and MP3, which StreamCodec does not name: libavcodec's names.
        if codec == nil, codecName == "mp2" || codecName == "mp3" {
            guard let header = MPEGAudioFrameHeader.first(in: packet) else { return AudioReport() }
            return AudioReport(channels: header.channels, sampleRate: header.sampleRate, channelLayout: header.channels == 1 ? .mono : .stereo)
        }
        switch codec {
        case .aac?:
            guard let adts = ADTSHeader.first(in: packet) else { return AudioReport() }
            // ADTS cannot signal SBR.
            return aac(objectType: adts.audioObjectType, explicitSBR: false,
                       rate: AudioSpecificConfig.samplingFrequencies[adts.samplingFrequencyIndex], extensionRate: nil,
                       channelConfiguration: adts.channelConfiguration, entryChannels: nil)
        case .ac3?, .eac3?:
            guard let (frame, channels) = DolbyAudioSyncFrame.first(in: packet) else { return AudioReport() }
            return AudioReport(channels: channels, sampleRate: frame.sampleRate,
                               channelLayout: channels == nil ? nil : AudioChannelLayout.dolby(acmod: frame.acmod, lfe: frame.lfeon))
        default:
            return AudioReport()
        }
    }

    /// AAC's facts, from an AudioSpecificConfig or an ADTS header. Plain AAC at 24 kHz or less may
    /// carry SBR without signalling it (implicit SBR, ISO/IEC 14496-3 §4.6.18.2.1): only a decoder
    /// knows whether the output rate is doubled — or, with parametric stereo (§8.6.4, HE-AAC v2),
    /// whether a mono core plays as stereo; so neither is stated then. PS signalled explicitly
    /// (object type 29) is stereo. `entryChannels`: the container's count, for a configuration
    /// without one (channelConfiguration 0, a program_config_element).
    static func aac(objectType: Int, explicitSBR: Bool, rate: Int?, extensionRate: Int?, channelConfiguration: Int,
                    entryChannels: Int?) -> AudioReport {
        let implicitSBRPossible = !explicitSBR && (rate ?? 0) <= 24000
        let monoCore = channelConfiguration == 1
        var report = AudioReport(sampleRate: extensionRate ?? (implicitSBRPossible ? nil : rate))
        if objectType == 29 && monoCore {
            (report.channels, report.channelLayout) = (2, .stereo)
        } else if !(monoCore && (implicitSBRPossible || objectType == 5)) {
            report.channels = AudioSpecificConfig.channelCounts[channelConfiguration] ?? entryChannels
            report.channelLayout = AudioChannelLayout.aac(channelConfiguration: channelConfiguration)
        }
        return report
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
            report = aac(objectType: asc.audioObjectType, explicitSBR: asc.explicitSBR, rate: asc.samplingFrequency,
                         extensionRate: asc.extensionSamplingFrequency, channelConfiguration: asc.channelConfiguration,
                         entryChannels: entry.audioChannelCount)
        } else if let dac3 = children["dac3"].flatMap({ try? AC3SpecificBox.parse($0) }) {
            report.channels = dac3.channels
            report.sampleRate = dac3.sampleRate ?? entry.audioSampleRate
            report.channelLayout = AudioChannelLayout.dolby(acmod: dac3.acmod, lfe: dac3.lfeon)
        } else if let dec3 = children["dec3"].flatMap({ try? EC3SpecificBox.parse($0) }) {
            report.channels = dec3.channels ?? entry.audioChannelCount
            report.sampleRate = dec3.sampleRate ?? entry.audioSampleRate
            if dec3.jointObjectCoding == true { report.objectAudio = AudioReport.eac3JOC }
            // One independent substream without dependent ones: its acmod is the layout.
            if dec3.substreams.count == 1, let only = dec3.substreams.first, only.dependentSubstreams == 0 {
                report.channelLayout = AudioChannelLayout.dolby(acmod: only.acmod, lfe: only.lfeon)
            }
        } else if let dOps = children["dOps"].flatMap({ try? OpusSpecificBox.parse($0) }) {
            report.channels = dOps.outputChannelCount
            report.sampleRate = OpusSpecificBox.decodingSampleRate
            report.channelLayout = AudioChannelLayout.opus(mappingFamily: dOps.channelMappingFamily, channels: dOps.outputChannelCount)
        }
        return report
    }
}
