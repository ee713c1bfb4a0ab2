import HDRProbeBytes

/// `AC3SpecificBox` (`dac3`), the configuration of an AC-3 sample entry (ETSI TS 102 366 Annex F.4):
///
/// ```
/// fscod u(2) ; bsid u(5) ; bsmod u(3) ; acmod u(3) ; lfeon u(1) ; bit_rate_code u(5) ; reserved u(5)
/// ```
/// `fscod` 0/1/2 is 48/44.1/32 kHz; `acmod` the main channels (§4.4.2.3, Table 4.3: 0 is 1+1 dual
/// mono, two channels); `lfeon` adds the low-frequency channel.
package struct AC3SpecificBox: Sendable, Equatable {
    package var fscod: Int
    package var bsid: Int
    package var bsmod: Int
    package var acmod: Int
    package var lfeon: Bool
    package var bitRateCode: Int

    /// Main channels per `acmod` (ETSI TS 102 366 Table 4.3).
    package static let acmodChannels = [2, 1, 2, 3, 3, 4, 4, 5]
    package static let sampleRates = [48000, 44100, 32000]

    package static func parse(_ payload: [UInt8]) throws -> AC3SpecificBox {
        guard payload.count >= 3 else { throw BitstreamError.tooShort(needed: 3, got: payload.count) }
        var r = BitReader(payload)
        return AC3SpecificBox(fscod: try r.int(2), bsid: try r.int(5), bsmod: try r.int(3), acmod: try r.int(3),
                              lfeon: try r.flag(), bitRateCode: try r.int(5))
    }

    package var channels: Int { Self.acmodChannels[acmod] + (lfeon ? 1 : 0) }
    /// nil for the reserved `fscod` 3.
    package var sampleRate: Int? { fscod < 3 ? Self.sampleRates[fscod] : nil }
}
