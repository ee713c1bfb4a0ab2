import HDRProbeModel

/// What the probe needs from a container reader: the streams with their stream-level facts, the
/// container's duration and bit rate, each stream's sample index for the BANDWIDTH measurement,
/// and the packets of the frame scan (``SampleSource``).
///
/// Two kinds of reader conform: libavformat (``Demuxer``, any container FFmpeg reads) and
/// hdrprobe's own readers of containers whose headers describe every stream, which let a probe
/// run without loading FFmpeg. An own reader gives the same ``DemuxedStream`` values
/// libavformat would for the files it accepts (the corpus reports prove it) and declines — returns
/// nil from its opener — every file it is not sure of; libavformat then reads it.
package protocol ContainerDemux: SampleSource {
    /// libavformat's demuxer name for this container (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`,
    /// `mpegts`, …): the report's `container.demuxer`, whichever reader read it.
    var formatName: String { get }
    /// The streams in libavformat's order (its stream indexes are the report's).
    var streams: [DemuxedStream] { get }
    /// Container duration in seconds, when declared.
    var formatDuration: Double? { get }
    /// Container bit rate in bits per second, when declared or derived as libavformat does.
    var formatBitRate: Int? { get }
    /// Where the read budget (``ProbeOptions/readBudget``) stopped reading before the end of the
    /// file; nil when it did not.
    var readBudgetStop: Int? { get }
    /// Whether the reader is libavformat (the report's `tool.libavformatUsed`).
    var usesLibavformat: Bool { get }
    /// Sample sizes and times of one stream from the container's index (MP4/MOV sample tables);
    /// empty where the container has no per-sample sizes.
    func indexSamples(stream index: Int) -> [HLSBandwidth.Sample]
    /// The index of a video stream and its audio stream as stretches of their MP4/MOV sample
    /// tables, for measuring BANDWIDTH without building the index (``SampleTableBandwidth``); nil
    /// where the reader cannot say (the measurement then reads ``indexSamples(stream:)``).
    func sampleTableTracks(video: Int, audio: Int?) -> (video: SampleTableBandwidth.Track, audio: SampleTableBandwidth.Track?)?
}

extension ContainerDemux {
    /// Whether the reader is libavformat (the report's `tool.libavformatUsed`).
    package var usesLibavformat: Bool { false }
    package func sampleTableTracks(video: Int, audio: Int?) -> (video: SampleTableBandwidth.Track, audio: SampleTableBandwidth.Track?)? { nil }
}

