import HDRProbeParse
import HDRProbeModel
import HDRProbeContainers

/// The `CHANNELS` value an audio rendition's media makes (RFC 8216bis §4.4.6.1: the count of
/// independent channels; Apple HLS authoring: `16/JOC` for Dolby Digital Plus with Atmos), from
/// its init section's sample entry as every report reads it (``StreamMediaFacts``: AAC
/// channelConfiguration, `dac3`, `dec3` with its dependent substreams and joint object coding, `dOps`).
enum RenditionChannels {
    /// The value for `entry`, nil when its configuration states no channel count.
    static func value(_ entry: SampleEntry) -> String? {
        let audio = StreamMediaFacts.audio(entry: entry)
        if audio.objectAudio == AudioReport.eac3JOC { return "16/JOC" }
        return audio.channels.map(String.init)
    }
}
