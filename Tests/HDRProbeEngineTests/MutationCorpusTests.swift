#if FFmpeg
import Foundation
import HDRProbeEngine
import Testing

/// Damaged media through the whole tool (issue 8): `hdrprobe probe --json` on files derived from
/// the corpus by `MutationCorpus` (truncations at structure boundaries, bit flips, lying sizes and
/// counts, endless EBML sizes, duplicated and reordered boxes, broken TS continuity, …), one
/// process per file under a time and an address-space limit. Each must exit 0 or 1 without a
/// signal, within time and memory, with one schema-valid report whose status makes sense.
///
/// The suite runs a few hundred representative cases; `bench/mutate.sh` runs all of them
/// (`HDRPROBE_MUTATION_FULL=1`).
@Suite(.serialized) struct MutationCorpusTests {
    /// Python `jsonschema` (``ReportSchema``); nil without it outside CI (the schema part is then skipped).
    static let validator: MutationRunner.SchemaCheck? = ReportSchema.enabled ? { @Sendable documents in try ReportSchema.errors(documents) } : nil

    @Test func generatorIsDeterministicAndCoversEveryKind() throws {
        let corpus = TestPaths.corpus
        var kinds = Set<String>()
        for name in ["dv_p81.mp4", "dv_p81.mkv", "dv_p81.ts", "dv_p81.hevc", "av1_hdr10.ivf", "hdr10_hevc_frag.mp4"] {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
            let a = MutationCorpus.cases(name: name, bytes: bytes)
            let b = MutationCorpus.cases(name: name, bytes: bytes)
            #expect(a.map(\.fileName) == b.map(\.fileName) && a.map(\.bytes) == b.map(\.bytes), "\(name)")
            #expect(a.count >= 30, "\(name): only \(a.count) cases")
            #expect(!a.contains { $0.bytes == bytes }, "\(name): a case equal to the input")
            kinds.formUnion(a.map(\.kind))
        }
        for kind in ["truncate", "bitflip", "size", "endless-size", "duplicate", "reorder", "sample-count", "continuity",
                     "drop-packets", "drop-nal", "duplicate-nal"] {
            #expect(kinds.contains(kind), "no '\(kind)' cases")
        }
        // Truncations sit exactly on box boundaries: the moov box of dv_p81.mp4 starts at a cut.
        let mp4 = [UInt8](try Data(contentsOf: corpus.appendingPathComponent("dv_p81.mp4")))
        let moov = try #require(ISOBoxWalkerHelper.topLevel(mp4).first { $0.type == "moov" })
        let cuts = MutationCorpus.cases(name: "dv_p81.mp4", bytes: mp4, perKind: 10_000).filter { $0.kind == "truncate" }
        #expect(cuts.contains { $0.bytes.count == moov.offset })
        #expect(cuts.contains { $0.bytes.count == moov.offset + 8 && $0.expectsTruncationEvidence })
    }

