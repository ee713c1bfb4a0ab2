#if FFmpeg
import Foundation
import HDRProbeParse

/// One damaged file derived from a corpus file.
struct MutationCase: Sendable {
    /// Corpus file it comes from.
    var source: String
    /// What was done (`truncate`, `size`, `endless-size`, `duplicate`, `reorder`, `sample-count`,
    /// `bitflip`, `continuity`, …).
    var kind: String
    /// Where and how, e.g. `moov@1234=0`.
    var detail: String
    var bytes: [UInt8]
    /// The file is cut inside a structure that declares its own size (an MP4 top-level box, a
    /// Matroska Segment of known size, a TS packet): an ok report must then say
    /// `container.truncated`.
    var expectsTruncationEvidence = false

    /// A file name that keeps the source's extension (libavformat also looks at it).
    var fileName: String {
        let ext = (source as NSString).pathExtension
        let base = (source as NSString).deletingPathExtension
        let safe = "\(base)~\(kind)~\(detail)".map { $0.isLetter || $0.isNumber || "-_.@=+".contains($0) ? $0 : "_" }
        return String(safe.prefix(120)) + "." + ext
    }
}

/// A deterministic generator of damaged media (issue 8): from each corpus file it derives
/// truncations at every box / element / NAL / packet boundary (sampled evenly when there are many),
/// bit flips, size fields set to 0, 1, smaller than the header and huge, endless (unknown) EBML
/// sizes, duplicated and reordered boxes and elements, lying sample counts, TS packets with broken
/// continuity, dropped and duplicated packets, and Annex B / IVF damage. The same input always
/// gives the same cases (seeded by the file name, never by `Hasher`).
enum MutationCorpus {
    static let mediaExtensions: Set<String> = ["mp4", "mkv", "ts", "hevc", "h264", "ivf"]

    /// The media files directly in `corpus`, sorted by name.
    static func sourceFiles(in corpus: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { mediaExtensions.contains(($0 as NSString).pathExtension) && !$0.hasPrefix(".") }
            .sorted().map { corpus.appendingPathComponent($0) }
    }

    /// Every case for one file. `limit` caps the cases of each kind (evenly sampled).
    static func cases(name: String, bytes: [UInt8], perKind limit: Int = 12) -> [MutationCase] {
        var g = Generator(name: name, bytes: bytes)
        switch (name as NSString).pathExtension {
        case "mp4": g.isoBMFF()
        case "mkv": g.matroska()
        case "ts": g.transportStream()
        case "hevc", "h264": g.annexB(hevc: name.hasSuffix(".hevc"))
        case "ivf": g.ivf()
        default: break
        }
        g.generic()
        // Cap each kind, keeping an even spread; drop exact duplicates of the input or of each other.
        var byKind: [String: [MutationCase]] = [:]
        var order: [String] = []
        var seen = Set<[UInt8]>([bytes])
        for c in g.cases where seen.insert(c.bytes).inserted {
            if byKind[c.kind] == nil { order.append(c.kind) }
            byKind[c.kind, default: []].append(c)
        }
        return order.flatMap { evenly(byKind[$0]!, limit) }
    }

    /// At most `n` elements spread evenly over `items` (first and last included).
    static func evenly<T>(_ items: [T], _ n: Int) -> [T] {
        guard items.count > n, n > 0 else { return items }
        if n == 1 { return [items[0]] }
        return (0..<n).map { items[$0 * (items.count - 1) / (n - 1)] }
    }

    /// The representative subset the test suite runs: a few cases of every kind from one file of
    /// each container and codec family.
    static let representativeSources = [
        "dv_p81.mp4", "dv_p81.mkv", "dv_p81.ts", "dv_p81.hevc", "hdr10_hevc_frag.mp4", "av1_dv_p101.mp4",
        "av1_hdr10.ivf", "av1_hdr10.mkv", "hdr10plus_hevc.mkv", "dv_p7_muxed_el.ts", "sdr_h264.h264",
        "sdr_h264_aac.mp4", "sdr_h264_faststart.mp4", "audio_opus.mkv", "audio_mp2.ts", "hlg_hevc.mp4",
    ]

    static func representativeCases(corpus: URL, perKind: Int = 2) -> [MutationCase] {
        representativeSources.flatMap { name -> [MutationCase] in
            guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) else { return [] }
            return cases(name: name, bytes: [UInt8](data), perKind: perKind)
        }
    }
}

// MARK: - Deterministic randomness

/// SplitMix64, seeded from FNV-1a of a string: the same name always gives the same sequence.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed text: String) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        state = h
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Byte helpers

extension Array where Element == UInt8 {
    func be(_ at: Int, _ width: Int) -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<width { v = v << 8 | UInt64(self[at + i]) }
        return v
    }

    mutating func setBE(_ at: Int, _ width: Int, _ value: UInt64) {
        guard at >= 0, at + width <= count else { return }
        for i in 0..<width { self[at + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - i))) }
    }
}

