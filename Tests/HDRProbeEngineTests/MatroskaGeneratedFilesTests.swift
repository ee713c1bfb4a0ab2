#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own Matroska reader on files made here by ffmpeg and mkvmerge with what the corpus
/// lacks: five audio tracks (AAC, AC-3, E-AC-3, Opus, FLAC), SubRip and ASS subtitles, a JPEG cover
/// and a TrueType font attached, chapters, mkvmerge's laced audio; and two files it must leave to
/// libavformat (zlib-compressed tracks; ffmpeg's remux with a V_MJPEG track). The
/// expected values come from independent readers: ffprobe's `-show_streams`/`-show_format` (codec
/// names, kinds, default flags, attached picture, dimensions, duration) and mkvinfo's frame list
/// (every laced frame's size, in file order); libavformat in-process for the packets' timestamps
/// and bytes. Skipped where ffmpeg, ffprobe or mkvmerge is not installed.
@Suite(.enabled(if: ["/usr/bin/ffmpeg", "/usr/bin/ffprobe", "/usr/bin/mkvmerge", "/usr/bin/mkvinfo"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
}, "ffmpeg, ffprobe, mkvmerge and mkvinfo"))
struct MatroskaGeneratedFilesTests {
    static let recipe = """
    set -e
    cd "$1"
    ffmpeg -nostdin -v error -y -f lavfi -i testsrc2=size=128x72:rate=25 -f lavfi -i sine=frequency=440:sample_rate=48000 -t 1 \
      -map 0:v -map 1:a -map 1:a -map 1:a -map 1:a -map 1:a -c:v libx264 -pix_fmt yuv420p -g 12 \
      -c:a:0 aac -c:a:1 ac3 -c:a:2 eac3 -c:a:3 libopus -c:a:4 flac -ac 2 ffmpeg_audio.mkv
    ffmpeg -nostdin -v error -y -f lavfi -i color=red:size=64x64 -frames:v 1 cover.jpg
    printf '1\\n00:00:00,000 --> 00:00:00,500\\nHello\\n\\n2\\n00:00:00,500 --> 00:00:01,000\\nWorld\\n' > subs.srt
    printf '[Script Info]\\nScriptType: v4.00+\\n\\n[V4+ Styles]\\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\\nStyle: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1\\n\\n[Events]\\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\\nDialogue: 0,0:00:00.00,0:00:00.50,Default,,0,0,0,,Hello\\n' > subs.ass
    printf 'CHAPTER01=00:00:00.000\\nCHAPTER01NAME=Intro\\nCHAPTER02=00:00:00.500\\nCHAPTER02NAME=Second\\n' > chapters.txt
    printf '\\000\\001\\000\\000\\000\\000\\000\\000' > font.ttf
    mkvmerge -q -o mkvmerge_all.mkv ffmpeg_audio.mkv subs.srt subs.ass --chapters chapters.txt \
      --attachment-mime-type image/jpeg --attach-file cover.jpg \
      --attachment-mime-type application/x-truetype-font --attach-file font.ttf
    mkvmerge -q -o mkvmerge_zlib.mkv --compression 1:zlib --compression 0:zlib ffmpeg_audio.mkv
    ffmpeg -nostdin -v error -y -i mkvmerge_all.mkv -map 0 -c copy ffmpeg_remux.mkv
    """

