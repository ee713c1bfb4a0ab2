/// Matroska `BlockMore` (0xA6, in a BlockGroup's `BlockAdditions` 0x75A1): data beside one frame,
/// `BlockAddID` (0xEE, default 1) saying what it is and `BlockAdditional` (0xA5) the bytes.
/// `BlockAddIDType` 4 is ITU-T T.35: the BlockAdditional is the whole T.35 message (country code
/// 0xB5, provider 0x003C, …), which is how HDR10+ for VP9 and AV1 lives in WebM / Matroska.
/// WebM files declare no BlockAdditionMapping and use BlockAddID 4 itself; a Matroska track may map
/// another BlockAddIDValue to type 4 (docs/report-contract.md, "HDR10+"; element IDs and the
/// BlockAddIDType registry: the Matroska specification, RFC 9559, and its codec mappings).
public struct MatroskaBlockMore: Sendable, Equatable {
    public var addID: UInt64
    public var additional: [UInt8]

    /// BlockAddIDType "ITU-T T.35 metadata".
    public static let ituTT35Type: UInt64 = 4

    public init(addID: UInt64, additional: [UInt8]) {
        self.addID = addID
        self.additional = additional
    }

    /// The BlockAddIDType of this addition: the track's mapping for its BlockAddID when there is one,
    /// otherwise the BlockAddID itself (the WebM convention).
    public func type(mappings: [MatroskaBlockAdditionMapping]) -> UInt64 {
        mappings.first { $0.value == addID }?.type ?? addID
    }

    /// True for an ITU-T T.35 addition that is an HDR10+ (ST 2094-40) message.
    public func isHDR10Plus(mappings: [MatroskaBlockAdditionMapping]) -> Bool {
        type(mappings: mappings) == Self.ituTT35Type && ST2094_40Metadata.isHDR10Plus(t35: additional)
    }
}
