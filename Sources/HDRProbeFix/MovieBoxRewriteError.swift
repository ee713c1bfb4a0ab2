/// Why ``MovieBoxRewriter`` cannot apply an edit list; each case is one `fix.*` code's sentence.
package enum MovieBoxRewriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The box tree cannot be walked (a size past its parent, a size smaller than its header).
    case malformed(String)
    /// No `trak` with this track_ID.
    case trackNotFound(Int)
    /// The track's first sample entry is not the one the plan was made for.
    case entryMismatch(trackID: Int, expected: String, found: String)
    /// More than one sample entry in the track: which one a player uses is not the file's to say.
    case severalSampleEntries(trackID: Int, count: Int)
    /// The `hvcC` (or another record an edit needs) cannot be read.
    case configurationRecord(String)
    /// A shifted chunk offset does not fit `stco`'s 32 bits.
    case chunkOffsetOverflow(UInt64)

    package var description: String {
        switch self {
        case .malformed(let why): return "moov cannot be rewritten: \(why)"
        case .trackNotFound(let id): return "moov has no track with ID \(id)"
        case .entryMismatch(let id, let expected, let found):
            return "track \(id): the sample entry is \(found), the plan was made for \(expected)"
        case .severalSampleEntries(let id, let count):
            return "track \(id) has \(count) sample entries; hdrprobe fix edits tracks with one"
        case .configurationRecord(let why): return "the configuration record cannot be rewritten: \(why)"
        case .chunkOffsetOverflow(let offset):
            return "a chunk offset moved to \(offset), past the 32 bits of stco"
        }
    }
}
