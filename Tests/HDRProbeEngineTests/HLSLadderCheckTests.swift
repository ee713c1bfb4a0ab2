#if FFmpeg
import Foundation
import Testing
import HDRProbeModel
import HDRProbeSignal
@testable import HDRProbeEngine

/// Apple's ladder rules (docs/rules/hls-presentation.md §9): first the rule table on its own, then a
/// ladder Shaka Packager v3.8 made here from an SDR and an HDR10 encode (each with its I-frame
/// playlist), checked clean and then with the master's lines removed so each rule is broken.
struct HLSLadderCheckTests {
    typealias E = HLSLadderCheck.Entry
    static func codes(_ entries: [E]) -> [FindingCode] { HLSLadderCheck.check(entries).map(\.code) }

    @Test func rulesFireOnlyOnWhatTheMediaShow() {
        let sdr = E(iFrames: false, videoRange: .sdr, frameRate: 25), pq = E(iFrames: false, videoRange: .pq, frameRate: 25)
        let pq50 = E(iFrames: false, videoRange: .pq, frameRate: 50), hlg60 = E(iFrames: false, videoRange: .hlg, frameRate: 59.94)
        let unknown = E(iFrames: false, videoRange: nil, frameRate: nil)
        let iSDR = E(iFrames: true, videoRange: .sdr, frameRate: 1), iPQ = E(iFrames: true, videoRange: .pq, frameRate: 1)
        let iUnread = E(iFrames: true, videoRange: nil, frameRate: nil)
        #expect(Self.codes([sdr, pq, iSDR, iPQ]).isEmpty)
        #expect(Self.codes([pq, iPQ]) == [.ladderNoSDRVariant, .ladderNoSDRIFramePlaylist])
        #expect(Self.codes([sdr, pq]) == [.ladderNoIFramePlaylist])
        // An unread variant might be the SDR one; an unread I-frame playlist might be SDR.
        #expect(Self.codes([pq, unknown, iPQ, iUnread]).isEmpty)
        // 29.97 and 30 are "30 fps or less"; the rule looks at the HDR variants only.
        #expect(Self.codes([sdr, pq50, hlg60, iSDR]) == [.ladderNoHDRAt30fps])
        #expect(Self.codes([sdr, E(iFrames: false, videoRange: .pq, frameRate: 29.97), pq50, iSDR]).isEmpty)
        #expect(Self.codes([sdr, E(iFrames: false, videoRange: .pq, frameRate: nil), pq50, iSDR]).isEmpty)
        // No video read at all: nothing to say about I-frames.
        #expect(Self.codes([unknown]).isEmpty)
        #expect(Self.codes([]).isEmpty)
        let message = HLSLadderCheck.check([pq, hlg60]).first?.message ?? ""
        #expect(message.contains("PQ: 1, HLG: 1") && message.contains("1.24"), "\(message)")
    }

    typealias T = HLSPresentationCheckTests

