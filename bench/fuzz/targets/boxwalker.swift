import HDRProbeParse

// ISO BMFF: the box walker over the input as a file and as a `moov` payload (tracks, `stsd`
// sample entries and their `hvcC`/`avcC`/`av1C`/`vpcC`/`dvcC`/`colr`/`mdcv`/`clli`/`sinf`
// children), `ftyp`, and the container sniffer.
func fuzzTarget(_ data: [UInt8]) {
    let walk = ISOBoxWalker.walk(data)
    invariant(walk.boxes.count <= ISOBoxWalker.maxBoxes, "box count \(walk.boxes.count)")
    for box in walk.boxes {
        invariant(box.payload.lowerBound >= 0 && box.payload.upperBound <= data.count,
                  "payload \(box.payload) outside \(data.count) bytes")
        // One level down, as the engine's moov / sample-entry walks do.
        let children = ISOBoxWalker.walk(data, range: box.payload)
        for child in children.boxes {
            invariant(child.payload.upperBound <= box.payload.upperBound, "child past its parent")
        }
        consume(SampleEntry.parse(data, box: box, isVisual: true))
        consume(SampleEntry.parse(data, box: box, isVisual: false))
        if box.type == "ftyp" { consume(try? FileTypeBox.parse(data[box.payload])) }
        if box.type == "moov" { consume(MovieBox.parse(Array(data[box.payload]))) }
    }
    let movie = MovieBox.parse(data)
    invariant(movie.tracks.count <= MovieBox.maxTracks, "track count")
    consume(movie)
    consume(try? FileTypeBox.parse(data[...]))
    consume(try? ColourInformationBox.parse(data[...]))
    consume(try? MasteringDisplayColourVolumeBox.parse(data[...]))
    consume(try? ContentLightLevelBox.parse(data[...]))
    consume(ContainerSignature.sniff(data))
}
