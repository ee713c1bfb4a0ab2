#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// ``MediaFile/planReads(_:)``: announced byte ranges closer than 50,000 bytes are read in one
/// `pread`, the bytes are the file's (checked against Foundation's reading of the same file, the
/// independent reader), and the frame scan's packets are the same with and without the plan; on
/// the benchmark's sparse 4K films (when on this machine) the scan makes fewer read calls.
@Suite struct PlannedReadsTests {
    static func tempFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-plan-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func nearRangesShareOneCallFarOnesDoNot() throws {
        let content = (0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let url = try Self.tempFile(content)
        defer { try? FileManager.default.removeItem(at: url) }
        let reference = [UInt8](try Data(contentsOf: url))
        let file = try MediaFile(path: url.path, deadline: .max)
        // 100,000..101,000 and 140,000..141,000 are 39,000 bytes apart: one run; 400,000 is 259,000 further.
        file.planReads([140_000..<141_000, 100_000..<101_000, 400_000..<400_100])
        #expect(file.read(at: 100_010, count: 20) == Array(reference[100_010..<100_030]))
        #expect(file.readCalls == 1)
        #expect(file.read(at: 140_500, count: 400) == Array(reference[140_500..<140_900]))
        #expect(file.readCalls == 1, "the second range came with the first call")
        #expect(file.bytesRead == 141_000 - 100_010)
        #expect(file.read(at: 400_050, count: 50) == Array(reference[400_050..<400_100]))
        #expect(file.readCalls == 2)
        // Outside any run: the block cache as before (one 32 KiB block).
        #expect(file.read(at: 500_000, count: 10) == Array(reference[500_000..<500_010]))
        #expect(file.readCalls == 3)
    }

    @Test func plannedBytesAreTheFilesBytes() throws {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(n)) }
        let content = (0..<300_000).map { _ in UInt8(next(256)) }
        let url = try Self.tempFile(content)
        defer { try? FileManager.default.removeItem(at: url) }
        let reference = [UInt8](try Data(contentsOf: url))
        let file = try MediaFile(path: url.path, deadline: .max)
        file.planReads((0..<40).map { _ in let a = next(300_000); return a..<min(300_000, a + next(20_000)) })
        for _ in 0..<500 {
            let offset = next(300_000), count = next(5_000) + 1
            #expect(file.read(at: offset, count: count) == Array(reference[offset..<min(300_000, offset + count)]))
        }
    }

    /// The video packets of the own sample reader on `path`, with the reader's plan or without any.
    static func scan(_ path: String, planned: Bool) throws -> (packets: [DemuxedPacket], calls: Int)? {
        let file = try MediaFile(path: path, deadline: .max)
        let headers = ContainerHeaders.read(file, head: file.read(at: 0, count: 8192))
        guard let movie = headers.movie else { return nil }
        let streams = movie.tracks.enumerated().compactMap { i, track -> ISOBMFFSampleReader.Stream? in
            guard let id = track.trackID, let entry = track.sampleEntries.first,
                  let hvcC = entry.codecConfigurations["hvcC"].flatMap({ try? HEVCDecoderConfigurationRecord.parse($0) }) else { return nil }
            return .init(index: i, id: id, encrypted: false, nalLengthSize: hvcC.nalLengthSize, isVCL: LengthPrefixedSampleRead.isHEVCVCL)
        }
        guard !streams.isEmpty else { return nil }
        let before = file.readCalls
        guard let reader = ISOBMFFSampleReader.make(file: file, headers: headers, streams: streams, limit: 32) else { return nil }
        if !planned { file.planReads([]) }
        var packets: [DemuxedPacket] = []
        while let p = reader.readPacket(wantsData: { _ in true }) { packets.append(p) }
        return (packets, file.readCalls - before)
    }

    @Test func scanPacketsAreTheSameWithThePlan() throws {
        var compared = 0
        for name in ISOBMFFSampleAccessTests.files {
            let path = TestPaths.corpus.appendingPathComponent(name).path
            guard let planned = try Self.scan(path, planned: true), let plain = try Self.scan(path, planned: false) else { continue }
            compared += 1
            #expect(planned.packets.map(\.data) == plain.packets.map(\.data), "\(name)")
            #expect(planned.packets.map(\.pts) == plain.packets.map(\.pts), "\(name)")
        }
        #expect(compared >= 10)
    }

    /// The base address of an array's buffer: equal for two arrays that share one buffer.
    static func buffer(_ bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }

    /// A file of `media` bytes followed by a box of `header` bytes (`moov` with a 32-bit size, or
    /// size 1 and a 64-bit size) holding `payload` bytes to the end of the file.
    static func fileWithBoxAtEnd(media: Int, payload: Int, largeSize: Bool) -> [UInt8] {
        var content = (0..<media).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let size = (largeSize ? 16 : 8) + payload
        content += largeSize ? [0, 0, 0, 1] : (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) }
        content += Array("moov".utf8)
        if largeSize { content += (0..<8).map { UInt8(truncatingIfNeeded: size >> (56 - 8 * $0)) } }
        content += (0..<payload).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        return content
    }

    /// ``MediaFile/planBox(_:)``: the header and the payload in one call (`preadv`), the payload
    /// handed over in the buffer it was read into (two reads of it share one buffer), reads across
    /// the header and the payload served from the two pieces; the bytes are Foundation's.
    @Test(arguments: [false, true])
    func plannedBoxInOneCallWithItsPayloadNotCopied(largeSize: Bool) throws {
        let header = largeSize ? 16 : 8
        let url = try Self.tempFile(Self.fileWithBoxAtEnd(media: 100_000, payload: 200_000, largeSize: largeSize))
        defer { try? FileManager.default.removeItem(at: url) }
        let reference = [UInt8](try Data(contentsOf: url))
        let file = try MediaFile(path: url.path, deadline: .max)
        file.planBox(100_000..<reference.count)
        #expect(file.read(at: 100_000, count: 16) == Array(reference[100_000..<100_016]))
        #expect(file.readCalls == 1)
        let payload = file.read(at: 100_000 + header, count: 200_000)
        #expect(payload == Array(reference[(100_000 + header)...]))
        #expect(file.read(at: 100_004, count: 20) == Array(reference[100_004..<100_024]))
        #expect(file.readCalls == 1, "header and payload came in the first call")
        #expect(file.bytesRead == reference.count - 100_000)
        let again = file.read(at: 100_000 + header, count: 200_000)
        // Only a 32-bit-size box's payload is a piece of its own; a 64-bit one's is copied out.
        #expect((Self.buffer(payload) == Self.buffer(again)) == !largeSize)
        #expect(file.read(at: 99_990, count: 20) == Array(reference[99_990..<100_010]), "before the box: the block cache")
    }

    /// A read of exactly a planned piece (a large `moov` ahead of the media data, its first bytes
    /// in the file head's cached block) or of exactly a planned run gets the buffer the file was
    /// read into, in one call; the bytes around the piece come with it.
    @Test func readOfExactlyAPlannedPieceOrRunIsItsBuffer() throws {
        let content = (0..<400_000).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ $0 >> 10) }
        let url = try Self.tempFile(content)
        defer { try? FileManager.default.removeItem(at: url) }
        let reference = [UInt8](try Data(contentsOf: url))
        let file = try MediaFile(path: url.path, deadline: .max)
        _ = file.read(at: 0, count: 100)
        #expect(file.readCalls == 1)
        file.planReads([40..<327_680], piece: 40..<300_040)
        let piece = file.read(at: 40, count: 300_000)
        #expect(piece == Array(reference[40..<300_040]))
        #expect(file.readCalls == 2)
        #expect(Self.buffer(piece) == Self.buffer(file.read(at: 40, count: 300_000)))
        #expect(file.read(at: 300_000, count: 100) == Array(reference[300_000..<300_100]))
        #expect(file.readCalls == 2, "the bytes after the piece came in the same call")
        #expect(file.read(at: 340_000, count: 100) == Array(reference[340_000..<340_100]))
        #expect(file.readCalls == 3, "past the run: a block of its own")

        file.planReads([370_000..<399_000])
        let run = file.read(at: 370_000, count: 29_000)
        #expect(run == Array(reference[370_000..<399_000]))
        #expect(file.readCalls == 4)
        #expect(Self.buffer(run) == Self.buffer(file.read(at: 370_000, count: 29_000)))
    }

    /// ffmpeg's layout without +faststart: `moov` behind a multi-GB `mdat`, read with its header in one call.
    @Test(.enabled(if: !SampleTableBandwidthTests.films.isEmpty, "the benchmark films (bench/.work) are not on this machine"))
    func movieBoxBehindMediaDataInOneCall() throws {
        for path in SampleTableBandwidthTests.films where path.hasSuffix("_end.mp4") {
            let file = try MediaFile(path: path, deadline: .max)
            let head = file.read(at: 0, count: 8192)
            #expect(file.readCalls == 1)
            let headers = ContainerHeaders.read(file, head: head)
            #expect(headers.movie != nil && headers.movie?.tracks.count == 2, "\(path)")
            #expect(file.readCalls == 2, "\(path): \(file.readCalls) read calls for the head and the moov")
        }
        // With +faststart a moov of 256 KiB or more is read in one call of its own after the head's block.
        for path in SampleTableBandwidthTests.films where path.hasSuffix("_faststart.mp4") {
            let file = try MediaFile(path: path, deadline: .max)
            let headers = ContainerHeaders.read(file, head: file.read(at: 0, count: 8192))
            #expect(headers.movie?.tracks.count == 2, "\(path)")
            #expect(file.readCalls == 2, "\(path): \(file.readCalls) read calls for the head and the moov")
        }
    }

    @Test(.enabled(if: !SampleTableBandwidthTests.films.isEmpty, "the benchmark films (bench/.work) are not on this machine"))
    func filmScanMakesFewerCalls() throws {
        for path in SampleTableBandwidthTests.films {
            let planned = try #require(try Self.scan(path, planned: true))
            let plain = try #require(try Self.scan(path, planned: false))
            #expect(planned.packets.map(\.data) == plain.packets.map(\.data), "\(path)")
            #expect(planned.packets.count == 32)
            print("\((path as NSString).lastPathComponent): 32 frames in \(planned.calls) read calls with the plan, \(plain.calls) without")
            // 32 4K frames of 40–150 KB: about one call per frame without the plan, well under with it.
            #expect(planned.calls * 3 < plain.calls * 2, "\(path): \(planned.calls) vs \(plain.calls)")
        }
    }
}
#endif
