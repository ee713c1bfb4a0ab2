#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// Runs the `hdrprobe` binary for the library tests: output to files (no pipe can fill up), a
/// private cache folder (never the user's), optional environment and a command prefix (setpriv).
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// A cache folder of this test process, so that no test writes to ~/.cache.
    static let cacheHome: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-xdg-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    final class Running: @unchecked Sendable {
        let process: Process
        let out: URL, err: URL

        init(process: Process, out: URL, err: URL) {
            self.process = process
            self.out = out
            self.err = err
        }

        var stdoutSoFar: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }

        func wait() -> Result {
            process.waitUntilExit()
            let r = Result(status: process.terminationStatus, stdout: stdoutSoFar,
                           stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
            return r
        }
    }

    /// `program`: run this instead of hdrprobe (with `args` as they are).
    static func start(_ args: [String], environment: [String: String] = [:], prefix: [String] = [],
                      directory: URL? = nil, program: String? = nil) throws -> Running {
        let p = Process()
        if let program {
            p.executableURL = URL(fileURLWithPath: program)
            p.arguments = args
        } else if prefix.isEmpty {
            p.executableURL = TestPaths.executable
            p.arguments = args
        } else {
            p.executableURL = URL(fileURLWithPath: prefix[0])
            p.arguments = Array(prefix.dropFirst()) + [TestPaths.executable.path] + args
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cacheHome
        env["HDRPROBE_WORKER_FAULT"] = nil
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if let directory { p.currentDirectoryURL = directory }
        let tmp = FileManager.default.temporaryDirectory
        let out = tmp.appendingPathComponent("hdrprobe-out-\(UUID().uuidString)")
        let err = tmp.appendingPathComponent("hdrprobe-err-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return Running(process: p, out: out, err: err)
    }

    static func run(_ args: [String], environment: [String: String] = [:], prefix: [String] = [],
                    directory: URL? = nil, program: String? = nil) throws -> Result {
        try start(args, environment: environment, prefix: prefix, directory: directory, program: program).wait()
    }

    /// Reports of a JSONL text by path.
    static func reports(_ text: String) throws -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        for line in text.split(separator: "\n") {
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(doc["path"] as? String)
            #expect(result[path] == nil, "\(path) reported twice")
            result[path] = doc
        }
        return result
    }

    static func errorCode(_ report: [String: Any]) -> String? {
        (report["error"] as? [String: Any])?["code"] as? String
    }

    /// How to run a command so that file permissions apply although the tests run as root: with
    /// the capabilities that bypass them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) dropped by
    /// util-linux `setpriv`. Empty when no prefix is needed (not root); nil when root and setpriv
    /// is missing (permission denial cannot be tested then).
    static var permissionPrefix: [String]? {
        if getuid() != 0 { return [] }
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let setpriv else { return nil }
        return [setpriv, "--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]
    }
}
#endif
