/// Matroska `BlockMore` (0xA6, in a BlockGroup's `BlockAdditions` 0x75A1): data beside one frame,
/// `BlockAddID` (0xEE, default 1) saying what it is and `BlockAdditional` (0xA5) the bytes.
/// `BlockAddIDType` 4 is ITU-T T.35: the BlockAdditional is the whole T.35 message (country code
/// 0xB5, provider 0x003C, …), which is how HDR10+ for VP9 and AV1 lives in WebM / Matroska.
/// WebM files declare no BlockAdditionMapping and use BlockAddID 4 itself; a Matroska track may map
/// another BlockAddIDValue to type 4 (docs/report-contract.md, "HDR10+"; element IDs and the
/// BlockAddIDType registry: the Matroska specification, RFC 9559, and its codec mappings).
package struct MatroskaBlockMore: Sendable, Equatable {
    package var addID: UInt64
    package var additional: [UInt8]

    /// BlockAddIDType "ITU-T T.35 metadata".
    package static let ituTT35Type: UInt64 = 4

    package init(addID: UInt64, additional: [UInt8]) {
        self.addID = addID
        self.additional = additional
    }

    /// The BlockAddIDType of this addition: the track's mapping for its BlockAddID when there is one,
    /// otherwise the BlockAddID itself (the WebM convention).
    package func type(mappings: [MatroskaBlockAdditionMapping]) -> UInt64 {
        mappings.first { $0.value == addID }?.type ?? addID
    }

    /// True for an ITU-T T.35 addition that is an HDR10+ (ST 2094-40) message.
    package func isHDR10Plus(mappings: [MatroskaBlockAdditionMapping]) -> Bool {
        type(mappings: mappings) == Self.ituTT35Type && ST2094_40Metadata.isHDR10Plus(t35: additional)
    }
}

extension MatroskaBlockMore {
    /// `BlockAdditions` (0x75A1) element ID, `BlockMore` (0xA6) and its children `BlockAddID`
    /// (0xEE) and `BlockAdditional` (0xA5) (RFC 9559 §5.1.3.5.2).
    package static let blockAdditionsID: UInt32 = 0x75A1
    package static let id: UInt32 = 0xA6

    /// The BlockMore elements of a `BlockAdditions` element's data (`bytes[range]`), at most
    /// `limit`; a BlockMore without a BlockAdditional is left out, one without a BlockAddID has 1.
    package static func list(in bytes: [UInt8], range: Range<Int>, limit: Int = 64) -> [MatroskaBlockMore] {
        EBMLElement.children(of: range, in: bytes, limit: limit).filter { $0.id == id }.compactMap { more in
            var addID: UInt64 = 1
            var additional: [UInt8]?
            for child in EBMLElement.children(of: more.dataStart..<more.dataEnd, in: bytes, limit: 16) {
                if child.id == 0xEE, let value = child.unsigned(in: bytes) { addID = value }
                if child.id == 0xA5 { additional = child.data(in: bytes) }
            }
            return additional.map { MatroskaBlockMore(addID: addID, additional: $0) }
        }
    }
}
