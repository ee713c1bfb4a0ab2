/// The parts of `moov` (ISO/IEC 14496-12 §8.2–§8.5) that hdrprobe needs per track:
/// `trak/tkhd` track_ID, `trak/mdia/hdlr` handler_type, and the sample entries of
/// `trak/mdia/minf/stbl/stsd`; the track's time scale (`mdhd`), edit list (`edts/elst`) and sample
/// tables (``SampleTableBox``, looked up in place, never copied out); the movie's time scale (`mvhd`)
/// and whether it is fragmented (`mvex`, §8.8.1).
package struct MovieBox: Sendable, Equatable {
    package struct Track: Sendable, Equatable {
        package var trackID: Int?
        package var handler: String?
        package var sampleEntries: [SampleEntry]
        /// `mdhd` timescale.
        package var mediaTimescale: Int?
        package var editList: EditListBox?
        package var sampleTable: SampleTableBox?
    }

    package var tracks: [Track]
    /// SystemIDs of the `pssh` boxes directly in `moov` (ISO/IEC 23001-7 §8.1), in file order.
    package var protectionSystemIDs: [String] = []
    package var issues: [Issue]

    /// A problem met reading `moov`; ``description`` is the sentence of the container findings.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// A problem walking a level of boxes.
        case boxes(ISOBoxWalk.Issue)
        /// A problem of a sample entry.
        case sampleEntry(SampleEntry.Issue)
        /// More than ``MovieBox/maxTracks`` tracks: the rest are not read.
        case tooManyTracks(Int)

        package var description: String {
            switch self {
            case .boxes(let issue): return issue.description
            case .sampleEntry(let issue): return issue.description
            case .tooManyTracks(let n): return "more than \(n) tracks"
            }
        }
    }
    /// `mvhd` timescale.
    package var movieTimescale: Int?
    /// `mvex` is present: the samples are (also) in movie fragments.
    package var hasMovieExtends = false

    package static let maxTracks = 256
    package static let maxEntriesPerTrack = 16

    /// `bytes` is the payload of `moov` (without its header).
    package static func parse(_ bytes: [UInt8]) -> MovieBox {
        var issues: [Issue] = []
        var tracks: [Track] = []
        let top = ISOBoxWalker.walk(bytes)
        issues += top.issues.map(Issue.boxes)
        for trak in top.boxes where trak.type == "trak" {
            guard tracks.count < maxTracks else { issues.append(.tooManyTracks(maxTracks)); break }
            tracks.append(parseTrack(bytes, trak: trak, issues: &issues))
        }
        let systems = top.boxes.filter { $0.type == "pssh" }
            .compactMap { ProtectionSystemSpecificHeaderBox.systemID(bytes, payload: $0.payload) }
        var movie = MovieBox(tracks: tracks, protectionSystemIDs: systems, issues: issues)
        movie.movieTimescale = top.boxes.first { $0.type == "mvhd" }.flatMap { timescale(bytes, fullBox: $0.payload) }
        movie.hasMovieExtends = top.boxes.contains { $0.type == "mvex" }
        return movie
    }

    private static func parseTrack(_ bytes: [UInt8], trak: ISOBox, issues: inout [Issue]) -> Track {
        var track = Track(trackID: nil, handler: nil, sampleEntries: [])
        let children = ISOBoxWalker.walk(bytes, range: trak.payload)
        issues += children.issues.map(Issue.boxes)
        if let edts = children.boxes.first(where: { $0.type == "edts" }),
           let elst = ISOBoxWalker.first("elst", in: bytes, range: edts.payload) {
            track.editList = EditListBox.parse(bytes, payload: elst.payload)
        }
        if let tkhd = children.boxes.first(where: { $0.type == "tkhd" }) {
            var r = ByteReader(bytes, offset: tkhd.payload.lowerBound, end: tkhd.payload.upperBound)
            if let version = try? r.u8(), (try? r.skip(3)) != nil {
                // version 1: creation/modification times are 64-bit.
                if (try? r.skip(version == 1 ? 16 : 8)) != nil, let id = try? r.u32() { track.trackID = Int(id) }
            }
        }
        guard let mdia = children.boxes.first(where: { $0.type == "mdia" }) else { return track }
        let mdiaChildren = ISOBoxWalker.walk(bytes, range: mdia.payload)
        issues += mdiaChildren.issues.map(Issue.boxes)
        if let hdlr = mdiaChildren.boxes.first(where: { $0.type == "hdlr" }), hdlr.payload.count >= 12 {
            let s = hdlr.payload.lowerBound + 8 // version/flags, pre_defined
            track.handler = FourCC.string(bytes[s..<(s + 4)])
        }
        track.mediaTimescale = mdiaChildren.boxes.first { $0.type == "mdhd" }.flatMap { timescale(bytes, fullBox: $0.payload) }
        guard let minf = mdiaChildren.boxes.first(where: { $0.type == "minf" }),
              let stbl = ISOBoxWalker.first("stbl", in: bytes, range: minf.payload),
              let stsd = ISOBoxWalker.first("stsd", in: bytes, range: stbl.payload),
              stsd.payload.count >= 8 else { return track }
        track.sampleTable = SampleTableBox.parse(bytes, payload: stbl.payload)
        let entries = ISOBoxWalker.walk(bytes, range: (stsd.payload.lowerBound + 8)..<stsd.payload.upperBound)
        issues += entries.issues.map(Issue.boxes)
        let isVisual = track.handler == "vide"
        for box in entries.boxes.prefix(maxEntriesPerTrack) {
            let entry = SampleEntry.parse(bytes, box: box, isVisual: isVisual)
            issues += entry.issues.map(Issue.sampleEntry)
            track.sampleEntries.append(entry)
        }
        return track
    }

    /// The timescale of `mvhd` / `mdhd` (§8.2.2, §8.4.2: after version, flags and the creation and
    /// modification times, 32-bit in version 0 and 64-bit in version 1).
    private static func timescale(_ bytes: [UInt8], fullBox payload: Range<Int>) -> Int? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(3 + (version == 1 ? 16 : 8))) != nil,
              let scale = try? r.u32(), scale > 0 else { return nil }
        return Int(scale)
    }
}