    /// The judge itself: stand-in executables that crash, hang, eat memory, print garbage or lie
    /// are each caught under the right heading.
    @Test func runnerCatchesEveryKindOfFailure() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-judge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scripts: [(String, String, String)] = [
            ("crash", "kill -SEGV $$", "crash"),
            ("hang", "sleep 20", "hang"),
            ("garbage", "echo not json", "json"),
            ("usage", "exit 2", "exit"),
            ("memory", "exec python3 -c 'b = bytearray(480 << 20); b[::4096] = b\"x\" * len(b[::4096])'", "memory"),
            ("lie", #"echo '[{"status": "ok", "streams": []}]'"#, "schema"),
        ]
        let c = MutationCase(source: "x.mp4", kind: "judge", detail: "0", bytes: [0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65])
        for (name, body, category) in scripts where category != "schema" || Self.validator != nil {
            let script = dir.appendingPathComponent(name)
            try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
            #expect(chmod(script.path, 0o755) == 0)
            // Only the hang is cut short; the others get time enough on a loaded machine.
            let limit = MutationRunner.Limits(killAfter: name == "hang" ? 1 : 30, probeTimeout: 1)
            let r = try MutationRunner.run([c], executable: script, validator: Self.validator, limits: limit)
            #expect(r.first?.problems.contains { $0.category == category } == true,
                    "\(name): \(r.first?.problems.map { "\($0.category): \($0.message)" } ?? [])")
        }
    }

    @Test func representativeMutationsNeverBreakTheTool() throws {
        let cases = MutationCorpus.representativeCases(corpus: TestPaths.corpus, perKind: 1)
        #expect(cases.count >= 200, "only \(cases.count) cases")
        let keep = ProcessInfo.processInfo.environment["HDRPROBE_MUTATION_FAILURES"].map { URL(fileURLWithPath: $0) }
        let results = try MutationRunner.run(cases, executable: TestPaths.executable, validator: Self.validator,
                                             limits: MutationRunner.Limits(killAfter: 30, probeTimeout: 10), keepFailures: keep)
        #expect(results.count == cases.count)
        let failures = MutationRunner.failureLines(results)
        #expect(failures.isEmpty, "\(MutationRunner.summary(results))\n\(failures.joined(separator: "\n"))")
    }

    /// The full run behind `bench/mutate.sh`: every corpus file, every kind, up to
    /// `HDRPROBE_MUTATION_PER_KIND` cases of each (default 12). Writes the one-line summary to
    /// `HDRPROBE_MUTATION_SUMMARY` and copies failing inputs to `HDRPROBE_MUTATION_FAILURES`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HDRPROBE_MUTATION_FULL"] == "1",
                   "set HDRPROBE_MUTATION_FULL=1 (bench/mutate.sh) for the full mutation run"))
    func fullMutationRun() throws {
        let env = ProcessInfo.processInfo.environment
        let perKind = Int(env["HDRPROBE_MUTATION_PER_KIND"] ?? "") ?? 12
        let executable = env["HDRPROBE_MUTATION_BINARY"].map { URL(fileURLWithPath: $0) } ?? TestPaths.executable
        var cases: [MutationCase] = []
        for url in MutationCorpus.sourceFiles(in: TestPaths.corpus) {
            cases += MutationCorpus.cases(name: url.lastPathComponent, bytes: [UInt8](try Data(contentsOf: url)), perKind: perKind)
        }
        let failures = env["HDRPROBE_MUTATION_FAILURES"].map { URL(fileURLWithPath: $0) }
        let results = try MutationRunner.run(cases, executable: executable, validator: Self.validator,
                                             workers: Int(env["HDRPROBE_MUTATION_JOBS"] ?? "") ?? 2, keepFailures: failures)
        let summary = MutationRunner.summary(results)
        var lines = [summary]
        var byKind: [String: (Int, Int)] = [:]
        for r in results { byKind[r.kind, default: (0, 0)].0 += 1; if !r.passed { byKind[r.kind]!.1 += 1 } }
        lines += byKind.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value.0) cases, \($0.value.1) failed" }
        var codes: [String: Int] = [:]
        for r in results { codes[r.errorCode ?? (r.reportStatus == "ok" ? "ok" : "-"), default: 0] += 1 }
        lines.append("  outcomes: " + codes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines += MutationRunner.failureLines(results, limit: 200)
        if let out = env["HDRPROBE_MUTATION_SUMMARY"] {
            try lines.joined(separator: "\n").appending("\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
        print(summary)
        let failed = results.filter { !$0.passed }.count
        #expect(failed == 0, "\(lines.prefix(60).joined(separator: "\n"))")
    }
}

/// The crashes the fuzzers and the mutation corpus led to, through the engine and the CLI.
@Suite struct HostileInputRegressionTests {
    @Test func sevenByteMatroskaIsAnErrorReport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-ebml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tiny.mkv")
        try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/Fuzz/ebml/child-header-past-ebml-header")).write(to: file)
        let r = ProbeEngine().probe(path: file.path)
        #expect(r.status == .error && r.error?.code.rawValue.hasPrefix("container.") == true, "\(r.error?.code.rawValue ?? "ok")")
        let cli = try CommandLineTests.run(["probe", "--json", file.path])
        #expect(cli.status == 1 && cli.stdout.contains("\"status\": \"error\""))
    }

    @Test func deeplyNestedPolicyIsAUsageError() throws {
        let policy = TestPaths.packageRoot.appendingPathComponent("Tests/Fuzz/policy/deep-flow-sequences").path
        let r = try CommandLineTests.run(["probe", "--policy", policy, TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path])
        #expect(r.status == 2 && r.stderr.contains("levels deep"), "\(r.status): \(r.stderr)")
    }
}

/// Top-level boxes of a file (for assertions on where cuts fall).
enum ISOBoxWalkerHelper {
    struct Box { var type: String; var offset: Int }
    static func topLevel(_ bytes: [UInt8]) -> [Box] {
        var out: [Box] = []
        var pos = 0
        while pos + 8 <= bytes.count {
            let size = Int(bytes.be(pos, 4))
            out.append(Box(type: String(decoding: bytes[(pos + 4)..<(pos + 8)], as: UTF8.self), offset: pos))
            guard size >= 8 else { break }
            pos += size
        }
        return out
    }
}
#endif
