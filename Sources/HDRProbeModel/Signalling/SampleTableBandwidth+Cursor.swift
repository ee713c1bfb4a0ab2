import HDRProbeParse

extension SampleTableBandwidth {
    /// One track's index stretch laid out for the slide, lazily, a block of samples at a time: each
    /// sample's time, computed as the index computes it (`Double(decodeTime + shift) · (1 / timescale)`;
    /// sample `k` of a run is one delta after sample `k − 1`), and the bytes of the samples before
    /// it. After the track's last sample come a time of +∞ (so the other track's samples sort first
    /// and no window reaches past it) and every sample's bytes. The stretch ends early where `stts`
    /// does. The tables are validated by each box's parse (`stsz` holds `sampleCount` entries,
    /// `stts` its entry count).
    ///
    /// The samples live in a buffer holding those from the earliest cursor still needed to the
    /// last computed, so memory follows the window, not the track: when a block would pass the
    /// buffer's end the samples still needed move to its start; it doubles only when one window spans more samples than
    /// it holds. The decode state (the `stts` run, its tick count, the running byte sum) is carried
    /// from block to block.
    package struct TrackSamples: ~Copyable {
        private(set) var held: HeldSamples
        private var times: UnsafeMutablePointer<Double>
        private var bytesBefore: UnsafeMutablePointer<Int>
        private var capacity: Int
        /// The sample at the buffer's start.
        private var origin = 0
        private let blockSize: Int
        private var decoder: Decoder

        /// `base`: the first byte of `track.table.bytes`; `blockSize`: the samples computed at a time.
        package init(_ track: Track, base: UnsafeRawPointer, blockSize: Int) {
            self.blockSize = max(1, blockSize)
            capacity = 2 * self.blockSize + 1
            times = .allocate(capacity: capacity)
            bytesBefore = .allocate(capacity: capacity)
            held = HeldSamples(times: times, bytesBefore: bytesBefore, origin: 0)
            decoder = Decoder(track, base: base)
            fill(keeping: 0)
        }

        deinit {
            times.deallocate()
            bytesBefore.deallocate()
        }

        /// Computes the next block of samples; the samples from `keep` on stay.
        @inline(never)
        package mutating func fill(keeping keep: Int) {
            guard held.count == .max else { return }
            let from = held.filled
            if from + blockSize + 1 - origin > capacity { make(room: from + blockSize + 1 - keep, keeping: keep) }
            // Sample `k` is at `k - origin` in the buffer.
            let end = decoder.times(from: from, upTo: from + blockSize, into: times + (from - origin))
            decoder.addUpSizes(from: from, upTo: end, into: bytesBefore + (from - origin))
            times[end - origin] = .infinity
            if decoder.isDone {
                bytesBefore[end - origin] = decoder.bytes
                held.count = end
                held.filled = end + 1
            } else {
                held.filled = end
            }
        }

        /// Moves the samples from `keep` on to the buffer's start, first doubling the buffer
        /// until it holds `needed` samples.
        private mutating func make(room needed: Int, keeping keep: Int) {
            let live = held.filled - keep
            let kept = keep - origin
            if needed > capacity {
                while capacity < needed { capacity *= 2 }
                let grownTimes = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
                let grownBytes = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
                grownTimes.update(from: times + kept, count: live)
                grownBytes.update(from: bytesBefore + kept, count: live)
                times.deallocate()
                bytesBefore.deallocate()
                (times, bytesBefore) = (grownTimes, grownBytes)
            } else {
                // The two stretches may overlap: a memmove.
                UnsafeMutableRawPointer(times).copyMemory(from: times + kept, byteCount: live * MemoryLayout<Double>.stride)
                UnsafeMutableRawPointer(bytesBefore).copyMemory(from: bytesBefore + kept,
                                                                byteCount: live * MemoryLayout<Int>.stride)
            }
            origin = keep
            held = HeldSamples(times: times, bytesBefore: bytesBefore, origin: keep, filled: held.filled)
        }
    }

    /// Where a track's samples are: a value the slide keeps in registers, taken again after each
    /// ``TrackSamples/fill(keeping:)``.
    package struct HeldSamples {
        /// `times[k - origin]`, `bytesBefore[k - origin]`: the time of the stretch's sample `k` and
        /// the bytes of the stretch before it, for the samples held (from `origin` to below
        /// `filled`); at `count` they are +∞ and all the bytes. Until the last sample is computed,
        /// the time at `filled` is +∞ too, so a scan for a time stops at the frontier.
        package let times: UnsafeMutablePointer<Double>
        package let bytesBefore: UnsafeMutablePointer<Int>
        /// The sample at the buffer's start. The buffer is indexed by `k - origin`, never by a
        /// pointer moved before its start (not a valid pointer in Swift or LLVM).
        package let origin: Int
        /// The samples computed, the +∞ after the last one included once it is reached.
        package var filled = 0
        /// The stretch's samples; `Int.max` until the last one is computed.
        package var count = Int.max

        /// The bytes of the stretch before its sample `k`.
        package func bytes(_ k: Int) -> Int { bytesBefore[k &- origin] }

        /// The samples from `k` on that are computed (below `filled`); unbounded once the last one is.
        package func steps(from k: Int) -> Int { count == .max ? filled - k : .max }
    }

