import HDRProbeParse
import HDRProbeModel

/// A compact binary form of ``ReportDigest`` for the scan cache (version 3: with the brightness series and the RPU
/// facts the player rules read): what a warm scan decodes for each
/// file instead of JSON (JSON decoding was most of a warm scan's time). Layout: a version byte,
/// then fields in declaration order; strings as LEB128 length + UTF-8, integers as zig-zag LEB128,
/// doubles as 8 little-endian bytes, optionals behind a presence byte. Any malformed input decodes
/// as nil (the cache then probes the file again).
extension ReportDigest {
    package static let compactVersion: UInt8 = 3

    package func compactEncoded() -> [UInt8] {
        var w = CompactWriter()
        w.byte(Self.compactVersion)
        w.string(path)
        w.byte(status == .ok ? 0 : 1)
        w.optional(error) { w, e in w.string(e.code.rawValue); w.string(e.message) }
        w.int(streams.count)
        for s in streams {
            w.int(s.index)
            w.string(s.kind)
            w.optional(s.videoRangeType) { w, v in w.string(v.rawValue) }
            w.optional(s.dolbyVision) { w, d in w.string(d.profile); w.string(d.decision.rawValue); w.string(d.verdictCode.rawValue) }
            w.optional(s.playback) { w, p in
                w.string(p.codec)
                w.optional(p.profileName) { w, v in w.string(v) }
                w.optional(p.bitDepth) { w, v in w.int(v) }
                w.optional(p.chroma) { w, v in w.string(v) }
                w.int(p.width)
                w.int(p.height)
                w.optional(p.framesPerSecond) { w, v in w.double(v) }
                w.optional(p.container) { w, v in w.string(v) }
                w.string(p.videoRange.rawValue)
                w.bool(p.hdr10Plus)
                w.optional(p.dolbyVision) { w, d in
                    w.int(d.profile)
                    w.optional(d.compatibilityId) { w, v in w.int(v) }
                    w.bool(d.fromRPU)
                }
                w.optional(p.dolbyVisionLevel) { w, v in w.int(v) }
                w.bool(p.dolbyVisionAccepted)
                w.optional(p.dolbyVisionVerdict) { w, v in w.string(v.rawValue) }
                w.bool(p.hasDolbyVisionRecord)
                w.optional(p.rpuProfile) { w, v in w.int(v) }
                w.optional(p.enhancementLayer) { w, v in w.string(v.rawValue) }
                w.optional(p.sampleEntry) { w, v in w.string(v) }
                w.optional(p.supplementalCodecs) { w, v in w.string(v) }
            }
        }
        w.int(findings.count)
        for f in findings {
            w.string(f.code.rawValue)
            w.string(f.severity.rawValue)
            w.string(f.message)
            w.optional(f.stream) { w, v in w.int(v) }
        }
        w.optional(brightness) { w, b in
            w.byte(b.source == .rpu ? 0 : 1)
            w.int(b.milliseconds.count)
            for (t, n) in zip(b.milliseconds, b.decinits) { w.int(t); w.int(n) }
        }
        return w.bytes
    }

    package init?(compact bytes: [UInt8]) {
        var r = CompactReader(bytes)
        guard r.byte() == Self.compactVersion, let path = r.string(), let status = r.byte(), status <= 1 else { return nil }
        var error: ReportError?
        guard r.optional({ r -> ReportError? in
            guard let code = r.string().flatMap(ErrorCode.init(rawValue:)), let message = r.string() else { return nil }
            return ReportError(code, message)
        }, into: { error = $0 }) else { return nil }
        guard let streamCount = r.count() else { return nil }
        var streams: [StreamDigest] = []
        for _ in 0..<streamCount {
            guard let index = r.int(), let kind = r.string() else { return nil }
            var type: VideoRangeType?, dv: DolbyVision?, playback: PlaybackInput?
            guard r.optional({ $0.string().flatMap(VideoRangeType.init(rawValue:)) }, into: { type = $0 }),
                  r.optional({ r -> DolbyVision? in
                      guard let p = r.string(), let d = r.string().flatMap(DolbyVisionReport.Verdict.Decision.init(rawValue:)),
                            let c = r.string().flatMap(DolbyVisionVerdictCode.init(rawValue:)) else { return nil }
                      return DolbyVision(profile: p, decision: d, verdictCode: c)
                  }, into: { dv = $0 }),
                  r.optional({ r in Self.readPlayback(&r) }, into: { playback = $0 }) else { return nil }
            streams.append(StreamDigest(index: index, kind: kind, videoRangeType: type, dolbyVision: dv, playback: playback))
        }
        guard let findingCount = r.count() else { return nil }
        var findings: [Finding] = []
        for _ in 0..<findingCount {
            guard let code = r.string().flatMap(FindingCode.init(rawValue:)), let sev = r.string().flatMap(Finding.Severity.init), let message = r.string() else { return nil }
            var stream: Int?
            guard r.optional({ $0.int() }, into: { stream = $0 }) else { return nil }
            findings.append(Finding(code: code, severity: sev, message: message, stream: stream))
        }
        var brightness: BrightnessSeries?
        guard r.optional({ r in Self.readBrightness(&r) }, into: { brightness = $0 }), r.atEnd else { return nil }
        self.init(path: path, status: status == 0 ? .ok : .error, error: error, streams: streams, findings: findings,
                  brightness: brightness)
    }

    private static func readBrightness(_ r: inout CompactReader) -> BrightnessSeries? {
        guard let source = r.byte(), source <= 1, let n = r.count() else { return nil }
        var times: [Int] = [], nits: [Int] = []
        // `count` bounds n by the bytes left, so hostile input cannot reserve more than its size.
        times.reserveCapacity(n)
        nits.reserveCapacity(n)
        for _ in 0..<n {
            guard let t = r.int(), let v = r.int() else { return nil }
            times.append(t)
            nits.append(v)
        }
        return BrightnessSeries(source: source == 0 ? .rpu : .hdr10plus, milliseconds: times, decinits: nits)
    }

