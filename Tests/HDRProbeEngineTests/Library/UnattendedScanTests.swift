#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GRDB
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine
@testable import HDRProbeScan
@testable import hdrprobe
import Testing

/// Scans left to run on their own over real libraries (issue 19): a closed pipe or a full device
/// stops the scan, workers do not outlive a killed scan, the cache's write-ahead log stays
/// bounded, damaged or stale cache entries are not served, read-only and locked caches get their
/// own messages, and what reaches a terminal is escaped and not mixed.
@Suite struct UnattendedScanTests {
    // MARK: 7 — a closed pipe or a full device stops the scan

    /// `scan … | head -1`: the reader goes away after one line; the scan stops at the next batch
    /// (EPIPE) instead of probing the whole library, with exit status 2 and a message saying
    /// why. Before the fix it probed all 3,000 files and then exited 2.
    @Test func closedPipeStopsTheScan() throws {
        let files = 3000
        let lib = try ScanRobustnessTests.stubLibrary(files: files)
        defer { lib.remove() }
        let script = "\"$0\" scan \"$1\" --no-cache --jobs 1 | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\" >&2"
        let started = Date()
        let r = try CLI.run(["-c", script, TestPaths.executable.path, lib.path], program: "/bin/bash")
        let elapsed = Date().timeIntervalSince(started)
        #expect(r.stderr.contains("status=2"), "\(r.stderr)")
        #expect(r.stderr.contains("could not all be written") && r.stderr.contains("Broken pipe"), "\(r.stderr)")
        let done = try #require(Self.summaryFiles(r.stderr), "\(r.stderr)")
        #expect(done < files / 2, "the scan went on after its reader left: \(done) of \(files) files, \(elapsed) s")
    }

    /// `--jsonl /dev/full`: every write fails with ENOSPC; the scan stops early, says so, exits 2.
    @Test func fullDeviceStopsTheScan() throws {
        let files = 3000
        let lib = try ScanRobustnessTests.stubLibrary(files: files)
        defer { lib.remove() }
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--jobs", "1", "--jsonl", "/dev/full"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        let done = try #require(Self.summaryFiles(r.stdout + r.stderr), "\(r.stdout)\(r.stderr)")
        #expect(done < files / 2, "\(done) of \(files) files")
    }