// MARK: - The generator

private struct Generator {
    let name: String
    let bytes: [UInt8]
    var cases: [MutationCase] = []

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    mutating func add(_ kind: String, _ detail: String, _ data: [UInt8], truncated: Bool = false) {
        cases.append(MutationCase(source: name, kind: kind, detail: detail, bytes: data, expectsTruncationEvidence: truncated))
    }

    func rng(_ salt: String) -> SplitMix64 { SplitMix64(seed: "\(name)/\(salt)") }

    // MARK: Generic damage (every format)

    mutating func generic() {
        for flips in [1, 3, 8, 32, 128] {
            var r = rng("flip\(flips)")
            var data = bytes
            for _ in 0..<flips where !data.isEmpty {
                let bit = Int(r.next() % UInt64(data.count * 8))
                data[bit / 8] ^= 1 << UInt8(bit % 8)
            }
            add("bitflip", "\(flips)", data)
        }
        // Flips confined to the first 1 KiB, where every container keeps its headers.
        for flips in [2, 6] {
            var r = rng("headflip\(flips)")
            var data = bytes
            let span = Swift.min(data.count, 1024)
            for _ in 0..<flips where span > 0 {
                let bit = Int(r.next() % UInt64(span * 8))
                data[bit / 8] ^= 1 << UInt8(bit % 8)
            }
            add("bitflip-head", "\(flips)", data)
        }
        var r = rng("bytes")
        var data = bytes
        for _ in 0..<16 where !data.isEmpty { data[Int(r.next() % UInt64(data.count))] = UInt8(truncatingIfNeeded: r.next()) }
        add("byte-noise", "16", data)
        add("prefix", "1", Array(bytes.prefix(1)))
        add("prefix", "8", Array(bytes.prefix(8)))
        add("prefix", "100", Array(bytes.prefix(100)))
        add("doubled", "twice", bytes + bytes)
        var tail = rng("tail")
        add("garbage-tail", "4096", bytes + (0..<4096).map { _ in UInt8(truncatingIfNeeded: tail.next()) })
        add("zeroed", "second-half", Array(bytes.prefix(bytes.count / 2)) + [UInt8](repeating: 0, count: bytes.count - bytes.count / 2))
    }

    /// Cuts at `offsets` (sorted, unique, inside the file).
    mutating func truncations(_ kind: String, _ offsets: [Int], truncated: (Int) -> Bool) {
        let inside = Set(offsets.filter { $0 > 0 && $0 < bytes.count }).sorted()
        for o in inside { add(kind, "\(o)", Array(bytes.prefix(o)), truncated: truncated(o)) }
    }

    /// A box or element as the walkers list it: its byte span and its ancestors.
    protocol SpanNode {
        var offset: Int { get }
        var end: Int { get }
        var parents: [Int] { get }
    }

    /// Every pair of adjacent siblings swapped (sizes unchanged: the parents still add up).
    static func swappedNeighbours<Node: SpanNode>(_ bytes: [UInt8], _ nodes: [Node]) -> [(Node, Node, [UInt8])] {
        zip(nodes, nodes.dropFirst()).compactMap { x, y in
            guard x.parents == y.parents, x.end == y.offset else { return nil }
            var data = bytes
            data.replaceSubrange(x.offset..<y.end, with: Array(bytes[y.offset..<y.end]) + Array(bytes[x.offset..<x.end]))
            return (x, y, data)
        }
    }

    // MARK: ISO BMFF

    struct Box: SpanNode {
        var type: String
        var offset: Int
        var header: Int
        var end: Int
        var payload: Range<Int>
        var parents: [Int]  // indices of the ancestors in the node list, outermost first
        var size32: Bool { true }
    }

    static let isoContainers: Set<String> = ["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex", "moof",
                                             "traf", "udta", "sinf", "schi", "mfra"]
    static let visualEntries: Set<String> = ["hvc1", "hev1", "dvh1", "dvhe", "avc1", "avc3", "av01", "dav1", "vp09", "encv", "dva1", "dvav"]
    static let audioEntries: Set<String> = ["mp4a", "Opus", "ac-3", "ec-3", "enca", "fLaC"]

