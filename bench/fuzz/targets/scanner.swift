import HDRProbeCore

// The bounded frame scan the engine runs on every video stream, end to end: the first byte picks
// the codec and framing, the rest is cut into access units at each 'AUAU' marker.
func fuzzTarget(_ data: [UInt8]) {
    guard let mode = data.first else { return }
    let body = Array(data.dropFirst())
    let configurations: [(BitstreamScanner.Codec, NALFraming, Bool)] = [
        (.hevc, .annexB, true), (.hevc, .annexB, false), (.hevc, .lengthPrefixed(4), false),
        (.h264, .annexB, false), (.h264, .lengthPrefixed(4), false), (.av1, .annexB, false),
        (.hevc, .lengthPrefixed(2), false), (.h264, .lengthPrefixed(1), false),
    ]
    let (codec, framing, regroup) = configurations[Int(mode) % configurations.count]
    var scanner = BitstreamScanner(codec: codec, framing: framing)
    scanner.regroupAccessUnits = regroup
    var start = 0
    var pts: Int64 = 0
    var i = 0
    let marker: [UInt8] = Array("AUAU".utf8)
    while i + marker.count <= body.count {
        if body[i..<(i + marker.count)].elementsEqual(marker) {
            scanner.consume(accessUnit: Array(body[start..<i]), pts: mode & 0x80 != 0 ? pts : nil)
            pts += 1
            i += marker.count
            start = i
        } else {
            i += 1
        }
    }
    scanner.consume(accessUnit: Array(body[start...]), pts: mode & 0x80 != 0 ? pts : nil)
    scanner.finish()
    consume(scanner.scan)
}
