import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeCheck
import HDRProbeEngine

/// Scans a library with a bounded pool of workers:
///
///     walker thread ──jobs (bounded)──▶ N worker threads (cache lookup, else probe) ──▶ results
///                                                  ──▶ caller's thread: output, cache, summary
///
/// The walker streams files (it never lists the library first) and waits while ``ScanConfiguration/effectiveWindow`` results are in flight, so
/// memory stays flat in the number of files, also with `sorted` (a reorder buffer of at most that
/// window). Each worker thread owns a ``ProbeExecutor``; with worker processes a crash or hang on
/// one file is a report for that file. The caller's thread writes results (in walk order when
/// `sorted`), stores new reports in the cache in batches, and reports progress (``ScanProgressObserver``). An interrupt
/// (the caller's `shouldInterrupt`, e.g. the command line's signal flag) stops the walk and the workers; every result already produced is still
/// handed out and the summary says the scan was interrupted.
package final class LibraryScanner: @unchecked Sendable {
    package let config: ScanConfiguration
    private let makeExecutor: @Sendable () -> ProbeExecutor

    private let cond = NSCondition()
    private var jobs: [Job] = []
    private var jobHead = 0
    private var results: [Completed] = []
    private var inFlight = 0
    private var dispatched = 0
    private var walkDone = false
    private var stopping = false
    private var counted = 0
    private var countingDone = false
    private var skipped: [String: Int] = [:]
    private var activeThreads = 0
    /// Worker threads waiting for a job.
    private var idleWorkers = 0
    private var current: String?

    struct Job {
        var seq: Int
        var entry: WalkEntry
        var request: ProbeRequest
    }

    struct Completed {
        var seq: Int
        var result: ScanResult
        var cacheEntry: ScanCache.Entry?
    }

    /// `executor`: how files are probed; by default as ``ScanConfiguration/isolation`` says.
    package init(config: ScanConfiguration, executor: (@Sendable () -> ProbeExecutor)? = nil) {
        self.config = config
        if let executor {
            makeExecutor = executor
        } else {
            switch config.isolation {
            case .inProcess:
                makeExecutor = { InProcessExecutor() }
            case let .workerProcesses(executable, grace):
                makeExecutor = { WorkerProcessExecutor(executable: executable, grace: grace) }
            }
        }
    }

    private var isStopping: Bool {
        cond.lock(); defer { cond.unlock() }
        return stopping
    }

    /// Runs the scan; `onResult`, `afterBatch` (after each group of results, at least every
    /// 0.2 s) and `warn` are called on the calling thread.
    package func run(progress: (any ScanProgressObserver)? = nil,
                    shouldInterrupt: @escaping () -> Bool = { false },
                    warn: (String) -> Void = { _ in },
                    afterBatch: () -> Void = {},
                    onResult: (ScanResult) -> Void) -> ScanSummary {
        let started = Date()
        var summary = ScanSummary()
        var opened: ScanCache?
        if let path = config.cachePath {
            let (c, warning) = ScanCache.open(path: path)
            opened = c
            if let warning { warn(warning) }
        }
        let cache = opened

        if progress?.isEnabled == true { startThread { [self] in count() } } else { countingDone = true }
        startThread { [self] in walk() }
        for _ in 0..<config.jobs { startThread { [self] in work(cache: cache) } }

        var pending: [Int: Completed] = [:]
        var nextSeq = 0
        var emitted = 0
        var cacheBatch: [ScanCache.Entry] = []
        var lastFlush = Date()
        var interrupted = false

        func emit(_ c: Completed) {
            onResult(c.result)
            summary.add(c.result.digest, fromCache: c.result.fromCache)
            emitted += 1
            if let e = c.cacheEntry { cacheBatch.append(e) }
        }
        func flushCache(force: Bool) {
            guard let cache else { return }
            if !cacheBatch.isEmpty, force || cacheBatch.count >= 256 || Date().timeIntervalSince(lastFlush) >= 1 {
                cache.store(cacheBatch)
                cacheBatch.removeAll(keepingCapacity: true)
                lastFlush = Date()
            }
            // Also the workers' warnings (a damaged entry), not only the store's.
            for w in cache.takeWarnings() { if let progress { progress.warn(w) } else { warn(w) } }
        }
        func take(_ batch: [Completed]) -> Int {
            var count = 0
            for c in batch {
                if config.sorted {
                    pending[c.seq] = c
                    while let next = pending.removeValue(forKey: nextSeq) { emit(next); nextSeq += 1; count += 1 }
                } else {
                    emit(c); count += 1
                }
            }
            return count
        }

        while true {
            cond.lock()
            if results.isEmpty && !(walkDone && inFlight == 0) && !stopping {
                _ = cond.wait(until: Date().addingTimeInterval(0.2))
            }
            if !stopping && shouldInterrupt() {
                stopping = true
                interrupted = true
                cond.broadcast()
            }
            let batch = results
            results.removeAll(keepingCapacity: true)
            let stop = stopping
            cond.unlock()

            let done = take(batch)

            cond.lock()
            // Only a freed slot is news to the walker: waking it for nothing would have it wake
            // this thread again (a ping-pong that burns a core while the window is full).
            if done > 0 {
                inFlight -= done
                cond.broadcast()
            }
            let finished = walkDone && inFlight == 0 && results.isEmpty
            let total = countingDone ? counted : max(counted, dispatched)
            let totalKnown = countingDone
            let now = current
            cond.unlock()

            afterBatch()
            flushCache(force: false)
            progress?.update(done: emitted, total: total, totalKnown: totalKnown, current: now)
            if finished || stop { break }
        }

        // Stopping: let the workers and the walker wind down (worker processes are killed at
        // once), then hand out whatever finished meanwhile, in order where asked.
        cond.lock()
        let deadline = Date().addingTimeInterval(5)
        while activeThreads > 0 && Date() < deadline { _ = cond.wait(until: min(deadline, Date().addingTimeInterval(0.1))) }
        let late = results
        results.removeAll()
        cond.unlock()
        _ = take(late)
        for seq in pending.keys.sorted() { emit(pending[seq]!) }

        flushCache(force: true)
        cache?.close()
        progress?.finish(done: emitted, interrupted: interrupted)
        cond.lock()
        for (reason, n) in skipped { summary.skip(reason, count: n) }
        cond.unlock()
        summary.interrupted = interrupted
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    // MARK: threads

    private func startThread(_ body: @escaping @Sendable () -> Void) {
        cond.lock()
        activeThreads += 1
        cond.unlock()
        let thread = Thread { [self] in
            body()
            cond.lock()
            activeThreads -= 1
            cond.broadcast()
            cond.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Counts what the walk will find, so that progress has a total (the same walk, counting only).
    private func count() {
        LibraryWalker(roots: config.roots, options: config.walk).walk(shouldStop: { isStopping }) { event in
            switch event {
            case .file(let entry):
                guard config.exclusion(of: entry) == nil else { return }
            case .failed:
                break
            case .skipped:
                return
            }
            cond.lock()
            counted += 1
            cond.unlock()
        }
        cond.lock()
        countingDone = true
        cond.unlock()
    }

    /// Waits for room in the window; returns the sequence number, or nil when stopping.
    private func admit() -> Int? {
        cond.lock()
        defer { cond.unlock() }
        while inFlight >= config.effectiveWindow && !stopping {
            // Cache hits held back for batching must reach the consumer first, or the window
            // never drains; with nothing held back there is nobody to wake.
            if !results.isEmpty { cond.broadcast() }
            cond.wait()
        }
        guard !stopping else { return nil }
        inFlight += 1
        defer { dispatched += 1 }
        return dispatched
    }

    /// Hands a result to the consumer. Cache hits arrive in the thousands per second: they wake
    /// the consumer only every ``hitBatch`` results, or once the walk is done and no job is left
    /// (the last results must not wait for the consumer's 0.2 s tick), so a warm scan does not pay
    /// a context switch per file.
    private func complete(_ c: Completed, batched: Bool = false) {
        cond.lock()
        results.append(c)
        if !batched || results.count >= Self.hitBatch || (walkDone && jobHead == jobs.count) { cond.broadcast() }
        cond.unlock()
    }

    /// The cache key of the last request seen: the files of a scan share their options, except
    /// where a per-path policy override applies, and building the key string per file showed in
    /// warm-scan profiles.
    struct CacheKeyMemo {
        private var last: (request: ProbeRequest, key: String)?

        mutating func key(for request: ProbeRequest) -> String {
            var options = request
            options.path = ""
            options.pathBytes = nil
            if let last, last.request == options { return last.key }
            let key = request.cacheKey
            last = (options, key)
            return key
        }
    }

    static let hitBatch = 32

    private func walk() {
        LibraryWalker(roots: config.roots, options: config.walk).walk(shouldStop: { isStopping }) { event in
            switch event {
            case .skipped(let reason):
                cond.lock()
                skipped[reason, default: 0] += 1
                cond.unlock()
            case .failed(let entry, let error):
                guard let seq = admit() else { return }
                if case let .report(line, digest) = ProbeOutcome.failure(path: entry.path, pathBytes: entry.pathBytes.map { Data($0).base64EncodedString() }, error) {
                    complete(Completed(seq: seq, result: ScanResult(entry: entry, jsonLine: line, digest: digest, fromCache: false), cacheEntry: nil))
                }
            case .file(let entry):
                if let reason = config.exclusion(of: entry) {
                    cond.lock()
                    skipped[reason, default: 0] += 1
                    cond.unlock()
                    return
                }
                let request = config.request(for: entry)
                guard let seq = admit() else { return }
                cond.lock()
                jobs.append(Job(seq: seq, entry: entry, request: request))
                // Only an idle worker needs to hear of a new job; a busy one takes it next.
                if idleWorkers > 0 { cond.broadcast() }
                cond.unlock()
            }
        }
        cond.lock()
        walkDone = true
        cond.broadcast()
        cond.unlock()
    }

    private func nextJob() -> Job? {
        cond.lock()
        defer { cond.unlock() }
        while jobHead == jobs.count && !walkDone && !stopping {
            idleWorkers += 1
            cond.wait()
            idleWorkers -= 1
        }
        guard !stopping, jobHead < jobs.count else { return nil }
        let job = jobs[jobHead]
        jobHead += 1
        if jobHead > 1024 && jobHead * 2 > jobs.count {
            jobs.removeFirst(jobHead)
            jobHead = 0
        }
        current = job.entry.path
        return job
    }

    /// One worker thread: looks each job up in the cache (its own reader, so lookups run in
    /// parallel), probes the misses with its executor (a worker process only starts at the first
    /// miss, so a warm scan starts none).
    private func work(cache: ScanCache?) {
        let executor = makeExecutor()
        defer { executor.shutdown() }
        let reader = cache?.makeReader()
        var keys = CacheKeyMemo()
        while let job = nextJob() {
            // Without a cache there is nothing to look up or store: no key, no entry held for it.
            // A name that is not UTF-8 is keyed by its exact bytes (`WalkEntry.cacheKeyPath`).
            let key = cache == nil ? nil : keys.key(for: job.request)
            let state = ScanCache.FileState(job.entry)
            if let reader, let key, let state,
               let stored = reader.lookup(path: job.entry.cacheKeyPath, key: key, state: state),
               let hit = Self.cached(stored.report, digest: stored.digest, for: job.entry) {
                complete(Completed(seq: job.seq, result: hit, cacheEntry: nil), batched: true)
                continue
            }
            guard case .report(let line, var digest) = executor.probe(job.request, shouldStop: { [self] in isStopping }) else { break }
            // A worker hands its digest over in the compact form, which has no `pathBytes`.
            digest.pathBytes = job.request.pathBytes
            var entry: ScanCache.Entry?
            if let key, Self.isCacheable(digest), let state {
                entry = ScanCache.Entry(path: job.entry.cacheKeyPath, key: key, state: state,
                                        report: line, digest: digest.compactEncoded())
            }
            complete(Completed(seq: job.seq, result: ScanResult(entry: job.entry, jsonLine: line, digest: digest, fromCache: false),
                               cacheEntry: entry))
        }
    }

    // MARK: cache rules

    /// Error codes that depend only on the file's bytes (cached); `io.*` errors (`io.empty`
    /// too: an empty file is often one still being written), time-outs and crashes may not
    /// happen again and are probed anew next time.
    static let cacheableErrors: Set<ErrorCode> = [.unrecognized, .containerTruncated, .containerMalformed, .noStreams, .demuxFailed]

    static func isCacheable(_ d: ReportDigest) -> Bool {
        if d.status == .error { return d.error.map { cacheableErrors.contains($0.code) } ?? false }
        return !d.findings.contains { $0.code == .scanIncomplete }
    }

    /// A cached line as a result for this entry (the path rewritten when the file is reached by
    /// another spelling of its path than when it was cached); nil when the line is unreadable.
    /// The digest comes from its own small JSON, so a hit never decodes the whole report.
    static func cached(_ line: String, digest compact: [UInt8], for entry: WalkEntry) -> ScanResult? {
        guard var digest = ReportDigest(compact: compact) else { return nil }
        let bytes = entry.pathBytes.map { Data($0).base64EncodedString() }
        // The compact digest has no `pathBytes`; the row is keyed by the exact absolute bytes, so
        // the same display text means the same bytes. Byte-wise: Swift's == on strings would take
        // an NFD spelling for the NFC one.
        digest.pathBytes = bytes
        if ByteEquality.equal(digest.path, entry.path) {
            return ScanResult(entry: entry, jsonLine: line, digest: digest, fromCache: true)
        }
        // The values spliced into the line as it is (ReportLinePath), else the whole report
        // decoded and written again: the same bytes either way.
        guard let rewritten = ReportLinePath.rewrite(line, path: entry.path, pathBytes: bytes)
            ?? reencoded(line, path: entry.path, pathBytes: bytes) else { return nil }
        var moved = digest
        moved.path = entry.path
        moved.pathBytes = bytes
        return ScanResult(entry: entry, jsonLine: rewritten, digest: moved, fromCache: true)
    }

    /// The cached line decoded into a ``ProbeReport``, its path set and written again: the
    /// reference ``ReportLinePath`` reproduces, and the way when the line is not in its shape.
    static func reencoded(_ line: String, path: String, pathBytes: String?) -> String? {
        guard var report = try? JSONDecoder().decode(ProbeReport.self, from: Data(line.utf8)) else { return nil }
        report.path = path
        report.pathBytes = pathBytes
        return try? ReportEncoder.jsonLine(report)
    }
}
