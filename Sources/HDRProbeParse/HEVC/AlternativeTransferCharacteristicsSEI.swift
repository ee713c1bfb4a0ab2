/// Alternative transfer characteristics SEI message, payloadType 147: ITU-T H.265 §D.2.38 (syntax),
/// §D.3.38 (semantics). Carries an ITU-T H.273 transfer_characteristics code point that decoders
/// may prefer over the VUI one (e.g. 18 = HLG on a stream whose VUI says 14 = BT.2020 10-bit).
///
/// ```
/// preferred_transfer_characteristics u(8)
/// ```
package struct AlternativeTransferCharacteristicsSEI: Sendable, Equatable {
    package static let payloadType = 147

    package let preferredTransferCharacteristics: UInt8

    package init(preferredTransferCharacteristics: UInt8) {
        self.preferredTransferCharacteristics = preferredTransferCharacteristics
    }

    package static func parse(_ payload: [UInt8]) throws -> AlternativeTransferCharacteristicsSEI {
        guard let first = payload.first else { throw BitstreamError.tooShort(needed: 1, got: 0) }
        return AlternativeTransferCharacteristicsSEI(preferredTransferCharacteristics: first)
    }
}
