import Foundation
import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

// Display order of real raw HEVC streams: NALUnitSplitter (Annex B) → HEVCAccessUnitSplitter →
// HEVCPictureOrderCounter → DisplayOrder, checked against FFmpeg's display order
// (Fixtures/FFprobeFramePositions.swift) and, for the HDR10+ streams, against hdr10plus_tool's
// expected extraction JSON (its metadata in display order, docs/rules/hdr10plus.md §2.3).
// Streams in ../shared/external are optional: each test is skipped when its file is absent.

private enum StreamFiles {
    /// Tests/HDRProbeCoreTests/<this file> → three levels up.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let external = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/external")

    static func url(_ path: String) -> URL {
        path.hasPrefix("Corpus/") ? packageRoot.appendingPathComponent(path) : external.appendingPathComponent(path)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url(path).path) }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(path))) }
}

private struct DecodedStream {
    var bytes: [UInt8]
    var nalUnits: [NALUnit]
    /// Access units holding a picture, in decoding order, with the picture the counter returned.
    var pictureAccessUnits: [[NALUnit]]
    var pictures: [HEVCPictureOrderCounter.Picture]

    var displayOrder: [Int] { DisplayOrder.decodeIndicesInDisplayOrder(pictures.map(\.displayOrderEntry)) }
}

private func decode(_ bytes: [UInt8]) -> DecodedStream {
    let units = NALUnitSplitter.split(bytes[...], framing: .annexB, limit: 1_000_000)
    var counter = HEVCPictureOrderCounter()
    var aus: [[NALUnit]] = []
    var pictures: [HEVCPictureOrderCounter.Picture] = []
    for au in HEVCAccessUnitSplitter.split(units) {
        if let picture = counter.feed(accessUnit: au) {
            aus.append(au)
            pictures.append(picture)
        }
    }
    return DecodedStream(bytes: bytes, nalUnits: units, pictureAccessUnits: aus, pictures: pictures)
}

/// Where FFmpeg's packet for picture access unit `index` starts. FFmpeg's HEVC parser begins a
/// packet at the `00 00 01` before the access unit's first NAL unit (so a 4-byte start code's
/// leading zero stays with the previous packet; the first packet starts at the file start), and,
/// unlike H.265 §7.4.2.4.4, it also begins one at an EOS / EOB NAL unit (36 / 37), which
/// hdrprobe keeps at the end of the access unit it closes.
private func ffmpegPacketStart(_ stream: DecodedStream, _ index: Int) -> Int {
    guard index > 0 else { return 0 }
    let previous = stream.pictureAccessUnits[index - 1]
    let first = previous.first { $0.type == 36 || $0.type == 37 } ?? stream.pictureAccessUnits[index][0]
    return first.bytes.startIndex - 3
}

/// Decodes the fixture's stream and checks it against FFmpeg: same picture count, every POC known,
/// the same display-order permutation, and the same access unit boundaries as FFmpeg's packets.
private func checkAgainstFFprobe(_ fixture: FFprobeFramePositions) throws -> DecodedStream {
    let bytes = try StreamFiles.bytes(fixture.path)
    try #require(TestSHA256.hex(bytes) == fixture.sha256, "\(fixture.path) is not the file the fixture was made from")
    let stream = decode(bytes)
    let positions = fixture.pktPosInDisplayOrder
    let sortedPositions = positions.sorted()
    let decodeIndexOf = Dictionary(uniqueKeysWithValues: sortedPositions.enumerated().map { ($1, $0) })
    let expected = positions.map { decodeIndexOf[$0]! }

    #expect(stream.pictures.count == positions.count)
    #expect(stream.pictures.allSatisfy { $0.picOrderCount != nil && $0.picOutputFlag })
    #expect(stream.pictures.first?.isIRAP == true)
    #expect(stream.displayOrder == expected)
    #expect(stream.pictures.indices.map { ffmpegPacketStart(stream, $0) } == sortedPositions)
    return stream
}

/// HDR10+ per picture in decoding order: the ST 2094-40 payload of the access unit's prefix SEI,
/// or the previous picture's when it has none (docs/rules/hdr10plus.md §2.3 gap filling).
private func hdr10PlusInDecodeOrder(_ stream: DecodedStream) throws -> [ST2094_40Metadata] {
    var out: [ST2094_40Metadata] = []
    for au in stream.pictureAccessUnits {
        var found: ST2094_40Metadata? = nil
        for unit in au where unit.type == HEVCNALUnitType.prefixSEI && found == nil {
            let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(unit.bytes))
            if let m = messages.first(where: { $0.payloadType == 4 && ST2094_40Metadata.isHDR10Plus(t35: $0.payload) }) {
                found = try ST2094_40Metadata.parse(m.payload)
            }
        }
        if let found {
            out.append(found)
        } else {
            out.append(try #require(out.last, "first picture has no HDR10+"))
        }
    }
    return out
}

