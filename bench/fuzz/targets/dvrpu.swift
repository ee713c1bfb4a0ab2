import HDRProbeParse

// Dolby Vision RPU as carried in HEVC (NAL type 62 payload, escaped, optionally with a start
// code or the 7C 01 header): header, data mapping (polynomial/MMR curves, NLQ), DM data with
// CM v2.9 / v4.0 extension blocks, CRC32; then the stream summary.
func fuzzTarget(_ data: [UInt8]) {
    var summary = DolbyVisionRPUSummary()
    do {
        let rpu = try DolbyVisionRPU.parse(data)
        consume(rpu.profile); consume(rpu.isValid); consume(rpu.enhancementLayer); consume(rpu.level1)
        summary.add(rpu)
    } catch {
        summary.addUnparsable(error)
    }
    if let rpu = try? DolbyVisionRPU.parse(unescaped: data) { summary.add(rpu) }
    consume(summary)
}