    func isoTree() -> [Box] {
        var nodes: [Box] = []
        func walk(_ range: Range<Int>, parents: [Int], depth: Int) {
            guard depth < 12, nodes.count < 2000 else { return }
            for b in ISOBoxWalker.walk(bytes, range: range).boxes {
                let index = nodes.count
                nodes.append(Box(type: b.type, offset: b.offset, header: b.headerSize, end: b.payload.upperBound,
                                 payload: b.payload, parents: parents))
                let p = b.payload
                if Self.isoContainers.contains(b.type) {
                    walk(p, parents: parents + [index], depth: depth + 1)
                } else if b.type == "meta", p.count > 4 {
                    walk((p.lowerBound + 4)..<p.upperBound, parents: parents + [index], depth: depth + 1)
                } else if b.type == "stsd", p.count > 8 {
                    walk((p.lowerBound + 8)..<p.upperBound, parents: parents + [index], depth: depth + 1)
                } else if Self.visualEntries.contains(b.type), p.count > 78 {
                    walk((p.lowerBound + 78)..<p.upperBound, parents: parents + [index], depth: depth + 1)
                } else if Self.audioEntries.contains(b.type), p.count > 28 {
                    walk((p.lowerBound + 28)..<p.upperBound, parents: parents + [index], depth: depth + 1)
                }
            }
        }
        walk(0..<bytes.count, parents: [], depth: 0)
        return nodes
    }

    /// `data` with `delta` added to the 32-bit size of each box in `parents` (a size of 0 or 1 is left alone).
    static func adjustSizes(_ data: inout [UInt8], _ nodes: [Box], parents: [Int], delta: Int) {
        for p in parents {
            let o = nodes[p].offset
            let size = data.be(o, 4)
            if size >= 8 { data.setBE(o, 4, UInt64(Int(size) + delta)) }
        }
    }

    mutating func isoBMFF() {
        let nodes = isoTree()
        guard !nodes.isEmpty else { return }
        let topLevel = nodes.filter { $0.parents.isEmpty }
        let topBoundaries = Set(topLevel.flatMap { [$0.offset, $0.end] })
        // Truncations at every box boundary (start, end of header, end), evenly sampled later.
        var cuts: [Int] = []
        for n in nodes { cuts += [n.offset, n.offset + n.header, n.end] }
        truncations("truncate", cuts, truncated: { !topBoundaries.contains($0) })

        // Size fields: 0, 1 (a largesize that is not there), 7 (smaller than the header),
        // one too many, one too few, 0xFFFFFFFF, and largesize = 2^64-1.
        let important = ["moov", "mdat", "trak", "stsd", "hvcC", "avcC", "av1C", "dvvC", "dvcC", "dvwC", "colr",
                         "mdcv", "clli", "stsz", "moof", "trun", "ftyp", "hdlr", "tkhd", "mdia", "minf", "stbl"]
        let chosen = important.compactMap { t in nodes.firstIndex { $0.type == t } }
        let variants: [(String, (inout [UInt8], Box) -> Void)] = [
            ("0", { d, b in d.setBE(b.offset, 4, 0) }),
            ("1", { d, b in d.setBE(b.offset, 4, 1) }),
            ("7", { d, b in d.setBE(b.offset, 4, 7) }),
            ("+1", { d, b in d.setBE(b.offset, 4, d.be(b.offset, 4) &+ 1) }),
            ("-1", { d, b in d.setBE(b.offset, 4, d.be(b.offset, 4) &- 1) }),
            ("huge", { d, b in d.setBE(b.offset, 4, 0xFFFF_FFFF) }),
            ("large-huge", { d, b in
                // size 1 with a largesize of 2^64-1 written over the first 8 payload bytes.
                d.setBE(b.offset, 4, 1)
                d.setBE(b.offset + 8, 8, UInt64.max)
            }),
        ]
        for (i, index) in chosen.enumerated() {
            let box = nodes[index]
            for k in 0..<3 {
                let (label, apply) = variants[(i + k * 2) % variants.count]
                var data = bytes
                apply(&data, box)
                add("size", "\(box.type)@\(box.offset)=\(label)", data)
            }
        }

        // Duplicated boxes (the parents' sizes grow to match, so the copy is read as a sibling).
        for t in ["moov", "ftyp", "trak", "hvcC", "dvvC", "dvcC", "colr", "stsd", "mdcv", "av1C", "avcC", "moof", "tkhd"] {
            guard let index = nodes.firstIndex(where: { $0.type == t }) else { continue }
            let box = nodes[index]
            var data = bytes
            data.insert(contentsOf: bytes[box.offset..<box.end], at: box.end)
            Self.adjustSizes(&data, nodes, parents: box.parents, delta: box.end - box.offset)
            add("duplicate", "\(t)@\(box.offset)", data)
        }
        // Reordered siblings: each pair of neighbours swapped (moov ↔ mdat, trak ↔ trak, hvcC ↔ dvvC, …).
        for (x, y, data) in Self.swappedNeighbours(bytes, nodes) {
            add("reorder", "\(x.type)<->\(y.type)@\(x.offset)", data)
        }
        // Lying sample counts and entry counts: 0, one more, and 0xFFFFFFFF.
        let counted: [(String, Int)] = [("stsz", 8), ("stts", 4), ("stsc", 4), ("stco", 4), ("co64", 4), ("stss", 4),
                                        ("ctts", 4), ("trun", 4), ("elst", 4), ("stsd", 4), ("sgpd", 8)]
        for (t, at) in counted {
            for box in nodes where box.type == t && box.payload.count >= at + 4 {
                let o = box.payload.lowerBound + at
                for (label, value) in [("0", UInt64(0)), ("+1", bytes.be(o, 4) &+ 1), ("huge", UInt64(0xFFFF_FFFF)),
                                       ("2^31", UInt64(0x8000_0000))] {
                    var data = bytes
                    data.setBE(o, 4, value)
                    add("sample-count", "\(t)@\(box.offset)=\(label)", data)
                }
                break
            }
        }
        // Sample sizes that lie: every stsz entry (or the default size) set huge.
        if let stsz = nodes.first(where: { $0.type == "stsz" }), stsz.payload.count >= 12 {
            var data = bytes
            let p = stsz.payload.lowerBound
            if bytes.be(p + 4, 4) != 0 {
                data.setBE(p + 4, 4, 0x7FFF_FFFF)
            } else {
                var o = p + 12
                while o + 4 <= stsz.payload.upperBound { data.setBE(o, 4, 0x7FFF_FFFF); o += 4 }
            }
            add("sample-size", "stsz=huge", data)
        }
        // Chunk offsets pointing past the end of the file.
        if let stco = nodes.first(where: { $0.type == "stco" }), stco.payload.count >= 12 {
            var data = bytes
            var o = stco.payload.lowerBound + 8
            while o + 4 <= stco.payload.upperBound { data.setBE(o, 4, 0xFFFF_FF00); o += 4 }
            add("chunk-offset", "stco=past-end", data)
        }
        // Configuration payloads zeroed, and box types renamed (a dvvC that is no longer one, …).
        for t in ["hvcC", "avcC", "av1C", "dvvC", "dvcC", "colr", "mdcv"] {
            guard let box = nodes.first(where: { $0.type == t }) else { continue }
            var data = bytes
            for i in box.payload { data[i] = 0 }
            add("zero-payload", "\(t)@\(box.offset)", data)
        }
        for (from, to) in [("hvcC", "avcC"), ("avcC", "hvcC"), ("dvvC", "dvcC"), ("dvcC", "dvwC"), ("hvc1", "dvh1"), ("av01", "dav1"), ("vide", "soun")] {
            if let box = nodes.first(where: { $0.type == from }) {
                var data = bytes
                data.replaceSubrange((box.offset + 4)..<(box.offset + 8), with: Array(to.utf8))
                add("retype", "\(from)->\(to)@\(box.offset)", data)
            } else if from == "vide", let hdlr = nodes.first(where: { $0.type == "hdlr" }), hdlr.payload.count >= 12 {
                var data = bytes
                data.replaceSubrange((hdlr.payload.lowerBound + 8)..<(hdlr.payload.lowerBound + 12), with: Array(to.utf8))
                add("retype", "hdlr-vide->soun", data)
            }
        }
    }