    /// The summary goes to standard output when the reports go to a file; a failed write of it
    /// is an error (exit status 2), not silence.
    @Test func failedSummaryWriteSaysSo() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "a.mkv")
        let jsonl = lib.path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: jsonl) }
        let r = try CLI.run(["-c", "exec \"$0\" scan \"$1\" --no-cache --jsonl \"$2\" >/dev/full", TestPaths.executable.path, lib.path, jsonl],
                            program: "/bin/bash")
        #expect(r.status == 2)
        #expect(r.stderr.contains("the summary could not be written") && r.stderr.contains("No space left on device"), "\(r.stderr)")
    }

    /// `hdrprobe scan: N files in …` from a summary.
    static func summaryFiles(_ text: String) -> Int? {
        guard let range = text.range(of: "hdrprobe scan: ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    // MARK: 8 — workers end with their scan

    /// `kill -9` of the scan while its worker hangs on a file: the worker (Linux: parent-death
    /// signal; elsewhere its watch of the parent and of the request pipe) is gone within a
    /// second or two. Before the fix it ran on under PID 1 (here: forever, the hang sleeps).
    @Test func workersDieWithTheScan() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let stuck = "stuck_\(UUID().uuidString.prefix(8))"
        try lib.copy("sdr_h264.mkv", to: stuck + ".mkv")
        let fault = "hang:\(stuck)"
        let run = try CLI.start(["scan", lib.path, "--no-cache", "--jobs", "1", "--timeout", "300", "--quiet"],
                                environment: ["HDRPROBE_WORKER_FAULT": fault])
        let marker = "HDRPROBE_WORKER_FAULT=" + fault
        // The worker is the process other than the scan with the fault in its environment.
        var workers: [String] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            workers = ScanRobustnessTests.processes(withEnvironment: marker).filter { $0 != String(run.process.processIdentifier) }
            if !workers.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        try #require(!workers.isEmpty, "no worker started")
        Thread.sleep(forTimeInterval: 0.3)
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.wait()
        let killed = Date()
        while Date().timeIntervalSince(killed) < 10 && workers.contains(where: Self.isAlive) { Thread.sleep(forTimeInterval: 0.02) }
        let lifetime = Date().timeIntervalSince(killed)
        for pid in workers where Self.isAlive(pid) { kill(pid_t(pid)!, SIGKILL) }
        #expect(lifetime < 3, "a worker outlived its scan by \(lifetime) s")
    }

    /// Running (a zombie waiting for PID 1 to reap it runs nothing).
    static func isAlive(_ pid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    // MARK: 10 — the write-ahead log stays bounded

    /// A cold scan of 4,000 files with ~8 KB reports (~32 MB stored): the WAL beside the cache
    /// stays small while the scan runs (before the fix each worker thread's snapshot pinned the
    /// log and it grew by every report: ~40 MB here, 132 MiB seen on 11,000 real files).
    @Test func writeAheadLogStaysBounded() throws {
        let files = 4000
        let lib = try ScanRobustnessTests.stubLibrary(files: files)
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        final class Padded: ProbeExecutor {
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                let line = "{\"path\":\"\(request.path)\",\"pad\":\"\(String(repeating: "p", count: 8000))\"}"
                return .report(jsonLine: line, digest: ReportDigest(path: request.path, status: .ok, error: nil, streams: [], findings: []))
            }
            func shutdown() {}
        }
        var config = ScanConfiguration(roots: [lib.path], jobs: 2, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        config.cachePath = cache
        var largest: Int64 = 0
        func walSize() -> Int64 {
            var st = stat()
            return stat(cache + "-wal", &st) == 0 ? Int64(st.st_size) : 0
        }
        let summary = LibraryScanner(config: config, executor: { Padded() }).run(shouldInterrupt: { false },
                                                                                 afterBatch: { largest = max(largest, walSize()) }) { _ in }
        #expect(summary.files == files)
        // Half of what is stored (~32 MB): a pinned log grows past all of it (~40 MB); a bounded
        // one stays at 7–10 MB here, more when the machine is busy and checkpoints come late
        // (12.x MiB was seen with other tests running).
        #expect(largest < 16 << 20, "the WAL grew to \(largest >> 20) MiB during the scan")
        // Everything was stored: a warm scan probes nothing.
        let warm = LibraryScanner(config: config, executor: { Padded() }).run(shouldInterrupt: { false }) { _ in }
        #expect(warm.fromCache == files)
        print("WAL during a cold scan of \(files) files with 8 KB reports: at most \(largest) bytes")
    }

    // MARK: 6 — cache entries are checked

    /// One changed byte inside a stored report (height 72 → 99, the files are made 128x72 by
    /// Corpus/generate.sh) and a report made invalid JSON: neither is served; both files are
    /// probed again with a warning, and the warm scan after that serves the repaired rows.
    @Test func damagedEntriesAreProbedAgain() throws {
        try ScanCacheTests.afterDamaging({ db in
            try db.execute(sql: "UPDATE \(ScanCache.table) SET report = replace(report, '\"height\":72', '\"height\":99') WHERE path LIKE '%/hdr10.mp4'")
            try db.execute(sql: "UPDATE \(ScanCache.table) SET report = '#' || substr(report, 2) WHERE path LIKE '%/dv.mkv'")
            #expect(db.changesCount == 1)
        }) { lib, cache in
            let (summary, results, warnings) = ScanCacheTests.scan(lib, cache: cache)
            #expect(summary.probed == 2, "\(warnings)")
            #expect(results["hdr10.mp4"]?.jsonLine.contains("\"height\":72") == true)
            #expect(results["hdr10.mp4"]?.jsonLine.contains("\"height\":99") == false)
            let dv = try #require(results["dv.mkv"]?.jsonLine)
            #expect((try? JSONSerialization.jsonObject(with: Data(dv.utf8))) != nil, "an invalid JSON line was served")
            #expect(warnings.filter { $0.contains("damaged") }.count == 2, "\(warnings)")
            #expect(ScanCacheTests.scan(lib, cache: cache).0.fromCache == 4)
        }
    }

    /// Content rewritten in place with its old size and modification time restored (what
    /// `rsync -t --inplace` or `touch -r` leave) has a new ctime; content replaced by a rename
    /// (plain `rsync -t`) has a new inode. Neither is served from the cache.
    @Test func sameSizeAndTimeButRewrittenIsProbedAgain() throws {
        let lib = try ScanCacheTests.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        #expect(ScanCacheTests.scan(lib, cache: cache).1["dv.mkv"]?.digest.status == .ok)
        for (name, viaRename) in [("dv.mkv", false), ("hdr10.mp4", true)] {
            let path = lib.url(name).path
            let mtime = ScanCacheTests.modified(path)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            Thread.sleep(forTimeInterval: 0.02)
            if viaRename {
                let temp = lib.url(".tmp-" + name)
                try Data(count: size).write(to: temp)
                ScanCacheTests.setModified(temp.path, mtime)
                expect0(rename(temp.path, path), "rename")
            } else {
                let handle = try FileHandle(forWritingTo: lib.url(name))
                try handle.write(contentsOf: Data(count: size))
                try handle.close()
                ScanCacheTests.setModified(path, mtime)
            }
            #expect(ScanCacheTests.modified(path) == mtime)
        }
        let (summary, results, _) = ScanCacheTests.scan(lib, cache: cache)
        #expect(summary.probed == 2)
        #expect(results["dv.mkv"]?.digest.status == .error, "stale report served for content rewritten in place")
        #expect(results["hdr10.mp4"]?.digest.status == .error, "stale report served for content replaced by a rename")
    }

    // MARK: 11 — io.empty is not cached

    /// An empty file is often one still being written: like every `io.*` error it is probed
    /// again next time (docs/check.md said so; the code cached it).
    @Test func emptyFileIsNotCached() throws {
        let lib = try ScanCacheTests.library()
        defer { lib.remove() }
        try lib.write(Data(), to: "empty.mkv")
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        // A report cut short by the time limit is not cached (scan.incomplete): a limit no loaded
        // machine reaches keeps the count about the empty file alone.
        let options = ProbeOptions(timeout: 600)
        let (_, first, storing) = ScanCacheTests.scan(lib, cache: cache, options: options)
        #expect(first["empty.mkv"]?.digest.error?.code == .empty)
        let (summary, results, reading) = ScanCacheTests.scan(lib, cache: cache, options: options)
        #expect(results["empty.mkv"]?.fromCache == false)
        // The other four come from the cache — unless the cache turned itself off in either scan
        // (a lock held past ScanCache.busyTimeout on a loaded machine), which that scan says.
        let warnings = storing + reading
        if !warnings.contains(where: { $0.contains("the cache") }) {
            #expect(summary.probed == 1, "\(warnings)")
        }
    }
}

/// The cache's messages (issue 19, item 9): a read-only cache is read, and permission, lock and
/// a missing folder each get their own message — "Delete the file" only for a damaged one.
@Suite struct CacheAccessMessageTests {
    static func prepared() throws -> (LibraryFixture, String) {
        let lib = try ScanCacheTests.library()
        let folder = lib.path + "-cache"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cache = folder + "/c.sqlite"
        let r = try CLI.run(["scan", lib.path, "--cache", cache, "--quiet"])
        #expect(r.lines.count == 4)
        return (lib, cache)
    }

    static func cleanUp(_ lib: LibraryFixture, _ cache: String) {
        let folder = (cache as NSString).deletingLastPathComponent
        chmod(folder, 0o755)
        chmod(cache, 0o644)
        try? FileManager.default.removeItem(atPath: folder)
        lib.remove()
    }

    /// A cache in a folder this user may not write, itself read-only: the scan reads it (every
    /// file from the cache) and says it stores nothing.
    @Test(.enabled(if: CLI.permissionPrefix != nil, "running as root without util-linux setpriv"))
    func readOnlyCacheIsRead() throws {
        let (lib, cache) = try Self.prepared()
        defer { Self.cleanUp(lib, cache) }
        chmod(cache, 0o444)
        chmod((cache as NSString).deletingLastPathComponent, 0o555)
        let r = try CLI.run(["scan", lib.path, "--cache", cache], prefix: CLI.permissionPrefix!)
        #expect(r.lines.count == 4)
        #expect(r.stderr.contains("4 from the cache, 0 probed"), "\(r.stderr)")
        #expect(r.stderr.contains("read-only"), "\(r.stderr)")
        #expect(!r.stderr.contains("Delete the file"), "\(r.stderr)")
    }

    /// A cache this user may not read: said so, no advice to delete it.
    @Test(.enabled(if: CLI.permissionPrefix != nil, "running as root without util-linux setpriv"))
    func unreadableCacheSaysPermissionDenied() throws {
        let (lib, cache) = try Self.prepared()
        defer { Self.cleanUp(lib, cache) }
        chmod(cache, 0o000)
        let r = try CLI.run(["scan", lib.path, "--cache", cache], prefix: CLI.permissionPrefix!)
        #expect(r.lines.count == 4)
        #expect(r.stderr.contains("permission denied"), "\(r.stderr)")
        #expect(!r.stderr.contains("Delete the file"), "\(r.stderr)")
    }

    /// Another process holds the write lock while the cache is created: "locked", not "delete".
    @Test func lockedCacheSaysLocked() throws {
        let lib = try ScanCacheTests.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: cache, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        let r = try CLI.run(["scan", lib.path, "--cache", cache])
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(r.lines.count == 4)
        #expect(r.stderr.contains("locked by another process"), "\(r.stderr)")
        #expect(!r.stderr.contains("Delete the file"), "\(r.stderr)")
    }

    /// A cache path below a regular file: its folder cannot be made; the message says which part
    /// is in the way (it was a raw NSCocoaErrorDomain text).
    @Test func missingCacheFolderIsExplained() throws {
        let lib = try ScanCacheTests.library()
        defer { lib.remove() }
        let blocker = lib.path + ".blocker"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let r = try CLI.run(["scan", lib.path, "--cache", blocker + "/sub/c.sqlite"])
        #expect(r.lines.count == 4)
        #expect(r.stderr.contains("\(blocker) is a file, not a folder"), "\(r.stderr)")
        #expect(!r.stderr.contains("NSCocoaErrorDomain"), "\(r.stderr)")
    }
}

/// Text that reaches a terminal (issue 19, items 4 and 11): escaped, not mixed with reports,
/// the file name's end visible, counts in the singular for one file.
@Suite struct TerminalOutputTests {
    /// The bar shows the end of a long path (the file name), fits the width, and shows a name's
    /// control characters escaped.
    @Test func barShowsTheEscapedEndOfTheName() {
        let progress = ScanProgress(style: .bar)
        let long = "/library/" + String(repeating: "deep folder/", count: 12) + "The Movie (2024) \u{1B}]0;owned\u{07}\u{1B}[2J.mkv"
        let line = progress.barLine(done: 3, total: 10, totalKnown: true, current: long, now: Date(), columns: 80)
        #expect(line.count <= 79, "\(line)")
        #expect(line.hasSuffix("owned\\x07\\x1B[2J.mkv"), "\(line)")
        #expect(line.contains("…"), "\(line)")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "a control character reached the terminal: \(line.debugDescription)")
    }

    /// `check`'s text output escapes a file name's escape sequences (a title change, a clear
    /// screen, a bell); before the fix they reached the terminal raw.
    @Test func checkTextEscapesFileNames() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let name = "bad \u{1B}]0;owned\u{07}\u{1B}[2J.mp4"
        try lib.copy("bad_png_renamed.mp4", to: name)
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("bad \\x1B]0;owned\\x07\\x1B[2J.mp4"), "\(r.stdout)")
        #expect(!r.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(r.stdout.debugDescription)")
    }

    /// One file: "1 file", not "1 files" (the plain progress line at the end and the summary).
    @Test func oneFileIsSingular() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "a.mkv")
        let r = try CLI.run(["scan", lib.path, "--no-cache"])
        #expect(r.stderr.contains("scan: 1 file done"), "\(r.stderr)")
        #expect(r.stderr.contains("hdrprobe scan: 1 file in"), "\(r.stderr)")
        #expect(!r.stderr.contains("1 files done") && !r.stderr.contains("1 files in"), "\(r.stderr)")
    }

    /// The rate, after rounding, in the singular too: one file done in one second is "1 file/s"
    /// in the bar and in the plain line, and one file of one is "1/1 file" (before: "1 files/s",
    /// "1/1 files").
    @Test func oneFilePerSecondIsSingular() {
        for style in [ScanProgress.Style.bar, .lines(interval: 5)] {
            let progress = ScanProgress(style: style)
            let later = Date().addingTimeInterval(1)
            let bar = progress.barLine(done: 1, total: 3, totalKnown: true, current: "a.mkv", now: later, columns: 100)
            #expect(bar.contains(" 1 file/s ") && !bar.contains("files/s"), "\(bar)")
            let plain = progress.plainLine(done: 1, total: 1, totalKnown: true, now: later)
            #expect(plain.hasPrefix("scan: 1/1 file (100%), 1 file/s,"), "\(plain)")
            let two = progress.plainLine(done: 2, total: 2, totalKnown: true, now: later)
            #expect(two.hasPrefix("scan: 2/2 files (100%), 2 files/s,"), "\(two)")
        }
        #expect(CountText.perSecond(0.6, "file") == "1 file/s")
        #expect(CountText.perSecond(0.4, "file") == "0 files/s")
        #expect(CountText.of(1, "error") == "1 error" && CountText.of(0, "error") == "0 errors")
        var summary = ScanSummary()
        summary.seconds = 1
        summary.add(ReportDigest(path: "a.mkv", status: .ok, error: nil, streams: [], findings: []), fromCache: false)
        let text = summary.text(title: "hdrprobe scan")
        #expect(text.contains("1 file in") && text.contains("1 file/s") && !text.contains("files/s"), "\(text)")
    }

    /// Reports and progress on one terminal (a pseudo-terminal from Python's `pty`): no bar is
    /// drawn between the report lines (before the fix `ESC [K` and the bar were mixed into them).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is needed for a pseudo-terminal"))
    func noBarBetweenReportsOnOneTerminal() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        for i in 0..<40 { try lib.copy("sdr_h264.mkv", to: "f\(i).mkv") }
        let script = """
        import os, pty, subprocess, sys
        master, slave = pty.openpty()
        p = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
        os.close(slave)
        out = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        p.wait()
        sys.stdout.buffer.write(out)
        """
        let r = try CLI.run(["-c", script, TestPaths.executable.path, "scan", lib.path, "--no-cache", "--jobs", "1"], program: "/usr/bin/python3")
        #expect(r.stdout.contains("\"path\""), "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}[K"), "the progress bar was drawn among the reports")
    }
}