/// hdr10plus_tool's expected JSON: per display-order frame, MaxScl + AverageRGB + percentiles.
private func hdr10PlusJSONLuminance(_ path: String) throws -> [[Int]] {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: StreamFiles.url(path))) as? [String: Any]
    let scenes = try #require(json?["SceneInfo"] as? [[String: Any]])
    return try scenes.map { scene in
        let lum = try #require(scene["LuminanceParameters"] as? [String: Any])
        let maxScl = try #require(lum["MaxScl"] as? [Int])
        let average = try #require(lum["AverageRGB"] as? Int)
        let distribution = try #require(lum["LuminanceDistributions"] as? [String: Any])
        let values = try #require(distribution["DistributionValues"] as? [Int])
        return maxScl + [average] + values
    }
}

private func luminance(_ m: ST2094_40Metadata) -> [Int] {
    guard let w = m.windows.first else { return [] }
    return w.maxscl.map(Int.init) + [Int(w.averageMaxrgb)] + w.distribution.map { Int($0.percentile) }
}

/// The first index where two per-frame lists differ (a short failure message instead of two long
/// arrays), or nil when equal.
private func firstMismatch(_ a: [[Int]], _ b: [[Int]]) -> Int? {
    (0..<max(a.count, b.count)).first { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }
}

// MARK: - dovi_tool streams

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.doviRegular.path), "dovi_tool regular.hevc absent"))
func doviRegularDisplayOrderMatchesFFprobe() throws {
    let stream = try checkAgainstFFprobe(.doviRegular)
    // ground-truth.json: 259 coded pictures. Two coded video sequences: IDR_N_LP at decoding
    // indices 0 and 250, each access unit closed by an EOS before the next IDR and at the end.
    #expect(stream.pictures.count == 259)
    #expect(stream.pictures.indices.filter { stream.pictures[$0].isIRAP } == [0, 250])
    #expect(stream.pictures.filter(\.isIRAP).allSatisfy { $0.nalUnitType == 20 && $0.picOrderCount == 0 })
    #expect(stream.pictureAccessUnits[249].last?.type == 62 && stream.pictureAccessUnits[249].contains { $0.type == 36 })
    // Every access unit ends with its RPU (docs/rules/dolby-vision.md §9.2) and holds exactly one.
    #expect(stream.pictureAccessUnits.allSatisfy { $0.last?.type == 62 && $0.filter { $0.type == 62 }.count == 1 })
    // POCs of each sequence are 0..<n once sorted (x265 numbers every frame).
    let firstGOP = stream.pictures[0..<250].compactMap(\.picOrderCount).sorted()
    #expect(firstGOP == Array(0..<250))
    #expect(stream.pictures[250...].compactMap(\.picOrderCount).sorted() == Array(0..<9))
    // ground-truth.json: scene cuts (RPU scene_refresh_flag) at display indices 0, 120, 219. Without
    // an RPU DM parser: the RPU of each of those frames occurs exactly once in the stream (only 7
    // distinct RPUs for 259 frames), while decoding index 219 holds a repeated one — the cut at
    // 219 is found only after reordering (it is decoding index 221).
    let rpus = stream.pictureAccessUnits.map { au in au.last { $0.type == 62 }.map { Array($0.bytes) } ?? [] }
    var occurrences: [[UInt8]: Int] = [:]
    for rpu in rpus { occurrences[rpu, default: 0] += 1 }
    let displayOrder = stream.displayOrder
    #expect([0, 120, 219].allSatisfy { occurrences[rpus[displayOrder[$0]]] == 1 })
    #expect(displayOrder[219] == 221)
    #expect(occurrences[rpus[219]]! > 1)
}

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.doviMuxedEL.path), "dovi_tool muxed-EL stream absent"))
func doviMuxedELDisplayOrderMatchesFFprobe() throws {
    // The same pictures with NAL 63 units (wrapping a whole EL NAL, AUDs and parameter sets
    // included) inside each access unit: type 63 never opens an access unit.
    let stream = try checkAgainstFFprobe(.doviMuxedEL)
    #expect(stream.pictures.count == 259)
    #expect(stream.nalUnits.filter { $0.type == 63 }.count == 795)
}

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.doviSEISuffix.path), "dovi_tool sei-suffix stream absent"))
func doviSEISuffixDisplayOrderMatchesFFprobe() throws {
    let stream = try checkAgainstFFprobe(.doviSEISuffix)
    #expect(stream.displayOrder == [0, 2, 1])
    // The suffix SEI and the RPU after it stay with their picture.
    #expect(stream.pictureAccessUnits.allSatisfy { $0.last?.type == 62 })
}

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.corpusDVP81.path), "Corpus/dv_p81.hevc absent"))
func corpusDVP81DisplayOrderMatchesFFprobe() throws {
    let stream = try checkAgainstFFprobe(.corpusDVP81)
    #expect(stream.pictures.count == 8)
}

