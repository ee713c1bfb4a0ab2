/// Test helper: bytes from a hex string ("4e 01 89 18…"); spaces and newlines are ignored.
/// Traps on malformed literals, which only ever come from the test sources themselves.
package func hex(_ s: String) -> [UInt8] {
    let digits = s.filter { !$0.isWhitespace }
    precondition(digits.count % 2 == 0, "odd hex literal")
    var out: [UInt8] = []
    var i = digits.startIndex
    while i < digits.endIndex {
        let j = digits.index(i, offsetBy: 2)
        out.append(UInt8(digits[i..<j], radix: 16)!)
        i = j
    }
    return out
}

/// A deterministic pseudo-random byte sequence (xorshift) for garbage-input tests.
package func garbage(count: Int, seed: UInt64) -> [UInt8] {
    var x = seed | 1
    return (0..<count).map { _ in
        x ^= x << 13; x ^= x >> 7; x ^= x << 17
        return UInt8(truncatingIfNeeded: x)
    }
}
