import HDRProbeBytes

/// Dolby Vision extension block level 9 (CM v4.0): the source (mastering) primaries.
///
/// `docs/rules/dolby-vision.md` §10.1: length 1 (`source_primary_index` 8) or 17 (the index,
/// then 8 × 16-bit chromaticities, value / 32767). Index: 0 DCI-P3 D65, 1 BT.709, 2 BT.2020,
/// 3 SMPTE-C, 4 BT.601, 5 DCI-P3, 6 ACES, 7 S-Gamut, 8 S-Gamut-3.Cine.
package struct DolbyVisionLevel9: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 9
    package static let lengths: [Int] = [1, 17]

    package var sourcePrimaryIndex: UInt8
    /// Present in the 17-byte form.
    package var sourcePrimaries: DolbyVisionChromaticities?

    package init(sourcePrimaryIndex: UInt8, sourcePrimaries: DolbyVisionChromaticities? = nil) {
        self.sourcePrimaryIndex = sourcePrimaryIndex
        self.sourcePrimaries = sourcePrimaries
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        sourcePrimaryIndex = try r.u8()
        if payload.count == 17 { sourcePrimaries = try DolbyVisionChromaticities(&r) }
    }

    /// The name of `source_primary_index` (§10.1), nil for an index the table does not list.
    package var sourcePrimaryName: String? { Self.primaryNames[Int(sourcePrimaryIndex)] }

    package static let primaryNames: [Int: String] = [
        0: "DCI-P3 D65", 1: "BT.709", 2: "BT.2020", 3: "SMPTE-C", 4: "BT.601", 5: "DCI-P3", 6: "ACES",
        7: "S-Gamut", 8: "S-Gamut-3.Cine",
    ]
}
