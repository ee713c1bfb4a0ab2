import HDRProbeParse

/// Rewrites a `moov` box from a typed edit list (`docs/rules/isobmff-rewrite.md` §1–§3): the path
/// `moov/trak/mdia/minf/stbl/stsd/<entry>` of each edited track is rebuilt with new sizes, every
/// `stco`/`co64` is shifted when `moov` grows or shrinks in front of the media, and every other box
/// is copied byte for byte. Pure: bytes in, bytes out.
package enum MovieBoxRewriter {
    /// The boxes walked through on the way to a sample entry or a chunk offset table.
    private static let containers: Set<String> = ["trak", "mdia", "minf", "stbl"]

    /// - Parameters:
    ///   - moov: the whole `moov` box, header included.
    ///   - edits: one entry per track to edit.
    ///   - shift: how chunk offsets move (nil: they stay).
    /// - Returns: the new `moov` box, header included.
    package static func rewrite(_ moov: [UInt8], edits: [TrackEdit], shift: FileOffsetShift?) throws(MovieBoxRewriteError) -> [UInt8] {
        let top = ISOBoxWalker.walk(moov)
        guard let box = top.boxes.first, box.type == "moov", top.issues.isEmpty else {
            throw .malformed(top.issues.first?.description ?? "not a moov box")
        }
        var pending = Dictionary(edits.map { ($0.trackID, $0) }, uniquingKeysWith: { a, _ in a })
        let payload = try rewriteChildren(moov, range: box.payload, path: "moov", track: nil, pending: &pending, shift: shift)
        if let missing = pending.keys.sorted().first { throw .trackNotFound(missing) }
        return ISOBoxWriter.box("moov", payload, large: box.headerSize == 16)
    }

    private static func rewriteChildren(_ bytes: [UInt8], range: Range<Int>, path: String, track: TrackEdit?,
                                        pending: inout [Int: TrackEdit], shift: FileOffsetShift?) throws(MovieBoxRewriteError) -> [UInt8] {
        let walk = ISOBoxWalker.walk(bytes, range: range)
        if let issue = walk.issues.first { throw .malformed("\(path): \(issue)") }
        var out: [UInt8] = []
        out.reserveCapacity(range.count + 64)
        var position = range.lowerBound
        for child in walk.boxes {
            let whole = child.offset..<child.payload.upperBound
            var edit = track
            if child.type == "trak" {
                edit = trackID(bytes, trak: child).flatMap { pending.removeValue(forKey: $0) }
            }
            switch child.type {
            case _ where containers.contains(child.type):
                let payload = try rewriteChildren(bytes, range: child.payload, path: "\(path)/\(child.type)", track: edit,
                                                  pending: &pending, shift: shift)
                out += ISOBoxWriter.box(child.type, payload, large: child.headerSize == 16)
            case "stsd" where edit != nil:
                out += try rewriteSampleDescription(bytes, box: child, edit: edit!)
            case "stco" where shift != nil, "co64" where shift != nil:
                out += try shifted(bytes, box: child, shift: shift!)
            default:
                out += bytes[whole]
            }
            position = whole.upperBound
        }
        // Fewer than 8 bytes after the last box (QuickTime ends some lists with a 32-bit 0) stay.
        out += bytes[position..<range.upperBound]
        return out
    }

    /// The `tkhd` track_ID of a `trak` (§8.3.2: after version, flags and the two times).
    private static func trackID(_ bytes: [UInt8], trak: ISOBox) -> Int? {
        guard let tkhd = ISOBoxWalker.first("tkhd", in: bytes, range: trak.payload), tkhd.payload.count >= 4 else { return nil }
        let at = tkhd.payload.lowerBound + (bytes[tkhd.payload.lowerBound] == 1 ? 20 : 12)
        guard at + 4 <= tkhd.payload.upperBound else { return nil }
        return SampleTableBytes.u32(bytes, at)
    }

    /// `stsd` (§8.5.2): version and flags, entry_count, then the entries; the one entry is edited.
    private static func rewriteSampleDescription(_ bytes: [UInt8], box: ISOBox, edit: TrackEdit) throws(MovieBoxRewriteError) -> [UInt8] {
        guard box.payload.count >= 8 else { throw .malformed("stsd of track \(edit.trackID) is \(box.payload.count) bytes") }
        let entries = ISOBoxWalker.walk(bytes, range: (box.payload.lowerBound + 8)..<box.payload.upperBound)
        if let issue = entries.issues.first { throw .malformed("stsd of track \(edit.trackID): \(issue)") }
        guard entries.boxes.count == 1, let entry = entries.boxes.first else {
            throw .severalSampleEntries(trackID: edit.trackID, count: entries.boxes.count)
        }
        guard entry.type == edit.entry else { throw .entryMismatch(trackID: edit.trackID, expected: edit.entry, found: entry.type) }
        var payload = Array(bytes[box.payload.lowerBound..<(box.payload.lowerBound + 8)])
        payload += try SampleEntryRewriter.rewrite(bytes, entry: entry, edits: edit.edits)
        return ISOBoxWriter.box("stsd", payload, large: box.headerSize == 16)
    }

    /// `stco`/`co64` with every offset moved by `shift`; the table keeps its type and size.
    private static func shifted(_ bytes: [UInt8], box: ISOBox, shift: FileOffsetShift) throws(MovieBoxRewriteError) -> [UInt8] {
        guard let table = ChunkOffsetBox.parse(bytes, type: box.type, payload: box.payload) else {
            throw .malformed("\(box.type) at \(box.offset) is cut short")
        }
        var out = Array(bytes[box.offset..<box.payload.upperBound])
        let base = table.entriesStart - box.offset
        for i in 0..<table.entryCount {
            if table.is64 {
                let at = base + 8 * i
                let old = SampleTableBytes.u64(out, at)
                guard let new = shift.apply(old) else { throw .chunkOffsetOverflow(old) }
                ISOBoxWriter.putU64(new, &out, at: at)
            } else {
                let at = base + 4 * i
                let old = UInt64(SampleTableBytes.u32(out, at))
                guard let new = shift.apply(old, limit: UInt64(UInt32.max)) else { throw .chunkOffsetOverflow(old) }
                ISOBoxWriter.putU32(UInt32(new), &out, at: at)
            }
        }
        return out
    }
}
