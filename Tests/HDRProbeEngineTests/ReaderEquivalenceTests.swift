#if FFmpeg
import Foundation
import Testing

/// The comparison helper of the own-reader tests names where two reports part (the message a CI
/// log shows when they do).
struct ReaderEquivalenceTests {
    @Test func firstDifferenceNamesThePathAndBothValues() throws {
        let a = try JSONSerialization.jsonObject(with: Data(#"{"streams":[{"codec":"hevc","frameRate":{"num":24}}],"x":1}"#.utf8))
        let b = try JSONSerialization.jsonObject(with: Data(#"{"streams":[{"codec":"hevc","frameRate":{"num":25}}],"x":1}"#.utf8))
        #expect(ReaderEquivalence.firstDifference(a, b, path: "") == ".streams[0].frameRate.num: 24 vs 25")
        #expect(ReaderEquivalence.firstDifference(a, a, path: "") == nil)
        let c = try JSONSerialization.jsonObject(with: Data(#"{"streams":[],"x":1,"y":null}"#.utf8))
        #expect(ReaderEquivalence.firstDifference(a, c, path: "") == ".streams: 1 vs 0 elements")
        #expect(ReaderEquivalence.firstDifference(c, a, path: "")?.hasPrefix(".streams") == true)
        let d = try JSONSerialization.jsonObject(with: Data(#"{"streams":[],"x":1}"#.utf8))
        #expect(ReaderEquivalence.firstDifference(c, d, path: "") == ".y: present on one side only")
    }
}
#endif
