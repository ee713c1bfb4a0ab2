#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine
@testable import HDRProbeScan
import Testing

/// A library of good and hostile files — corpus copies, broken and truncated files, a sparse
/// 2 GiB file, a FIFO, dangling and looping links, an unreadable file, a worker crash, a worker
/// hang, a file removed during the scan, an interrupt — is scanned to the end, and every file is
/// accounted for exactly once.
@Suite struct ScanRobustnessTests {
    @Test func hostileLibraryEndToEnd() throws {
        let (lib, expectedBase) = try LibraryFixture.hostile()
        defer { lib.remove() }
        var expected = expectedBase
        try lib.copy("sdr_h264.mp4", to: "good/crash_me.mp4")
        expected["good/crash_me.mp4"] = "probe.crashed"
        let prefix = CLI.permissionPrefix
        if prefix == nil {
            // Root without setpriv: the file stays readable; only that assertion is dropped.
            expected["locked/locked.mkv"] = .some(nil)
        }
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--jobs", "2", "--timeout", "10", "--sorted"],
                            environment: ["HDRPROBE_WORKER_FAULT": "crash:crash_me"], prefix: prefix ?? [])
        #expect(r.status == 1, "\(r.stderr)")
        let reports = try CLI.reports(r.stdout)
        let relative = Dictionary(uniqueKeysWithValues: reports.map { (String($0.key.dropFirst(lib.path.count + 1)), $0.value) })
        #expect(Set(relative.keys) == Set(expected.keys), "\(Set(relative.keys).symmetricDifference(expected.keys))")
        for (path, code) in expected {
            guard let report = relative[path] else { continue }
            switch code {
            case .none: #expect(report["status"] as? String == "ok", "\(path): \(report["error"] ?? "")")
            case "error"?: #expect(report["status"] as? String == "error", "\(path)")
            case let code?: #expect(CLI.errorCode(report) == code, "\(path): \(report["error"] ?? "")")
            }
        }
        if prefix == nil {
            // Only this assertion is skipped; the rest of the scan is still checked above.
            print("note: running as root without util-linux setpriv: io.permissionDenied was not checked (root reads any file)")
        }
        // Walk order is the byte order of the paths.
        let order = r.lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["path"] as? String }
        #expect(order == order.sorted(by: MediaFileTypes.precedes))
        #expect(r.stderr.contains("symlinkLoop") && r.stderr.contains("2 hidden"), "\(r.stderr)")
        #expect(r.stderr.contains("\(expected.count) files in"), "\(r.stderr)")
    }

    @Test(.enabled(if: CLI.permissionPrefix != nil, "running as root without util-linux setpriv: root lists any folder"))
    func unlistableFolderIsAnErrorEntry() throws {
        let prefix = try #require(CLI.permissionPrefix)
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "open/a.mkv")
        try lib.copy("sdr_h264.mkv", to: "closed/b.mkv")
        lib.chmod("closed", 0)
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--jobs", "1", "--quiet"], prefix: prefix)
        let reports = try CLI.reports(r.stdout)
        #expect(r.status == 1)
        #expect(reports[lib.path + "/open/a.mkv"]?["status"] as? String == "ok")
        #expect(CLI.errorCode(reports[lib.path + "/closed"] ?? [:]) == "io.permissionDenied")
    }

    /// A worker that stops answering is killed after the time limit plus its grace (2 s for
    /// `--timeout 1`), and a file deleted after the walk listed it is an `io.notFound` entry.
    @Test func hangingWorkerAndVanishedFile() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "a_stuck.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "b_fine.mkv")
        try lib.copy("dv_p81.mkv", to: "z_vanish.mkv")
        let started = Date()
        let run = try CLI.start(["scan", lib.path, "--no-cache", "--jobs", "1", "--sorted", "--timeout", "1", "--quiet"],
                                environment: ["HDRPROBE_WORKER_FAULT": "hang:a_stuck"])
        // The walk lists the three files at once; the only worker hangs on the first for ~3 s.
        Thread.sleep(forTimeInterval: 1)
        try lib.delete("z_vanish.mkv")
        let r = run.wait()
        let elapsed = Date().timeIntervalSince(started)
        let reports = try CLI.reports(r.stdout)
        #expect(r.status == 1)
        #expect(reports.count == 3)
        #expect(CLI.errorCode(reports[lib.path + "/a_stuck.mkv"] ?? [:]) == "probe.timeout")
        #expect(reports[lib.path + "/b_fine.mkv"]?["status"] as? String == "ok")
        #expect(CLI.errorCode(reports[lib.path + "/z_vanish.mkv"] ?? [:]) == "io.notFound")
        #expect(elapsed < 20, "the hung worker was not stopped in time (\(elapsed) s)")
    }

    /// SIGINT stops the scan: exit 130, every finished report written (valid JSON lines), the
    /// summary marked interrupted, no worker left behind.
    @Test func interruptWritesWhatWasDone() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let stuck = "c_stuck_\(UUID().uuidString.prefix(8))"
        try lib.copy("sdr_h264.mkv", to: "a.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "b.mkv")
        try lib.copy("sdr_h264.mp4", to: stuck + ".mp4")
        try lib.copy("dv_p81.mkv", to: "d.mkv")
        let fault = "hang:\(stuck)"
        let run = try CLI.start(["scan", lib.path, "--no-cache", "--jobs", "1", "--sorted", "--timeout", "60"],
                                environment: ["HDRPROBE_WORKER_FAULT": fault])
        let deadline = Date().addingTimeInterval(20)
        while run.stdoutSoFar.split(separator: "\n").count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.3)
        kill(run.process.processIdentifier, SIGINT)
        let r = run.wait()
        #expect(r.status == 130, "\(r.stderr)")
        let reports = try CLI.reports(r.stdout)
        #expect(Set(reports.keys) == [lib.path + "/a.mkv", lib.path + "/b.mkv"])
        #expect(r.stderr.contains("INTERRUPTED"), "\(r.stderr)")
        // The hung worker (the only process with this fault in its environment) is gone.
        #expect(Self.processes(withEnvironment: "HDRPROBE_WORKER_FAULT=" + fault).isEmpty)
    }

    /// Pids whose environment contains `entry` (readable for our own processes).
    static func processes(withEnvironment entry: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { $0.allSatisfy(\.isNumber) } ?? []
        return pids.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == entry }
        }
    }

    /// In-process: the scanner reports a file that disappears between the walk and its probe.
    @Test func vanishedBetweenWalkAndProbe() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "keep.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "vanish.mkv")
        final class Deleting: ProbeExecutor {
            let inner = InProcessExecutor()
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                if request.path.hasSuffix("vanish.mkv") { try? FileManager.default.removeItem(atPath: request.path) }
                return inner.probe(request, shouldStop: shouldStop)
            }
            func shutdown() {}
        }
        let config = ScanConfiguration(roots: [lib.path], jobs: 2, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        var results: [String: ReportDigest] = [:]
        let summary = LibraryScanner(config: config, executor: { Deleting() }).run(shouldInterrupt: { false }) { results[$0.entry.relativePath] = $0.digest }
        #expect(summary.files == 2 && summary.errors == 1)
        #expect(results["keep.mkv"]?.status == .ok)
        #expect(results["vanish.mkv"]?.error?.code == .notFound)
    }

    /// Memory stays flat: with a window of 4, no more than 4 results are ever waiting to be
    /// written. In sorted mode nothing is written while the first file runs, so at most 3 other
    /// files may have started by the time it ends.
    @Test func boundedInFlight() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        for i in 0..<40 { try lib.copy("sdr_h264.mkv", to: String(format: "f%02d.mkv", i)) }
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var started = 0
            var startedWhileFirstRan: Int?
        }
        final class Slow: ProbeExecutor {
            let inner = InProcessExecutor()
            let log: Log
            init(log: Log) { self.log = log }
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                log.lock.lock(); log.started += 1; log.lock.unlock()
                if request.path.hasSuffix("f00.mkv") {
                    Thread.sleep(forTimeInterval: 0.5)
                    log.lock.lock(); log.startedWhileFirstRan = log.started; log.lock.unlock()
                }
                return inner.probe(request, shouldStop: shouldStop)
            }
            func shutdown() {}
        }
        var config = ScanConfiguration(roots: [lib.path], jobs: 2, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        config.sorted = true
        config.window = 4
        let log = Log()
        var order: [String] = []
        let summary = LibraryScanner(config: config, executor: { Slow(log: log) }).run(shouldInterrupt: { false }) {
            order.append($0.entry.relativePath)
        }
        #expect(summary.files == 40)
        #expect(order == (0..<40).map { String(format: "f%02d.mkv", $0) })
        let n = try #require(log.startedWhileFirstRan)
        #expect(n <= 4, "\(n) files started while the first was still running")
    }

    /// While the window of results in flight is full, the walker and the consumer (the calling
    /// thread) wait for each other; neither may wake the other for nothing. A regression had each
    /// wake-up answered with another broadcast, so every finished file set off a cascade of
    /// context switches (measured with `perf` on a cold scan: 17 per file, a third of the scan's
    /// CPU in futex calls). With two workers taking 2 ms a file and the default window, the
    /// calling thread is woken by each result and each new job, so its voluntary context switches
    /// (Linux's per-thread count in /proc/thread-self/status) stay under three per file; the
    /// regression measured 4–10 here.
    @Test func fullWindowDoesNotCascadeWakeUps() throws {
        let files = 300
        let lib = try Self.stubLibrary(files: files)
        defer { lib.remove() }
        final class Quick: ProbeExecutor {
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                usleep(2000)
                return .failure(path: request.path, ReportError(.containerTruncated, "test"))
            }
            func shutdown() {}
        }
        func switches() throws -> Int {
            let status = try String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") })
            return try #require(Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)))
        }
        var config = ScanConfiguration(roots: [lib.path], jobs: 2, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        let before = try switches()
        let summary = LibraryScanner(config: config, executor: { Quick() }).run(shouldInterrupt: { false }) { _ in }
        let perFile = Double(try switches() - before) / Double(files)
        #expect(summary.files == files)
        #expect(perFile < 3, "the calling thread was woken \(perFile) times per file")
    }

    /// Without a cache nothing is kept for one: a regression built a cache entry for every new
    /// report and held it until the scan ended (memory growing with the library under
    /// `--no-cache`). Reports of 4 MiB each, 48 files, 4 in flight: the process's resident memory
    /// (VmRSS in /proc/self/status; blocks this large are mapped and unmapped one by one) grows
    /// far less at the last result than the 192 MiB the reports add up to (measured: 22 MiB; the
    /// regression: about 400 MiB, each held report with its digest).
    @Test func noCacheHoldsNoReports() throws {
        let files = 48
        let lib = try Self.stubLibrary(files: files)
        defer { lib.remove() }
        final class Large: ProbeExecutor {
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                .failure(path: request.path, ReportError(.containerTruncated, String(repeating: "x", count: 4 << 20)))
            }
            func shutdown() {}
        }
        var config = ScanConfiguration(roots: [lib.path], jobs: 1, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        config.window = 4
        func residentBytes() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) << 10
        }
        let before = residentBytes()
        var seen = 0
        var inUseAtEnd = 0
        let summary = LibraryScanner(config: config, executor: { Large() }).run(shouldInterrupt: { false }) { _ in
            seen += 1
            if seen == files { inUseAtEnd = residentBytes() - before }
        }
        #expect(summary.files == files)
        #expect(before > 0)
        #expect(inUseAtEnd < 96 << 20, "\(inUseAtEnd >> 20) MiB more resident at the last result")
    }

    /// A library of `files` four-byte `.mkv` stubs (the EBML magic only), for tests whose
    /// executor never reads them.
    static func stubLibrary(files: Int) throws -> LibraryFixture {
        let lib = try LibraryFixture()
        for i in 0..<files { try lib.write(Data([0x1A, 0x45, 0xDF, 0xA3]), to: String(format: "f%03d.mkv", i)) }
        return lib
    }
}
#endif
