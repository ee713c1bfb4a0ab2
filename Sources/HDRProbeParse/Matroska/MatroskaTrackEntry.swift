/// Matroska `TrackEntry` (ID 0xAE, in `Tracks` 0x1654AE6B): the fields hdrprobe reads itself —
/// track number and type, codec ID, the `BlockAdditionMapping`s (Dolby Vision configuration) and
/// the `Video` → `Colour` master (static HDR metadata). Element IDs: Matroska specification
/// (RFC 9559), summarised in docs/report-contract.md ("Dolby Vision").
package struct MatroskaTrackEntry: Sendable, Equatable {
    package var number: UInt64?                              // TrackNumber 0xD7
    package var type: UInt64?                                // TrackType 0x83 (1 = video)
    package var codecID: String?                             // CodecID 0x86
    package var blockAdditionMappings: [MatroskaBlockAdditionMapping] = []
    package var colour: MatroskaColour?
    /// The stream-level fields hdrprobe's own container reader gives (``MatroskaTrackEntry/Stream``).
    package var stream = Stream()

    package static let tracksID: UInt32 = 0x1654AE6B
    package static let id: UInt32 = 0xAE

    /// The track entries of a `Tracks` element's data.
    package static func parseTracks(_ bytes: [UInt8]) -> [MatroskaTrackEntry] {
        EBMLElement.children(of: 0..<bytes.count, in: bytes, limit: 1024)
            .filter { $0.id == id }
            .map { parse($0, in: bytes) }
    }

    package static func parse(_ element: EBMLElement, in bytes: [UInt8]) -> MatroskaTrackEntry {
        var t = MatroskaTrackEntry()
        for child in EBMLElement.children(of: element.dataStart..<element.dataEnd, in: bytes, limit: 256) {
            switch child.id {
            case 0xD7: t.number = child.unsigned(in: bytes)
            case 0x83: t.type = child.unsigned(in: bytes)
            case 0x86: t.codecID = child.string(in: bytes)
            case MatroskaBlockAdditionMapping.id: t.blockAdditionMappings.append(.parse(child, in: bytes))
            case 0xE0:
                let video = EBMLElement.children(of: child.dataStart..<child.dataEnd, in: bytes, limit: 64)
                if let colour = video.first(where: { $0.id == MatroskaColour.id }) {
                    t.colour = MatroskaColour.parse(colour, in: bytes)
                }
                t.stream.readVideo(video, in: bytes)
            default: t.stream.read(child, in: bytes)
            }
        }
        return t
    }

    /// The Dolby Vision configuration mapping, if the track has one.
    package var dolbyVisionMapping: MatroskaBlockAdditionMapping? {
        blockAdditionMappings.first { $0.isDolbyVisionConfiguration && $0.extraData != nil }
    }
}
