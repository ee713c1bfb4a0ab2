import HDRProbeBytes

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
        /// `mdhd` duration in the media timescale.
        package var mediaDuration: UInt64?
        /// The `mdhd` language (ISO 639-2/T), nil when it holds none (``MediaHeaderBox``).
        package var language: String?
        /// `tkhd` flags (bit 0: track_enabled).
        package var headerFlags: Int?
        /// Types of the `trak` children, and whether its `udta` holds a `kind` box (a role that
        /// libavformat turns into a stream disposition).
        package var boxTypes: [String] = []
        package var hasKindBox = false
        /// Types of the `stbl` children (`stps`, `sbgp`, … change libavformat's keyframe flags).
        package var sampleTableBoxTypes: [String] = []
        /// The grouping_type of each `sbgp` in `stbl` (§8.9.2: after version and flags).
        package var sampleGroupTypes: [String] = []
        /// Types of the `mdia/minf` children and the number of `stsd` entries it declares.
        package var declaredEntryCount: Int?
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
    /// The `trex` boxes of `mvex` (§8.8.3), and the box types `mvex` holds in file order.
    package var trackExtends: [TrackExtendsBox] = []
    package var movieExtendsBoxTypes: [String] = []
    /// `mvhd` duration in the movie timescale.
    package var movieDuration: UInt64?
    /// Types of the `moov` children.
    package var boxTypes: [String] = []
    /// The `udta` of `moov` holds the bytes `covr` (iTunes cover art, which libavformat turns into
    /// an attached-picture stream): a conservative test, true also when the bytes only look so.
    package var mayHaveCoverArt = false
    /// How many `meta` boxes of `moov` hold only an ID3 handler and `ID32` boxes (Shaka Packager's
    /// version tag: `hdlr` of handler type `ID32`, ISO/IEC 23009-1's ID3 in ISO BMFF), which carry
    /// no stream facts.
    package var id3OnlyMetaBoxes = 0

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
        if let mvex = top.boxes.first(where: { $0.type == "mvex" }) {
            let children = ISOBoxWalker.walk(bytes, range: mvex.payload).boxes
            movie.movieExtendsBoxTypes = children.map(\.type)
            movie.trackExtends = children.filter { $0.type == "trex" }.compactMap { TrackExtendsBox.parse(bytes, payload: $0.payload) }
        }
        movie.movieDuration = top.boxes.first { $0.type == "mvhd" }.flatMap { duration(bytes, fullBox: $0.payload) }
        movie.boxTypes = top.boxes.map(\.type)
        movie.mayHaveCoverArt = top.boxes.contains { $0.type == "udta" && contains(bytes[$0.payload], "covr") }
        movie.id3OnlyMetaBoxes = top.boxes.filter { $0.type == "meta" && isID3Only(bytes, meta: $0) }.count
        return movie
    }

    /// A `meta` full box (version and flags, then boxes) holding one `hdlr` of handler type `ID32`
    /// and otherwise only `ID32` boxes.
    private static func isID3Only(_ bytes: [UInt8], meta: ISOBox) -> Bool {
        guard meta.payload.count > 4 else { return false }
        let walk = ISOBoxWalker.walk(bytes, range: (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        guard walk.issues.isEmpty, let hdlr = walk.boxes.first, hdlr.type == "hdlr", hdlr.payload.count >= 12,
              FourCC.string(bytes[(hdlr.payload.lowerBound + 8)..<(hdlr.payload.lowerBound + 12)]) == "ID32" else { return false }
        return walk.boxes.dropFirst().allSatisfy { $0.type == "ID32" }
    }

    private static func parseTrack(_ bytes: [UInt8], trak: ISOBox, issues: inout [Issue]) -> Track {
        var track = Track(trackID: nil, handler: nil, sampleEntries: [])
        let children = ISOBoxWalker.walk(bytes, range: trak.payload)
        issues += children.issues.map(Issue.boxes)
        track.boxTypes = children.boxes.map(\.type)
        track.hasKindBox = children.boxes.contains { $0.type == "udta" && contains(bytes[$0.payload], "kind") }
        if let edts = children.boxes.first(where: { $0.type == "edts" }),
           let elst = ISOBoxWalker.first("elst", in: bytes, range: edts.payload) {
            track.editList = EditListBox.parse(bytes, payload: elst.payload)
        }
        if let tkhd = children.boxes.first(where: { $0.type == "tkhd" }) {
            var r = ByteReader(bytes, offset: tkhd.payload.lowerBound, end: tkhd.payload.upperBound)
            if let version = try? r.u8(), let flags = try? r.u24() {
                track.headerFlags = Int(flags)
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
        track.mediaDuration = mdiaChildren.boxes.first { $0.type == "mdhd" }.flatMap { duration(bytes, fullBox: $0.payload) }
        track.language = mdiaChildren.boxes.first { $0.type == "mdhd" }.flatMap { MediaHeaderBox.language(bytes, fullBox: $0.payload) }
        guard let minf = mdiaChildren.boxes.first(where: { $0.type == "minf" }),
              let stbl = ISOBoxWalker.first("stbl", in: bytes, range: minf.payload),
              let stsd = ISOBoxWalker.first("stsd", in: bytes, range: stbl.payload),
              stsd.payload.count >= 8 else { return track }
        track.sampleTable = SampleTableBox.parse(bytes, payload: stbl.payload)
        let stblChildren = ISOBoxWalker.walk(bytes, range: stbl.payload).boxes
        track.sampleTableBoxTypes = stblChildren.map(\.type)
        track.sampleGroupTypes = stblChildren.filter { $0.type == "sbgp" && $0.payload.count >= 8 }
            .map { FourCC.string(bytes[($0.payload.lowerBound + 4)..<($0.payload.lowerBound + 8)]) }
        track.declaredEntryCount = Int(SampleTableBytes.u32(bytes, stsd.payload.lowerBound + 4))
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

    /// The duration of `mvhd` / `mdhd`: after the timescale, 32-bit in version 0 and 64-bit in version 1.
    private static func duration(_ bytes: [UInt8], fullBox payload: Range<Int>) -> UInt64? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(3 + (version == 1 ? 16 : 8) + 4)) != nil else { return nil }
        return version == 1 ? try? r.u64() : (try? r.u32()).map(UInt64.init)
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return false }
        var i = haystack.startIndex
        while i + n.count <= haystack.endIndex {
            if haystack[i] == n[0], haystack[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
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
