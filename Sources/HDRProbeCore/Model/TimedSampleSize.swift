/// One coded sample's presentation time (seconds) and size (bytes), as a container index lists
/// it — the input of bandwidth measurement (`hls-signalling.md` §13).
public struct TimedSampleSize: Sendable, Equatable {
    public var time: Double
    public var bytes: Int

    public init(time: Double, bytes: Int) {
        self.time = time
        self.bytes = bytes
    }
}
