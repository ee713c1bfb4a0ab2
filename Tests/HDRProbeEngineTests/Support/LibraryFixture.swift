#if FFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// A media library built in a temporary folder for the scan and check tests: copies of corpus
/// files, hand-made bad files, links, FIFOs. Removed (permissions restored first) by `remove()`.
struct LibraryFixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    var path: String { root.path }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    private func parent(_ relative: String) throws {
        try FileManager.default.createDirectory(at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    func copy(_ corpusName: String, to relative: String) throws {
        try parent(relative)
        try FileManager.default.copyItem(at: TestPaths.corpus.appendingPathComponent(corpusName), to: url(relative))
    }

    func write(_ data: Data, to relative: String) throws {
        try parent(relative)
        try data.write(to: url(relative))
    }

    func link(_ relative: String, to target: String) throws {
        try parent(relative)
        expect0(symlink(target, url(relative).path), "symlink \(relative)")
    }

    func fifo(_ relative: String) throws {
        try parent(relative)
        expect0(mkfifo(url(relative).path, 0o600), "mkfifo \(relative)")
    }

    /// Extends a file to `size` bytes without writing them (a sparse file).
    func extend(_ relative: String, to size: Int64) throws {
        expect0(truncate(url(relative).path, off_t(size)), "truncate \(relative)")
    }

    func chmod(_ relative: String, _ mode: mode_t) {
        _ = systemChmod(url(relative).path, mode)
    }

    func delete(_ relative: String) throws {
        try FileManager.default.removeItem(at: url(relative))
    }

    /// Deterministic bytes that are no media format (a linear congruential sequence).
    static func noise(_ count: Int, seed: UInt32 = 12345) -> Data {
        var x = seed
        return Data((0..<count).map { _ in x = x &* 1_103_515_245 &+ 12_345; return UInt8(truncatingIfNeeded: x >> 16) })
    }

    func remove() {
        // Restore permissions so that folders made unreadable can be removed.
        if let e = FileManager.default.enumerator(atPath: path) {
            for case let item as String in e { _ = systemChmod(url(item).path, 0o755) }
        }
        _ = systemChmod(path, 0o755)
        try? FileManager.default.removeItem(at: root)
    }

    /// Builds the library of the robustness tests and returns what each reported path must say:
    /// nil for an analysed file, an error code, or "error" for any error.
    static func hostile() throws -> (LibraryFixture, [String: String?]) {
        let lib = try LibraryFixture()
        var expected: [String: String?] = [:]
        func good(_ name: String, _ rel: String) throws { try lib.copy(name, to: rel); expected[rel] = .some(nil) }
        try good("dv_p81.mkv", "good/dv_p81.mkv")
        try good("hdr10_hevc.mp4", "good/hdr10_hevc.mp4")
        try good("hlg_hevc.ts", "good/hlg_hevc.ts")
        try good("dv_p5.mp4", "good/nested/deeper/dv_p5.mp4")
        try lib.link("good/nested/deeper/loop", to: "../..")
        try lib.copy("bad_png_renamed.mp4", to: "bad/bad_png_renamed.mp4"); expected["bad/bad_png_renamed.mp4"] = "container.unrecognized"
        try lib.copy("bad_trunc_moov.mp4", to: "bad/bad_trunc_moov.mp4"); expected["bad/bad_trunc_moov.mp4"] = "container.truncated"
        try lib.copy("bad_empty.mp4", to: "bad/bad_empty.mp4"); expected["bad/bad_empty.mp4"] = "io.empty"
        try lib.write(noise(4096), to: "bad/noise.mkv"); expected["bad/noise.mkv"] = "error"
        try lib.copy("dv_p81.mp4", to: "bad/huge.mp4"); expected["bad/huge.mp4"] = .some(nil)
        try lib.extend("bad/huge.mp4", to: 2 << 30)
        try lib.fifo("bad/pipe.ts"); expected["bad/pipe.ts"] = "io.readFailed"
        try lib.link("bad/dangling.mkv", to: "missing.mkv"); expected["bad/dangling.mkv"] = "io.notFound"
        try lib.link("bad/self.mkv", to: "self.mkv"); expected["bad/self.mkv"] = "io.readFailed"
        try lib.copy("sdr_h264.mkv", to: "locked/locked.mkv"); expected["locked/locked.mkv"] = "io.permissionDenied"
        lib.chmod("locked/locked.mkv", 0)
        try lib.copy("sdr_h264.mkv", to: ".hidden/secret.mkv")
        try lib.copy("sdr_h264.mp4", to: "good/.partial.mp4")
        try lib.write(Data("not media".utf8), to: "notes.txt")
        return (lib, expected)
    }
}

/// `#expect` for C calls that return 0 on success.
func expect0(_ rc: Int32, _ what: String) {
    if rc != 0 { Issue.record("\(what) failed: \(String(cString: strerror(errno)))") }
}

/// chmod(2) from the C library of the platform (the fixture's own `chmod` method shadows the name).
private func systemChmod(_ path: String, _ mode: mode_t) -> Int32 {
#if canImport(Glibc)
    Glibc.chmod(path, mode)
#else
    Darwin.chmod(path, mode)
#endif
}
#endif