    // MARK: Matroska

    struct Element: SpanNode {
        var id: UInt32
        var offset: Int
        var idLength: Int
        var sizeLength: Int
        var size: UInt64?   // nil = unknown
        var end: Int
        var parents: [Int]
        var dataStart: Int { offset + idLength + sizeLength }
    }

    static let ebmlMasters: Set<UInt32> = [0x1A45_DFA3, 0x1853_8067, 0x114D_9B74, 0x4DBB, 0x1549_A966, 0x1654_AE6B, 0xAE,
                                           0xE0, 0x55B0, 0x55D0, 0x1F43_B675, 0xA0, 0x41E4, 0x1C53_BB6B, 0xBB, 0xB7,
                                           0x1254_C367, 0x7373, 0x63C0, 0x67C8, 0x6D80, 0x6240, 0x5034, 0x5035, 0xE1,
                                           0x1043_A770, 0x45B9, 0xB6, 0x75A1, 0xA6]

    static func readVint(_ b: [UInt8], _ pos: Int, keepMarker: Bool) -> (UInt64?, Int)? {
        guard pos < b.count else { return nil }
        let len = b[pos].leadingZeroBitCount + 1
        guard len <= 8, pos + len <= b.count else { return nil }
        var v = keepMarker ? UInt64(b[pos]) : UInt64(b[pos]) & ((1 << UInt64(8 - len)) - 1)
        for i in 1..<len { v = v << 8 | UInt64(b[pos + i]) }
        if !keepMarker && v == (UInt64(1) << UInt64(7 * len)) - 1 { return (nil, len) }
        return (v, len)
    }

    /// A size vint of `length` bytes holding `value` (nil = unknown: all value bits set).
    static func encodeSize(_ value: UInt64?, length: Int) -> [UInt8]? {
        let maxValue = (UInt64(1) << UInt64(7 * length)) - 1
        let v = value ?? maxValue
        guard v <= maxValue else { return nil }
        var out = [UInt8](repeating: 0, count: length)
        for i in 0..<length { out[length - 1 - i] = UInt8(truncatingIfNeeded: v >> UInt64(8 * i)) }
        out[0] |= UInt8(0x80 >> (length - 1))
        return out
    }