    static let directory: URL? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-mkv-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        guard let r = try? CLI.run(["-c", recipe, "sh", dir.path], program: "/bin/sh"), r.status == 0 else { return nil }
        return dir
    }()

    static func path(_ name: String) throws -> String {
        try #require(directory, "the recipe ran").appendingPathComponent(name).path
    }

    static func ffprobe(_ path: String) throws -> [String: Any] {
        let r = try CLI.run(["-v", "error", "-show_streams", "-show_format", "-of", "json", path], program: "/usr/bin/ffprobe")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: ["ffmpeg_audio.mkv", "mkvmerge_all.mkv"])
    func streamsAreFFprobes(_ name: String) throws {
        let path = try Self.path(name)
        let (own, _) = try #require(try MatroskaContainerDemuxTests.open(path), "\(name) is covered")
        let probe = try Self.ffprobe(path)
        let streams = try #require(probe["streams"] as? [[String: Any]])
        #expect(own.streams.count == streams.count)
        for (s, f) in zip(own.streams, streams) {
            let disposition = f["disposition"] as? [String: Int] ?? [:]
            let type = disposition["attached_pic"] == 1 ? "attachment" : f["codec_type"] as? String
            #expect(s.codecName == f["codec_name"] as? String, "\(name) \(s.index)")
            #expect("\(s.kind)" == type, "\(name) \(s.index)")
            #expect(s.isDefault == (disposition["default"] == 1), "\(name) \(s.index)")
            if s.kind == .video { #expect(s.width == f["width"] as? Int && s.height == f["height"] as? Int) }
        }
        let duration = try #require((probe["format"] as? [String: Any])?["duration"] as? String)
        #expect(own.formatDuration.map { String(format: "%.6f", $0) } == duration)
        let kinds = own.streams.map { "\($0.kind)" }
        if name != "ffmpeg_audio.mkv" {
            #expect(kinds.filter { $0 == "audio" }.count == 5 && kinds.filter { $0 == "subtitle" }.count == 2
                    && kinds.filter { $0 == "attachment" }.count == 2, "\(kinds)")
        }
    }

    /// mkvinfo's frames (laced ones one by one): the own reader's packets; and libavformat's packets,
    /// in its order, byte for byte.
    @Test func lacedFramesAreMkvinfos() throws {
        let path = try Self.path("mkvmerge_all.mkv")
        let r = try CLI.run(["-v", "-v", "-v", path], program: "/usr/bin/mkvinfo")
        let sizes = r.stdout.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "Frame with size ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(r.stdout.contains("8 frame(s)"), "mkvmerge laced the audio")
        let (own, libav) = try #require(try MatroskaContainerDemuxTests.open(path))
        let attached = Set(own.streams.filter { $0.kind == .attachment }.map(\.index))
        var mine: [(Int, [UInt8])] = []
        var theirs: [(Int, [UInt8])] = []
        while let p = own.readPacket(wantsData: { _ in true }) {
            if !attached.contains(p.streamIndex) { mine.append((p.streamIndex, p.data)) }
        }
        while let p = libav.readPacket(wantsData: { _ in true }) {
            if !attached.contains(p.streamIndex) { theirs.append((p.streamIndex, p.data)) }
        }
        // mkvinfo lists frames in file order; libavformat hands AC-3/E-AC-3 frames out one frame late.
        #expect(mine.map(\.1.count).sorted() == sizes.sorted(), "\(mine.count) packets vs \(sizes.count) frames")
        // libavformat's order is FFmpeg 5.1's (ReferenceLibavformat): compared only on that build.
        guard ReferenceLibavformat.isLoaded else { return }
        #expect(mine.count == theirs.count, "libavformat's packet count")
        // The same packets in libavformat's order (ASS events excepted: libavformat rewrites them).
        let ass = Set(own.streams.filter { $0.codecName == "ass" }.map(\.index))
        #expect(mine.map(\.0) == theirs.map(\.0), "libavformat's packet order")
        #expect(zip(mine, theirs).allSatisfy { ass.contains($0.0.0) || $0.0.1 == $0.1.1 }, "libavformat's packet bytes")
    }

    @Test(arguments: ["ffmpeg_audio.mkv", "mkvmerge_all.mkv", "ffmpeg_remux.mkv", "mkvmerge_zlib.mkv"])
    func reportsAreTheSameEitherWay(_ name: String) throws {
        let path = try Self.path(name)
        try ReaderEquivalence.expectSameReports(path, frames: 32, switch: \.ownContainerReaders)
        let covered = try MatroskaContainerDemuxTests.open(path) != nil
        // ContentEncodings (here zlib) are left to libavformat, and so is ffmpeg's remux, which turns
        // the cover into a V_MJPEG track (a CodecID outside the own reader's table).
        #expect(covered == !["mkvmerge_zlib.mkv", "ffmpeg_remux.mkv"].contains(name), "\(name)")
    }
}
#endif
