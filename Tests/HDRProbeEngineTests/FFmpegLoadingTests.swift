#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeFFmpeg
import HDRProbeEngine
import Testing

/// FFmpeg is loaded when a file needs it (docs/ffmpeg-versions.md, "Loading"): the executable does
/// not link libavformat, libavcodec or libavutil, commands that need no FFmpeg never load them,
/// and when they cannot be loaded each file that needs them gets an error report. What the
/// process loads is read from the dynamic linker itself (`LD_DEBUG=files` makes glibc's ld.so log
/// every object it opens to standard error) and what the executable links from `ldd`; both are
/// independent of hdrprobe. Linux only (glibc's dynamic linker).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "glibc's dynamic linker (Linux)"))
struct FFmpegLoadingTests {
    static func corpus(_ name: String) -> String { TestPaths.corpus.appendingPathComponent(name).path }

    /// The FFmpeg libraries the dynamic linker opened while running `args`, by soname, and the result.
    static func loaded(_ args: [String], environment: [String: String] = [:]) throws -> (libraries: Set<String>, result: CLI.Result) {
        var env = environment
        env["LD_DEBUG"] = "files"
        let result = try CLI.run(args, environment: env)
        // ld.so's lines: "   1234:	file=libavformat.so.59 [0];  dynamically loaded by …" (or "needed by" when linked).
        var names: Set<String> = []
        for line in result.stderr.split(separator: "\n") {
            guard let range = line.range(of: "file=") else { continue }
            let file = line[range.upperBound...].prefix { $0 != " " && $0 != "[" && $0 != ";" }
            let name = String(file.split(separator: "/").last ?? file)
            if name.hasPrefix("libavformat") || name.hasPrefix("libavcodec") || name.hasPrefix("libavutil") { names.insert(name) }
        }
        return (names, result)
    }

    @Test func theExecutableDoesNotLinkFFmpeg() throws {
        let ldd = try CLI.run([TestPaths.executable.path], program: "/usr/bin/ldd")
        #expect(ldd.status == 0, "\(ldd.stderr)")
        #expect(!ldd.stdout.contains("libavformat") && !ldd.stdout.contains("libavcodec") && !ldd.stdout.contains("libavutil"), "\(ldd.stdout)")
    }

    @Test("commands that need no FFmpeg never load it",
          arguments: [["--version"], ["codes"], ["devices"], ["probe", "--json", "dv_p81_rpu.bin"]])
    func noFFmpeg(_ args: [String]) throws {
        let args = args.map { $0.hasSuffix(".bin") ? Self.corpus($0) : $0 }
        let (libraries, result) = try Self.loaded(args)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(libraries.isEmpty, "loaded \(libraries)")
    }

    /// Plain MP4s (clear, and FFmpeg's CENC file with `senc` in its sample table) and clear fragmented MP4s are read by
    /// hdrprobe's own container reader (ISOBMFFContainerDemux): probing them
    /// loads no FFmpeg library, and each report says libavformat was not used; an MP4 the own reader
    /// leaves to libavformat (cover art, VP9) loads it and says so.
    @Test func probingPlainMP4sLoadsNoFFmpeg() throws {
        let own = ["sdr_h264_aac.mp4", "dv_p81.mp4", "hdr10_hevc.mp4", "av1_hdr10.mp4", "sdr_h264_faststart.mp4",
                   "hdr10_hevc_frag.mp4", "enc_ffcenc_dv_p81.mp4"].map(Self.corpus)
        let (libraries, result) = try Self.loaded(["probe", "--jsonl"] + own)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(libraries.isEmpty, "loaded \(libraries)")
        let reports = try CLI.reports(result.stdout)
        #expect(reports.count == own.count)
        for file in own {
            #expect((reports[file]?["tool"] as? [String: Any])?["libavformatUsed"] as? Bool == false, "\(file)")
            #expect(reports[file]?["status"] as? String == "ok", "\(file)")
        }
        let other = Self.corpus("hdr10_hevc_cover.mp4")
        let (withCover, coverResult) = try Self.loaded(["probe", "--jsonl", other])
        #expect(coverResult.status == 0)
        #expect(withCover == Set(FFmpegLibrary.sonames), "\(withCover)")
        let report = try CLI.reports(coverResult.stdout)[other]
        #expect((report?["tool"] as? [String: Any])?["libavformatUsed"] as? Bool == true)
    }