    func ebmlTree() -> [Element] {
        var nodes: [Element] = []
        func walk(_ start: Int, _ end: Int, parents: [Int], depth: Int) {
            var pos = start
            while pos < end, nodes.count < 3000, depth < 10 {
                guard let (idValue, idLength) = Self.readVint(bytes, pos, keepMarker: true), let id = idValue, idLength <= 4,
                      let (size, sizeLength) = Self.readVint(bytes, pos + idLength, keepMarker: false) else { return }
                let dataStart = pos + idLength + sizeLength
                guard dataStart <= end else { return }
                let elementEnd = size.map { Swift.min(end, dataStart + Int(clamping: $0)) } ?? end
                let index = nodes.count
                nodes.append(Element(id: UInt32(id), offset: pos, idLength: idLength, sizeLength: sizeLength, size: size,
                                     end: elementEnd, parents: parents))
                if Self.ebmlMasters.contains(UInt32(id)) {
                    walk(dataStart, elementEnd, parents: parents + [index], depth: depth + 1)
                }
                if size == nil { return }
                pos = elementEnd
            }
        }
        walk(0, bytes.count, parents: [], depth: 0)
        return nodes
    }

    static func ebmlName(_ id: UInt32) -> String {
        switch id {
        case 0x1A45_DFA3: return "EBML"
        case 0x1853_8067: return "Segment"
        case 0x1654_AE6B: return "Tracks"
        case 0xAE: return "TrackEntry"
        case 0x1F43_B675: return "Cluster"
        case 0x1549_A966: return "Info"
        case 0x114D_9B74: return "SeekHead"
        case 0x1C53_BB6B: return "Cues"
        case 0x63A2: return "CodecPrivate"
        case 0x41E4: return "BlockAdditionMapping"
        case 0x41ED: return "BlockAddIDExtraData"
        case 0x55B0: return "Colour"
        case 0x55D0: return "MasteringMetadata"
        case 0xE0: return "Video"
        case 0xA3: return "SimpleBlock"
        case 0xA0: return "BlockGroup"
        case 0x86: return "CodecID"
        case 0x4282: return "DocType"
        case 0x1254_C367: return "Tags"
        default: return String(id, radix: 16)
        }
    }

    /// `data` with each known-size ancestor's size grown by `delta` (skipped when it no longer fits
    /// its vint length). Returns false when an ancestor could not be adjusted.
    static func adjustSizes(_ data: inout [UInt8], _ nodes: [Element], parents: [Int], delta: Int) -> Bool {
        for p in parents {
            let e = nodes[p]
            guard let size = e.size else { continue }
            guard let encoded = encodeSize(UInt64(max(0, Int(size) + delta)), length: e.sizeLength) else { return false }
            data.replaceSubrange((e.offset + e.idLength)..<e.dataStart, with: encoded)
        }
        return true
    }

