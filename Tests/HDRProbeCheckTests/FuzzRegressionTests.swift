import Foundation
import Testing
@testable import HDRProbeParse
@testable import HDRProbeConfig
@testable import HDRProbeManifests
@testable import HDRProbeClassify
@testable import HDRProbeCheck

/// Inputs libFuzzer found (bench/fuzz.sh), minimised and committed under `Tests/Fuzz/<target>/`:
/// each one is run through the parsers of its target without libFuzzer, so a fix cannot regress
/// silently; the bugs they exposed also have a test of their own below with the expected outcome.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// What each fuzz target does with its input (bench/fuzz/targets/*.swift), reduced to the calls
    /// that must not trap.
    static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "boxwalker": { d in
            for box in ISOBoxWalker.walk(d).boxes {
                _ = SampleEntry.parse(d, box: box, isVisual: true)
                _ = ISOBoxWalker.walk(d, range: box.payload)
            }
            _ = MovieBox.parse(d)
        },
        "ebml": { d in _ = try? EBMLSegmentHeader.parse(d) },
        "dvconfig": { d in _ = try? DOVIDecoderConfigurationRecord.parse(d) },
        "tsdescriptor": { d in _ = try? DOVIDecoderConfigurationRecord.parseTSDescriptorBody(d) },
        "nal": { d in
            for framing in [NALFraming.annexB, .lengthPrefixed(1), .lengthPrefixed(2), .lengthPrefixed(4)] {
                let units = NALUnitSplitter.split(d[...], framing: framing, limit: 64)
                _ = HEVCAccessUnitSplitter.split(units, limit: 16, maxUnitsPerAccessUnit: 8)
            }
            #expect(EmulationPrevention.unescape(EmulationPrevention.escape(d)) == d)
        },
        "hevcsps": { d in
            _ = try? HEVCSequenceParameterSet.parse(d)
            _ = try? HEVCPictureParameterSet.parse(d)
            _ = try? HEVCDecoderConfigurationRecord.parse(d)
        },
        "hevcslice": { d in
            var counter = HEVCPictureOrderCounter()
            let units = NALUnitSplitter.split(d[...], framing: .annexB, limit: 256)
            for au in HEVCAccessUnitSplitter.split(units, limit: 64) { _ = counter.feed(accessUnit: au) }
        },
        "sei": { d in
            for m in SEIMessageParser.parse(rbsp: d) {
                _ = try? MasteringDisplayColourVolumeSEI.parse(m.payload)
                _ = try? ContentLightLevelInfoSEI.parse(m.payload)
            }
        },
        "hdr10plus": { d in
            var summary = HDR10PlusSummary()
            if let m = try? ST2094_40Metadata.parse(d) { _ = m.validationIssues; summary.add(m) }
        },
        "dvrpu": { d in
            var summary = DolbyVisionRPUSummary()
            if let rpu = try? DolbyVisionRPU.parse(d) { summary.add(rpu) }
        },
        "dvemdf": { d in _ = try? DolbyVisionRPU.parse(av1T35: d) },
        "av1": { d in
            for obu in AV1OBU.split(d[...]) {
                _ = try? AV1SequenceHeader.parse(obu.payload)
                _ = try? AV1Metadata.parse(obuPayload: obu.payload)
            }
            _ = try? AV1CodecConfigurationRecord.parse(d)
        },
        "avcsps": { d in
            _ = try? AVCSequenceParameterSet.parse(d)
            _ = try? AVCDecoderConfigurationRecord.parse(d)
        },
        "hls": { d in
            _ = try? HLSMultivariantPlaylist.parse(bytes: d)
            _ = try? HLSMediaPlaylistHead.parse(bytes: d)
        },
        "mpd": { d in
            _ = try? MPDXMLReader.read(d)
            _ = try? MPD.parse(bytes: d)
        },
        "policy": { d in _ = try? PolicyDocument.parse(String(decoding: d, as: UTF8.self), defaultName: "fuzz") },
        "scanner": { d in
            for (codec, framing) in [(BitstreamScanner.Codec.hevc, NALFraming.annexB), (.h264, .annexB), (.av1, .annexB),
                                     (.hevc, .lengthPrefixed(4))] {
                var scanner = BitstreamScanner(codec: codec, framing: framing)
                scanner.regroupAccessUnits = codec == .hevc
                scanner.consume(accessUnit: d)
                scanner.finish()
            }
        },
    ]

    static func inputs() -> [String] {
        let fm = FileManager.default
        let dirs = ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        return dirs.flatMap { dir in
            ((try? fm.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? [])
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { "\(dir)/\($0)" }
        }
    }

    static let targetFiles = ((try? FileManager.default.contentsOfDirectory(
        atPath: root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bench/fuzz/targets").path)) ?? [])
        .filter { $0.hasSuffix(".swift") }.sorted()

    @Test func targetsAreFound() { #expect(Self.targetFiles.count >= 16) }

    @Test("every fuzz target has a regression runner", arguments: targetFiles)
    func targetIsKnown(_ file: String) {
        #expect(Self.targets[String(file.dropLast(".swift".count))] != nil, "add \(file) to FuzzRegressionTests.targets")
    }

    @Test("committed fuzz inputs no longer crash", arguments: inputs())
    func replay(_ input: String) throws {
        let target = String(input.prefix { $0 != "/" })
        let run = try #require(Self.targets[target], "no runner for target \(target)")
        let data = try Data(contentsOf: Self.root.appendingPathComponent(input))
        run([UInt8](data))
    }

    // MARK: The bugs, one by one

    /// EBML header whose child element's ID and size run past the header's declared end (here a
    /// 1-byte header holding the start of a 2-byte child): `headerEnd - dataStart` went negative
    /// and `UInt64(_:)` trapped. Reached by `hdrprobe probe` on any 7-byte file starting with the
    /// EBML magic.
    @Test func ebmlChildPastTheHeaderIsImplausible() {
        #expect(throws: EBMLError.implausibleHeader) {
            try EBMLSegmentHeader.parse([0x1A, 0x45, 0xDF, 0xA3, 0x81, 0xA2, 0xDF])
        }
    }
}

/// Policy documents nested deeper than Yams's recursive composer can take on a thread's stack:
/// 7,000 levels of `[` (or of `- `, or of `{a: `) overflowed the 8 MiB main stack of
/// `hdrprobe probe --policy FILE` (SIGSEGV). `ConfigNode` now refuses a document whose nesting
/// bound exceeds ``ConfigNode/maxNesting`` before Yams sees it.
@Suite struct PolicyNestingTests {
    @Test("deeply nested documents are refused, not a stack overflow", arguments: [
        "dolbyVision: " + String(repeating: "[", count: 8000),
        String(repeating: "- ", count: 8000) + "x",
        String(repeating: "{a: ", count: 8000),
        "dolbyVision:\n" + (1...600).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n"),
    ])
    func refused(_ text: String) {
        do {
            _ = try PolicyDocument.parse(text, defaultName: "deep")
            Issue.record("a document nested thousands of levels deep was accepted")
        } catch {
            #expect(error.message.contains("nest more than \(ConfigNode.maxNesting) levels"), "\(error)")
        }
    }

    @Test func boundIsAboveTheRealDepth() {
        // Real depths 3, 200 (flow), 100 (block mappings by indentation), 50 (compact sequences).
        #expect(ConfigNode.nestingBound("dolbyVision:\n  accept: [\"8.1\"]\n") >= 3)
        #expect(ConfigNode.nestingBound(String(repeating: "[", count: 200)) >= 200)
        let indented = (0..<100).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
        #expect(ConfigNode.nestingBound(indented) >= 100)
        #expect(ConfigNode.nestingBound(String(repeating: "- ", count: 50) + "x") >= 50)
    }

    @Test func ordinaryPoliciesAreFarBelowTheLimit() throws {
        let text = """
            # A living-room policy: Apple TV 4K behind an HDMI switch (see docs/policy.md).
            name: living-room
            extends: apple-hls
            dolbyVision:
              accept: ["8.2", "7"]     # dual-layer is fine on this box
              refuse: ["5"]
              maxLevel: {"8.1": 9, "8.4": 9}
              requireValidLevel: true
            """
        #expect(ConfigNode.nestingBound(text) < 200)
        #expect(try PolicyDocument.parse(text, defaultName: "x").dolbyVision.name == "living-room")
        // 200 real levels still reach Yams and give an ordinary error.
        do {
            _ = try PolicyDocument.parse("dolbyVision: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
                                         defaultName: "x")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("expected a mapping"), "\(error)")
        }
    }
}
