/// `stbl` (ISO/IEC 14496-12 §8.5.1): the sample tables of one track, read in place from the `moov`
/// bytes, and the walk that turns them into sample locations (`docs/rules/isobmff-sample-tables.md`
/// §1–§5): sample i lies in the chunk whose run in `stsc` covers it, at that chunk's `stco`/`co64`
/// offset plus the sizes (`stsz`) of the samples before it in the chunk; its decode time is the sum of
/// the `stts` deltas before it, its composition time that plus its `ctts` offset. The walk reads
/// only the entries of the samples asked for: the first N samples cost N, not the film's length.
package struct SampleTableBox: Sendable, Equatable {
    package var bytes: [UInt8]
    package var sizes: SampleSizeBox
    package var chunkOffsets: ChunkOffsetBox
    package var sampleToChunk: SampleToChunkBox
    package var timeToSample: TimeToSampleBox
    package var compositionOffsets: TimeToSampleBox?
    package var syncSamples: SyncSampleBox?
    /// The payload (in ``bytes``) of the first `senc` of an encrypted track's `stbl`
    /// (``SampleEncryptionBox``, parsed with the `tenc` IV size); nil without one.
    package var sampleEncryption: Range<Int>?
    /// The first `saiz` and `saio` of the `stbl` (nil when absent or unreadable).
    package var auxiliaryInfoSizes: SampleAuxiliaryInformationSizesBox? = nil
    package var auxiliaryInfoOffsets: SampleAuxiliaryInformationOffsetsBox? = nil

    /// One sample: where it is, how long it is, when it is decoded and presented (track time scale).
    package struct Sample: Sendable, Equatable {
        package var index: Int
        package var offset: Int
        package var size: Int
        package var decodeTime: Int64
        package var compositionOffset: Int64
        package var isSync: Bool
        package var sampleDescriptionIndex: Int
    }

    /// The tables of the `stbl` whose payload is `payload` in `bytes`; nil when a required table
    /// (`stsz`/`stz2`, `stco`/`co64`, `stsc`, `stts`) is missing or does not fit its box.
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> SampleTableBox? {
        let children = ISOBoxWalker.walk(bytes, range: payload).boxes
        func box(_ types: String...) -> ISOBox? { children.first { types.contains($0.type) && !$0.truncated } }
        guard let stsz = box("stsz", "stz2"), let stco = box("stco", "co64"), let stsc = box("stsc"), let stts = box("stts"),
              let sizes = SampleSizeBox.parse(bytes, type: stsz.type, payload: stsz.payload),
              let chunks = ChunkOffsetBox.parse(bytes, type: stco.type, payload: stco.payload),
              let toChunk = SampleToChunkBox.parse(bytes, payload: stsc.payload),
              let times = TimeToSampleBox.parse(bytes, type: "stts", payload: stts.payload) else { return nil }
        var table = SampleTableBox(bytes: bytes, sizes: sizes, chunkOffsets: chunks, sampleToChunk: toChunk,
                                   timeToSample: times, compositionOffsets: nil, syncSamples: nil,
                                   sampleEncryption: nil)
        if let ctts = box("ctts") {
            guard let offsets = TimeToSampleBox.parse(bytes, type: "ctts", payload: ctts.payload) else { return nil }
            table.compositionOffsets = offsets
        }
        table.sampleEncryption = box("senc")?.payload
        table.auxiliaryInfoSizes = box("saiz").flatMap { SampleAuxiliaryInformationSizesBox.parse(bytes, payload: $0.payload) }
        table.auxiliaryInfoOffsets = box("saio").flatMap { SampleAuxiliaryInformationOffsetsBox.parse(bytes, payload: $0.payload) }
        if let stss = box("stss") {
            guard let sync = SyncSampleBox.parse(bytes, payload: stss.payload) else { return nil }
            table.syncSamples = sync
        }
        return table
    }

    package var sampleCount: Int { sizes.sampleCount }

    /// The first `limit` samples in decode order; nil when the tables contradict each other before
    /// that many samples (a run that starts at chunk 0 or goes backwards, a chunk of no samples,
    /// `stts`/`ctts` shorter than `stsz`, an offset past `Int.max`).
    package func samples(limit: Int) -> [Sample]? {
        var out: [Sample] = []
        out.reserveCapacity(min(limit, sampleCount, 1 << 16))
        return walk(limit: limit, { out.append($0) }) ? out : nil
    }

    /// Calls `body` with each of the first `limit` samples in decode order; false when the tables
    /// contradict each other (see ``samples(limit:)``).
    package func walk(limit: Int, _ body: (Sample) -> Void) -> Bool {
        let total = min(limit, sampleCount)
        guard total > 0 else { return true }
        guard sampleToChunk.entryCount > 0, sampleToChunk.entry(0, in: bytes).firstChunk == 1 else { return false }
        var run = RunCursor(table: timeToSample, bytes: bytes)
        var offsets = compositionOffsets.map { RunCursor(table: $0, bytes: bytes) }
        var stscIndex = 0
        var entry = sampleToChunk.entry(0, in: bytes)
        var sync = 0
        var sample = 0
        var decodeTime: Int64 = 0
        var chunk = 1
        while sample < total {
            guard chunk <= chunkOffsets.entryCount else { return false }
            while stscIndex + 1 < sampleToChunk.entryCount {
                let next = sampleToChunk.entry(stscIndex + 1, in: bytes)
                guard next.firstChunk > entry.firstChunk else { return false }
                guard chunk >= next.firstChunk else { break }
                stscIndex += 1
                entry = next
            }
            guard entry.samplesPerChunk > 0, var offset = chunkOffsets.offset(chunk - 1, in: bytes) else { return false }
            for _ in 0..<min(entry.samplesPerChunk, total - sample) {
                guard let delta = run.next() else { return false }
                var composition: Int64 = 0
                if offsets != nil {
                    guard let value = offsets!.next() else { return false }
                    composition = Int64(value)
                }
                let size = sizes.size(sample, in: bytes)
                var isSync = syncSamples == nil
                if let syncSamples {
                    while sync < syncSamples.entryCount, syncSamples.sampleNumber(sync, in: bytes) < sample + 1 { sync += 1 }
                    isSync = sync < syncSamples.entryCount && syncSamples.sampleNumber(sync, in: bytes) == sample + 1
                }
                body(Sample(index: sample, offset: offset, size: size, decodeTime: decodeTime,
                            compositionOffset: composition, isSync: isSync, sampleDescriptionIndex: entry.sampleDescriptionIndex))
                let (sum, overflow) = offset.addingReportingOverflow(size)
                guard !overflow else { return false }
                offset = sum
                decodeTime += Int64(delta)
                sample += 1
            }
            chunk += 1
        }
        return true
    }

    /// Steps through the samples in decode order reading only their timing tables (`stts`, `ctts`,
    /// `stss`) and, when asked, their `stsz` size — no chunk offsets, nothing stored: each step
    /// costs a few table reads, whatever the track's length.
    package struct TimingCursor {
        private let table: SampleTableBox
        private var deltas: RunCursor
        private var offsets: RunCursor?
        private var syncIndex = 0
        /// The current sample (0-based); ``isValid`` false past the last one or when `stts`/`ctts`
        /// end before `stsz`.
        package private(set) var sample = 0
        package private(set) var isValid = false
        package private(set) var decodeTime: Int64 = 0
        /// The `stts` delta of the current sample (its decode duration).
        package private(set) var delta = 0
        /// The `ctts` offset of the current sample, 0 without `ctts`.
        package private(set) var compositionOffset = 0
        package private(set) var isSync = false

        package init(table: SampleTableBox) {
            self.table = table
            deltas = RunCursor(table: table.timeToSample, bytes: table.bytes)
            offsets = table.compositionOffsets.map { RunCursor(table: $0, bytes: table.bytes) }
            load()
        }

        /// The current sample's size (`stsz`).
        package var size: Int { table.sizes.size(sample, in: table.bytes) }

        /// Moves to the next sample.
        package mutating func advance() {
            guard isValid else { return }
            decodeTime += Int64(delta)
            sample += 1
            load()
        }

        /// Moves forward to sample `target` (nothing when already there or past it).
        package mutating func skip(to target: Int) {
            while isValid && sample < target { advance() }
        }

        private mutating func load() {
            guard sample < table.sampleCount, let d = deltas.next() else { isValid = false; return }
            delta = d
            if offsets != nil {
                guard let o = offsets!.next() else { isValid = false; return }
                compositionOffset = o
            }
            isSync = table.syncSamples == nil
            if let stss = table.syncSamples {
                while syncIndex < stss.entryCount, stss.sampleNumber(syncIndex, in: table.bytes) < sample + 1 { syncIndex += 1 }
                isSync = syncIndex < stss.entryCount && stss.sampleNumber(syncIndex, in: table.bytes) == sample + 1
            }
            isValid = true
        }
    }

    /// Steps through a run-length table one sample at a time.
    private struct RunCursor {
        package let table: TimeToSampleBox
        package let bytes: [UInt8]
        package var index = 0
        package var left = 0
        package var value = 0

        package init(table: TimeToSampleBox, bytes: [UInt8]) {
            self.table = table
            self.bytes = bytes
        }

        package mutating func next() -> Int? {
            while left == 0 {
                guard index < table.entryCount else { return nil }
                (left, value) = table.entry(index, in: bytes)
                index += 1
            }
            left -= 1
            return value
        }
    }
}
