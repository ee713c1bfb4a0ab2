import HDRProbeManifests

// DASH MPDs: hdrprobe's own XML 1.0 reader (XMLDocumentReader, docs/rules/dash-manifests.md §1)
// and the MPD structures built on its tree (Period, AdaptationSet, Representation, segment addressing).
func fuzzTarget(_ data: [UInt8]) {
    consume(try? MPDXMLReader.read(data))
    consume(try? MPD.parse(bytes: data))
}
