#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// The engine's header walk hands the core typed evidence (``ContainerTruncation``,
/// ``ContainerStructureIssue``, ``ProbeFailureReason``, ``ProbeCondition``); the core writes the
/// sentences. Expected values come from how each input is built here (box sizes, packet sizes,
/// where a corpus file is cut); the last test pins the sentences the reports carry.
@Suite struct ContainerEvidenceTests {
    static func box(_ type: String, size: UInt32, payload: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + payload
    }

    static let ftyp = box("ftyp", size: 16, payload: Array("isom".utf8) + [0, 0, 2, 0])

    static func headers(_ bytes: [UInt8]) throws -> ContainerHeaders {
        let file = try MediaFile(name: "test", bytes: bytes, deadline: .max)
        return ContainerHeaders.read(file, head: file.read(at: 0, count: 8192))
    }

    @Test func boxPastTheEndWithoutMovieBox() throws {
        // ftyp (16 bytes), then an mdat declaring 1000 bytes of which 8 + 20 are there.
        let h = try Self.headers(Self.ftyp + Self.box("mdat", size: 1000, payload: [UInt8](repeating: 0, count: 20)))
        #expect(h.truncation == .movieBoxNotFound(after: .boxPastEnd(type: "mdat", offset: 16, declared: 1000, available: 28)))
        #expect(h.issues.isEmpty)
        #expect(ProbeEngine.containerConditions(h) == [.truncated(h.truncation!)])
    }

    @Test func noMovieBox() throws {
        let h = try Self.headers(Self.ftyp + Self.box("free", size: 8, payload: []))
        #expect(h.truncation == .noMovieBox)
        #expect(ProbeEngine.demuxFailure(detail: "x", headers: h) == .truncated(.noMovieBox, detail: "x"))
    }

    @Test func largeSizeHeaderCut() throws {
        // size 1 announces a 64-bit size that the file does not hold.
        let h = try Self.headers(Self.ftyp + Self.box("mdat", size: 1, payload: [0, 0]))
        #expect(h.truncation == .movieBoxNotFound(after: .boxHeaderCut(type: "mdat")))
    }

    @Test func boxSmallerThanItsHeader() throws {
        let h = try Self.headers(Self.ftyp + Self.box("abcd", size: 4, payload: [0, 0, 0, 0]))
        #expect(h.issues == [.boxSmallerThanHeader(type: "abcd", offset: 16, size: 4)])
        #expect(ProbeEngine.containerConditions(h).contains(.malformed(.boxSmallerThanHeader(type: "abcd", offset: 16, size: 4))))
    }

    @Test func partialTransportPacket() throws {
        // Three null packets of 188 bytes (PID 0x1FFF), then 100 bytes of a fourth.
        let packet: [UInt8] = [0x47, 0x1F, 0xFF, 0x10] + [UInt8](repeating: 0xFF, count: 184)
        let h = try Self.headers(packet + packet + packet + packet.prefix(100))
        #expect(h.signature == .mpegts)
        #expect(h.truncation == .partialTransportPacket(bytesIntoPacket: 100, packetSize: 188))
    }

