#if FFmpeg
import Foundation
import HDRProbeEngine
import Testing
import HDRProbeContainers

/// Bad input never crashes, hangs or throws: each gets a report with a stable error code or a
/// finding. (The corpus `bad_*` files are covered by their goldens; these build cases the corpus
/// cannot hold: missing paths, directories, FIFOs, permissions, timeouts, files changing size.)
@Suite struct BadInputTests {
    let engine = ProbeEngine()

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func missingFile() {
        let r = engine.probe(path: "/nonexistent/dir/file.mp4")
        #expect(r.status == .error && r.error?.code == .notFound)
        #expect(r.streams.isEmpty)
    }

    @Test func directory() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = engine.probe(path: dir.path)
        #expect(r.error?.code == .isDirectory)
    }

    @Test func fifoDoesNotHang() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.mkv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = engine.probe(path: fifo)
        #expect(r.error?.code == .readFailed)
    }

    @Test(.enabled(if: getuid() != 0, "root can read any file, so permissions cannot be denied to it"))
    func permissionDenied() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("locked.mp4")
        try Data(contentsOf: TestPaths.corpus.appendingPathComponent("sdr_h264.mp4")).write(to: file)
        #expect(chmod(file.path, 0) == 0)
        let r = engine.probe(path: file.path)
        #expect(r.error?.code == .permissionDenied)
    }

    @Test func timeoutIsAReportNotAHang() {
        let r = ProbeEngine(options: ProbeOptions(timeout: 1e-9)).probe(path: TestPaths.corpus.appendingPathComponent("dv_p81.mkv").path)
        #expect(r.status == .error && r.error?.code == .timeout)
    }

    @Test("truncation at every eighth of a file never crashes", arguments: ["dv_p81.mp4", "dv_p81.mkv", "dv_p81.ts", "av1_hdr10.mp4", "hdr10_hevc_frag.mp4"])
    func truncations(_ name: String) throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try Data(contentsOf: TestPaths.corpus.appendingPathComponent(name))
        for eighth in 1..<8 {
            // +7 keeps TS cuts off packet boundaries (a TS cut on a boundary is a valid, shorter TS).
            let cut = bytes.count * eighth / 8 + 7
            let file = dir.appendingPathComponent("cut\(eighth)-\(name)")
            try bytes.prefix(cut).write(to: file)
            let r = engine.probe(path: file.path)
            // Either an error report with a code, or a report that says the file is cut short.
            if r.status == .error {
                #expect(r.error?.code.rawValue.hasPrefix("container.") == true, "\(name) cut at \(cut): \(r.error?.code.rawValue ?? "")")
            } else {
                #expect(r.findings.contains { $0.code == .containerTruncated }, "\(name) cut at \(cut) bytes has no truncation finding")
            }
        }
    }

    @Test func garbageWithMediaExtension() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SystemRandomNumberGenerator()
        for (i, ext) in ["mp4", "mkv", "ts", "hevc"].enumerated() {
            let file = dir.appendingPathComponent("noise\(i).\(ext)")
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file)
            let r = engine.probe(path: file.path)
            // Random bytes may accidentally parse as an elementary stream; they must never crash or hang,
            // and an error must carry a code.
            if r.status == .error { #expect(r.error != nil) }
        }
    }

    @Test func readsAreBoundedOnAHugeFile() throws {
        // dv_p81.mp4 followed by a 'free' box declaring 1 GiB, made sparse with ftruncate: the probe
        // must seek past it (headers + frame budget), not read it.
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("huge.mp4")
        var bytes = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("dv_p81.mp4"))
        let freeSize: UInt32 = 1 << 30
        bytes.append(contentsOf: [UInt8(freeSize >> 24), UInt8((freeSize >> 16) & 0xFF), 0, 0] + Array("free".utf8))
        let total = bytes.count - 8 + Int(freeSize)
        try bytes.write(to: file)
        #expect(truncate(file.path, off_t(total)) == 0)
        let r = engine.probe(path: file.path)
        #expect(r.status == .ok)
        #expect(r.streams.first?.dolbyVision?.profile?.string == "8.1")
        #expect(r.probe!.bytesRead < 1 << 20, "read \(r.probe!.bytesRead) bytes of a \(total)-byte file")
    }

    @Test func readsAreReadOnly() throws {
        let url = TestPaths.corpus.appendingPathComponent("dv_p81.mkv")
        let before = try FileManager.default.attributesOfItem(atPath: url.path)
        let r = engine.probe(path: url.path)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(r.status == .ok && r.probe!.bytesRead > 0)
    }
}
#endif