/// Paths compared byte for byte (issue 19, item 2): `café` in NFC and in NFD are two files on
/// Linux, and `check --diff` and `merge` keep them apart.
@Suite struct ExactPathTests {
    static let nfc = "caf\u{E9}.mkv"
    static let nfd = "cafe\u{301}.mkv"

    /// Two scans where only the NFD file lost Dolby Vision (it became an SDR copy, dv_p81.mkv
    /// and sdr_h264.mkv as Corpus/generate.sh makes them): the diff says so.
    @Test func diffSeesALossOnTheNFDName() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("dv_p81.mkv", to: Self.nfc)
        try lib.copy("dv_p81.mkv", to: Self.nfd)
        let old = lib.path + ".old.jsonl", new = lib.path + ".new.jsonl"
        defer { for f in [old, new] { try? FileManager.default.removeItem(atPath: f) } }
        #expect(try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", old]).status == 0)
        try lib.delete(Self.nfd)
        try lib.copy("sdr_h264.mkv", to: Self.nfd)
        #expect(try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", new]).status == 0)
        let r = try CLI.run(["check", "--diff", old, new, "--format", "json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        let files = try #require(doc["files"] as? [[String: Any]], "\(r.stdout)")
        let lost = files.filter { ($0["items"] as? [[String: Any]])?.contains { $0["code"] as? String == "diff.lostDolbyVision" } == true }
        #expect(lost.count == 1, "\(r.stdout)")
        #expect((lost.first?["path"] as? String).map { Array($0.utf8) } == Array((lib.path + "/" + Self.nfd).utf8))
        #expect(r.status == 1)
    }

    /// `merge` keeps both spellings (it kept one and counted the other a duplicate).
    @Test func mergeKeepsBothSpellings() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("dv_p81.mkv", to: Self.nfc)
        try lib.copy("sdr_h264.mkv", to: Self.nfd)
        let scan = lib.path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: scan) }
        #expect(try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", scan]).status == 0)
        let r = try CLI.run(["merge", scan, scan])
        #expect(r.lines.count == 2, "\(r.stdout)\(r.stderr)")
    }
}

