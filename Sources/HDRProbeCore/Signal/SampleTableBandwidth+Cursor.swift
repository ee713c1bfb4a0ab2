extension SampleTableBandwidth {
    /// One track's index stretch laid out for the slide, in one pass over its `stts` runs and
    /// `stsz` entries: each sample's time, computed as the index computes it
    /// (`Double(decodeTime + shift) · (1 / timescale)`; sample `k` of a run is one delta after
    /// sample `k − 1`), and the bytes of the samples before it. Both end with the track's last
    /// sample: a time of +∞ (so the other track's samples sort first and no window reaches past
    /// it) and every sample's bytes. The stretch ends early where `stts` does. The tables are
    /// validated by each box's parse (`stsz` holds `sampleCount` entries, `stts` its entry count).
    struct TrackSamples: ~Copyable {
        /// `times[k]`, `bytesBefore[k]`: the time of the stretch's sample `k` and the bytes of the stretch
        /// before it, for `k < count`; `times[count]` is +∞, `bytesBefore[count]` all the bytes.
        let times: UnsafeMutablePointer<Double>
        let bytesBefore: UnsafeMutablePointer<Int>
        let count: Int

        /// `base`: the first byte of `track.table.bytes`.
        init(_ track: Track, base: UnsafeRawPointer) {
            times = .allocate(capacity: track.samples.count + 1)
            bytesBefore = .allocate(capacity: track.samples.count + 1)
            count = Self.decodeTimes(track, base: base, into: times)
            Self.addUpSizes(SizeFields(track.table.sizes, base: base, first: track.samples.lowerBound), count: count,
                            into: bytesBefore)
        }

        deinit {
            times.deallocate()
            bytesBefore.deallocate()
        }

        /// The stretch's times, a run of `stts` at a time, then +∞; returns how many there are
        /// before it.
        private static func decodeTimes(_ track: Track, base: UnsafeRawPointer, into times: UnsafeMutablePointer<Double>) -> Int {
            let lower = track.samples.lowerBound, end = track.samples.upperBound
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
            return n
        }

        /// The bytes before each of the first `count` samples, then all their bytes.
        private static func addUpSizes(_ sizes: SizeFields, count: Int, into bytesBefore: UnsafeMutablePointer<Int>) {
            var bytes = 0
            if let (fields, stride) = sizes.wide {
                for k in 0..<count {
                    bytesBefore[k] = bytes
                    bytes += Int(UInt32(bigEndian: fields.loadUnaligned(fromByteOffset: stride &* k, as: UInt32.self)))
                }
            } else {
                for k in 0..<count {
                    bytesBefore[k] = bytes
                    bytes += sizes[k]
                }
            }
            bytesBefore[count] = bytes
        }
    }

    /// A stretch's sample sizes as 32-bit big-endian fields: the size of its sample `k` (track
    /// sample `first + k`) at `start + stride · (first + k)` (``SampleSizeBox/fields``: stride 0
    /// for the one `sample_size` of every sample); `stz2` entries read by
    /// ``SampleSizeBox/narrowField(_:bits:start:at:)``.
    struct SizeFields {
        private let base: UnsafeRawPointer
        private let fields: UnsafeRawPointer
        private let stride: Int
        private let narrowBits: Int, narrowStart: Int, first: Int

        init(_ sizes: SampleSizeBox, base: UnsafeRawPointer, first: Int) {
            let layout = sizes.fields
            self.base = base
            fields = base + (layout.map { $0.start + $0.stride * first } ?? 0)
            stride = layout?.stride ?? 0
            narrowBits = layout == nil ? sizes.fieldBits : 0
            narrowStart = sizes.entriesStart
            self.first = first
        }

        /// The 32-bit fields and their stride; nil for `stz2`.
        var wide: (UnsafeRawPointer, Int)? { narrowBits == 0 ? (fields, stride) : nil }

        @inline(__always) subscript(k: Int) -> Int {
            guard narrowBits == 0 else { return SampleSizeBox.narrowField(first + k, bits: narrowBits, start: narrowStart, at: base) }
            return Int(UInt32(bigEndian: fields.loadUnaligned(fromByteOffset: stride &* k, as: UInt32.self)))
        }
    }

    /// Where the windows end: the first sample of each track at or after the last limit asked
    /// for. Limits are asked for in increasing order, so each sample is passed once.
    struct WindowEnd {
        private var video = 0, audio = 0

        /// The bytes of both tracks' samples before `limit`.
        @inline(__always)
        mutating func bytes(before limit: Double, _ videoSamples: borrowing TrackSamples,
                            _ audioSamples: borrowing TrackSamples) -> Int {
            while videoSamples.times[video] < limit { video &+= 1 }
            while audioSamples.times[audio] < limit { audio &+= 1 }
            return videoSamples.bytesBefore[video] + audioSamples.bytesBefore[audio]
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
