#if FFmpeg
import Foundation
import HDRProbeEngine
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeReport
@testable import HDRProbeContainers
@testable import HDRProbeScan
import Testing

/// ``ReportLinePath`` (a cached report line's path spliced in) against the reference it replaces:
/// the line decoded by Foundation's `JSONDecoder` into a ``ProbeReport``, the path set and the
/// report written again (`LibraryScanner.reencoded`) — an independent reader of the line. Byte
/// for byte equal wherever the splice answers; nil (the caller then re-encodes) where the line's
/// shape would need a key added or removed, or is not the writer's.
@Suite("Report line path splice")
struct ReportLinePathTests {
    /// New paths: plain, spaces, quotes, backslashes, the named escapes and other control
    /// characters, U+2028, emoji, NFC and NFD spellings, empty.
    static let paths: [String] = [
        "Corpus/media/a.mp4", "/abs/with space/a b.mkv", "quote\"d/\"x\".mp4", "back\\slash\\.ts",
        "c\u{01}d\u{1F}e.mp4", "n\nt\tr\rb\u{08}f\u{0C}.mkv", "sep\u{2028}par\u{2029}.mp4",
        "🎬 films/👨‍👩‍👧.mkv", "caf\u{E9}.mp4", "cafe\u{301}.mp4", "a/b//c/./../d.mp4", "",
        "\u{7F}del.mp4", "/x/\u{FFFD}bad.mp4",
    ]
    /// `pathBytes` values: absent, and the Base64 of names that are not UTF-8.
    static let pathBytes: [String?] = [nil, Data([0x2F, 0x78, 0x2F, 0xFF, 0x62]).base64EncodedString(),
                                       Data([0xC3, 0x28, 0x2B, 0x2F]).base64EncodedString()]

    /// Each corpus file's scan report (as `scan` caches it, with simulated playback), written
    /// with and without a `pathBytes` of its own, rewritten to every new path.
    @Test(arguments: ReportJSONEncoderCorpusTests.files)
    func corpusReportsMatchDecodeAndReencode(_ file: String) throws {
        let path = TestPaths.packageRoot.appendingPathComponent(file).path
        var (report, digest) = ProbeRequest(path: path, options: ProbeOptions()).probe()
        let catalog = try DeviceCatalogLoader.load()
        report.playback = catalog.targets.compactMap { digest.simulate(on: $0, catalog: catalog) }
        for original in Self.pathBytes {
            report.pathBytes = original
            let line = try ReportEncoder.jsonLine(report)
            for newPath in Self.paths {
                for newBytes in Self.pathBytes {
                    Self.expectSameAsReencoding(line, path: newPath, pathBytes: newBytes)
                }
            }
        }
    }

    /// The splice where it answers equals the reference; it answers exactly when the line has
    /// `pathBytes` iff the new one does.
    static func expectSameAsReencoding(_ line: String, path: String, pathBytes: String?,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = LibraryScanner.reencoded(line, path: path, pathBytes: pathBytes)
        #expect(reference != nil, sourceLocation: sourceLocation)
        let hasBytes = line.contains("\"pathBytes\":")
        let spliced = ReportLinePath.rewrite(line, path: path, pathBytes: pathBytes)
        if hasBytes == (pathBytes != nil) {
            #expect(spliced != nil, "\(path)", sourceLocation: sourceLocation)
            #expect(spliced.map { Array($0.utf8) } == reference.map { Array($0.utf8) }, "\(path)", sourceLocation: sourceLocation)
        } else {
            #expect(spliced == nil, "\(path)", sourceLocation: sourceLocation)
        }
    }

    static func sampleReport() throws -> ProbeReport {
        let reports = try ReportJSONEncoderCorpusTests.committedReports()
        return try #require(reports.first { !$0.findings.isEmpty && !$0.streams.isEmpty })
    }

    /// Random paths over characters that need escaping, non-ASCII and combining marks.
    @Test func randomPaths() throws {
        let line = try ReportEncoder.jsonLine(try Self.sampleReport())
        var rng = SplitMix64(seed: "report-line-path")
        let alphabet: [Character] = ["a", "/", " ", "\"", "\\", "\u{00}", "\u{01}", "\u{08}", "\u{1F}", "\n", "\u{7F}",
                                     "\u{E9}", "e\u{301}", "\u{2028}", "\u{FFFD}", "🎬", "{", "}", ",", ":", "["]
        for _ in 0..<500 {
            let count = Int.random(in: 0...12, using: &rng)
            let path = String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            Self.expectSameAsReencoding(line, path: path, pathBytes: nil)
        }
    }

