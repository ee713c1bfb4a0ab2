import Testing
@testable import HDRProbeParse

/// The PMT's ISO 639 language descriptor (ISO/IEC 13818-1 §2.6.18), as MPEG-TS names a stream's
/// language: one code, several joined by commas (libavformat's form, "eng,deu" in ffprobe's
/// tags), nothing for a code that is not three letters or a descriptor shorter than one entry.
struct TransportLanguageDescriptorTests {
    static func stream(_ body: [UInt8]) -> ProgramMapTable.ElementaryStream {
        ProgramMapTable.ElementaryStream(pid: 0x101, streamType: 0x0F, descriptors: [(tag: 0x0A, body: body)])
    }

    @Test func languages() {
        #expect(Self.stream(Array("eng".utf8) + [0]).language == "eng")
        #expect(Self.stream(Array("eng".utf8) + [0] + Array("deu".utf8) + [3]).language == "eng,deu")
        #expect(Self.stream([0x65, 0x6E, 0x00, 0x00]).language == nil)
        #expect(Self.stream(Array("en".utf8)).language == nil)
        #expect(ProgramMapTable.ElementaryStream(pid: 0x101, streamType: 0x0F, descriptors: []).language == nil)
    }
}