    @Test func matroskaSegmentPastEnd() throws {
        // dv_p81.mkv (Corpus/generate.sh, FFmpeg's matroska muxer) has one Segment of known size
        // that runs to the end of the file: cut in half, it declares the whole file's size.
        let bytes = try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent("dv_p81.mkv")))
        let cut = bytes.count / 2
        let h = try Self.headers(Array(bytes.prefix(cut)))
        #expect(h.truncation == .segmentPastEnd(declaredEnd: UInt64(bytes.count), fileSize: cut))
    }

    @Test func ebmlHeaderIssue() throws {
        // The EBML magic, then a header size of 0x7F (the reserved all-ones 1-byte value: unknown size).
        let h = try Self.headers([0x1A, 0x45, 0xDF, 0xA3, 0xFF] + [UInt8](repeating: 0, count: 64))
        #expect(h.signature == .matroska)
        #expect(h.issues == [.ebmlHeader(.implausibleHeader)])
    }

    @Test func missingFileIsATypedReason() throws {
        do throws(MediaFile.OpenError) {
            _ = try MediaFile(path: "/nonexistent/x.mp4", deadline: .max)
            Issue.record("a missing file opened")
        } catch {
            guard case let .failed(reported) = error else { return }
            #expect(reported == ProbeFailureReason.noSuchFile(path: "/nonexistent/x.mp4").error)
        }
    }

    /// The sentences of the reports, byte for byte as they were written in the engine before the
    /// evidence was typed (Reports/corpus.json and the corpus goldens hold several of them).
    @Test func sentences() {
        let pastEnd = ContainerTruncation.boxPastEnd(type: "mdat", offset: 16, declared: 1000, available: 28)
        #expect(ContainerTruncation.movieBoxNotFound(after: pastEnd).sentence
                == "top-level box 'mdat' at offset 16 declares 1000 bytes but only 28 remain; no 'moov' box was found")
        #expect(ContainerTruncation.partialTransportPacket(bytesIntoPacket: 7, packetSize: 192).sentence
                == "the file ends 7 bytes into a 192-byte transport packet")
        #expect(ContainerTruncation.segmentPastEnd(declaredEnd: 900, fileSize: 450).sentence
                == "the Matroska Segment declares 900 bytes but the file has 450")
        #expect(ContainerStructureIssue.movieBoxTooLarge(bytes: 70 << 20, limit: 64 << 20).sentence
                == "moov is 73400320 bytes; larger than the 64 MiB hdrprobe reads itself")
        #expect(ContainerStructureIssue.ebmlHeader(.truncated).sentence == "EBML header: truncated")
        #expect(ProbeFailureReason.truncated(.noMovieBox, detail: "Invalid data found when processing input").error
                == ReportError(.containerTruncated, "The file is cut short: no 'moov' box: the movie header is missing (a file cut before its end, or an interrupted recording)",
                               detail: "Invalid data found when processing input"))
        #expect(ProbeFailureReason.movieHeaderUnreadable(firstIssue: nil, detail: "d").error
                == ReportError(.containerMalformed, "The movie header is present but cannot be read", detail: "d"))
        #expect(ProbeFailureReason.image(path: "a.png", format: "png").error
                == ReportError(.unrecognized, "a.png is a PNG image, not a video container"))
        #expect(ProbeFailureReason.openTimedOut(seconds: 30).error == ReportError(.timeout, "Time limit of 30.0 s reached while opening the file"))
        #expect(ProbeFailureReason.noReadableStreams(firstIssue: .movieBox(.tooManyTracks(256))).error
                == ReportError(.containerMalformed, "No streams could be read: more than 256 tracks"))
        #expect(ProbeFailureReason.ffmpegUnavailable(reason: "r", libraries: ["a.so", "b.so"]).error.message.hasPrefix(
                "FFmpeg's libraries cannot be loaded (r); hdrprobe needs a.so, b.so to read media files"))
        #expect(ProbeFailureReason.ffmpegNotBuiltIn.error.code == .ffmpegUnavailable)
        #expect(ProbeFailureReason.ffmpegNotBuiltIn.error.message.contains("built without it (the FFmpeg package trait is off)"))
        #expect(ProbeCondition.truncated(.ebmlHeaderCut).finding
                == Finding(.containerTruncated, "The file is cut short: the file ends inside the EBML header. What was read is reported.", stream: nil))
        #expect(ProbeCondition.frameScanTimedOut(seconds: 0.5).finding.message
                == "The time limit of 0.5 s was reached during the frame scan; counts cover the frames read.")
        #expect(ProbeCondition.unreadableTail(stop: 100 << 20, fileSize: 200 << 20, budget: 16 << 20, zerosBefore: true).finding.message
                == "hdrprobe stopped reading at byte 104857600 of 209715200 after reading 16 MiB past the container headers without completing the frame scan; the bytes before that point are zeros (a preallocated or unfinished download?). The remaining 104857600 bytes were not read; the report covers what was.")
    }
}
#endif
