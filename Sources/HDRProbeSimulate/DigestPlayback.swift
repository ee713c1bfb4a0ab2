import HDRProbeModel

/// The one simulation path of a library: what `check`'s `require:` entries and `hdrprobe matrix`
/// both evaluate — the first video stream's ``PlaybackInput`` of a scan's ``ReportDigest`` on a
/// target of the device catalogue, through ``PlaybackSimulator``.
extension ReportDigest {
    /// The stream the simulation plays: the first video stream, when it has what the simulation needs.
    package var playbackInput: PlaybackInput? { videoStreams.first?.playback }

    /// The outcome on `target`; nil when the file has no video to simulate.
    package func simulate(on target: PlaybackTarget, catalog: DeviceCatalog) -> PlaybackOutcome? {
        playbackInput.flatMap { PlaybackSimulator.simulate($0, target: target, catalog: catalog) }
    }
}
