extension SampleTableBandwidth {
    /// One track's index stretch laid out for the slide: each sample's time, computed once as the
    /// index computes it (`Double(decodeTime + shift) · (1 / timescale)`), in a buffer that ends
    /// with +∞ (so the other track's samples sort first and no window reaches past it); each
    /// sample's size read in place from `stsz` as a 32-bit field (the one `sample_size` field,
    /// stride 0, when all samples have it; `stz2` sizes are widened into such fields first). The
    /// stretch ends early where `stts` does. The tables are validated by each box's parse (`stsz`
    /// holds `sampleCount` entries, `stts` its entry count).
    struct TrackSamples: ~Copyable {
        /// `times[k]` is the time of sample `first + k`, for `k < count`; `times[count]` is +∞.
        let times: UnsafeMutablePointer<Double>
        let count: Int
        let first: Int
        private let sizeFields: UnsafeRawPointer
        private let sizeStride: Int
        /// The widened `stz2` sizes, owned.
        private let widened: UnsafeMutableRawPointer?

        /// `base`: the first byte of `track.table.bytes`.
        init(_ track: Track, base: UnsafeRawPointer) {
            first = track.samples.lowerBound
            (times, count) = Self.decodeTimes(track, base: base)
            let sizes = track.table.sizes
            if let fields = sizes.fields {
                widened = nil
                sizeFields = base + fields.start + fields.stride * first
                sizeStride = fields.stride
            } else {
                let owned = UnsafeMutableRawPointer.allocate(byteCount: 4 * max(count, 1), alignment: 4)
                for k in 0..<count {
                    owned.storeBytes(of: UInt32(truncatingIfNeeded: sizes.size(first + k, at: base)).bigEndian,
                                     toByteOffset: 4 * k, as: UInt32.self)
                }
                widened = owned
                sizeFields = UnsafeRawPointer(owned)
                sizeStride = 4
            }
        }

        deinit {
            times.deallocate()
            widened?.deallocate()
        }

        /// The size of sample `first + k` (`k < count`).
        @inline(__always) func size(_ k: Int) -> Int {
            Int(UInt32(bigEndian: sizeFields.loadUnaligned(fromByteOffset: sizeStride &* k, as: UInt32.self)))
        }

        /// The stretch's times, a run of `stts` at a time (sample `k` of a run is one delta after
        /// sample `k − 1`), and how many there are before the +∞ after them.
        private static func decodeTimes(_ track: Track, base: UnsafeRawPointer) -> (UnsafeMutablePointer<Double>, Int) {
            let lower = track.samples.lowerBound, end = track.samples.upperBound
            let times = UnsafeMutablePointer<Double>.allocate(capacity: track.samples.count + 1)
            let tick = 1 / Double(track.timescale)
            var at = track.table.timeToSample.entriesStart
            let sttsEnd = at + 8 * track.table.timeToSample.entryCount
            var sample = 0, n = 0
            var ticks = track.shift
            while sample < end, at < sttsEnd {
                let count = Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                let delta = Int64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)))
                at += 8
                let runEnd = sample + count
                let from = min(max(sample, lower), runEnd)
                ticks += delta * Int64(from - sample)
                let stop = n + max(0, min(runEnd, end) - from)
                while n < stop {
                    times[n] = Double(ticks) * tick
                    ticks += delta
                    n &+= 1
                }
                sample = runEnd
            }
            times[n] = .infinity
            return (times, n)
        }
    }

    /// Where the windows end: the first sample of each track at or after the last limit asked
    /// for, and the bytes of both tracks' samples before them. Limits are asked for in
    /// increasing order, so each sample enters once.
    struct WindowEnd {
        private var video = 0, audio = 0
        private var bytes = 0

        /// The bytes of both tracks' samples before `limit`.
        @inline(__always)
        mutating func reached(before limit: Double, _ videoSamples: borrowing TrackSamples,
                              _ audioSamples: borrowing TrackSamples) -> Int {
            while videoSamples.times[video] < limit {
                bytes += videoSamples.size(video)
                video &+= 1
            }
            while audioSamples.times[audio] < limit {
                bytes += audioSamples.size(audio)
                audio &+= 1
            }
            return bytes
        }
    }

    /// Whether each sample of a track's stretch is a keyframe, asked in increasing order: listed in
    /// `stss` (entries below it are passed over); every sample without `stss`.
    struct SyncCursor {
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
        init(_ track: Track, base: UnsafeRawPointer, everySample: Bool) {
            self.base = base
            self.everySample = everySample || track.table.syncSamples == nil
            firstNumber = track.samples.lowerBound + 1
            at = track.table.syncSamples?.entriesStart ?? 0
            end = at + 4 * (track.table.syncSamples?.entryCount ?? 0)
            if at < end { next = Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        }

        /// Sample `k` of the stretch (at or after the last one asked for) is a sync sample.
        @inline(__always) mutating func isSync(_ k: Int) -> Bool {
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