    mutating func matroska() {
        let nodes = ebmlTree()
        guard !nodes.isEmpty else { return }
        let segment = nodes.first { $0.id == 0x1853_8067 }
        let knownSegmentEnd = segment.flatMap { s in s.size.map { _ in s.end } }
        var cuts: [Int] = []
        for n in nodes { cuts += [n.offset, n.dataStart, n.end] }
        truncations("truncate", cuts, truncated: { cut in knownSegmentEnd.map { cut < $0 } ?? false })

        // Endless (unknown) sizes: on masters (legal for Segment and Cluster only) and on binary elements.
        for id: UInt32 in [0x1853_8067, 0x1F43_B675, 0x1654_AE6B, 0xAE, 0x1549_A966, 0x55B0, 0x41E4, 0x63A2, 0xA3, 0x41ED, 0x1A45_DFA3] {
            guard let e = nodes.first(where: { $0.id == id }), let encoded = Self.encodeSize(nil, length: e.sizeLength) else { continue }
            var data = bytes
            data.replaceSubrange((e.offset + e.idLength)..<e.dataStart, with: encoded)
            add("endless-size", Self.ebmlName(id), data)
        }
        // Size fields: 0, the largest value its length holds, one too many, one too few.
        for id: UInt32 in [0x1853_8067, 0x1654_AE6B, 0xAE, 0x63A2, 0x1F43_B675, 0xA3, 0x41ED, 0x55D0, 0x86, 0x1A45_DFA3, 0x4282] {
            guard let e = nodes.first(where: { $0.id == id }), let size = e.size else { continue }
            let maxValue = (UInt64(1) << UInt64(7 * e.sizeLength)) - 2
            for (label, value) in [("0", UInt64(0)), ("max", maxValue), ("+1", size + 1), ("-1", size == 0 ? 0 : size - 1)] {
                guard let encoded = Self.encodeSize(value, length: e.sizeLength) else { continue }
                var data = bytes
                data.replaceSubrange((e.offset + e.idLength)..<e.dataStart, with: encoded)
                add("size", "\(Self.ebmlName(id))=\(label)", data)
            }
        }
        // A size vint longer than 8 bytes (0x00 first byte) and an ID longer than 4.
        if let tracks = nodes.first(where: { $0.id == 0x1654_AE6B }) {
            var data = bytes
            data[tracks.offset + tracks.idLength] = 0x00
            add("size", "Tracks=invalid-vint", data)
        }
        // Duplicated elements (known-size ancestors grow to match).
        for id: UInt32 in [0xAE, 0x1654_AE6B, 0x1F43_B675, 0x1549_A966, 0x41E4, 0x55B0, 0x63A2, 0xA3, 0x1A45_DFA3] {
            guard let index = nodes.firstIndex(where: { $0.id == id }) else { continue }
            let e = nodes[index]
            var data = bytes
            data.insert(contentsOf: bytes[e.offset..<e.end], at: e.end)
            guard Self.adjustSizes(&data, nodes, parents: e.parents, delta: e.end - e.offset) else { continue }
            add("duplicate", Self.ebmlName(id), data)
        }
        // Reordered siblings.
        for (x, y, data) in Self.swappedNeighbours(bytes, nodes) {
            add("reorder", "\(Self.ebmlName(x.id))<->\(Self.ebmlName(y.id))@\(x.offset)", data)
        }
        // Elements removed (known-size ancestors shrink).
        for id: UInt32 in [0x1654_AE6B, 0x63A2, 0x41E4, 0x55B0, 0x1549_A966, 0x86] {
            guard let index = nodes.firstIndex(where: { $0.id == id }) else { continue }
            let e = nodes[index]
            var data = bytes
            data.removeSubrange(e.offset..<e.end)
            guard Self.adjustSizes(&data, nodes, parents: e.parents, delta: -(e.end - e.offset)) else { continue }
            add("remove", Self.ebmlName(id), data)
        }
        // Lying lacing: the flags byte of every SimpleBlock set to Xiph/EBML/fixed lacing.
        if nodes.contains(where: { $0.id == 0xA3 }) {
            for (label, lacing) in [("xiph", UInt8(0x02)), ("ebml", 0x06), ("fixed", 0x04)] {
                var data = bytes
                for e in nodes where e.id == 0xA3 {
                    guard let (_, trackLength) = Self.readVint(bytes, e.dataStart, keepMarker: false) else { continue }
                    let flags = e.dataStart + trackLength + 2
                    if flags < e.end { data[flags] = (data[flags] & ~0x06) | lacing }
                }
                add("lacing", label, data)
            }
        }
    }

    // MARK: MPEG-TS