    @Test func probingAMediaFileLoadsTheBuildsFFmpegOnce() throws {
        let (libraries, result) = try Self.loaded(["probe", "--jsonl", Self.corpus("hdr10_hevc_cover.mp4"), Self.corpus("vp9_hdr10.mp4")])
        #expect(result.status == 0)
        // The sonames of the headers the build used (hdrprobe_*_soname, from LIB*_VERSION_MAJOR).
        #expect(libraries == Set(FFmpegLibrary.sonames), "\(libraries) vs \(FFmpegLibrary.sonames)")
        // Each opened once: ld.so logs a file the first time it maps it.
        let opened = result.stderr.split(separator: "\n").filter { $0.contains("file=\(FFmpegLibrary.sonames[0])") && $0.contains("loaded by") }
        #expect(opened.count == 1, "\(opened)")
    }

    /// With the libraries not to be found, each media file gets an error report (exit status 1, as
    /// any file in error), an RPU file and the MP4 and Matroska files hdrprobe's own readers cover
    /// are still analysed (an MP4 with cover art and a cut-short Matroska file are left to
    /// libavformat), and nothing crashes.
    @Test func missingLibrariesAreAnErrorReportPerFile() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-no-ffmpeg-\(UUID().uuidString)").path
        let files = [Self.corpus("hdr10_hevc_cover.mp4"), Self.corpus("bad_trunc_half.mkv"), Self.corpus("dv_p81_rpu.bin"),
                     Self.corpus("dv_p81.mkv"), Self.corpus("sdr_h264.mp4")]
        let result = try CLI.run(["probe", "--jsonl"] + files, environment: ["HDRPROBE_FFMPEG_DIR": missing])
        #expect(result.status == 1, "\(result.stderr)")
        let reports = try CLI.reports(result.stdout)
        #expect(reports.count == 5)
        // A plain MP4 and a plain Matroska file need no FFmpeg: hdrprobe's own container readers probe them.
        #expect(reports[files[4]]?["status"] as? String == "ok")
        #expect(reports[files[3]]?["status"] as? String == "ok")
        for file in files.prefix(2) {
            #expect(CLI.errorCode(reports[file] ?? [:]) == FindingCode.ffmpegUnavailable.rawValue)
            let message = ((reports[file]?["error"] as? [String: Any])?["message"] as? String) ?? ""
            #expect(message.contains("\(missing)/\(FFmpegLibrary.sonames[2])"), "\(message)")
        }
        #expect(reports[files[2]]?["status"] as? String == "ok")
        let version = try CLI.run(["--version"], environment: ["HDRPROBE_FFMPEG_DIR": missing])
        #expect(version.status == 0 && version.stdout.contains("FFmpeg: not loaded"))
    }

    /// The folder HDRPROBE_FFMPEG_DIR names is where the libraries are loaded from: the folder of
    /// the system's libavformat by `ldconfig -p` (skipped where the build's FFmpeg is not in the
    /// system's library cache, as in the FFmpeg 7.1 CI build).
    @Test func ffmpegDirectoryIsHonoured() throws {
        let cache = try CLI.run(["-p"], program: "/sbin/ldconfig")
        let soname = FFmpegLibrary.sonames[0]
        guard let entry = cache.stdout.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(soname + " ") }),
              let path = entry.components(separatedBy: " => ").last else { return }
        let dir = (path as NSString).deletingLastPathComponent
        let (libraries, result) = try Self.loaded(["probe", "--json", Self.corpus("vp9_hdr10.mp4")], environment: ["HDRPROBE_FFMPEG_DIR": dir])
        #expect(result.status == 0)
        #expect(libraries.contains(soname))
        #expect(result.stderr.contains("file=\(dir)/\(soname)"), "ld.so did not open \(dir)/\(soname)")
    }
}
#endif
