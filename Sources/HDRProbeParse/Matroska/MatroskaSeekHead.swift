/// Matroska `SeekHead` (ID 0x114D9B74, RFC 9559 §5.1.1): where other Segment-level elements are,
/// each `Seek` (0x4DBB) an element ID (`SeekID` 0x53AB, the ID's bytes) and a position relative to
/// the Segment's data (`SeekPosition` 0x53AC).
package struct MatroskaSeekHead: Sendable, Equatable {
    package var entries: [(id: UInt32, position: UInt64)] = []

    package static let id: UInt32 = 0x114D9B74

    package init() {}

    package static func == (a: MatroskaSeekHead, b: MatroskaSeekHead) -> Bool {
        a.entries.map(\.id) == b.entries.map(\.id) && a.entries.map(\.position) == b.entries.map(\.position)
    }

    package static func parse(_ bytes: [UInt8]) -> MatroskaSeekHead {
        var head = MatroskaSeekHead()
        for seek in EBMLElement.children(of: 0..<bytes.count, in: bytes, limit: 1024) where seek.id == 0x4DBB {
            var id: UInt32?
            var position: UInt64?
            for child in EBMLElement.children(of: seek.dataStart..<seek.dataEnd, in: bytes, limit: 16) {
                if child.id == 0x53AB, child.dataEnd - child.dataStart <= 4 { id = UInt32(truncatingIfNeeded: child.unsigned(in: bytes) ?? 0) }
                if child.id == 0x53AC { position = child.unsigned(in: bytes) }
            }
            if let id, let position { head.entries.append((id, position)) }
        }
        return head
    }
}
