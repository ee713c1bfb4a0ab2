import HDRProbeParse

// Matroska / WebM: the EBML header and Segment element at the start of a file.
func fuzzTarget(_ data: [UInt8]) {
    if let header = try? EBMLSegmentHeader.parse(data) {
        invariant(header.segmentDataOffset <= data.count, "segment data offset \(header.segmentDataOffset) past \(data.count)")
        consume(header.declaredEnd)
    }
    consume(ContainerSignature.sniff(data))
}