    /// An SDR (BT.709) and an HDR10 (PQ, BT.2020) HEVC encode at `rate`, packaged by Shaka Packager
    /// into one master with an I-frame playlist each; nil without FFmpeg or the packager (the test
    /// then has nothing to check), a failure when they are there and fail.
    static func ladder(_ name: String, hdrRate: Int = 25) throws -> URL? {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg), let packager = T.packager() else { return nil }
        let folder = try T.temporaryFolder("ladder-\(name)")
        func encode(_ out: String, rate: Int, hdr: Bool) -> Bool {
            let colour = hdr ? ":colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400"
                             : ":colorprim=bt709:transfer=bt709:colormatrix=bt709"
            return T.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=\(rate)", "-t", "4", "-c:v", "libx265",
                          "-x265-params", "keyint=\(rate):min-keyint=\(rate):scenecut=0:log-level=error" + colour,
                          "-pix_fmt", hdr ? "yuv420p10le" : "yuv420p", "-tag:v", "hvc1", out], in: folder)
        }
        try #require(encode("sdr.mp4", rate: 25, hdr: false) && encode("hdr.mp4", rate: hdrRate, hdr: true), "FFmpeg (libx265) made the encodes")
        try #require(T.run(["in=sdr.mp4,stream=video,init_segment=sdr_init.mp4,segment_template=sdr_$Number$.m4s,playlist_name=sdr.m3u8,iframe_playlist_name=sdr_iframe.m3u8",
                           "in=hdr.mp4,stream=video,init_segment=hdr_init.mp4,segment_template=hdr_$Number$.m4s,playlist_name=hdr.m3u8,iframe_playlist_name=hdr_iframe.m3u8",
                           "--segment_duration", "2", "--hls_master_playlist_output", "master.m3u8"], in: folder, executable: packager),
                     "Shaka Packager made the ladder")
        return folder
    }

    /// The master without the entries `drop` selects, given each tag line and the line after it (an
    /// `EXT-X-STREAM-INF`'s URI, which goes with it).
    static func rewrite(_ folder: URL, dropping drop: (_ tag: String, _ next: String) -> Bool) throws {
        let url = folder.appendingPathComponent("master.m3u8")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            let next = i + 1 < lines.count ? lines[i + 1] : ""
            if lines[i].hasPrefix("#EXT-X-"), drop(lines[i], next) {
                lines.removeSubrange(i..<min(lines.count, i + (lines[i].hasPrefix("#EXT-X-STREAM-INF") ? 2 : 1)))
            } else { i += 1 }
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("a Shaka Packager ladder with SDR, HDR10 and their I-frame playlists passes; each ladder rule is named when broken")
    func shakaLadder() throws {
        guard let folder = try Self.ladder("rules") else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = T.check(folder)
        #expect(clean.status == .ok)
        #expect(clean.ladder.isEmpty, "\(clean.ladder.map(\.message))")
        // The ranges the rules read, from the media (ffprobe: sdr.mp4 bt709, hdr.mp4 smpte2084).
        let ranges = Dictionary(clean.variants.map { ($0.uri, $0.iFrames ? $0.presentation?.videoRange : $0.expected?.videoRange.rawValue) },
                                uniquingKeysWith: { a, _ in a })
        #expect(ranges == ["sdr.m3u8": "SDR", "hdr.m3u8": "PQ", "sdr_iframe.m3u8": "SDR", "hdr_iframe.m3u8": "PQ"], "\(ranges)")
        // The first-segment check leaves the ladder alone.
        #expect(HLSPlaylistChecker().check(folder.appendingPathComponent("master.m3u8").path).ladder.isEmpty)

        // The SDR variant and the SDR I-frame playlist removed.
        try Self.rewrite(folder) { tag, next in tag.contains("sdr_iframe.m3u8") || tag.hasPrefix("#EXT-X-STREAM-INF") && next == "sdr.m3u8" }
        let hdrOnly = T.check(folder)
        #expect(hdrOnly.variants.map(\.uri) == ["hdr.m3u8", "hdr_iframe.m3u8"])
        #expect(hdrOnly.ladder.map(\.code) == [.ladderNoSDRVariant, .ladderNoSDRIFramePlaylist], "\(hdrOnly.ladder.map(\.message))")
        #expect(hdrOnly.fixes.shouldFix.contains { $0.code == .ladderNoSDRVariant && $0.locations.first?.line == nil })
        // Then the I-frame playlists too.
        try Self.rewrite(folder) { tag, _ in tag.hasPrefix("#EXT-X-I-FRAME-STREAM-INF") }
        #expect(T.check(folder).ladder.map(\.code) == [.ladderNoSDRVariant, .ladderNoIFramePlaylist])
    }

    @Test("HDR only above 30 fps is named; the SDR variant's rate does not count")
    func hdrAbove30() throws {
        guard let folder = try Self.ladder("hfr", hdrRate: 50) else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = T.check(folder)
        #expect(report.ladder.map(\.code) == [.ladderNoHDRAt30fps], "\(report.ladder.map(\.message))")
        #expect(report.ladder.first?.message.contains("50.000") == true)
    }
}
#endif
