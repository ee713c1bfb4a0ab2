import HDRProbeReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HDRProbeModel

/// A media file opened read-only, with positioned reads that are bounded and counted: every
/// byte hdrprobe reads from a file, through libavformat or its own header walks, goes through
/// here, so the report can say how much of the file a probe touched.
package final class MediaFile: @unchecked Sendable {
    package let path: String
    package let size: Int
    private let fd: Int32
    /// The bytes of an in-memory file (an HLS init segment plus its first media segment); nil for
    /// a file on disk.
    private let memory: [UInt8]?
    /// Bytes read from the file so far (each block once, whoever asked). Only touched from the probing thread.
    package private(set) var bytesRead = 0
    /// `pread` calls made so far (what a network share charges for, beside the bytes).
    package private(set) var readCalls = 0
    /// Monotonic deadline in nanoseconds; reads fail after it.
    package let deadline: UInt64

    package enum OpenError: Error {
        case failed(ReportError)
    }

    package convenience init(path: String, deadline: UInt64) throws(OpenError) {
        try self.init(path: ProbePath(path), deadline: deadline)
    }

    /// Opens the file named by the exact bytes of `probePath` (reports show its display form).
    package init(path probePath: ProbePath, deadline: UInt64) throws(OpenError) {
        let path = probePath.display
        self.path = path
        self.deadline = deadline
        var st = stat()
        if probePath.stat(&st) != 0 {
            let err = errno
            switch err {
            case ENOENT, ENOTDIR: throw .failed(ProbeFailureReason.noSuchFile(path: path).error)
            case EACCES: throw .failed(ProbeFailureReason.permissionDenied(path: path).error)
            default: throw .failed(ProbeFailureReason.cannotStat(path: path, reason: String(cString: strerror(err))).error)
            }
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            throw .failed(ProbeFailureReason.isDirectory(path: path).error)
        }
        // Checked before open(): opening a FIFO for reading would block until a writer appears.
        if (st.st_mode & S_IFMT) != S_IFREG {
            throw .failed(ProbeFailureReason.notRegularFile(path: path).error)
        }
        let fd = probePath.open(flags: O_NONBLOCK)
        if fd < 0 {
            let err = errno
            if err == EACCES || err == EPERM {
                throw .failed(ProbeFailureReason.permissionDenied(path: path).error)
            }
            throw .failed(ProbeFailureReason.cannotOpen(path: path, reason: String(cString: strerror(err))).error)
        }
        self.fd = fd
        self.memory = nil
        self.size = Int(st.st_size)
        if size == 0 {
            close(fd)
            throw .failed(ProbeFailureReason.empty(path: path).error)
        }
    }

    /// A file held in memory; `name` stands for the path in reports and format probing.
    /// `logicalSize` is the size of the whole resource when `bytes` are only its beginning (an HLS
    /// segment read up to the frame budget): box sizes and bit rates see the real size, and reads
    /// past the bytes held end like the end of a file.
    package init(name: String, bytes: [UInt8], logicalSize: Int? = nil, deadline: UInt64) throws(OpenError) {
        guard !bytes.isEmpty else { throw .failed(ProbeFailureReason.empty(path: name).error) }
        self.path = name
        self.deadline = deadline
        self.fd = -1
        self.memory = bytes
        self.size = max(bytes.count, logicalSize ?? 0)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Past the deadline, or the probe was cancelled (``ProbeCancellation``): reads stop either way.
    package var timedOut: Bool { Clock.nowNanoseconds() > deadline || ProbeCancellation.isRequested }

    /// Reads go through a small block cache so that the bytes hdrprobe's own header walk reads
    /// (the file head, `moov`) and the bytes libavformat then reads again come from the file once.
    package static let blockSize = 32 * 1024
    package static let maxCachedBlocks = 256  // 8 MiB
    private var blocks: [Int: [UInt8]] = [:]
    private var blockOrder: [Int] = []

    private func block(_ index: Int) -> [UInt8]? {
        if let cached = blocks[index] { return cached }
        let start = index * Self.blockSize
        let length = min(Self.blockSize, size - start)
        guard length > 0 else { return [] }
        guard let data = preadFully(at: start, count: length) else { return nil }
        bytesRead += data.count
        if blockOrder.count >= Self.maxCachedBlocks {
            blocks[blockOrder.removeFirst()] = nil
        }
        blocks[index] = data
        blockOrder.append(index)
        return data
    }

    /// `count` bytes at `start` from the file, fewer at its end; nil on a read error.
    /// The buffer is not zero-filled first: the read writes every byte kept.
    private func preadFully(at start: Int, count length: Int) -> [UInt8]? {
        var failed = false
        let data = [UInt8](unsafeUninitializedCapacity: length) { buffer, kept in
            kept = readVector([UnsafeMutableRawBufferPointer(buffer)], at: start, failed: &failed)
        }
        return failed ? nil : data
    }

    /// `counts[0]`, `counts[1]` and `counts[2]` bytes one after the other from `start`, each into a
    /// buffer of its own, with one `preadv` (repeated for what the kernel did not return); nil on a
    /// read error. At the end of the file the last buffers come back shorter.
    private func preadPieces(at start: Int, _ counts: [Int]) -> [[UInt8]]? {
        var failed = false
        var first: [UInt8] = [], second: [UInt8] = []
        let third = [UInt8](unsafeUninitializedCapacity: counts[2]) { c, cKept in
            second = [UInt8](unsafeUninitializedCapacity: counts[1]) { b, bKept in
                first = [UInt8](unsafeUninitializedCapacity: counts[0]) { a, aKept in
                    let done = readVector([a, b, c].map { UnsafeMutableRawBufferPointer($0) }, at: start, failed: &failed)
                    aKept = min(done, counts[0])
                    bKept = min(max(0, done - counts[0]), counts[1])
                    cKept = max(0, done - counts[0] - counts[1])
                }
            }
        }
        return failed ? nil : [first, second, third]
    }

    /// Fills `buffers` from the file at `start` in order with `preadv` calls; the bytes read
    /// (fewer at the end of the file).
    private func readVector(_ buffers: [UnsafeMutableRawBufferPointer], at start: Int, failed: inout Bool) -> Int {
        let total = buffers.reduce(0) { $0 + $1.count }
        var done = 0
        while done < total {
            var vectors: [iovec] = []
            var skip = done
            for buffer in buffers where buffer.count > 0 {
                if skip >= buffer.count { skip -= buffer.count; continue }
                vectors.append(iovec(iov_base: buffer.baseAddress! + skip, iov_len: buffer.count - skip))
                skip = 0
            }
            readCalls += 1
            let n = preadv(fd, vectors, Int32(vectors.count), off_t(start + done))
            if n < 0 {
                if errno == EINTR { continue }
                failed = true
                break
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads the uncached blocks among `indexes` with one `pread` per run of consecutive ones, so a
    /// large read (an MP4's `moov` of a few MB) costs one read call, not one per 32 KiB block (a
    /// network share charges per call). Runs longer than the cache are left to ``block(_:)``.
    private func prefetch(_ indexes: ClosedRange<Int>) {
        guard indexes.count > 1, indexes.count <= Self.maxCachedBlocks / 2 else { return }
        var i = indexes.lowerBound
        while i <= indexes.upperBound {
            guard blocks[i] == nil else { i += 1; continue }
            var j = i
            while j + 1 <= indexes.upperBound, blocks[j + 1] == nil { j += 1 }
            if j > i { readRun(i...j) }
            i = j + 1
        }
    }

    /// One `pread` (repeated only when the kernel returns less) for blocks `run`, cut into blocks.
    private func readRun(_ run: ClosedRange<Int>) {
        let start = run.lowerBound * Self.blockSize
        let length = min(run.count * Self.blockSize, size - start)
        guard length > 0, let data = preadFully(at: start, count: length) else { return }
        let done = data.count
        for (k, index) in run.enumerated() {
            let from = k * Self.blockSize
            guard from < done else { break }
            // A block cut short by the end of what was read is left for block(_:) to read again.
            let to = min(from + Self.blockSize, done)
            guard to - from == min(Self.blockSize, size - index * Self.blockSize) else { break }
            bytesRead += to - from
            if blockOrder.count >= Self.maxCachedBlocks { blocks[blockOrder.removeFirst()] = nil }
            blocks[index] = Array(data[from..<to])
            blockOrder.append(index)
        }
    }

    /// Byte runs a reader announced it will read (``planReads(_:)``), in file order, and the runs
    /// read so far (a few, newest last).
    private var plannedRuns: [Range<Int>] = []
    private var plannedReads: [(start: Int, bytes: [UInt8])] = []
    /// A range inside one planned run that is read into a buffer of its own (``planReads(_:piece:)``).
    private var plannedPiece: Range<Int>?

    /// The widest gap one planned read call spans rather than making two: under the network-share
    /// estimate (`Reports/benchmarks.md`: bytes / 100 MB/s + 0.5 ms per read call) a call costs as
    /// much as reading 50,000 bytes.
    package static let plannedGapBytes = 50_000
    /// The longest planned run (4 MiB, as long as the longest block prefetch), and how many runs read are kept.
    package static let maxPlannedRunBytes = 4 << 20
    package static let keptPlannedReads = 3

    /// Announces byte ranges a reader is about to read (the frame scan's sample heads and tails, an
    /// MP4's `moov` behind its `mdat`), replacing the previous plan: ranges closer than
    /// ``plannedGapBytes`` are joined into runs, and a read that starts inside a run reads the run
    /// from there to its end in one call, kept for the reads that follow. Nothing is read until a
    /// reader asks; a run never asked for is never read.
    ///
    /// `piece`, a range inside one of the runs, is read into a buffer of its own when its run is
    /// read (the same call: one `preadv` into the piece and the bytes around it), and a reader
    /// asking for exactly `piece` gets that buffer, not a copy: `moov` is parsed from the buffer
    /// the file was read into.
    package func planReads(_ ranges: [Range<Int>], piece: Range<Int>? = nil) {
        let sorted = ranges.map { $0.clamped(to: 0..<size) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var runs: [Range<Int>] = []
        for range in sorted {
            if let last = runs.last, range.lowerBound <= last.upperBound + Self.plannedGapBytes,
               max(last.upperBound, range.upperBound) - last.lowerBound <= Self.maxPlannedRunBytes {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                runs.append(range)
            }
        }
        plannedRuns = runs
        plannedPiece = piece.flatMap(pieceHeldWhole)
    }

    /// `piece` when one planned run holds all of it.
    private func pieceHeldWhole(_ piece: Range<Int>) -> Range<Int>? {
        guard !piece.isEmpty, let run = plannedRun(containing: piece.lowerBound), piece.upperBound <= run.upperBound else { return nil }
        return piece
    }

    /// The header of an ISO BMFF box as ``planBox(_:)`` expects it: the common 32-bit size and type.
    package static let boxHeaderBytes = 8

    /// Plans `box` (an ISO BMFF box from its header to its end, `moov` behind the media data) as
    /// one read with its payload as the piece of its own (``planReads(_:piece:)``). A box with a
    /// 64-bit size reads the same; only its payload is then copied out.
    package func planBox(_ box: Range<Int>) {
        let payload = box.lowerBound + Self.boxHeaderBytes
        planReads([box], piece: payload < box.upperBound ? payload..<box.upperBound : nil)
    }

    /// `count` bytes at `offset` from a planned run (read now when not yet read); nil when the
    /// bytes are not all inside one planned run.
    private func plannedRead(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int? {
        if copyKept(into: buffer, count: count, at: offset) { return count }
        guard let run = plannedRun(containing: offset), offset + count <= run.upperBound else { return nil }
        readPlanned(offset..<run.upperBound)
        return copyKept(into: buffer, count: count, at: offset) ? count : nil
    }

    /// The planned run holding byte `offset`.
    private func plannedRun(containing offset: Int) -> Range<Int>? {
        var lo = 0, hi = plannedRuns.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if plannedRuns[mid].upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < plannedRuns.count && plannedRuns[lo].contains(offset) ? plannedRuns[lo] : nil
    }

    /// Reads `range` of a planned run and keeps it: in one buffer, or around the planned piece
    /// when `range` holds it, in up to three (one `preadv`).
    private func readPlanned(_ range: Range<Int>) {
        guard let piece = plannedPiece, range.lowerBound <= piece.lowerBound, piece.upperBound <= range.upperBound else {
            if let data = preadFully(at: range.lowerBound, count: range.count) { keep(data, at: range.lowerBound) }
            return
        }
        let counts = [piece.lowerBound - range.lowerBound, piece.count, range.upperBound - piece.upperBound]
        guard let buffers = preadPieces(at: range.lowerBound, counts) else { return }
        var start = range.lowerBound
        for (buffer, count) in zip(buffers, counts) {
            if !buffer.isEmpty { keep(buffer, at: start) }
            start += count
        }
    }

    private func keep(_ bytes: [UInt8], at start: Int) {
        bytesRead += bytes.count
        if plannedReads.count >= Self.keptPlannedReads { plannedReads.removeFirst() }
        plannedReads.append((start, bytes))
    }

    /// Copies `count` bytes at `offset` from the kept planned reads (the newest holding each byte;
    /// a range may run from one into the next); false when some byte is not kept.
    private func copyKept(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let position = offset + done
            guard let kept = plannedReads.last(where: { $0.start <= position && position < $0.start + $0.bytes.count }) else { return false }
            let n = min(count - done, kept.start + kept.bytes.count - position)
            kept.bytes.withUnsafeBytes { (buffer + done).copyMemory(from: $0.baseAddress! + (position - kept.start), byteCount: n) }
            done += n
        }
        return true
    }

    /// The bytes of `range` in the buffer the file was read into, when that buffer is exactly
    /// `range`: a kept planned read, or a planned run or piece not read yet (its run read now, and
    /// kept) whose bytes the block cache does not hold (its first block, as for any planned read;
    /// for a piece its last, the piece being large). The reader shares the buffer with the kept
    /// copy instead of getting a copy of it.
    private func plannedBuffer(exactly range: Range<Int>) -> [UInt8]? {
        if let kept = keptRead(exactly: range) { return kept }
        guard let run = plannedRun(containing: range.lowerBound),
              run == range && blocks[range.lowerBound / Self.blockSize] == nil
                || plannedPiece == range && blocks[(range.upperBound - 1) / Self.blockSize] == nil,
              !plannedReads.contains(where: { ($0.start..<$0.start + $0.bytes.count).overlaps(run) }) else { return nil }
        readPlanned(run)
        return keptRead(exactly: range)
    }

    private func keptRead(exactly range: Range<Int>) -> [UInt8]? {
        plannedReads.last { $0.start == range.lowerBound && $0.bytes.count == range.count }?.bytes
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; returns the count read, 0 at EOF,
    /// or -1 on error / timeout.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        guard !timedOut else { return -1 }
        guard offset >= 0, offset < size, count > 0 else { return 0 }
        if let memory {
            guard offset < memory.count else { return 0 }
            let n = min(count, memory.count - offset)
            memory.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            bytesRead += n
            return n
        }
        if blocks[offset / Self.blockSize] == nil, let n = plannedRead(into: buffer, count: min(count, size - offset), at: offset) {
            return n
        }
        prefetch((offset / Self.blockSize)...((min(offset + count, size) - 1) / Self.blockSize))
        var done = 0
        while done < count, offset + done < size {
            let position = offset + done
            guard let data = block(position / Self.blockSize) else { return done > 0 ? done : -1 }
            let within = position % Self.blockSize
            guard within < data.count else { break }
            let n = min(count - done, data.count - within)
            data.withUnsafeBytes { (buffer + done).copyMemory(from: $0.baseAddress! + within, byteCount: n) }
            done += n
        }
        return done
    }

    /// Reads at most `count` bytes at `offset` (clipped to the file).
    package func read(at offset: Int, count: Int) -> [UInt8] {
        let n = max(0, min(count, size - offset))
        guard n > 0 else { return [] }
        if memory == nil, !timedOut, let planned = plannedBuffer(exactly: offset..<offset + n) { return planned }
        // Not zero-filled first: only the bytes read are kept.
        return [UInt8](unsafeUninitializedCapacity: n) { buffer, kept in
            kept = max(0, read(into: buffer.baseAddress!, count: n, at: offset))
        }
    }
}

package enum Clock {
    package static func nowNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