/// The walk on real machines (issue 19, items 3 and 5): pseudo file systems are not entered,
/// each file is reported once by a stable path, and a folder too deep to reach is an error entry
/// instead of a silent gap.
@Suite struct WalkerReachTests {
    /// A link to /proc in a library, and a process whose working folder is inside the library
    /// (its /proc/PID/cwd leads back in): the walk does not enter /proc (before the fix it
    /// reported the file as /proc/PID/cwd/a.mkv, a path that dies with that process, and skipped
    /// the real copy as a loop).
    @Test func pseudoFileSystemsAreNotEntered() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "zmedia/a.mkv")
        try lib.link("p", to: "/proc")
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        sleeper.currentDirectoryURL = lib.url("zmedia")
        try sleeper.run()
        defer { sleeper.terminate(); sleeper.waitUntilExit() }
        let (files, skipped) = LibraryWalkerTests.walk(lib.path)
        #expect(files == ["zmedia/a.mkv"], "\(files.prefix(5))")
        #expect(skipped["pseudoFileSystem"] == 1, "\(skipped)")
    }

    /// Two hard links to one file are one file (reported by the first path in byte order).
    @Test func hardLinksAreOneFile() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "b/movie.mkv")
        try FileManager.default.createDirectory(at: lib.url("a"), withIntermediateDirectories: true)
        expect0(link(lib.url("b/movie.mkv").path, lib.url("a/movie.mkv").path), "link")
        let (files, skipped) = LibraryWalkerTests.walk(lib.path)
        #expect(files == ["a/movie.mkv"])
        #expect(skipped["duplicate"] == 1)
    }

    /// A chain of folders with 250-byte names, a copy of `sdr_h264.mkv` every five levels: from
    /// level 17 on the path is longer than PATH_MAX (4,096 bytes) and cannot be named in one
    /// call. The walk goes on through folder descriptors and the probe opens such files a folder
    /// at a time: all five are analysed. Expected: the five copies the test made, each the
    /// corpus's 128x72 H.264 SDR file (Corpus/generate.sh). Before: the files below 4,096 bytes
    /// vanished with exit status 0; then the folder where it happened was an error entry.
    @Test func tooDeepFoldersAreWalked() throws {
        let lib = try LibraryFixture()
        defer {
            let rm = Process()
            rm.executableURL = URL(fileURLWithPath: "/bin/rm")
            rm.arguments = ["-rf", lib.path]
            try? rm.run()
            rm.waitUntilExit()
        }
        let name = String(repeating: "d", count: 250)
        let data = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("sdr_h264.mkv"))
        var fd = open(lib.path, O_RDONLY | O_DIRECTORY)
        for level in 1...25 {
            expect0(mkdirat(fd, name, 0o755), "mkdirat")
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            if level % 5 == 0 {
                let file = openat(fd, "f\(level).mkv", O_WRONLY | O_CREAT, 0o644)
                _ = data.withUnsafeBytes { write(file, $0.baseAddress!, data.count) }
                close(file)
            }
        }
        close(fd)
        let cache = lib.path + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        for pass in 1...2 {
            let r = try CLI.run(["scan", lib.path, "--cache", cache, "--quiet"])
            let reports = try CLI.reports(r.stdout)
            #expect(r.status == 0, "\(r.stdout.prefix(300))\(r.stderr)")
            #expect(reports.count == 5, "pass \(pass): \(reports.keys.map { $0.utf8.count })")
            #expect(reports.keys.filter { $0.utf8.count > Int(PATH_MAX) }.count == 2, "f20 and f25 lie past PATH_MAX")
            for (path, report) in reports {
                #expect(report["status"] as? String == "ok", "\(path.suffix(40)): \(report["error"] ?? "")")
                let video = (report["streams"] as? [[String: Any]])?.first
                #expect(video?["codec"] as? String == "h264" && video?["height"] as? Int == 72, "\(path.suffix(40))")
            }
        }
        // Served from the cache, deep files included.
        let summary = try CLI.run(["scan", lib.path, "--cache", cache, "--summary-only"])
        #expect(summary.stdout.contains("5 from the cache, 0 probed") || summary.stderr.contains("5 from the cache, 0 probed"),
                "\(summary.stdout)\(summary.stderr)")
    }
}

