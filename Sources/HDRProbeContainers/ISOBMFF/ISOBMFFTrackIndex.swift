import HDRProbeParse

/// One MP4 track's timing as libavformat's mov demuxer (FFmpeg 5.1) derives it from the sample
/// tables, for the tracks ``ISOBMFFContainerDemux`` accepts: the stream duration, bit rate and
/// average frame rate, and the sample index (sizes, timestamps, keyframe flags) the BANDWIDTH
/// measurement reads (`docs/rules/isobmff-sample-tables.md`).
///
/// The behaviour described, as facts about libavformat (no code of it): the index holds every
/// sample in decode order, timestamps counted from 0 by the `stts` deltas, keyframes from `stss`
/// (all samples without one). A single edit (`elst` with one entry at rate 1, media_time ≥ 0) then
/// rebuilds it: from the keyframe at or before the edit's start (for audio one second earlier), up
/// to the first keyframe (audio: any packet) whose end reaches the edit's end — one keyframe more
/// for video with `ctts` — timestamps restart at 0 at the first sample presented inside the edit,
/// the samples before it counted back from there, an audio packet straddling the start moved by the
/// part of it that is cut; video timestamps are then lowered by the smallest presentation time.
/// The stream duration is the smaller of `mdhd`'s and the `stts` total, then of the edit's; the
/// bit rate is every sample's bytes × 8 × timescale / that duration before the edit is applied.
package struct ISOBMFFTrackIndex {
    package struct Entry: Equatable {
        package var timestamp: Int64
        package var size: Int
        package var isKeyframe: Bool

        package init(timestamp: Int64, size: Int, isKeyframe: Bool) {
            self.timestamp = timestamp
            self.size = size
            self.isKeyframe = isKeyframe
        }
    }

    package let table: SampleTableBox
    package let isAudio: Bool
    package let timescale: Int
    /// The single edit: media time and duration in the media timescale; nil without an edit list.
    package let edit: (mediaTime: Int64, duration: Int64)?
    /// `st->duration` before the edit (ticks), and after it.
    package let durationBeforeEdit: Int64
    package let duration: Int64
    package let bitRate: Int?
    /// Every sample's bytes.
    package let totalBytes: Int
    package let averageFrameRate: FrameRate?

    /// nil for every shape not covered: no samples, tables that disagree on the sample count,
    /// zero or huge `stts` deltas, negative `ctts` offsets, `stps`, `stz2`, an `sbgp` of random-access
    /// (`rap `) or `sync` groups (libavformat reads those as keyframes), an empty `stss`, more
    /// than one sample description, an edit list other than one edit at rate 1.
    package init?(track: MovieBox.Track, movieTimescale: Int?, isAudio: Bool) {
        guard let table = track.sampleTable, let timescale = track.mediaTimescale, timescale > 0,
              let mdhdDuration = track.mediaDuration, mdhdDuration > 0, mdhdDuration < UInt64(Int64.max >> 8),
              table.sampleCount > 0, table.sampleCount <= ContainerIndex.maxSamples,
              !track.sampleTableBoxTypes.contains(where: { ["stps", "stz2"].contains($0) }),
              track.sampleGroupTypes.count == track.sampleTableBoxTypes.filter({ $0 == "sbgp" }).count,
              !track.sampleGroupTypes.contains(where: { ["rap ", "sync"].contains($0) }),
              Self.chunksDescribe(table), Self.syncSamplesIncrease(table),
              let sttsTotal = Self.decodeDuration(table), Self.compositionOffsetsCover(table) else { return nil }
        // libavformat reads audio whose single stts delta is 1 as raw PCM chunks: not covered.
        if isAudio && table.timeToSample.entryCount == 1 && table.timeToSample.entry(0, in: table.bytes).value == 1 { return nil }
        self.table = table
        self.isAudio = isAudio
        self.timescale = timescale
        durationBeforeEdit = min(Int64(mdhdDuration), sttsTotal)
        if let list = track.editList {
            guard list.entries.count == 1, let e = list.entries.first, e.mediaTime >= 0, e.rateInteger == 1, e.rateFraction == 0,
                  let movieScale = movieTimescale, movieScale > 0, e.segmentDuration < UInt64(Int64.max >> 24) else { return nil }
            let d = Self.rescale(Int64(e.segmentDuration), by: Int64(timescale), over: Int64(movieScale))
            guard d > 0 else { return nil }
            edit = (e.mediaTime, d)
            duration = min(durationBeforeEdit, d)
        } else {
            edit = nil
            duration = durationBeforeEdit
        }
        let bytes = Self.totalBytes(table)
        totalBytes = bytes
        bitRate = bytes.multipliedReportingOverflow(by: 8 * timescale).overflow ? nil : bytes * 8 * timescale / Int(durationBeforeEdit)
        averageFrameRate = isAudio ? nil : Self.reducedRate(Int64(timescale) * Int64(table.sampleCount), sttsTotal)
    }

    /// av_rescale's rounding: a × b / c to the nearest, halves away from zero (a, b, c ≥ 0).
    package static func rescale(_ a: Int64, by b: Int64, over c: Int64) -> Int64 { (a * b + c / 2) / c }

    /// timescale × samples / duration reduced, nil when a term would not fit 32 bits (libavformat
    /// then approximates).
    package static func reducedRate(_ num: Int64, _ den: Int64) -> FrameRate? {
        guard num > 0, den > 0, let r = FrameRate(numerator: Int(num), denominator: Int(den)),
              r.numerator <= Int(Int32.max), r.denominator <= Int(Int32.max) else { return nil }
        return r
    }

    /// `stsc` × `stco` describe exactly the `stsz` samples, every run with one description.
    package static func chunksDescribe(_ table: SampleTableBox) -> Bool {
        let stsc = table.sampleToChunk
        let chunks = table.chunkOffsets.entryCount
        guard stsc.entryCount > 0 else { return false }
        var total = 0
        for i in 0..<stsc.entryCount {
            let e = stsc.entry(i, in: table.bytes)
            let end = i + 1 < stsc.entryCount ? stsc.entry(i + 1, in: table.bytes).firstChunk : chunks + 1
            guard e.firstChunk >= 1, end > e.firstChunk, end <= chunks + 1, e.samplesPerChunk > 0,
                  e.sampleDescriptionIndex == 1, (i > 0 || e.firstChunk == 1) else { return false }
            total += (end - e.firstChunk) * e.samplesPerChunk
            guard total <= table.sampleCount else { return false }
        }
        return total == table.sampleCount
    }

    /// `stss` absent, or non-empty with strictly increasing 1-based sample numbers.
    package static func syncSamplesIncrease(_ table: SampleTableBox) -> Bool {
        guard let stss = table.syncSamples else { return true }
        guard stss.entryCount > 0 else { return false }
        var last = 0
        for i in 0..<stss.entryCount {
            let n = stss.sampleNumber(i, in: table.bytes)
            guard n > last else { return false }
            last = n
        }
        return true
    }

    /// The `stts` total when it covers exactly the samples with deltas in 1 ... 2³¹−1.
    package static func decodeDuration(_ table: SampleTableBox) -> Int64? {
        table.timeToSample.total(coveringExactly: table.sampleCount, values: 1...Int(Int32.max), in: table.bytes)
    }

    /// No `ctts`, or one that covers exactly the samples with offsets ≥ 0.
    package static func compositionOffsetsCover(_ table: SampleTableBox) -> Bool {
        guard let ctts = table.compositionOffsets else { return true }
        return ctts.total(coveringExactly: table.sampleCount, values: 0...Int(Int32.max), in: table.bytes) != nil
    }

    package static func totalBytes(_ table: SampleTableBox) -> Int { table.sizes.totalSize(in: table.bytes) }

    /// The index ``entries()`` builds, described without building it: the stretch of samples it
    /// holds and the shift it adds to their decode times (its timestamps are `decodeTime + shift`,
    /// as the edit's rebuild counts them on from the first sample presented inside the edit), for
    /// measuring BANDWIDTH from the tables (``SampleTableBandwidth``). nil where the index is no
    /// such shifted stretch — an edit no sample is presented in, an audio packet cut by the edit's
    /// start after it began, `co64` offsets that may not fit `Int` (the walk of ``entries()`` may
    /// then fail): the caller then builds the index.
    package func indexStretch() -> (samples: Range<Int>, shift: Int64)? {
        guard offsetsFit() else { return nil }
        guard let edit else { return (0..<table.sampleCount, 0) }
        let t = edit.mediaTime, d = edit.duration
        // The first decode time is 0: `max(t − 1 s, old[0].timestamp)` of applyEdit.
        let start = max(0, previousKeyframe(at: isAudio ? max(t - Int64(timescale), 0) : t))
        var cursor = SampleTableBox.TimingCursor(table: table)
        cursor.skip(to: start)
        var counter: Int64 = 0, shift: Int64 = 0, minPresentation: Int64 = -1
        var started = false, keyframeAfterEdit = false
        var end = start
        while cursor.isValid {
            let frameDuration = cursor.sample + 1 < table.sampleCount ? Int64(cursor.delta) : d
            let ctts = Int64(cursor.compositionOffset)
            let cts = cursor.decodeTime + ctts
            if cts < t || cts >= d + t {
                if isAudio && cts < t && cts + frameDuration > t {
                    guard !started else { return nil }
                    counter -= t - cts
                    started = true
                    shift = counter - cursor.decodeTime
                }
            } else {
                let presentation = counter + ctts
                minPresentation = minPresentation < 0 ? presentation : min(minPresentation, presentation)
                if !started { started = true; shift = counter - cursor.decodeTime }
            }
            end = cursor.sample + 1
            if started { counter += frameDuration }
            let isKeyframe = cursor.isSync
            cursor.advance()
            if cts + frameDuration >= d + t, isKeyframe || isAudio {
                if table.compositionOffsets != nil, !isAudio, !keyframeAfterEdit {
                    keyframeAfterEdit = true
                    continue
                }
                break
            }
        }
        guard started else { return nil }
        if !isAudio && minPresentation > 0 { shift -= minPresentation }
        return (start..<end, shift)
    }

    /// The sample ``previousKeyframe(_:composition:at:)`` finds, by one pass over the timing tables.
    package func previousKeyframe(at time: Int64) -> Int {
        var cursor = SampleTableBox.TimingCursor(table: table)
        var last = -1, key = -1, presentedKey = -1
        while cursor.isValid, cursor.decodeTime <= time {
            last = cursor.sample
            if cursor.isSync {
                key = last
                if cursor.decodeTime + Int64(cursor.compositionOffset) <= time { presentedKey = last }
            }
            cursor.advance()
        }
        guard table.compositionOffsets == nil else { return presentedKey }
        return key >= 0 ? key : last
    }

    /// The table walk of ``entries()`` cannot fail on a chunk offset: `stco`, or `co64` offsets that
    /// leave room for all the track's bytes.
    package func offsetsFit() -> Bool {
        let offsets = table.chunkOffsets
        return !offsets.is64 || offsets.largestOffset(in: table.bytes) <= UInt64(Int.max - totalBytes)
    }

    /// The index as libavformat holds it after opening the file.
    package func entries() -> [Entry] {
        var old: [Entry] = []
        var composition: [Int64] = []
        old.reserveCapacity(table.sampleCount)
        let hasCTTS = table.compositionOffsets != nil
        if hasCTTS { composition.reserveCapacity(table.sampleCount) }
        let complete = table.walk(limit: table.sampleCount) { s in
            old.append(Entry(timestamp: s.decodeTime, size: s.size, isKeyframe: s.isSync))
            if hasCTTS { composition.append(s.compositionOffset) }
        }
        guard complete, old.count == table.sampleCount else { return [] }
        guard let edit else { return old }
        return applyEdit(old, composition: hasCTTS ? composition : nil, mediaTime: edit.mediaTime, duration: edit.duration)
    }

    /// The rebuild of the index for a single edit (see the type's description).
    package func applyEdit(_ old: [Entry], composition: [Int64]?, mediaTime t: Int64, duration d: Int64) -> [Entry] {
        let search = isAudio ? max(t - Int64(timescale), old[0].timestamp) : t
        var index = Self.previousKeyframe(old, composition: composition, at: search)
        if index < 0 { index = 0 }
        var out: [Entry] = []
        var counter: Int64 = 0
        var started = false
        var discardedDurations: [Int64] = []
        var minPresentation: Int64 = -1
        var keyframeAfterEdit = false
        var i = index
        while i < old.count {
            defer { i += 1 }
            let frameDuration = i + 1 < old.count ? old[i + 1].timestamp - old[i].timestamp : d
            let ctts = composition?[i] ?? 0
            let cts = old[i].timestamp + ctts
            if cts < t || cts >= d + t {
                if isAudio && cts < t && cts + frameDuration > t {
                    counter -= t - cts
                    if !started { started = true; Self.backdate(&out, from: counter, durations: discardedDurations); discardedDurations = [] }
                } else if !started {
                    discardedDurations.append(frameDuration)
                }
            } else {
                let presentation = counter + ctts
                minPresentation = minPresentation < 0 ? presentation : min(minPresentation, presentation)
                if !started { started = true; Self.backdate(&out, from: counter, durations: discardedDurations); discardedDurations = [] }
            }
            out.append(Entry(timestamp: counter, size: old[i].size, isKeyframe: old[i].isKeyframe))
            if started { counter += frameDuration }
            if cts + frameDuration >= d + t, old[i].isKeyframe || isAudio {
                if composition != nil, !isAudio, !keyframeAfterEdit {
                    keyframeAfterEdit = true
                    continue
                }
                break
            }
        }
        if !isAudio && minPresentation > 0 {
            for k in out.indices { out[k].timestamp -= minPresentation }
        }
        return out
    }

    /// The samples discarded before the edit's start get the timestamps before `end`, each its
    /// own duration earlier than the next.
    package static func backdate(_ out: inout [Entry], from end: Int64, durations: [Int64]) {
        var ts = end
        for (k, duration) in durations.reversed().enumerated() {
            ts -= duration
            out[out.count - 1 - k].timestamp = ts
        }
    }

    /// The keyframe libavformat starts an edit from: the last sample with a decode time at or
    /// before `time` (decode times strictly increase here), back to a keyframe; with `ctts`, further
    /// back to a keyframe presented at or before `time`. Without one: the last sample at or before
    /// `time` whatever it is (again refined by `ctts`); −1 when none.
    package static func previousKeyframe(_ old: [Entry], composition: [Int64]?, at time: Int64) -> Int {
        var last = -1
        var lo = 0, hi = old.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if old[mid].timestamp <= time { last = mid; lo = mid + 1 } else { hi = mid }
        }
        func refine(_ start: Int) -> Int {
            guard let composition, start >= 0 else { return start }
            var k = start
            while k >= 0 {
                if old[k].timestamp + composition[k] <= time && old[k].isKeyframe { break }
                k -= 1
            }
            return k
        }
        var key = last
        while key >= 0 && !old[key].isKeyframe { key -= 1 }
        let found = refine(key)
        if found >= 0 { return found }
        return refine(last)
    }
}