    mutating func transportStream() {
        let size = 188
        guard bytes.count >= size, bytes[0] == 0x47 else { return }
        let packets = bytes.count / size
        var pesStarts: [Int] = []
        var pids: [Int: Int] = [:]
        for i in 0..<packets {
            let o = i * size
            guard bytes[o] == 0x47 else { break }
            let pid = Int(bytes[o + 1] & 0x1F) << 8 | Int(bytes[o + 2])
            pids[pid, default: 0] += 1
            if bytes[o + 1] & 0x40 != 0 { pesStarts.append(o) }
        }
        let busiest = pids.filter { $0.key != 0x1FFF }.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        // Truncations at packet boundaries (a valid shorter stream) and inside packets.
        var cuts = Array(stride(from: size, to: bytes.count, by: size))
        cuts += pesStarts.flatMap { [$0, $0 + 7, $0 + 100] }
        truncations("truncate", cuts, truncated: { $0 % size != 0 })

        func pid(_ o: Int) -> Int { Int(bytes[o + 1] & 0x1F) << 8 | Int(bytes[o + 2]) }
        /// Where the PSI section (PAT on PID 0, a PMT elsewhere) of the packet at `o` starts, if it starts one.
        func psiSection(_ o: Int) -> Int? {
            guard bytes[o] == 0x47, bytes[o + 1] & 0x40 != 0, bytes[o + 3] & 0x30 == 0x10 else { return nil }
            let start = o + 5 + Int(bytes[o + 4])
            guard start + 3 <= o + size else { return nil }
            return pid(o) == 0 || bytes[start] == 0x02 ? start : nil
        }
        var r = rng("cc")
        // Broken continuity: every counter of the busiest PID randomised; a jump halfway; counters frozen.
        var data = bytes
        for i in 0..<packets where pid(i * size) == busiest { data[i * size + 3] = (data[i * size + 3] & 0xF0) | UInt8(r.next() & 0x0F) }
        add("continuity", "random-pid\(busiest)", data)
        data = bytes
        for i in (packets / 2)..<packets where pid(i * size) == busiest { data[i * size + 3] = (data[i * size + 3] & 0xF0) | ((data[i * size + 3] &+ 5) & 0x0F) }
        add("continuity", "jump-pid\(busiest)", data)
        data = bytes
        for i in 0..<packets { data[i * size + 3] &= 0xF0 }
        add("continuity", "frozen", data)
        // Dropped, duplicated and swapped packets.
        for every in [2, 5, 13] {
            var out: [UInt8] = []
            for i in 0..<packets where i % every != every - 1 { out += bytes[(i * size)..<((i + 1) * size)] }
            add("drop-packets", "every\(every)", out)
        }
        var dup: [UInt8] = []
        for i in 0..<packets { let p = bytes[(i * size)..<((i + 1) * size)]; dup += p; if i % 3 == 0 { dup += p } }
        add("duplicate-packets", "every3", dup)
        var swapped = bytes
        for i in stride(from: 0, to: packets - 1, by: 4) {
            swapped.replaceSubrange((i * size)..<((i + 2) * size),
                                    with: Array(bytes[((i + 1) * size)..<((i + 2) * size)]) + Array(bytes[(i * size)..<((i + 1) * size)]))
        }
        add("reorder", "packet-pairs", swapped)
        // Lost sync: sync bytes cleared in a run of packets; a stray byte shifting everything after it.
        data = bytes
        for i in stride(from: 1, to: packets, by: 7) { data[i * size] = 0x00 }
        add("sync", "every7", data)
        data = bytes
        data.insert(0x47, at: Swift.min(bytes.count, size * Swift.max(1, packets / 3) + 5))
        add("sync", "stray-byte", data)
        // Lying lengths: adaptation_field_length, PSI section_length, PES_packet_length, descriptor lengths.
        data = bytes
        for i in 0..<packets where bytes[i * size + 3] & 0x20 != 0 { data[i * size + 4] = 0xFF }
        add("size", "adaptation-field=255", data)
        for (label, value) in [("0", UInt64(0)), ("huge", UInt64(0x0FFF)), ("1", UInt64(1))] {
            data = bytes
            for i in 0..<packets {
                guard let start = psiSection(i * size) else { continue }
                data[start + 1] = (data[start + 1] & 0xF0) | UInt8((value >> 8) & 0x0F)
                data[start + 2] = UInt8(value & 0xFF)
            }
            add("size", "section_length=\(label)", data)
        }
        for (label, value) in [("1", UInt64(1)), ("huge", UInt64(0xFFFF))] {
            data = bytes
            for o in pesStarts {
                var p = o + 4
                if bytes[o + 3] & 0x20 != 0 { p += 1 + Int(bytes[o + 4]) }
                guard p + 9 <= o + size, bytes[p] == 0, bytes[p + 1] == 0, bytes[p + 2] == 1 else { continue }
                data.setBE(p + 4, 2, value)
                data[p + 8] = value == 1 ? 0xFF : data[p + 8]  // PES_header_data_length past the packet
            }
            add("size", "pes_length=\(label)", data)
        }
        // Every descriptor in the PMT claiming 255 bytes (DOVI descriptor 0xB0 among them).
        // The PMT sections: (packet offset, offset of its first elementary-stream entry).
        let pmts: [(packet: Int, streams: Int)] = (0..<packets).compactMap { i in
            let o = i * size
            guard let s = psiSection(o), s + 12 < o + size, bytes[s] == 0x02 else { return nil }
            return (o, s + 12 + (Int(bytes[s + 10] & 0x0F) << 8 | Int(bytes[s + 11])))
        }
        data = bytes
        for (o, first) in pmts {
            var e = first
            while e + 5 <= o + size - 4 {
                let esInfo = Int(bytes[e + 3] & 0x0F) << 8 | Int(bytes[e + 4])
                var d = e + 5
                while d + 2 <= Swift.min(e + 5 + esInfo, o + size) { data[d + 1] = 0xFF; d += 2 + Int(bytes[d + 1]) }
                e += 5 + esInfo
            }
            add("size", "descriptors=255", data)
            break
        }
        // Stream types swapped in the PMT (HEVC ↔ H.264 ↔ private data).
        for (label, type) in [("h264", UInt8(0x1B)), ("hevc", 0x24), ("private", 0x06), ("unknown", 0xEE)] {
            data = bytes
            for (o, e) in pmts where e < o + size { data[e] = type }
            add("stream-type", label, data)
        }
    }

    // MARK: Annex B

