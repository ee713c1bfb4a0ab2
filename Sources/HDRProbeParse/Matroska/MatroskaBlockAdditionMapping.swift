/// Matroska `BlockAdditionMapping` (ID 0x41E4, in `TrackEntry`): what the BlockAdditional data of
/// a track carries, and the extra data it needs. For Dolby Vision, `BlockAddIDType` is the FourCC
/// `dvcC`, `dvvC` or `dvwC` as an integer and `BlockAddIDExtraData` the same decoder
/// configuration record as the MP4 box of that name (docs/report-contract.md, "Dolby Vision";
/// element IDs from the Matroska specification, RFC 9559).
package struct MatroskaBlockAdditionMapping: Sendable, Equatable {
    package var value: UInt64?       // BlockAddIDValue 0x41F0
    package var name: String?        // BlockAddIDName 0x41A4
    package var type: UInt64?        // BlockAddIDType 0x41E7
    package var extraData: [UInt8]?  // BlockAddIDExtraData 0x41ED

    package static let id: UInt32 = 0x41E4

    /// The FourCC of `type` (`dvcC`, `dvvC`, `dvwC`, …) when it is four printable characters.
    package var typeFourCC: String? {
        guard let type, type <= 0xFFFF_FFFF else { return nil }
        let bytes = (0..<4).map { UInt8((type >> UInt64(24 - 8 * $0)) & 0xFF) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True for the three Dolby Vision configuration types.
    package var isDolbyVisionConfiguration: Bool { ["dvcC", "dvvC", "dvwC"].contains(typeFourCC ?? "") }

    package static func parse(_ element: EBMLElement, in bytes: [UInt8]) -> MatroskaBlockAdditionMapping {
        var m = MatroskaBlockAdditionMapping()
        for child in EBMLElement.children(of: element.dataStart..<element.dataEnd, in: bytes, limit: 64) {
            switch child.id {
            case 0x41F0: m.value = child.unsigned(in: bytes)
            case 0x41A4: m.name = child.string(in: bytes)
            case 0x41E7: m.type = child.unsigned(in: bytes)
            case 0x41ED: m.extraData = child.data(in: bytes)
            default: break
            }
        }
        return m
    }
}