    private static func readPlayback(_ r: inout CompactReader) -> PlaybackInput? {
        guard let codec = r.string() else { return nil }
        var profileName: String?, bitDepth: Int?, chroma: String?, fps: Double?, container: String?
        guard r.optional({ $0.string() }, into: { profileName = $0 }), r.optional({ $0.int() }, into: { bitDepth = $0 }),
              r.optional({ $0.string() }, into: { chroma = $0 }), let width = r.int(), let height = r.int(),
              r.optional({ $0.double() }, into: { fps = $0 }), r.optional({ $0.string() }, into: { container = $0 }),
              let range = r.string().flatMap(VideoRange.init), let hdr10Plus = r.bool() else { return nil }
        var dv: DolbyVisionProfile?, level: Int?, verdict: DolbyVisionVerdictCode?, entry: String?, supplemental: String?
        var rpuProfile: Int?, layer: DolbyVisionEnhancementLayer?
        guard r.optional({ r -> DolbyVisionProfile? in
                  guard let p = r.int() else { return nil }
                  var compat: Int?
                  guard r.optional({ $0.int() }, into: { compat = $0 }), let fromRPU = r.bool() else { return nil }
                  return DolbyVisionProfile(profile: p, compatibilityId: compat, fromRPU: fromRPU)
              }, into: { dv = $0 }),
              r.optional({ $0.int() }, into: { level = $0 }), let accepted = r.bool(),
              r.optional({ $0.string().flatMap(DolbyVisionVerdictCode.init(rawValue:)) }, into: { verdict = $0 }), let hasRecord = r.bool(),
              r.optional({ $0.int() }, into: { rpuProfile = $0 }),
              r.optional({ $0.string().flatMap(DolbyVisionEnhancementLayer.init(rawValue:)) }, into: { layer = $0 }),
              r.optional({ $0.string() }, into: { entry = $0 }), r.optional({ $0.string() }, into: { supplemental = $0 })
        else { return nil }
        return PlaybackInput(codec: codec, profileName: profileName, bitDepth: bitDepth, chroma: chroma, width: width, height: height,
                             framesPerSecond: fps, container: container, videoRange: range, hdr10Plus: hdr10Plus, dolbyVision: dv,
                             dolbyVisionLevel: level, dolbyVisionAccepted: accepted, dolbyVisionVerdict: verdict,
                             hasDolbyVisionRecord: hasRecord, rpuProfile: rpuProfile, enhancementLayer: layer, sampleEntry: entry, supplementalCodecs: supplemental)
    }
}

package struct CompactWriter {
    package var bytes: [UInt8] = []

    package mutating func byte(_ b: UInt8) { bytes.append(b) }
    package mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }
    package mutating func uleb(_ v: UInt64) {
        var v = v
        repeat {
            var b = UInt8(v & 0x7F)
            v >>= 7
            if v != 0 { b |= 0x80 }
            bytes.append(b)
        } while v != 0
    }
    package mutating func int(_ v: Int) { uleb(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }
    package mutating func double(_ d: Double) { withUnsafeBytes(of: d.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    package mutating func string(_ s: String) {
        let u = Array(s.utf8)
        uleb(UInt64(u.count))
        bytes.append(contentsOf: u)
    }
    package mutating func optional<T>(_ v: T?, _ write: (inout CompactWriter, T) -> Void) {
        if let v { byte(1); write(&self, v) } else { byte(0) }
    }
}

package struct CompactReader {
    package let bytes: [UInt8]
    package var i = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var atEnd: Bool { i == bytes.count }

    package mutating func byte() -> UInt8? {
        guard i < bytes.count else { return nil }
        defer { i += 1 }
        return bytes[i]
    }
    package mutating func bool() -> Bool? { byte().flatMap { $0 <= 1 ? $0 == 1 : nil } }
    package mutating func uleb() -> UInt64? {
        // One byte (values below 128) is the common case: most brightness points and lengths.
        if i < bytes.count, bytes[i] < 0x80 {
            i += 1
            return UInt64(bytes[i - 1])
        }
        var v: UInt64 = 0, shift: UInt64 = 0
        while let b = byte() {
            guard shift < 64 else { return nil }
            v |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return v }
            shift += 7
        }
        return nil
    }
    package mutating func int() -> Int? {
        guard let u = uleb() else { return nil }
        let v = Int64(bitPattern: u)
        return Int((v >> 1) ^ -(v & 1))
    }
    /// A count that cannot exceed the bytes left (bounds allocations on hostile input).
    package mutating func count() -> Int? {
        guard let n = int(), n >= 0, n <= bytes.count - i else { return nil }
        return n
    }
    package mutating func double() -> Double? {
        guard i + 8 <= bytes.count else { return nil }
        var raw: UInt64 = 0
        for k in 0..<8 { raw |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
        i += 8
        return Double(bitPattern: raw)
    }
    package mutating func string() -> String? {
        guard let u = uleb(), u <= UInt64(bytes.count - i) else { return nil }
        let n = Int(u)
        defer { i += n }
        return String(decoding: bytes[i..<(i + n)], as: UTF8.self)
    }
    /// Reads a presence byte and, when present, the value; false on malformed input.
    package mutating func optional<T>(_ read: (inout CompactReader) -> T?, into store: (T) -> Void) -> Bool {
        guard let flag = byte(), flag <= 1 else { return false }
        if flag == 0 { return true }
        guard let v = read(&self) else { return false }
        store(v)
        return true
    }
}
