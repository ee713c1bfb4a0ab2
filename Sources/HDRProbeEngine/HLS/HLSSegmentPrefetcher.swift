import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests
import HDRProbeContainers

/// Reads the heads of a segment list ahead of ``HLSPresentationCheck/walkSegments(_:listName:playlist:iFramesOnly:durationName:targetDuration:)``
/// and hands them over in list order, so the walk's checks stay one segment at a time while the
/// network waits overlap: over `http(s)` up to ``HTTPResourceClient/Configuration/concurrency``
/// fetches are in flight (on the run's kept-alive connections), and at most twice that many heads
/// are read ahead of the walk (memory: each head is at most ``HLSPresentationCheck/segmentHeadBytes``).
/// Local files are read when the walk asks (the page cache answers faster than threads help).
///
/// A head is what the walk would read: the fragment header (``HLSPresentationCheck/fragmentHeaderBytes``),
/// then — when the first video sample ends past it — the rest up to that end (capped), asked as
/// the following byte range only. Init sections are read once per location and range; a segment
/// whose init section cannot be read is not fetched (the walk reports it without its head).
/// With `sizesOnly` a head is one byte, for the segment's size alone (an audio rendition's bit rates).
final class HLSSegmentPrefetcher: @unchecked Sendable {
    typealias Fetched = HLSResourceFetcher.Fetched
    private typealias InitSection = (fetched: Result<Fetched, ReportError>, movie: MovieBox?)

    private let segments: [HLSPresentationCheck.Segment]
    private let client: HTTPResourceClient
    private let initSectionLimit: Int
    private let timeout: Double
    private let sizesOnly: Bool
    private let parallel: Bool
    private let window: Int
    private let cancellation: ProbeCancellation?
    private let condition = NSCondition()
    private var heads: [Int: Result<Fetched, ReportError>] = [:]
    private var inits: [String: InitSection] = [:]
    /// Init sections being read by one worker (the others wait for it).
    private var initsInFlight: Set<String> = []
    private var nextToFetch = 0
    private var walkPosition = 0
    private var stopped = false
    private var started = false

    init(segments: [HLSPresentationCheck.Segment], client: HTTPResourceClient, initSectionLimit: Int, timeout: Double, sizesOnly: Bool = false) {
        self.segments = segments
        self.client = client
        self.initSectionLimit = initSectionLimit
        self.timeout = timeout
        self.sizesOnly = sizesOnly
        let concurrency = client.configuration.concurrency
        parallel = concurrency > 1 && segments.contains { $0.location?.isRemote == true || $0.initLocation?.isRemote == true }
        window = 2 * concurrency
        cancellation = ProbeCancellation.current
    }

    /// Each read gets the probe's time limit of its own, as the walk's reads do.
    private var deadline: UInt64 {
        Clock.nowNanoseconds() + UInt64(max(0.001, min(timeout, 86_400)) * 1e9)
    }

    /// The head of segment `position` (the walk asks in increasing order, skipping some).
    func head(_ position: Int) -> Result<Fetched, ReportError> {
        guard parallel else { return readHead(position) }
        condition.lock()
        defer { condition.unlock() }
        walkPosition = max(walkPosition, position)
        heads = heads.filter { $0.key >= position }
        if !started { startWorkers() }
        condition.broadcast()
        while heads[position] == nil { condition.wait() }
        return heads.removeValue(forKey: position)!
    }

    /// The init section at `location` (`range`), read once.
    func initSection(_ location: HLSResourceLocation, range: HLSByteRange?) -> Result<Fetched, ReportError> {
        initSectionRead(location, range: range).fetched
    }

    /// Stops the workers (after their current fetch): the walk is over.
    func finish() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Called with the lock held.
    private func startWorkers() {
        started = true
        for _ in 0..<min(client.configuration.concurrency, segments.count) {
            let thread = Thread { [self] in
                if let cancellation { ProbeCancellation.withToken(cancellation) { work() } } else { work() }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func work() {
        while true {
            condition.lock()
            while !stopped, nextToFetch < segments.count, nextToFetch >= walkPosition + window { condition.wait() }
            guard !stopped, nextToFetch < segments.count else {
                condition.unlock()
                return
            }
            let position = nextToFetch
            nextToFetch += 1
            condition.unlock()
            let head = readHead(position)
            condition.lock()
            if position >= walkPosition { heads[position] = head }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func initSectionRead(_ location: HLSResourceLocation, range: HLSByteRange?) -> InitSection {
        let key = location.description + (range.map { " \($0)" } ?? "")
        condition.lock()
        while inits[key] == nil, initsInFlight.contains(key) { condition.wait() }
        if let done = inits[key] {
            condition.unlock()
            return done
        }
        initsInFlight.insert(key)
        condition.unlock()
        let fetched = HLSResourceFetcher.fetch(location, range: range, maxBytes: initSectionLimit, deadline: deadline, client: client)
        let read: InitSection = (fetched, (try? fetched.get()).flatMap { HLSPresentationCheck.movieBox($0.bytes) })
        condition.lock()
        inits[key] = read
        initsInFlight.remove(key)
        condition.broadcast()
        condition.unlock()
        return read
    }

    /// The fragment header, then the rest of the first video sample as the next byte range.
    private func readHead(_ position: Int) -> Result<Fetched, ReportError> {
        let segment = segments[position]
        // A gap is absent on purpose: the walk neither reads nor measures it.
        guard !segment.gap else { return .failure(ReportError(.readFailed, "\(segment.uri): EXT-X-GAP")) }
        guard let location = segment.location else {
            return .failure(ReportError(.readFailed, "\(segment.uri): the URI cannot be resolved"))
        }
        if sizesOnly {
            return HLSResourceFetcher.fetch(location, range: segment.range, maxBytes: 1, deadline: deadline, client: client)
        }
        var movie: MovieBox?
        if segment.initName != nil {
            guard let initLocation = segment.initLocation else {
                return .failure(ReportError(.readFailed, "\(segment.uri): its init section cannot be resolved"))
            }
            let read = initSectionRead(initLocation, range: segment.initRange)
            if case let .failure(error) = read.fetched { return .failure(error) }
            movie = read.movie
        }
        let first = HLSResourceFetcher.fetch(location, range: segment.range, maxBytes: HLSPresentationCheck.fragmentHeaderBytes,
                                             deadline: deadline, client: client)
        guard case var .success(head) = first, head.truncated else { return first }
        let fragment = movie == nil ? nil : HLSPresentationCheck.fragment(head.bytes)
        let run = movie.flatMap { m in fragment.flatMap { FragmentVideoRun(movie: m, fragment: $0) } }
        let wanted = min(HLSPresentationCheck.segmentHeadBytes, run?.firstSampleEnd ?? HLSPresentationCheck.segmentHeadBytes,
                         segment.range?.length ?? Int.max, head.totalSize ?? Int.max)
        guard wanted > head.bytes.count else { return first }
        let rest = HLSByteRange(length: wanted - head.bytes.count, offset: (segment.range?.offset ?? 0) + head.bytes.count)
        // Not read: the walk reads the head again itself, as it does for a local file.
        guard case let .success(more) = HLSResourceFetcher.fetch(location, range: rest, maxBytes: rest.length, deadline: deadline, client: client)
        else { return first }
        head.bytes += more.bytes
        head.truncated = head.totalSize.map { head.bytes.count < $0 } ?? true
        return .success(head)
    }
}