// MARK: - hdr10plus_tool streams

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.hdr10PlusRegular.path)
               && StreamFiles.exists("hdr10plus_tool/hevc_tests/regular_metadata.json"),
               "hdr10plus_tool regular.hevc absent"))
func hdr10PlusRegularDisplayOrderMatchesFFprobeAndHDR10PlusTool() throws {
    let stream = try checkAgainstFFprobe(.hdr10PlusRegular)
    #expect(stream.pictures.count == 259)
    // hdr10plus_tool's extraction (display order by POC) equals the SEIs reordered by our order.
    let decodeOrder = try hdr10PlusInDecodeOrder(stream)
    let expected = try hdr10PlusJSONLuminance("hdr10plus_tool/hevc_tests/regular_metadata.json")
    let ours = stream.displayOrder.map { luminance(decodeOrder[$0]) }
    #expect(ours.count == expected.count)
    #expect(firstMismatch(ours, expected) == nil)
    // The check is not vacuous: decoding order differs (scenes start at display frames 0, 3, 6).
    #expect(firstMismatch(decodeOrder.map(luminance), expected) != nil)
}

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.hdr10PlusDhdr10Opt.path)
               && StreamFiles.exists("hdr10plus_tool/hevc_tests/metadata-dhdr10-opt.json"),
               "hdr10plus_tool dhdr10-opt.hevc absent"))
func hdr10PlusGapsFilledInDecodeOrderThenReordered() throws {
    // 12 HDR10+ SEIs for 30 pictures: gaps are filled in decoding order, then the metadata is put
    // in display order (docs/rules/hdr10plus.md §2.3); the result is metadata-dhdr10-opt.json.
    let stream = try checkAgainstFFprobe(.hdr10PlusDhdr10Opt)
    #expect(stream.pictures.count == 30)
    let decodeOrder = try hdr10PlusInDecodeOrder(stream)
    let expected = try hdr10PlusJSONLuminance("hdr10plus_tool/hevc_tests/metadata-dhdr10-opt.json")
    let ours = stream.displayOrder.map { luminance(decodeOrder[$0]) }
    #expect(ours.count == expected.count)
    #expect(firstMismatch(ours, expected) == nil)
}

// MARK: - Hostile input from real bytes

@Test(.enabled(if: StreamFiles.exists(FFprobeFramePositions.doviRegular.path), "dovi_tool regular.hevc absent"))
func truncationsOfRealParameterSetsAndSlicesNeverCrash() throws {
    let stream = decode(try StreamFiles.bytes(FFprobeFramePositions.doviRegular.path))
    let interesting = stream.nalUnits.filter { [32, 33, 34, 1, 0, 20].contains($0.type) }.prefix(40)
    var counter = HEVCPictureOrderCounter()
    for unit in interesting {
        let full = Array(unit.bytes)
        for n in 2...min(full.count, 80) {
            let cut = NALUnit.hevc(full.prefix(n)[...])!
            _ = counter.feed(accessUnit: [cut])
            let rbsp = EmulationPrevention.unescape(cut.bytes)
            _ = try? HEVCPictureParameterSet.parse(rbsp)
            _ = try? HEVCSequenceParameterSet.parse(rbsp)
            _ = try? HEVCSliceSegmentHeader.parse(rbsp, pictureParameterSet: { counter.pictureParameterSet(id: $0) },
                                                  sequenceParameterSet: { counter.sequenceParameterSet(id: $0) })
        }
    }
    // The whole stream cut at arbitrary points still splits, groups and counts.
    for cut in stride(from: 0, to: stream.bytes.count, by: 997) {
        let partial = decode(Array(stream.bytes.prefix(cut)))
        #expect(partial.displayOrder.sorted() == Array(0..<partial.pictures.count))
    }
}
