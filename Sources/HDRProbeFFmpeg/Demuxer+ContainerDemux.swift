import HDRProbeContainers

/// libavformat is one of the readers the probe chooses from (``ContainerDemux``).
extension Demuxer: ContainerDemux {
    package var usesLibavformat: Bool { true }
}
