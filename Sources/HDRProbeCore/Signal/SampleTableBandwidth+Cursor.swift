extension SampleTableBandwidth {
    /// Walks one track's index stretch: the current sample's time, size and keyframe flag, read
    /// straight from the table bytes (validated by each box's parse: `stsz` holds `sampleCount`
    /// entries, `stts`/`stss` their entry counts). Each step reads one `stsz` entry and, at the end
    /// of a run, one `stts` entry; `stss` is read once per sync sample.
    struct TrackCursor {
        private let base: UnsafeRawPointer
        /// Every sample's size (`stsz` sample_size ≠ 0), or −1 when each has its own entry.
        private let fixedSize: Int
        private let sizeBits: Int, sizeStart: Int
        /// Byte offsets of the next `stts` entry and of the end of the entries.
        private var sttsAt: Int
        private let sttsEnd: Int
        /// The current sample's `stts` delta, and how many samples of its run follow it.
        private var delta = 0, left = 0
        private let hasSync: Bool
        private var stssAt: Int
        private let stssEnd: Int
        /// The 1-based number of the `stss` entry at `stssAt`; `Int.max` past the last one.
        private var nextSync = Int.max
        private var sample = 0
        private let end: Int
        private var decodeTime: Int64 = 0
        private let shift: Int64
        private let tick: Double
        /// The current sample; `time` is +∞ past the last one (so the other track's samples sort first).
        private(set) var time = Double.infinity
        private(set) var size = 0
        private(set) var isKeyframe = false

        /// `base`: the first byte of `track.table.bytes`.
        init(_ track: Track, base: UnsafeRawPointer) {
            let table = track.table
            self.base = base
            fixedSize = table.sizes.fixedSize ?? -1
            sizeBits = table.sizes.fieldBits
            sizeStart = table.sizes.entriesStart
            sttsAt = table.timeToSample.entriesStart
            sttsEnd = sttsAt + 8 * table.timeToSample.entryCount
            hasSync = table.syncSamples != nil
            stssAt = table.syncSamples?.entriesStart ?? 0
            stssEnd = stssAt + 4 * (table.syncSamples?.entryCount ?? 0)
            end = track.samples.upperBound
            shift = track.shift
            tick = 1 / Double(track.timescale)
            if stssAt < stssEnd { nextSync = u32(stssAt) }
            guard nextDelta(), skip(to: track.samples.lowerBound) else { return }
            load()
        }

        @inline(__always) private func u32(_ at: Int) -> Int {
            Int(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }

        /// Moves from sample 0 to `first`, a run of `stts` at a time; false when `stts` ends before it.
        private mutating func skip(to first: Int) -> Bool {
            while sample < first {
                if left > 0 {
                    let k = min(left, first - sample)
                    decodeTime += Int64(delta) * Int64(k)
                    sample += k
                    left -= k
                } else {
                    decodeTime += Int64(delta)
                    sample += 1
                    guard nextDelta() else { return false }
                }
            }
            return true
        }

        /// The `stts` delta of `sample`; false when `stts` ends before it.
        @inline(__always) private mutating func nextDelta() -> Bool {
            if left > 0 {
                left -= 1
                return true
            }
            return nextRun()
        }

        private mutating func nextRun() -> Bool {
            while left == 0 {
                guard sttsAt < sttsEnd else { return false }
                left = u32(sttsAt)
                delta = u32(sttsAt + 4)
                sttsAt += 8
            }
            left -= 1
            return true
        }

        @inline(__always) private func sizeOf(_ i: Int) -> Int {
            if fixedSize >= 0 { return fixedSize }
            switch sizeBits {
            case 32: return u32(sizeStart + 4 * i)
            case 16: return Int(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: sizeStart + 2 * i, as: UInt16.self)))
            case 8: return Int(base.load(fromByteOffset: sizeStart + i, as: UInt8.self))
            default:
                let byte = base.load(fromByteOffset: sizeStart + i / 2, as: UInt8.self)
                return Int(i % 2 == 0 ? byte >> 4 : byte & 0x0F)
            }
        }

        /// A sync sample when `stss` lists its number (entries below it are passed over); every
        /// sample without `stss`.
        @inline(__always) private mutating func isSync(_ number: Int) -> Bool {
            guard hasSync else { return true }
            while nextSync < number {
                stssAt += 4
                nextSync = stssAt < stssEnd ? u32(stssAt) : Int.max
            }
            return nextSync == number
        }

        @inline(__always) private mutating func load() {
            guard sample < end else { time = .infinity; return }
            time = Double(decodeTime + shift) * tick
            size = sizeOf(sample)
            isKeyframe = isSync(sample + 1)
        }

        @inline(__always) mutating func advance() {
            guard time < .infinity else { return }
            decodeTime += Int64(delta)
            sample += 1
            guard sample < end, nextDelta() else { time = .infinity; return }
            load()
        }
    }

    /// The two tracks' samples in one time order, as ``HLSBandwidth/merged(_:_:)`` orders them:
    /// on equal times the video sample first.
    struct MergedCursor {
        private var video: TrackCursor
        private var audio: TrackCursor

        /// `audio`: a cursor past its last sample when there is no audio track.
        init(video: TrackCursor, audio: TrackCursor) {
            self.video = video
            self.audio = audio
        }

        /// The next sample in time order, nil after the last.
        @inline(__always) mutating func next() -> Sample? {
            if audio.time < video.time {
                defer { audio.advance() }
                return Sample(time: audio.time, size: audio.size, isKeyframe: audio.isKeyframe)
            }
            guard video.time < .infinity else { return nil }
            defer { video.advance() }
            return Sample(time: video.time, size: video.size, isKeyframe: video.isKeyframe)
        }
    }
}
