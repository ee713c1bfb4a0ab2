import Foundation
import Testing
import HDRProbeModel
import HDRProbeManifests
import HDRProbeContainers
@testable import HDRProbeEngine

/// `hls --check` over HTTP (docs/rules/hls-presentation.md, "Network reads"): a presentation made
/// here by FFmpeg is served by `Fixtures/latency_server.py` on the loopback with a delay per
/// request; its check over HTTP must say what the check of its files says, make exactly the
/// requests the walk needs, and overlap them. Misbehaving servers end in errors naming the URL,
/// within the time limits. Skipped without python3 (and the presentation tests without FFmpeg).
@Suite(.serialized, .enabled(if: LatencyHTTPServer.available, "python3 runs the loopback server"))
struct RemotePresentationCheckTests {
    static let ffmpeg = "/usr/bin/ffmpeg"
    /// 1-second segments.
    static let seconds = 40
    /// Bytes the walk reads first of each segment.
    static let header = HLSPresentationCheck.fragmentHeaderBytes

    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-remote-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Two HDR10 HEVC fMP4 variants (x265, a key frame every 25 frames at 25 fps, 1-second
    /// segments) and a master declaring each variant's largest segment bit rate; nil without FFmpeg.
    static func makePresentation(in folder: URL) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.currentDirectoryURL = folder
        p.standardError = FileHandle.nullDevice
        p.arguments = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "\(seconds)", "-map", "0:v", "-map", "0:v",
                       "-c:v", "libx265", "-b:v:0", "400k", "-b:v:1", "150k", "-s:v:1", "160x90",
                       "-x265-params", "keyint=25:min-keyint=25:scenecut=0:log-level=error:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400",
                       "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", "-f", "hls", "-hls_time", "1", "-hls_segment_type", "fmp4",
                       "-hls_playlist_type", "vod", "-var_stream_map", "v:0 v:1", "-hls_segment_filename", "v%v_%d.m4s",
                       "-hls_fmp4_init_filename", "init_%v.mp4", "v%v.m3u8"]
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return false }
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
        for v in 0..<2 {
            var peak = 0.0
            for name in try segmentNames(variant: v, in: folder) {
                peak = max(peak, Double(try size(folder.appendingPathComponent(name))) * 8)
            }
            lines.append("#EXT-X-STREAM-INF:BANDWIDTH=\(Int(peak.rounded(.up))),CODECS=\"hvc1.2.4.L60.90\",RESOLUTION=\(v == 0 ? "320x180" : "160x90"),FRAME-RATE=25.000,VIDEO-RANGE=PQ")
            lines.append("v\(v).m3u8")
        }
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        return true
    }

    static func segmentNames(variant: Int, in folder: URL) throws -> [String] {
        try String(contentsOf: folder.appendingPathComponent("v\(variant).m3u8"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasSuffix(".m4s") }.map(String.init)
    }

    static func size(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
    }

    /// Where a segment's first video sample ends: its first `moof`'s offset plus the `trun`'s
    /// data offset plus the first sample's size (FFmpeg writes default-base-is-moof, one track);
    /// nil when the run does not say.
    static func firstSampleEnd(_ bytes: [UInt8]) -> Int? {
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        var offset = 0
        var moof: Int?
        while offset + 8 <= bytes.count {
            if bytes[offset + 4..<offset + 8].elementsEqual(Array("moof".utf8)) { moof = offset; break }
            offset += max(8, u32(offset))
        }
        guard let moof, let trun = (moof..<bytes.count - 4).first(where: { bytes[$0..<$0 + 4].elementsEqual(Array("trun".utf8)) }) else { return nil }
        let box = trun - 4
        let flags = u32(box + 8) & 0xFF_FFFF
        var p = box + 16
        guard flags & 0x1 != 0 else { return nil }
        let dataOffset = Int(Int32(truncatingIfNeeded: u32(p)))
        p += 4
        if flags & 0x4 != 0 { p += 4 }
        if flags & 0x100 != 0 { p += 4 }
        guard flags & 0x200 != 0 else { return nil }
        return moof + dataOffset + u32(p)
    }

    /// The requests the walk makes for one segment file: its fragment header, and the following
    /// range when the first video sample ends past the header (up to 2 MiB).
    static func walkRequests(_ url: URL) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: url))
        let end = min(firstSampleEnd(bytes) ?? HLSPresentationCheck.segmentHeadBytes, HLSPresentationCheck.segmentHeadBytes, bytes.count)
        return end > header ? 2 : 1
    }

    /// Each finding as `code: message`, the folder's path and the server's address both written `<root>/`.
    static func findings(_ report: HLSCheckReport, root: URL, server: LatencyHTTPServer) -> [[String]] {
        report.variants.map { variant in
            (variant.findings + variant.mediaFindings).map { finding in
                var message = finding.message.replacingOccurrences(of: root.path + "/", with: "<root>/")
                    .replacingOccurrences(of: server.url(""), with: "<root>/")
                // How a missing segment failed is the reader's to say (no such file, HTTP 404).
                if finding.code == .presentationSegmentMissing, let colon = message.range(of: "): ") {
                    message = String(message[..<colon.upperBound])
                }
                return "\(finding.code.rawValue): \(message)"
            }
        }
    }

    /// `folder`'s master checked whole from the files, then over `server` (its counts reset
    /// first): both reports, the remote check's seconds and the server's counts of it.
    static func checkBothWays(_ folder: URL, server: LatencyHTTPServer) throws
        -> (local: HLSCheckReport, remote: HLSCheckReport, seconds: Double, stats: LatencyHTTPServer.Stats) {
        let local = HLSPlaylistChecker(wholePresentation: true).check(folder.appendingPathComponent("master.m3u8").path)
        try server.reset()
        let start = HDRProbeContainers.Clock.nowNanoseconds()
        let remote = HLSPlaylistChecker(options: ProbeOptions(timeout: 30), wholePresentation: true).check(server.url("master.m3u8"))
        let seconds = elapsed(since: start)
        return (local, remote, seconds, try server.stats())
    }

    static func elapsed(since start: UInt64) -> Double { Double(HDRProbeContainers.Clock.nowNanoseconds() - start) / 1e9 }

    @Test("over HTTP with 50 ms a request: the local check's findings and reads, the requests the walk needs, fetched in parallel")
    func sameAsLocalInParallel() throws {
        let folder = try Self.temporaryFolder("same")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try Self.makePresentation(in: folder) else { return }
        // One segment missing (a finding both ways, one request that answers 404).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("v0_7.m4s"))
        let server = try LatencyHTTPServer(root: folder, delayMilliseconds: 50)
        defer { server.stop() }
        let (local, remote, seconds, stats) = try Self.checkBothWays(folder, server: server)

        #expect(remote.status == .ok, "\(remote.error?.message ?? "")")
        #expect(Self.findings(remote, root: folder, server: server) == Self.findings(local, root: folder, server: server))
        #expect(local.allFindings.contains { $0.code == .presentationSegmentMissing && $0.message.hasPrefix("v0_7.m4s ") })
        // The same heads read, sizes measured and key frames found.
        #expect(remote.variants.map(\.presentation) == local.variants.map(\.presentation))
        #expect(remote.variants.compactMap(\.presentation).map(\.segmentsRead) == [Self.seconds - 1, Self.seconds])

        // The requests: the master; per variant its Media Playlist and init section twice each (the
        // first-segment check, then the walk) and its first segment whole (the first-segment
        // check); per segment of the walk its fragment header, plus the following range when its
        // first video sample ends past the header; the missing segment's one request (404).
        var walk = 0
        for v in 0..<2 {
            for name in try Self.segmentNames(variant: v, in: folder) {
                let file = folder.appendingPathComponent(name)
                walk += FileManager.default.fileExists(atPath: file.path) ? try Self.walkRequests(file) : 1
            }
        }
        let expected = 1 + 2 * (2 + 2 + 1) + walk
        #expect(stats.requests == expected, "\(stats.paths)")
        let v13 = try Self.walkRequests(folder.appendingPathComponent("v1_3.m4s"))
        #expect(stats.paths["/init_0.mp4"] == 2 && stats.paths["/v1_3.m4s"] == v13)
        // Kept alive: several requests a connection, not one a request (libcurl keeps few idle
        // connections between the walks, and the 404 closes its own: Python's error answers say
        // `Connection: close`).
        #expect(stats.connections * 3 <= stats.requests, "\(stats.connections) connections for \(stats.requests) requests")
        // A client fetching one request at a time waits at least 50 ms for each.
        let sequential = Double(stats.requests) * 0.05
        #expect(seconds < 0.5 * sequential, "\(seconds) s for \(stats.requests) requests (one at a time: at least \(sequential) s)")
    }

    #if FFmpeg
    /// Shaka Packager's presentation with an AUDIO rendition (as in `HLSPresentationCheckTests`):
    /// the rendition's segments are measured by size alone — one request of one byte each, in
    /// parallel — and the variant's bit rates are those of the local check.
    @Test("over HTTP, an audio rendition's segments are sized with one ranged request each, in parallel")
    func audioRenditionSizes() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.ffmpeg), let packager = HLSPresentationCheckTests.packager() else { return }
        let folder = try Self.temporaryFolder("audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard HLSPresentationCheckTests.makeWithAudioRendition(in: folder, packager: packager, seconds: 24, segmentDuration: 1) else { return }
        let audioSegments = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("a_") && $0.hasSuffix(".m4s") }
        try #require(audioSegments.count >= 20)
        let server = try LatencyHTTPServer(root: folder, delayMilliseconds: 50)
        defer { server.stop() }
        let (local, remote, seconds, stats) = try Self.checkBothWays(folder, server: server)
        #expect(remote.variants.map(\.presentation) == local.variants.map(\.presentation))
        #expect(Self.findings(remote, root: folder, server: server) == Self.findings(local, root: folder, server: server))
        // Each audio segment once (its size), its playlist and init section (CHANNELS) once.
        #expect(audioSegments.allSatisfy { stats.paths["/" + $0] == 1 }, "\(stats.paths)")
        #expect(stats.paths["/a.m3u8"] == 1 && stats.paths["/a_init.mp4"] == 1)
        #expect(seconds < 0.5 * Double(stats.requests) * 0.05, "\(seconds) s for \(stats.requests) requests")
    }
    #endif

    @Test("a run's request budget ends the check with findings naming the budget, not a hang")
    func requestBudget() throws {
        let folder = try Self.temporaryFolder("budget")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try Self.makePresentation(in: folder) else { return }
        let server = try LatencyHTTPServer(root: folder)
        defer { server.stop() }
        // 4 requests: the master and variant 0's first-segment check (its Media Playlist, init
        // section and first segment); its walk and variant 1 find the budget spent.
        let limits = HLSPlaylistChecker.Limits(network: .init(maxRequests: 4))
        let report = HLSPlaylistChecker(options: ProbeOptions(timeout: 30), limits: limits, wholePresentation: true).check(server.url("master.m3u8"))
        #expect(report.status == .ok)
        #expect(report.variants.map { $0.expected != nil } == [true, false])
        #expect(report.variants.map { $0.presentation == nil } == [true, true])
        // Its first segment and its walk both find the budget spent.
        #expect(report.variants[1].findings.map(\.code) == [.checkMediaUnavailable, .presentationPlaylistUnreadable])
        #expect(report.variants[1].findings.first?.message.contains("budget of 4 HTTP requests") == true, "\(report.variants[1].findings)")
        #expect(try server.stats().requests == 4)
        // Room for variant 0's playlists and init sections and a few segments: the others are
        // missing-segment findings that say why.
        let some = HLSPlaylistChecker(options: ProbeOptions(timeout: 30), limits: .init(network: .init(maxRequests: 20)), wholePresentation: true)
            .check(server.url("master.m3u8"))
        let walked = try #require(some.variants.first?.presentation)
        let missing = some.allFindings.filter { $0.code == .presentationSegmentMissing }
        #expect(walked.segmentsRead > 0 && walked.segmentsRead <= 20 - 6 && walked.segmentsRead + missing.count == Self.seconds)
        #expect(missing.allSatisfy { $0.message.contains("budget of 20 HTTP requests") }, "\(missing.map(\.message))")
    }

    @Test("each misbehaving server is an error naming the URL, within the request timeout; a redirect never reads a local file")
    func misbehavingServers() throws {
        let folder = try Self.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(file).write(to: folder.appendingPathComponent("a.bin"))
        let server = try LatencyHTTPServer(root: folder)
        defer { server.stop() }
        let client = HTTPResourceClient(.init(requestTimeout: 2))
        func fetch(_ path: String, range: HLSByteRange? = nil, maxBytes: Int = 1 << 20) -> (Result<HLSResourceFetcher.Fetched, ReportError>, Double) {
            let start = HDRProbeContainers.Clock.nowNanoseconds()
            let result = client.fetch(server.url(path), range: range, maxBytes: maxBytes, deadline: start + 20_000_000_000)
            return (result, Self.elapsed(since: start))
        }
        func failure(_ path: String, _ text: String, within limit: Double = 5) {
            let (result, seconds) = fetch(path)
            guard case let .failure(error) = result else {
                Issue.record("\(path) was read")
                return
            }
            #expect(error.message.contains(server.url(path)) && error.message.contains(text), "\(path): \(error.message)")
            #expect(seconds < limit, "\(path): \(seconds) s")
        }
        // A stall ends at the 2-second request timeout.
        let (stalled, stallSeconds) = fetch("__stall")
        #expect(stallSeconds >= 1.9 && stallSeconds < 6, "\(stallSeconds) s")
        if case let .failure(error) = stalled {
            #expect(error.code == .timeout && error.message.contains(server.url("__stall")))
        } else { Issue.record("the stalled request succeeded") }
        failure("__loop/a", "loop back to")
        failure("__hops/8", "more than 5 redirects")
        failure("__hops/3", "HTTP status 404")
        failure("nothing-here.bin", "HTTP status 404")
        failure("__to-file", "file:///etc/passwd, which is not an http(s) URL")
        // An endless body and one that ignores Range: read to the cap, then cut off.
        for path in ["__endless", "__oversized"] {
            let before = client.spent.bytes
            let (result, seconds) = fetch(path, maxBytes: 256 << 10)
            let fetched = try result.get()
            #expect(fetched.bytes.count == 256 << 10 && fetched.truncated && seconds < 5, "\(path)")
            #expect(fetched.totalSize == (path == "__oversized" ? 1 << 30 : nil))
            #expect(client.spent.bytes - before < 2 << 20, "\(path): \(client.spent.bytes - before) bytes received")
        }
        // A redirect within http: followed, with its range.
        let hop = try fetch("__redirect/a.bin", range: HLSByteRange(length: 1000, offset: 5000)).0.get()
        #expect(hop.bytes == Array(file[5000..<6000]) && hop.totalSize == 1000 && !hop.truncated)
        // Without a range: the head of the file and its size from Content-Range.
        let head = try fetch("a.bin", maxBytes: 16 << 10).0.get()
        #expect(head.bytes == Array(file.prefix(16 << 10)) && head.totalSize == file.count && head.truncated)
        // The manifest checks fail with the URL named, never a hang.
        let limits = HLSPlaylistChecker.Limits(network: .init(requestTimeout: 2))
        for path in ["__stall", "__endless", "__oversized", "__to-file", "__loop/a"] {
            let start = HDRProbeContainers.Clock.nowNanoseconds()
            let hls = HLSPlaylistChecker(options: ProbeOptions(timeout: 6), limits: limits, wholePresentation: true).check(server.url(path))
            let hlsSeconds = Self.elapsed(since: start)
            let dash = DASHManifestChecker(options: ProbeOptions(timeout: 6), limits: limits, wholePresentation: true).check(server.url(path))
            let dashSeconds = Self.elapsed(since: start) - hlsSeconds
            #expect(hls.status == .error && dash.status == .error, "\(path)")
            #expect(hls.error?.message.contains(server.url(path)) == true, "\(path): \(hls.error?.message ?? "")")
            #expect(hls.error?.message.contains("root:") != true && dash.error?.message.contains("root:") != true)
            // Ended by the cap, the request timeout (2 s) or at the latest the probe's time limit
            // (6 s), with room for a loaded machine: never a hang.
            #expect(hlsSeconds < 12 && dashSeconds < 12, "\(path): hls \(hlsSeconds) s, dash \(dashSeconds) s")
        }
    }

    @Test("a request budget and a byte budget: the fetch past them fails, naming the URL and the budget")
    func budgets() throws {
        let folder = try Self.temporaryFolder("budgets")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(count: 100_000).write(to: folder.appendingPathComponent("a.bin"))
        let server = try LatencyHTTPServer(root: folder)
        defer { server.stop() }
        let deadline = HDRProbeContainers.Clock.nowNanoseconds() + 20_000_000_000
        let requests = HTTPResourceClient(.init(maxRequests: 3))
        for _ in 0..<3 { #expect(throws: Never.self) { try requests.fetch(server.url("a.bin"), maxBytes: 10, deadline: deadline).get() } }
        let fourth = requests.fetch(server.url("a.bin"), maxBytes: 10, deadline: deadline)
        #expect(fourth.failure?.message == "Cannot fetch \(server.url("a.bin")): the run's budget of 3 HTTP requests is spent")
        // A redirect hop is a request too.
        let hops = HTTPResourceClient(.init(maxRequests: 2))
        #expect(hops.fetch(server.url("__hops/3"), maxBytes: 10, deadline: deadline).failure?.message.contains("budget of 2 HTTP requests") == true)
        let bytes = HTTPResourceClient(.init(maxBytes: 50_000))
        let big = bytes.fetch(server.url("a.bin"), maxBytes: 1 << 20, deadline: deadline)
        #expect(big.failure?.message == "Cannot fetch \(server.url("a.bin")): the run's budget of 50000 bytes fetched is spent")
        // Sent: 3, then 2 (the third hop is refused), then 1.
        #expect(try server.stats().requests == 3 + 2 + 1)
    }

    @Test("a walk over misbehaving segments: each is a missing-segment finding naming it, the stalls overlap")
    func misbehavingSegments() throws {
        let folder = try Self.temporaryFolder("walk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LatencyHTTPServer(root: folder)
        defer { server.stop() }
        let names = ["__stall", "__to-file", "__loop/a", "nothing.m4s", "__stall", "__stall"]
        let segments = names.enumerated().map { i, name in
            HLSPresentationCheck.Segment(uri: name, line: 2 * i + 5, duration: 1, location: .remote(server.url(name)), range: nil,
                                         initName: nil, initLocation: nil, initRange: nil, discontinuity: false)
        }
        let client = HTTPResourceClient(.init(requestTimeout: 2))
        let start = HDRProbeContainers.Clock.nowNanoseconds()
        let walked = HLSPresentationCheck(options: ProbeOptions(timeout: 20), limits: .init(), client: client)
            .walkSegments(segments, listName: "bad.m3u8", playlist: "bad.m3u8", iFramesOnly: false, durationName: "EXTINF")
        let seconds = Self.elapsed(since: start)
        #expect(walked.walk.findings.map(\.code) == Array(repeating: .presentationSegmentMissing, count: names.count))
        for (finding, name) in zip(walked.walk.findings, names) {
            #expect(finding.message.hasPrefix("\(name) (bad.m3u8 line ") && finding.message.contains(server.url(name)), "\(finding.message)")
        }
        // The three stalls wait side by side: about one request timeout (2 s), not three (6 s).
        #expect(seconds < 5.5, "\(seconds) s")
    }
}

extension Result {
    /// The error, when it failed.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
