#if FFmpeg
import Foundation
import HDRProbeModel
import Testing

/// `hdrprobe check`: the default and file policies, every output format, exit statuses, and
/// `--diff` between two scans.
@Suite struct CheckCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func items(_ doc: [String: Any]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for file in doc["files"] as? [[String: Any]] ?? [] {
            result[file["path"] as? String ?? ""] = (file["items"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        }
        return result
    }

    static func write(_ text: String, _ name: String, in lib: LibraryFixture) throws -> String {
        let url = URL(fileURLWithPath: lib.path + "-" + name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func defaultPolicyTextOutput() throws {
        let lib = try ScanCommandTests.library()
        defer { lib.remove() }
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet"])
        #expect(r.status == 1)
        let text = r.stdout
        #expect(text.contains("\(lib.path)/dv/p7.mkv\n  error   dv.refused [#0]: "))
        #expect(text.contains("fix: " + DolbyVisionVerdictCode.dualLayer.fix!))
        #expect(text.contains("\(lib.path)/broken.mp4\n  error   container.unrecognized: "))
        #expect(text.contains("fix: " + ErrorCode.unrecognized.fix!))
        #expect(text.contains("warning hls.seiInConfigurationRecord"))
        #expect(!text.contains("\(lib.path)/sdr/a.mp4\n"))  // clean files are not listed
        #expect(text.hasSuffix("— FAIL\n"))
        #expect(text.contains("hdrprobe check: 10 files, 2 failing (--fail-on error)"))
    }

    @Test func exitStatusFollowsFailOn() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "a.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "b.mkv")
        #expect(try CLI.run(["check", lib.path, "--no-cache", "--quiet"]).status == 0)
        let strict = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--fail-on", "warning"])
        #expect(strict.status == 1, "\(strict.stdout)")
        #expect(try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--fail-on", "info"]).status == 1)
    }

    @Test func policyFileSeveritiesFormatsGlobsAndOverrides() throws {
        let lib = try ScanCommandTests.library()
        defer { lib.remove() }
        let relaxed = try Self.write("""
        severity:
          dv.refused: warning
          container.unrecognized: "off"
        """, "relaxed.yaml", in: lib)
        #expect(try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", relaxed]).status == 0)

        let strict = try Self.write("""
        name: hlg-free
        formats:
          forbid: [HLG]
        exclude: ["broken.mp4"]
        overrides:
          - paths: ["dv/**"]
            dolbyVision: {accept: ["7"]}
        """, "strict.yaml", in: lib)
        let reports = lib.path + ".reports.jsonl"
        defer { try? FileManager.default.removeItem(atPath: reports) }
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", strict, "--format", "json", "--jsonl", reports])
        #expect(r.status == 1)
        let doc = try Self.json(r.stdout)
        #expect(doc["policy"] as? String == "hlg-free")
        #expect((doc["counts"] as? [String: Any])?["files"] as? Int == 9)  // broken.mp4 excluded
        let items = Self.items(doc)
        #expect(items["\(lib.path)/hlg.ts"] == ["policy.formatForbidden"])
        #expect(items["\(lib.path)/dv/p7.mkv"]?.contains("dv.refused") == false)  // accepted under dv/**
        let p7 = try CLI.reports(try String(contentsOfFile: reports, encoding: .utf8))["\(lib.path)/dv/p7.mkv"]
        let dv = ((p7?["streams"] as? [[String: Any]])?.first?["dolbyVision"] as? [String: Any])?["verdict"] as? [String: Any]
        #expect(dv?["decision"] as? String == "accept")
    }

    @Test("policy and usage errors exit 2", arguments: [
        ("dolbyVision:\n  accept: [\"9.9\"]\n", [String]()),
        ("severity:\n  no.such.code: error\n", []),
        ("targets:\n  - appletv-4k\n", []),
        ("formats: [HDR10]\n", []),
        ("", ["--format", "yaml"]),
        ("", ["--fail-on", "fatal"]),
        ("", ["--diff", "one.jsonl"]),
    ])
    func policyErrors(_ policy: String, _ extra: [String]) throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "a.mkv")
        var args = ["check", lib.path, "--no-cache", "--quiet"] + extra
        if !policy.isEmpty { args += ["--policy", try Self.write(policy, "p.yaml", in: lib)] }
        let r = try CLI.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
        #expect(try CLI.run(["check"]).status == 2)
    }

    @Test func otherFormatsBesideText() throws {
        let lib = try ScanCommandTests.library()
        defer { lib.remove() }
        let json = lib.path + ".json", junit = lib.path + ".xml", sarif = lib.path + ".sarif"
        defer { for f in [json, junit, sarif] { try? FileManager.default.removeItem(atPath: f) } }
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--json", json, "--junit", junit, "--sarif", sarif])
        #expect(r.status == 1)
        #expect(r.stdout.contains("dv.refused"))
        let doc = try Self.json(try String(contentsOfFile: json, encoding: .utf8))
        #expect(doc["result"] as? String == "fail" && doc["mode"] as? String == "check")
        #expect(((doc["summary"] as? [String: Any])?["files"] as? Int) == 10)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuites name=\"hdrprobe check\" tests=\"10\" failures=\"1\" errors=\"1\""))
        #expect(try Self.json(try String(contentsOfFile: sarif, encoding: .utf8))["version"] as? String == "2.1.0")

        let github = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--format", "github"])
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=\(lib.path)/dv/p7.mkv,title=dv.refused [#0]::") })
        #expect(lines.allSatisfy { $0.hasPrefix("::") })
        #expect(lines.last?.hasPrefix("::notice title=hdrprobe check::") == true)
    }

    @Test func diffBetweenTwoScans() throws {
        let lib = try ScanCommandTests.library()
        defer { lib.remove() }
        let old = lib.path + ".old.jsonl", new = lib.path + ".new.jsonl"
        defer { for f in [old, new] { try? FileManager.default.removeItem(atPath: f) } }
        _ = try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", old])
        // The next release: Dolby Vision lost in a remux, a file broken, one removed, one added.
        try lib.delete("dv/p81.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "dv/p81.mkv")
        try lib.delete("hdr10.mp4")
        try lib.copy("bad_png_renamed.mp4", to: "hdr10.mp4")
        try lib.delete("sdr/a.mp4")
        try lib.copy("sdr_h264.mkv", to: "sdr/new.mkv")
        _ = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--jsonl", new])

        let r = try CLI.run(["check", "--diff", old, new, "--format", "json"])
        #expect(r.status == 1)
        let doc = try Self.json(r.stdout)
        #expect(doc["mode"] as? String == "diff")
        let items = Self.items(doc)
        #expect(items["\(lib.path)/dv/p81.mkv"] == ["diff.lostDolbyVision"])
        #expect(items["\(lib.path)/hdr10.mp4"] == ["diff.newError"])
        #expect(items["\(lib.path)/sdr/a.mp4"] == ["diff.removed"])
        #expect(items["\(lib.path)/sdr/new.mkv"] == ["diff.added"])
        #expect(items.count == 4)

        let text = try CLI.run(["check", "--diff", old, new])
        #expect(text.stdout.contains("diff.lostDolbyVision [#0]: Dolby Vision 8.1 (DOVIWithHDR10) is gone: now HDR10."))
        #expect(text.stdout.contains("hdrprobe check --diff: 11 files compared, 4 changed"))
        // No change, no failure; unreadable inputs are a usage error.
        #expect(try CLI.run(["check", "--diff", new, new]).status == 0)
        #expect(try CLI.run(["check", "--diff", old, lib.path + ".missing.jsonl"]).status == 2)
    }
}

/// JUnit XML against the xunit plugin's junit-10.xsd (xmllint) and SARIF against the OASIS
/// SARIF 2.1.0 schema (jsonschema), for a check with awkward file names and for a diff.
@Suite struct CheckSchemaValidationTests {
    static func outputs() throws -> (junit: [String], sarif: [String]) {
        let lib = try ScanCommandTests.library()
        defer { lib.remove() }
        try lib.copy("dv_p7_fel_rpu_no_el.mp4", to: "odd/a&b <c> \"d\" 100%, e:f é.mp4")
        try lib.copy("bad_trunc_moov.mp4", to: "odd/cut\tshort.mp4")
        let base = lib.path + ".out"
        var junit: [String] = [], sarif: [String] = []
        let old = base + ".old.jsonl"
        _ = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--junit", base + ".xml", "--sarif", base + ".sarif", "--jsonl", old])
        junit.append(try String(contentsOfFile: base + ".xml", encoding: .utf8))
        sarif.append(try String(contentsOfFile: base + ".sarif", encoding: .utf8))
        try lib.delete("dv/p81.mkv")
        let new = base + ".new.jsonl"
        _ = try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", new])
        junit.append(try CLI.run(["check", "--diff", old, new, "--format", "junit"]).stdout)
        sarif.append(try CLI.run(["check", "--diff", old, new, "--format", "sarif"]).stdout)
        for suffix in [".xml", ".sarif", ".old.jsonl", ".new.jsonl"] { try? FileManager.default.removeItem(atPath: base + suffix) }
        return (junit, sarif)
    }

    @Test(.enabled(if: SchemaValidators.xmllint != nil || SchemaValidators.inCI, "xmllint (libxml2-utils) is not installed"))
    func junitIsValid() throws {
        for xml in try Self.outputs().junit {
            #expect(xml.contains("<testcase"))
            let result = try SchemaValidators.validateJUnit(xml)
            #expect(result.status == 0, "\(result.output)\n\(xml)")
        }
    }

    @Test(.enabled(if: SchemaValidators.python != nil || SchemaValidators.inCI, "python3 jsonschema is not installed"))
    func sarifIsValid() throws {
        for json in try Self.outputs().sarif {
            #expect(json.contains("\"results\""))
            let result = try SchemaValidators.validateSARIF(json)
            #expect(result.status == 0, "\(result.output)")
        }
    }

    /// The validators themselves catch mistakes (so a passing test means something).
    @Test(.enabled(if: (SchemaValidators.xmllint != nil && SchemaValidators.python != nil) || SchemaValidators.inCI,
                   "xmllint or python3 jsonschema is not installed"))
    func validatorsRejectBrokenDocuments() throws {
        #expect(try SchemaValidators.validateJUnit("<testsuites><testcase/></testsuites>").status != 0)
        #expect(try SchemaValidators.validateSARIF(#"{"version": "2.1.0", "runs": [{"results": []}]}"#).status != 0)
    }
}
#endif
