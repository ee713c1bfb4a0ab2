#if FFmpeg
@testable import HDRProbeScan
import Testing

/// `ByteEquality` against the standard library's generic byte comparisons it replaces.
@Suite struct ByteEqualityTests {
    @Test func agreesWithTheGenericComparisons() {
        var rng = SplitMix64(seed: "byte-equality")
        // Short arrays over a small alphabet, so that prefixes and equal arrays are common; bytes
        // at and above 0x80 so that a signed comparison would be caught.
        let alphabet: [UInt8] = [0x00, 0x2F, 0x61, 0x62, 0x7F, 0x80, 0xC3, 0xFF]
        func random() -> [UInt8] { (0..<Int.random(in: 0...5, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] } }
        for _ in 0..<3000 {
            let a = random(), b = random()
            #expect(ByteEquality.precedes(a, b) == a.lexicographicallyPrecedes(b), "\(a) \(b)")
            let text = String(decoding: a, as: UTF8.self)
            #expect(ByteEquality.equal(text, b) == text.utf8.elementsEqual(b), "\(a) \(b)")
            let other = String(decoding: b, as: UTF8.self)
            #expect(ByteEquality.equal(text, other) == text.utf8.elementsEqual(other.utf8))
        }
    }

    /// NFC and NFD spellings of one name are two names (Swift's `==` says they are equal).
    @Test func canonicallyEquivalentSpellingsDiffer() {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        #expect(nfc == nfd)
        #expect(!ByteEquality.equal(nfc, nfd))
        #expect(ByteEquality.equal(nfc, Array(nfc.utf8)))
    }
}
#endif
