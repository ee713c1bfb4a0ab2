extension SampleTableBandwidth {
    /// Walks one track's index stretch in decode order: the current sample's number, time and
    /// size, read straight from the table bytes (validated by each box's parse: `stsz` holds
    /// `sampleCount` entries, `stts` its entry count). A step inside an `stts` run is one tick
    /// addition and one time computation; the next `stts` entry is read at the end of a run.
    struct TrackCursor {
        private let base: UnsafeRawPointer
        /// `stsz` sizes as 32-bit fields: sample `i`'s at `sizeAt + sizeStride·i` (``SampleSizeBox/fields``);
        /// `stz2` sizes (`isNarrow`) are read by ``SampleSizeBox/size(_:at:)``.
        private let sizeAt: Int, sizeStride: Int, isNarrow: Bool
        private let sizes: SampleSizeBox
        /// Byte offsets of the next `stts` entry and of the end of the entries.
        private var sttsAt: Int
        private let sttsEnd: Int
        /// The current sample (0-based) and the first one after its `stts` run or the stretch.
        private(set) var sample = 0
        private var runEnd = 0
        private let end: Int
        /// The current sample's decode time + shift, and its `stts` delta (ticks).
        private var ticks: Int64
        private var delta: Int64 = 0
        private let tick: Double
        /// The current sample's time, `Double(decodeTime + shift) · (1 / timescale)` as the index
        /// computes it; +∞ past the last one (so the other track's samples sort first).
        private(set) var time = Double.infinity

        /// `base`: the first byte of `track.table.bytes`.
        init(_ track: Track, base: UnsafeRawPointer) {
            let table = track.table
            self.base = base
            sizes = table.sizes
            (sizeAt, sizeStride) = table.sizes.fields ?? (0, 0)
            isNarrow = table.sizes.fields == nil
            sttsAt = table.timeToSample.entriesStart
            sttsEnd = sttsAt + 8 * table.timeToSample.entryCount
            end = track.samples.upperBound
            ticks = track.shift
            tick = 1 / Double(track.timescale)
            seek(to: track.samples.lowerBound)
        }

        @inline(__always) private func u32(_ at: Int) -> Int {
            Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }

        /// The current sample's size.
        @inline(__always) var size: Int {
            guard !isNarrow else { return narrowSize() }
            return u32(sizeAt &+ sizeStride &* sample)
        }

        @inline(never) private func narrowSize() -> Int { sizes.size(sample, at: base) }

        /// Moves from sample 0 to `first`, a run of `stts` at a time, and loads its time (+∞ when
        /// `stts` or the stretch ends before it).
        private mutating func seek(to first: Int) {
            while sample < first {
                if sample == runEnd {
                    guard let count = nextRun() else { return }
                    runEnd = sample + count
                }
                let k = min(runEnd, first) - sample
                ticks += delta * Int64(k)
                sample += k
            }
            enterSample()
        }

        /// The next `stts` entry with samples: sets ``delta`` and returns its count; nil past the last.
        private mutating func nextRun() -> Int? {
            while sttsAt < sttsEnd {
                let count = u32(sttsAt)
                delta = Int64(u32(sttsAt + 4))
                sttsAt += 8
                if count > 0 { return count }
            }
            return nil
        }

        /// Moves to the next sample.
        @inline(__always) mutating func step() {
            ticks += delta
            sample += 1
            if sample < runEnd {
                time = Double(ticks) * tick
            } else {
                enterSample()
            }
        }

        /// The current sample's time at the start of an `stts` run (`runEnd` reached): reads the
        /// next run, or sets +∞ past the stretch or the end of `stts`.
        @inline(never) private mutating func enterSample() {
            if sample >= runEnd {
                guard sample < end, let count = nextRun() else { time = .infinity; return }
                runEnd = sample + count
            }
            runEnd = min(runEnd, end)
            time = sample < end ? Double(ticks) * tick : .infinity
        }

        /// The bytes of the samples from the current one up to the first at or after `limit`,
        /// moving to that sample.
        @inline(__always) mutating func take(before limit: Double) -> Int {
            var bytes = 0
            while time < limit {
                bytes += size
                step()
            }
            return bytes
        }
    }

    /// Whether each sample of a track is a keyframe, asked in increasing sample order: listed in
    /// `stss` (entries below it are passed over); every sample without `stss`.
    struct SyncCursor {
        private let base: UnsafeRawPointer
        private let everySample: Bool
        private var at: Int
        private let end: Int
        /// The 1-based number of the `stss` entry at `at`; `Int.max` past the last one.
        private var next = Int.max

        /// `everySample`: every sample counts as a keyframe whatever `stss` says (no window
        /// start is a keyframe, so the measure starts one at every sample).
        init(_ track: Track, base: UnsafeRawPointer, everySample: Bool) {
            self.base = base
            self.everySample = everySample || track.table.syncSamples == nil
            at = track.table.syncSamples?.entriesStart ?? 0
            end = at + 4 * (track.table.syncSamples?.entryCount ?? 0)
            if at < end { next = u32(at) }
        }

        @inline(__always) private func u32(_ at: Int) -> Int {
            Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }

        /// Sample `index` (0-based, at or after the last one asked for) is a sync sample.
        @inline(__always) mutating func isSync(_ index: Int) -> Bool {
            if everySample { return true }
            let number = index + 1
            if next > number { return false }
            return reach(number)
        }

        @inline(never) private mutating func reach(_ number: Int) -> Bool {
            while next < number {
                at += 4
                next = at < end ? u32(at) : Int.max
            }
            return next == number
        }
    }
}
