import HDRProbeBytes

/// `edts/elst` (ISO/IEC 14496-12 §8.6.6, `docs/rules/isobmff-sample-tables.md` §6): the edits that
/// map the media timeline onto the presentation. segment_duration is in the movie time scale
/// (`mvhd`), media_time in the track's (`mdhd`); media_time −1 is an empty edit.
package struct EditListBox: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var segmentDuration: UInt64
        package var mediaTime: Int64
        package var rateInteger: Int
        package var rateFraction: Int

        package init(segmentDuration: UInt64, mediaTime: Int64, rateInteger: Int, rateFraction: Int) {
            self.segmentDuration = segmentDuration
            self.mediaTime = mediaTime
            self.rateInteger = rateInteger
            self.rateFraction = rateFraction
        }
    }

    package var entries: [Entry]
    package static let maxEntries = 64

    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> EditListBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(3)) != nil, let count = try? r.u32(),
              count <= maxEntries else { return nil }
        var entries: [Entry] = []
        for _ in 0..<count {
            let duration: UInt64, time: Int64
            if version == 1 {
                guard let d = try? r.u64(), let t = try? r.u64() else { return nil }
                duration = d
                time = Int64(bitPattern: t)
            } else {
                guard let d = try? r.u32(), let t = try? r.u32() else { return nil }
                duration = UInt64(d)
                time = Int64(Int32(bitPattern: t))
            }
            guard let rate = try? r.u16(), let fraction = try? r.u16() else { return nil }
            entries.append(Entry(segmentDuration: duration, mediaTime: time,
                                 rateInteger: Int(Int16(bitPattern: rate)), rateFraction: Int(fraction)))
        }
        return EditListBox(entries: entries)
    }
}
