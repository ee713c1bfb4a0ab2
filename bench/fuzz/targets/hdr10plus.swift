import HDRProbeParse

// HDR10+ (SMPTE ST 2094-40 in ITU-T T.35): the payload from the country code, its validation
// rules, per-frame profile, and the stream summary fed with it.
func fuzzTarget(_ data: [UInt8]) {
    var summary = HDR10PlusSummary()
    if let m = try? ST2094_40Metadata.parse(data) {
        consume(m.validationIssues)
        consume(m.profile)
        consume(m.isValid)
        summary.add(m)
        summary.add(m, isOwnPayload: false)
    } else {
        summary.addUnparsablePayload()
    }
    summary.addFrameWithoutMetadata()
    consume(summary)
}