    /// Where the `stts` runs and `stsz` entries of a stretch have been read up to.
    package struct Decoder {
        private let base: UnsafeRawPointer
        private let sizes: SizeFields
        private let lower: Int, end: Int
        private let tick: Double
        private var at: Int
        private let sttsEnd: Int
        /// The track sample the next `stts` run starts at.
        private var sample = 0
        private var ticks: Int64
        private var delta: Int64 = 0
        /// Samples of the stretch left in the current run.
        private var runLeft = 0
        /// No run is left.
        private(set) var isDone = false
        /// The bytes of the samples added up so far.
        private(set) var bytes = 0

        package init(_ track: Track, base: UnsafeRawPointer) {
            self.base = base
            sizes = SizeFields(track.table.sizes, base: base, first: track.samples.lowerBound)
            lower = track.samples.lowerBound
            end = track.samples.upperBound
            tick = 1 / Double(track.timescale)
            at = track.table.timeToSample.entriesStart
            sttsEnd = at + 8 * track.table.timeToSample.entryCount
            ticks = track.shift
        }

        /// The times of the stretch's samples `from` up to `limit` (fewer where the runs end), sample
        /// `from` at `times[0]`; returns where they stop.
        package mutating func times(from: Int, upTo limit: Int, into times: UnsafeMutablePointer<Double>) -> Int {
            var n = from
            while n < limit {
                if runLeft == 0 {
                    if nextRun() { continue }
                    isDone = true
                    break
                }
                let stop = n + min(runLeft, limit - n)
                runLeft -= stop - n
                while n < stop {
                    times[n &- from] = Double(ticks) * tick
                    ticks += delta
                    n &+= 1
                }
            }
            return n
        }

        /// Reads the next `stts` run: false when there is none (or the stretch has ended).
        private mutating func nextRun() -> Bool {
            guard sample < end, at < sttsEnd else { return false }
            let count = Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            delta = Int64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)))
            at += 8
            let runEnd = sample + count
            let from = min(max(sample, lower), runEnd)
            ticks += delta * Int64(from - sample)
            runLeft = max(0, min(runEnd, end) - from)
            sample = runEnd
            return true
        }

        /// The bytes before each of the stretch's samples `from..<end`, sample `from`'s at `bytesBefore[0]`.
        package mutating func addUpSizes(from: Int, upTo end: Int, into bytesBefore: UnsafeMutablePointer<Int>) {
            var bytes = self.bytes
            if let (fields, stride) = sizes.wide {
                for k in from..<end {
                    bytesBefore[k &- from] = bytes
                    bytes += Int(UInt32(bigEndian: fields.loadUnaligned(fromByteOffset: stride &* k, as: UInt32.self)))
                }
            } else {
                for k in from..<end {
                    bytesBefore[k &- from] = bytes
                    bytes += sizes[k]
                }
            }
            self.bytes = bytes
        }
    }

    /// A stretch's sample sizes as 32-bit big-endian fields: the size of its sample `k` (track
    /// sample `first + k`) at `start + stride · (first + k)` (``SampleSizeBox/fields``: stride 0
    /// for the one `sample_size` of every sample); `stz2` entries read by
    /// ``SampleSizeBox/narrowField(_:bits:start:at:)``.
    package struct SizeFields {
        private let base: UnsafeRawPointer
        private let fields: UnsafeRawPointer
        private let stride: Int
        private let narrowBits: Int, narrowStart: Int, first: Int

        package init(_ sizes: SampleSizeBox, base: UnsafeRawPointer, first: Int) {
            let layout = sizes.fields
            self.base = base
            fields = base + (layout.map { $0.start + $0.stride * first } ?? 0)
            stride = layout?.stride ?? 0
            narrowBits = layout == nil ? sizes.fieldBits : 0
            narrowStart = sizes.entriesStart
            self.first = first
        }

        /// The 32-bit fields and their stride; nil for `stz2`.
        package var wide: (UnsafeRawPointer, Int)? { narrowBits == 0 ? (fields, stride) : nil }

        @inline(__always) package subscript(k: Int) -> Int {
            guard narrowBits == 0 else { return SampleSizeBox.narrowField(first + k, bits: narrowBits, start: narrowStart, at: base) }
            return Int(UInt32(bigEndian: fields.loadUnaligned(fromByteOffset: stride &* k, as: UInt32.self)))
        }
    }

    /// Whether each sample of a track's stretch is a keyframe, asked in increasing order: listed in
    /// `stss` (entries below it are passed over); every sample without `stss`.
    package struct SyncCursor {
        private let base: UnsafeRawPointer
        private let everySample: Bool
        /// The 1-based number of the stretch's first sample.
        private let firstNumber: Int
        private var at: Int
        private let end: Int
        /// The 1-based number of the `stss` entry at `at`; `Int.max` past the last one.
        private var next = Int.max

        /// `everySample`: every sample counts as a keyframe whatever `stss` says (no window
        /// start is a keyframe, so the measure starts one at every sample).
        package init(_ track: Track, base: UnsafeRawPointer, everySample: Bool) {
            self.base = base
            self.everySample = everySample || track.table.syncSamples == nil
            firstNumber = track.samples.lowerBound + 1
            at = track.table.syncSamples?.entriesStart ?? 0
            end = at + 4 * (track.table.syncSamples?.entryCount ?? 0)
            if at < end { next = Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        }

        /// Sample `k` of the stretch (at or after the last one asked for) is a sync sample.
        @inline(__always) package mutating func isSync(_ k: Int) -> Bool {
            if everySample { return true }
            let number = k &+ firstNumber
            if next > number { return false }
            if next < number { (at, next) = Self.entry(reaching: number, from: at, to: end, base: base) }
            return next == number
        }

        /// The first `stss` entry from byte `at` on whose number is at least `number`: where it
        /// is and its number (`Int.max` past the last).
        @inline(never)
        private static func entry(reaching number: Int, from at: Int, to end: Int, base: UnsafeRawPointer) -> (Int, Int) {
            var at = at, next = 0
            repeat {
                at += 4
                next = at < end ? Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self))) : Int.max
            } while next < number
            return (at, next)
        }
    }
}
