/// How far each reader reads ahead of the frame scan, as one function of the frame budget
/// (``ProbeOptions/frames``): the frames a reader must see to decide whether it covers the file,
/// and the packets the scan may read before giving up. nil: no frame budget (a whole-stream scan),
/// so no window.
///
/// Every reader asks here, so that `--frames N` means the same read in every container and a
/// margin is changed in one place.
package enum ReadWindow: Sendable {
    /// Raw H.264 / HEVC: the access units split to check the stream before libavformat is skipped.
    case annexB
    /// MPEG-TS: the video PES packets checked for timestamps and access-unit alignment.
    case mpegTS
    /// IVF: the frames whose headers and timestamps are checked.
    case ivf
    /// Matroska / WebM: the video blocks walked before the scan starts.
    case matroska
    /// Any reader: the packets of all streams the scan reads before it stops (other streams'
    /// packets interleave with the video's).
    case scanPackets

    /// The frame budget's window for this reader.
    package func frames(budget: Int?) -> Int? {
        switch self {
        // Three access units at least: a parameter-set unit, a picture, and the next unit's start.
        case .annexB: return max(3, (budget ?? ProbeLimits.frames) + 1)
        // 21 PES packets at least: enough for libavformat's own decision on a short budget.
        case .mpegTS: return budget.map { max(21, $0 + 1) }
        // 64 frames past the budget: libavformat's analysis reads that far.
        case .ivf: return budget.map { $0 + 64 }
        // 8 blocks past the budget: B-frame reordering and lacing.
        case .matroska: return budget.map { $0 + 8 }
        // 64 packets a frame, 2,000 at least: audio and subtitle packets interleave.
        case .scanPackets: return budget.map { max(2_000, $0 * 64) }
        }
    }
}

extension ProbeOptions {
    /// ``ReadWindow/frames(budget:)`` of these options' frame budget.
    package func readWindow(_ reader: ReadWindow) -> Int? { reader.frames(budget: frames) }
}
