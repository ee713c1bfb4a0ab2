import HDRProbeClassify
import HDRProbeModel

/// Options of one probe run.
package struct ProbeOptions: Sendable, Equatable {
    /// Video access units scanned per stream; nil scans the whole stream.
    package var frames: Int?
    /// Video packet bytes scanned per stream before stopping (ignored when `frames` is nil).
    package var maxScanBytes: Int
    /// Per-file time limit in seconds.
    package var timeout: Double
    package var policy: DolbyVisionPolicy
    /// Bytes libavformat may read to identify streams in header-less formats (TS, raw).
    package var probeBytes: Int
    /// Bytes libavformat may read once the container's headers are read (see ``readBudget``).
    package var maxReadBytes: Int
    /// Read the frame scan's samples of plain ISO BMFF files with hdrprobe's own sample-table reader
    /// (``ISOBMFFSampleReader``); false reads every packet through libavformat (the reports are the same).
    package var ownSampleAccess = true
    /// Open the containers hdrprobe's own readers cover without libavformat (``ContainerDemux``);
    /// false opens every file with libavformat (the reports are the same).
    package var ownContainerReaders = true

    package init(frames: Int? = ProbeLimits.frames, maxScanBytes: Int = ProbeLimits.maxScanBytes,
                timeout: Double = ProbeLimits.timeout, policy: DolbyVisionPolicy = .default,
                probeBytes: Int = ProbeLimits.probeBytes, maxReadBytes: Int = ProbeLimits.maxReadBytes) {
        self.frames = frames
        self.maxScanBytes = maxScanBytes
        self.timeout = timeout
        self.policy = policy
        self.probeBytes = probeBytes
        self.maxReadBytes = maxReadBytes
    }

    /// The bytes libavformat may read after `avformat_open_input` returned (the headers: an MP4's
    /// `moov` wherever it is, Matroska's elements before the first Cluster and what its SeekHead
    /// points to, a TS's first PAT/PMT): stream analysis and the packet scan together.
    /// `maxReadBytes` (16 MiB), or twice `maxScanBytes` when that is more, so that a larger scan
    /// budget is not cut short; the frame budget's packets usually end the scan long before (32
    /// frames of a 31 Mb/s 4K stream are about 5 MiB). nil for a whole-stream scan (`frames` nil).
    /// A file whose tail is zeros or junk (a preallocated or cut-short download) is then read
    /// no further than this, and the report says so (`container.unreadableTail`).
    package var readBudget: Int? { frames == nil ? nil : max(maxReadBytes, 2 * maxScanBytes) }
}