    mutating func annexB(hevc: Bool) {
        // NAL units: start code offset, payload start, end.
        var starts: [(code: Int, start: Int)] = []
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 {
                let code = i > 0 && bytes[i - 1] == 0 ? i - 1 : i
                starts.append((code, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        guard !starts.isEmpty else { return }
        let units: [(code: Int, start: Int, end: Int)] = starts.enumerated().map { k, s in
            (s.code, s.start, k + 1 < starts.count ? starts[k + 1].code : bytes.count)
        }
        func type(_ u: (code: Int, start: Int, end: Int)) -> Int {
            guard u.start < bytes.count else { return -1 }
            return hevc ? Int(bytes[u.start] >> 1) & 0x3F : Int(bytes[u.start]) & 0x1F
        }
        truncations("truncate", units.flatMap { [$0.code, $0.start + 1, ($0.start + $0.end) / 2] }, truncated: { _ in false })
        let interesting = hevc ? [32, 33, 34, 39, 62, 19, 1, 63, 40] : [7, 8, 6, 5, 1, 9]
        for t in interesting {
            guard let u = units.first(where: { type($0) == t }) else { continue }
            add("drop-nal", "type\(t)", Array(bytes[..<u.code]) + Array(bytes[u.end...]))
            add("duplicate-nal", "type\(t)", Array(bytes[..<u.end]) + Array(bytes[u.code..<u.end]) + Array(bytes[u.end...]))
            // The NAL unit with its emulation-prevention bytes removed (start codes appear inside it).
            let raw = EmulationPrevention.unescape(bytes[u.start..<u.end])
            if raw.count != u.end - u.start {
                add("unescaped-nal", "type\(t)", Array(bytes[..<u.start]) + raw + Array(bytes[u.end...]))
            }
            // Its header rewritten: forbidden bit, another type.
            var data = bytes
            data[u.start] |= 0x80
            add("nal-header", "forbidden-type\(t)", data)
            data = bytes
            data[u.start] = hevc ? (data[u.start] & 0x81) | (62 << 1) : (data[u.start] & 0xE0) | 7
            add("nal-header", "retype\(t)", data)
            // Its payload cut in half but the stream goes on.
            let half = u.start + (u.end - u.start) / 2
            add("cut-nal", "type\(t)", Array(bytes[..<half]) + Array(bytes[u.end...]))
        }
        // Neighbouring NAL units swapped.
        for k in stride(from: 0, to: units.count - 1, by: Swift.max(1, units.count / 8)) {
            let a = units[k], b = units[k + 1]
            var data = bytes
            data.replaceSubrange(a.code..<b.end, with: Array(bytes[b.code..<b.end]) + Array(bytes[a.code..<a.end]))
            add("reorder", "nal\(k)", data)
        }
        // The stream with its start codes removed.
        var stripped: [UInt8] = []
        var from = 0
        for s in starts {
            stripped += bytes[from..<(s.start - 3)]
            from = s.start
        }
        stripped += bytes[from...]
        add("start-codes", "none", stripped)
    }

    // MARK: IVF

    mutating func ivf() {
        guard bytes.count >= 32, bytes.starts(with: Array("DKIF".utf8)) else { return }
        let headerLength = Int(bytes[6]) | Int(bytes[7]) << 8
        var frames: [(offset: Int, end: Int)] = []
        var o = headerLength
        while o + 12 <= bytes.count, frames.count < 10_000 {
            let n = Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24
            let end = Swift.min(bytes.count, o + 12 + n)
            frames.append((o, end))
            o = end
        }
        truncations("truncate", frames.flatMap { [$0.offset, $0.offset + 12, ($0.offset + $0.end) / 2] } + [16, 32],
                    truncated: { _ in false })
        for (label, value) in [("0", UInt32(0)), ("huge", 0xFFFF_FFF0), ("+1", 1)] {
            guard let f = frames.first else { break }
            var data = bytes
            let old = UInt32(bytes[f.offset]) | UInt32(bytes[f.offset + 1]) << 8 | UInt32(bytes[f.offset + 2]) << 16 | UInt32(bytes[f.offset + 3]) << 24
            let v = label == "+1" ? old &+ 1 : value
            for k in 0..<4 { data[f.offset + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
            add("size", "frame0=\(label)", data)
        }
        for (label, value) in [("0", 0), ("huge", 0xFFFF), ("31", 31)] {
            var data = bytes
            data[6] = UInt8(value & 0xFF)
            data[7] = UInt8(value >> 8)
            add("size", "header=\(label)", data)
        }
        var data = bytes
        for k in 24..<28 { data[k] = 0xFF }
        add("sample-count", "frames=huge", data)
        if frames.count >= 2 {
            let a = frames[0], b = frames[1]
            data = bytes
            data.replaceSubrange(a.offset..<b.end, with: Array(bytes[b.offset..<b.end]) + Array(bytes[a.offset..<a.end]))
            add("reorder", "frame0<->frame1", data)
            add("duplicate", "frame0", Array(bytes[..<a.end]) + Array(bytes[a.offset..<a.end]) + Array(bytes[a.end...]))
        }
    }
}
#endif
