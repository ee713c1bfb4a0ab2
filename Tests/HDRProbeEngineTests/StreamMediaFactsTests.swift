#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import HDRProbeModel
import HDRProbeContainers
import Testing

/// Languages and audio facts against ffprobe 5.1 (`-show_streams`: channels, channel_layout,
/// sample_rate, the language tag) on the corpus's and the real-world corpus's MP4, Matroska and MPEG-TS files.
/// hdrprobe reads them from the headers (`StreamMediaFacts`; MPEG-TS: the PMT's language
/// descriptor and each audio stream's first frame header), ffprobe after decoding a few frames, so
/// where hdrprobe states a value it must be ffprobe's; it may state none (a configuration it does
/// not read, AAC that may carry implicit SBR). Matroska's `und` is the file's own value, which
/// FFmpeg leaves out of its tags.
@Suite struct StreamMediaFactsTests {
    static var files: [String] {
        let dirs = [TestPaths.corpus, RealWorldCorpusTests.filesDir]
        return dirs.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
                .filter { ["mp4", "mkv", "webm", "m4a", "m4s", "mov", "ts", "m2ts"].contains(($0 as NSString).pathExtension) && !$0.hasPrefix("bad_") }
                .map { dir.appendingPathComponent($0).path }
        }.sorted()
    }

    @Test func audioFactsAndLanguagesAreFFprobes() {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else { return }
        var channels = 0, rates = 0, languages = 0, layouts = 0, transportStreamAudio = 0
        var wrong: [String] = []
        for path in Self.files {
            let report = ProbeEngine(options: ProbeOptions()).probe(path: path)
            guard report.status == .ok else { continue }
            // ffprobe prints no JSON for a few real files it cannot open (mux.js's WebVTT init segment).
            guard let probe = try? ISOBMFFEncryptedFilesTests.ffprobe(path, ["-show_streams"]) else { continue }
            let theirs = (probe["streams"] as? [[String: Any]]) ?? []
            let name = (path as NSString).lastPathComponent
            for s in report.streams where s.kind != .attachment {
                guard let t = theirs.first(where: { $0["index"] as? Int == s.index }) else { continue }
                let tags = t["tags"] as? [String: Any]
                let language = (tags?["language"] as? String) ?? (report.container.format == "matroska" ? "und" : nil)
                if let mine = s.language {
                    languages += 1
                    if mine != language { wrong.append("\(name) #\(s.index) language \(s.language ?? "nil") vs \(language ?? "nil")") }
                }
                guard let audio = s.audio else { continue }
                if report.container.format == "mpegts", audio.channels != nil || audio.sampleRate != nil { transportStreamAudio += 1 }
                if let c = audio.channels {
                    channels += 1
                    if c != t["channels"] as? Int { wrong.append("\(name) #\(s.index) channels \(c) vs \(t["channels"] ?? "nil")") }
                }
                if let l = audio.channelLayout {
                    layouts += 1
                    if l.rawValue != t["channel_layout"] as? String { wrong.append("\(name) #\(s.index) layout \(l.rawValue) vs \(t["channel_layout"] ?? "nil")") }
                }
                if let r = audio.sampleRate {
                    rates += 1
                    if String(r) != t["sample_rate"] as? String { wrong.append("\(name) #\(s.index) sample rate \(r) vs \(t["sample_rate"] ?? "nil")") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(channels >= 10 && rates >= 10 && languages >= 40 && layouts >= 10,
                "\(channels) channel counts, \(rates) rates, \(languages) languages, \(layouts) layouts compared")
        // The real-world corpus's TS segments (shaka-player, mux.js: AAC, AC-3, E-AC-3), where present.
        if FileManager.default.fileExists(atPath: RealWorldCorpusTests.filesDir.appendingPathComponent("shaka-player__test__test__assets__hls-ts-ec3__ChID_voices_6ch_256kbps_ddp_sub_0000.ts").path) {
            #expect(transportStreamAudio >= 20, "\(transportStreamAudio) MPEG-TS audio streams with facts")
        }
    }
}
#endif