/// File names that are not UTF-8 (issue 19, item 1): opened by their exact bytes, reported with
/// a reversible `pathBytes` (Base64 of the bytes), two such names two reports, a folder with such
/// a name walked. Expected values: the bytes the test wrote and the corpus files' own kinds
/// (dv_p81.mkv and sdr_h264.mkv as Corpus/generate.sh makes them).
@Suite struct NonUTF8NameTests {
    /// Writes `corpusName` to the exact path `bytes`.
    static func place(_ corpusName: String, at bytes: [UInt8]) throws {
        let data = try Data(contentsOf: TestPaths.corpus.appendingPathComponent(corpusName))
        let fd = LibraryWalker.withCPath(bytes) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        try #require(fd >= 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress!, data.count) }
        close(fd)
    }

    @Test func latin1NamesAreScannedByTheirBytes() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let base = Array(lib.path.utf8) + [UInt8(ascii: "/")]
        let cafeE9 = base + Array("caf".utf8) + [0xE9] + Array(".mkv".utf8)     // café in Latin-1
        let cafeE8 = base + Array("caf".utf8) + [0xE8] + Array(".mkv".utf8)     // cafè in Latin-1
        let folder = base + [UInt8(ascii: "d"), 0xFF]
        try Self.place("dv_p81.mkv", at: cafeE9)
        try Self.place("sdr_h264.mkv", at: cafeE8)
        expect0(LibraryWalker.withCPath(folder) { mkdir($0, 0o755) }, "mkdir")
        try Self.place("sdr_h264.mkv", at: folder + Array("/in.mkv".utf8))
        let jsonl = lib.path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: jsonl) }
        let r = try CLI.run(["scan", lib.path, "--quiet", "--jsonl", jsonl])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        var byBytes: [[UInt8]: [String: Any]] = [:]
        for line in lines {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let bytes = try #require((doc["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }, "no pathBytes: \(line.prefix(200))")
            byBytes[[UInt8](bytes)] = doc
        }
        #expect(byBytes.count == 3)
        #expect(byBytes[cafeE9]?["status"] as? String == "ok")
        let dv = (byBytes[cafeE9]?["streams"] as? [[String: Any]])?.first?["dolbyVision"]
        #expect(dv != nil && !(dv is NSNull), "café (Latin-1) is the Dolby Vision file")
        #expect(byBytes[cafeE8]?["status"] as? String == "ok")
        #expect(byBytes[folder + Array("/in.mkv".utf8)]?["status"] as? String == "ok")
        // The display path shows U+FFFD; the two names differ only in their bytes.
        #expect(byBytes[cafeE9]?["path"] as? String == lib.path + "/caf\u{FFFD}.mkv")
        // merge keeps the two names apart.
        let merged = try CLI.run(["merge", jsonl, jsonl])
        #expect(merged.lines.count == 3, "\(merged.stderr)")
    }

    /// Such names are cached like any other, keyed by their exact bytes: the second scan takes
    /// all three from the cache, and the two names that differ only in a byte U+FFFD hides keep
    /// their own reports (the Dolby Vision file stays the Dolby Vision file). Before: never cached.
    @Test func latin1NamesAreCachedByTheirBytes() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let base = Array(lib.path.utf8) + [UInt8(ascii: "/")]
        let cafeE9 = base + Array("caf".utf8) + [0xE9] + Array(".mkv".utf8)
        let cafeE8 = base + Array("caf".utf8) + [0xE8] + Array(".mkv".utf8)
        try Self.place("dv_p81.mkv", at: cafeE9)
        try Self.place("sdr_h264.mkv", at: cafeE8)
        try Self.place("sdr_h264.mkv", at: base + Array("plain.mkv".utf8))
        let cache = lib.path + ".sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        _ = try CLI.run(["scan", lib.path, "--cache", cache, "--quiet"])
        let warm = try CLI.run(["scan", lib.path, "--cache", cache, "--summary-only"])
        #expect(warm.stdout.contains("3 from the cache, 0 probed"), "\(warm.stdout)\(warm.stderr)")
        let again = try CLI.run(["scan", lib.path, "--cache", cache, "--quiet"])
        var byBytes: [[UInt8]: [String: Any]] = [:]
        for line in again.lines {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let bytes = (doc["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }.map([UInt8].init)
                ?? Array((doc["path"] as? String ?? "").utf8)
            byBytes[bytes] = doc
        }
        #expect(byBytes.count == 3)
        func range(_ doc: [String: Any]?) -> String? {
            ((doc?["streams"] as? [[String: Any]])?.first?["hdr"] as? [String: Any])?["videoRangeType"] as? String
        }
        #expect(range(byBytes[cafeE9]) == "DOVIWithHDR10", "dv_p81.mkv is Dolby Vision 8.1 (Corpus/generate.sh)")
        #expect(range(byBytes[cafeE8]) == "SDR")
    }

    /// Command-line paths by their bytes (bash's `$'\\xff'` puts the raw byte in argv): a folder
    /// root for `scan` and `matrix`, a file for `simulate` and `hls`, a JSONL file for
    /// `matrix --from`. Before: argv went through `String`, the byte became U+FFFD and nothing was
    /// found (`io.notFound`, or an empty scan). `hls` names the variant by the bytes (`%E9`).
    @Test func commandLinePathsAreBytes() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let folder = Array(lib.path.utf8) + [UInt8(ascii: "/"), UInt8(ascii: "d"), 0xFF]
        expect0(LibraryWalker.withCPath(folder) { mkdir($0, 0o755) }, "mkdir")
        try Self.place("dv_p81.mkv", at: folder + Array("/caf".utf8) + [0xE9] + Array(".mkv".utf8))
        let dir = lib.path + "/d$'\\xff'"
        let file = dir + "/caf$'\\xe9'.mkv"
        func run(_ command: String) throws -> CLI.Result {
            try CLI.run(["-c", "exec \"$0\" " + command, TestPaths.executable.path], program: "/bin/bash")
        }
        let scan = try run("scan " + dir + " --no-cache --quiet --jsonl " + lib.path + "/out$'\\xe9'.jsonl")
        #expect(scan.status == 0, "\(scan.stdout)\(scan.stderr)")
        let jsonl = Array(lib.path.utf8) + Array("/out".utf8) + [0xE9] + Array(".jsonl".utf8)
        let fd = LibraryWalker.withCPath(jsonl) { open($0, O_RDONLY) }
        #expect(fd >= 0, "the JSONL file is written by its exact bytes")
        if fd >= 0 { close(fd) }
        let simulate = try run("simulate " + file + " --target mac-m3 --json")
        let doc = try JSONSerialization.jsonObject(with: Data(simulate.stdout.utf8)) as? [String: Any]
        #expect(doc?["status"] as? String == "ok", "\(simulate.stdout.prefix(300))\(simulate.stderr)")
        #expect(((doc?["playback"] as? [[String: Any]])?.first?["status"] as? String) == "plays",
                "Dolby Vision 8.1 plays as authored on a Mac with M3 (apple-playback.md)")
        let hls = try run("hls " + file)
        #expect(hls.status == 0 && hls.stdout.contains("\ncaf%E9/prog_index.m3u8"), "\(hls.stdout)\(hls.stderr)")
        let matrix = try run("matrix " + dir + " --no-cache --quiet --format json")
        let m = try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any]
        #expect(m?["fileCount"] as? Int == 1, "\(matrix.stdout.prefix(200))\(matrix.stderr)")
        let files = m?["files"] as? [[String: Any]]
        #expect((files?.first?["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }.map([UInt8].init)
                == Array(lib.path.utf8) + Array("/d".utf8) + [0xFF] + Array("/caf".utf8) + [0xE9] + Array(".mkv".utf8))
        let from = try run("matrix --from " + lib.path + "/out$'\\xe9'.jsonl --format json")
        let f = try JSONSerialization.jsonObject(with: Data(from.stdout.utf8)) as? [String: Any]
        #expect(f?["fileCount"] as? Int == 1, "\(from.stdout.prefix(200))\(from.stderr)")
    }

    /// Two names that differ only in a byte U+FFFD hides are two files in the matrix (before:
    /// one replaced the other, as if the later report were a re-scan of the same path).
    @Test func matrixKeepsNamesApartByBytes() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let base = Array(lib.path.utf8) + [UInt8(ascii: "/")]
        try Self.place("dv_p81.mkv", at: base + Array("caf".utf8) + [0xE9] + Array(".mkv".utf8))
        try Self.place("sdr_h264.mkv", at: base + Array("caf".utf8) + [0xE8] + Array(".mkv".utf8))
        let r = try CLI.run(["matrix", lib.path, "--no-cache", "--quiet", "--format", "json"])
        let m = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(m?["fileCount"] as? Int == 2, "\(r.stdout.prefix(200))\(r.stderr)")
    }

    /// A folder that cannot be listed becomes an error entry; with a name that is not UTF-8 the
    /// entry carries `pathBytes` like every report (before: only the U+FFFD text).
    @Test(.enabled(if: CLI.permissionPrefix != nil, "running as root without util-linux setpriv"))
    func unlistableFolderEntryCarriesTheBytes() throws {
        let lib = try LibraryFixture()
        defer {
            _ = LibraryWalker.withCPath(Array(lib.path.utf8) + [UInt8(ascii: "/"), 0xFF]) { chmod($0, 0o755) }
            lib.remove()
        }
        let folder = Array(lib.path.utf8) + [UInt8(ascii: "/"), 0xFF]
        expect0(LibraryWalker.withCPath(folder) { mkdir($0, 0o755) }, "mkdir")
        try Self.place("sdr_h264.mkv", at: folder + Array("/in.mkv".utf8))
        expect0(LibraryWalker.withCPath(folder) { chmod($0, 0o000) }, "chmod")
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--quiet"], prefix: CLI.permissionPrefix!)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data((r.lines.first ?? "").utf8)) as? [String: Any], "\(r.stdout)")
        #expect(CLI.errorCode(doc) == "io.permissionDenied")
        #expect((doc["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }.map([UInt8].init) == folder)
    }

    /// `probe --json` of such a name: the report carries the bytes it was opened by.
    @Test func probeReportCarriesTheBytes() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        let name = Array(lib.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".mkv".utf8)
        try Self.place("sdr_h264.mkv", at: name)
        let r = try CLI.run(["-c", "exec \"$0\" probe --json " + lib.path + "/caf$'\\xe9'.mkv", TestPaths.executable.path], program: "/bin/bash")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
        let doc = try #require(json as? [String: Any] ?? (json as? [[String: Any]])?.first, "\(r.stdout)\(r.stderr)")
        #expect(doc["status"] as? String == "ok")
        #expect((doc["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }.map([UInt8].init) == name)
    }
}
#endif
