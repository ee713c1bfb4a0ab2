import HDRProbeParse

// NAL unit splitting (Annex B and 1/2/4-byte length prefixes, HEVC and AVC headers), access-unit
// grouping, and emulation prevention: unescape(escape(x)) == x for every x.
func fuzzTarget(_ data: [UInt8]) {
    let slice = data[...]
    for header in [NALHeaderKind.hevc, .avc] {
        for framing in [NALFraming.annexB, .lengthPrefixed(1), .lengthPrefixed(2), .lengthPrefixed(4), .lengthPrefixed(3)] {
            let units = NALUnitSplitter.split(slice, framing: framing, limit: 64, header: header)
            invariant(units.count <= 64, "limit")
            for unit in units {
                invariant(unit.bytes.startIndex >= 0 && unit.bytes.endIndex <= data.count, "unit outside the input")
                consume(EmulationPrevention.unescape(unit.bytes))
            }
            if header == .hevc {
                let aus = HEVCAccessUnitSplitter.split(units, limit: 16, maxUnitsPerAccessUnit: 8)
                invariant(aus.allSatisfy { !$0.isEmpty && $0.count <= 8 }, "access unit size")
            }
        }
    }
    let escaped = EmulationPrevention.escape(data)
    invariant(EmulationPrevention.unescape(escaped) == data, "unescape(escape(x)) != x")
    // An escaped RBSP never holds a start code (00 00 00/01/02) except where the input ended in zeros.
    consume(EmulationPrevention.unescape(data))
}