    /// A `"path"` key inside a finding comes before the top-level one (keys are sorted): it is
    /// left as it is; JSONSerialization (another reader) sees the new top-level path and the old
    /// nested one.
    @Test func nestedPathIsNotTouched() throws {
        let line = try ReportEncoder.jsonLine(try Self.sampleReport())
        let marker = "\",\"severity\":"
        let at = try #require(line.range(of: marker))
        let nested = line[..<at.lowerBound] + "\",\"path\":\"/nested/old.mp4" + line[at.lowerBound...]
        // A text search for the key would find the nested one first.
        #expect(nested.range(of: "\"path\":")?.lowerBound == nested.range(of: "\"path\":\"/nested")?.lowerBound)
        let spliced = try #require(ReportLinePath.rewrite(String(nested), path: "/new/top.mp4", pathBytes: nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(spliced.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "/new/top.mp4")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.first?["path"] as? String == "/nested/old.mp4")
        // Everything but the top-level path as it was.
        let back = try #require(ReportLinePath.rewrite(spliced, path: try Self.sampleReport().path, pathBytes: nil))
        #expect(back == String(nested))
    }

    /// Lines that are not one compact report object in the writer's form: the splice says nil
    /// (never a crash), and the scanner's cache hit falls back to decoding.
    @Test func malformedAndForeignLinesFallBack() throws {
        let report = try Self.sampleReport()
        let line = try ReportEncoder.jsonLine(report)
        var bad: [String] = ["", "{", "}", "[]", "null", "\"path\"", "{\"path\":1}", "{\"path\":null}",
                             "{\"a\":1,\"path\":\"x\",\"path\":\"y\"}", "{\"path\":\"x\",\"a\":1}",
                             "{\"path\":\"x\"} ", " {\"path\":\"x\"}", "{\"path\" :\"x\"}", "{\"path\":\"x\\/y\"}",
                             "{\"path\":\"\\u0041\"}", "{\"path\":\"\\u000a\"}", "{\"path\":\"\\u001F\"}",
                             "{\"path\":\"a\u{01}\"}", "{\"p\\u0061th\":\"x\"}", "{\"a\":01,\"path\":\"x\"}",
                             "{\"a\":1.,\"path\":\"x\"}", "{\"a\":-,\"path\":\"x\"}", "{\"a\":tru,\"path\":\"x\"}",
                             "{\"a\":[1,],\"path\":\"x\"}", "{\"a\":{\"b\":1,\"b\":2},\"path\":\"x\"}",
                             "{\"a\":\"\\", String(repeating: "[", count: 10_000), line + "x", line + "\n",
                             try ReportEncoder.jsonArray([report]), line.replacingOccurrences(of: ",\"", with: ", \"")]
        bad += (0..<line.utf8.count).map { String(decoding: line.utf8.prefix($0), as: UTF8.self) }
        for text in bad {
            #expect(ReportLinePath.rewrite(text, path: "/new.mp4", pathBytes: nil) == nil, "\(text.prefix(80))")
        }
        // The well-formed minimal object is spliced.
        #expect(ReportLinePath.rewrite("{\"a\":[1,-2.5e+3,true,false,null,{}],\"path\":\"x\",\"z\":\"\\u001f\\n\"}",
                                       path: "y\"", pathBytes: nil)
                == "{\"a\":[1,-2.5e+3,true,false,null,{}],\"path\":\"y\\\"\",\"z\":\"\\u001f\\n\"}")
        // The scanner: a pretty line decodes and is rewritten; a truncated one is no hit.
        let digest = ReportDigest(report).compactEncoded()
        let entry = WalkEntry(path: "elsewhere/" + report.path, relativePath: report.path, absolutePath: "/x/" + report.path,
                              size: 1, modified: 1)
        let pretty = try ReportEncoder.json(report)
        #expect(LibraryScanner.cached(pretty, digest: digest, for: entry)?.jsonLine
                == LibraryScanner.reencoded(line, path: entry.path, pathBytes: nil))
        #expect(LibraryScanner.cached(String(line.dropLast()), digest: digest, for: entry) == nil)
    }

    /// `LibraryScanner.cached` serves the spliced line, and for a name that is not UTF-8 (where
    /// the cached line has no `pathBytes`) the re-encoded one: both the reference's bytes.
    @Test func scannerHitUsesTheSplice() throws {
        let report = try Self.sampleReport()
        let line = try ReportEncoder.jsonLine(report)
        let digest = ReportDigest(report).compactEncoded()
        var entry = WalkEntry(path: "rel \"dir\"/" + report.path, relativePath: report.path, absolutePath: "/x/" + report.path,
                              size: 1, modified: 1)
        var hit = try #require(LibraryScanner.cached(line, digest: digest, for: entry))
        #expect(hit.jsonLine == LibraryScanner.reencoded(line, path: entry.path, pathBytes: nil))
        #expect(hit.digest.path == entry.path)
        entry.pathBytes = [0x72, 0xFF]
        hit = try #require(LibraryScanner.cached(line, digest: digest, for: entry))
        #expect(hit.jsonLine == LibraryScanner.reencoded(line, path: entry.path, pathBytes: "cv8="))
        #expect(hit.digest.pathBytes == "cv8=")
    }
}
#endif
