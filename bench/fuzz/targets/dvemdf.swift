import HDRProbeParse

// Dolby Vision RPU in AV1: the ITU-T T.35 metadata OBU payload (EMDF container, with or
// without the 0xB5 country code) and the RPU inside it.
func fuzzTarget(_ data: [UInt8]) {
    if let container = try? DolbyVisionEMDFContainer.parse(t35: data) {
        invariant(container.rpuPayload.count <= data.count, "RPU payload larger than its container")
        consume(container.issues)
    }
    var summary = DolbyVisionRPUSummary()
    if let rpu = try? DolbyVisionRPU.parse(av1T35: data) {
        consume(rpu.profile); consume(rpu.isValid)
        summary.add(rpu)
    }
    consume(summary)
}
