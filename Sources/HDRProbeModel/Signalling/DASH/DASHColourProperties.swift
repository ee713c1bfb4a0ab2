import HDRProbeParse

/// The colour descriptors of a video Representation: ISO/IEC 23001-8 / ITU-T H.273 code points under
/// `urn:mpeg:mpegB:cicp:ColourPrimaries`, `…:TransferCharacteristics` and `…:MatrixCoefficients`
/// (`docs/rules/dash-signalling.md` §3.2).
///
/// The code points are the stream's own (VUI / AV1 colour config, else the container's); an unspecified (2) or
/// missing value gets no descriptor. The transfer is an `EssentialProperty` when it is PQ (16: a client that does
/// not understand it must skip the set, DVB-DASH), a `SupplementalProperty` otherwise (HLG 18 is shown acceptably
/// by SDR clients; SDR transfers are informative). An HLG stream carried as BT.2020 SDR gamma (14) with an
/// alternative transfer characteristics SEI preferring 18 is signalled as 18 (the DVB-DASH HLG10 form).
/// Primaries and matrix are `SupplementalProperty`.
package struct DASHColourProperties: Sendable, Equatable {
    package enum Placement: String, Sendable, Codable {
        case essential = "EssentialProperty"
        case supplemental = "SupplementalProperty"
    }

    package var primaries: Int?
    package var transfer: Int?
    package var transferPlacement: Placement
    package var matrix: Int?

    package init(primaries: Int?, transfer: Int?, transferPlacement: Placement, matrix: Int?) {
        self.primaries = primaries
        self.transfer = transfer
        self.transferPlacement = transferPlacement
        self.matrix = matrix
    }

    /// §3.2 from the stream's code points and its alternative transfer characteristics SEI.
    package static func decide(colour: ColourCodes?, alternativeTransfer: Int?) -> DASHColourProperties {
        func specified(_ code: Int?) -> Int? { code == 2 ? nil : code }
        var transfer = specified(colour?.transfer)
        if transfer == 14, alternativeTransfer == H273Names.hlg { transfer = H273Names.hlg }
        return DASHColourProperties(primaries: specified(colour?.primaries), transfer: transfer,
                                    transferPlacement: transfer == H273Names.pq ? .essential : .supplemental,
                                    matrix: specified(colour?.matrix))
    }
}
