import HDRProbeParse

// HEVC pictures: an Annex B stream split into NAL units and access units, fed to the picture
// order counter (SPS, PPS and slice segment headers with their short-term RPS and POC, §8.3.1),
// then display order.
func fuzzTarget(_ data: [UInt8]) {
    let units = NALUnitSplitter.split(data[...], framing: .annexB, limit: 256, header: .hevc)
    var counter = HEVCPictureOrderCounter()
    var pictures: [DisplayOrder.Picture] = []
    for (index, au) in HEVCAccessUnitSplitter.split(units, limit: 64).enumerated() {
        if let p = counter.feed(accessUnit: au) {
            pictures.append(DisplayOrder.Picture(decodeIndex: index, isIRAP: p.isIRAP, poc: p.picOrderCount))
        }
    }
    let order = DisplayOrder.decodeIndicesInDisplayOrder(pictures)
    invariant(order.count == pictures.count, "display order lost pictures")
    consume(DisplayOrder.displayIndices(pictures))
    consume(DisplayOrder.positionsInDisplayOrder(pictures))
}
