import HDRProbeBytes

/// `EC3SpecificBox` (`dec3`), the configuration of an E-AC-3 sample entry (ETSI TS 102 366 Annex
/// F.6), with the Dolby Atmos extension (ETSI TS 103 420 Annex C / Dolby's "Dolby Atmos in ISO
/// BMFF": JOC objects are signalled after the substreams):
///
/// ```
/// data_rate u(13) ; num_ind_sub u(3)                      // independent substreams - 1
/// num_ind_sub + 1 times:
///   fscod u(2) ; bsid u(5) ; reserved u(1) ; asvc u(1) ; bsmod u(3) ; acmod u(3) ; lfeon u(1)
///   reserved u(3) ; num_dep_sub u(4)
///   if num_dep_sub > 0: chan_loc u(9) else reserved u(1)
/// optional: reserved u(7) ; flag_ec3_extension_type_a u(1) ; complexity_index_type_a u(8)
/// ```
/// The channels a decoder presents are the first independent substream's (`acmod`, `lfeon`) plus
/// those its dependent substreams add (`chan_loc`, Table F.6.1: bits for pairs add two, the others
/// one). `flag_ec3_extension_type_a` 1 marks Joint Object Coding — Dolby Atmos in E-AC-3.
package struct EC3SpecificBox: Sendable, Equatable {
    package struct Substream: Sendable, Equatable {
        package var fscod: Int
        package var bsid: Int
        package var bsmod: Int
        package var acmod: Int
        package var lfeon: Bool
        package var dependentSubstreams: Int
        package var channelLocations: Int?
    }

    package var dataRate: Int
    package var substreams: [Substream]
    /// `flag_ec3_extension_type_a`: Joint Object Coding (Dolby Atmos); nil when the box ends before it.
    package var jointObjectCoding: Bool?
    package var complexityIndex: Int?

    /// `chan_loc` bits (Table F.6.1, the field's first bit is bit 0): Lc/Rc, Lrs/Rrs, Cs, Ts, Lsd/Rsd, Lw/Rw, Lvh/Rvh, Cvh, LFE2.
    package static let channelLocationCounts = [2, 2, 1, 1, 2, 2, 2, 1, 1]

    package static func parse(_ payload: [UInt8]) throws -> EC3SpecificBox {
        guard payload.count >= 5 else { throw BitstreamError.tooShort(needed: 5, got: payload.count) }
        var r = BitReader(payload)
        let dataRate = try r.int(13)
        let count = try r.int(3) + 1
        var substreams: [Substream] = []
        for _ in 0..<count {
            let fscod = try r.int(2), bsid = try r.int(5)
            try r.skip(2) // reserved, asvc
            let bsmod = try r.int(3), acmod = try r.int(3), lfeon = try r.flag()
            try r.skip(3)
            let dependent = try r.int(4)
            let locations: Int? = dependent > 0 ? try r.int(9) : nil
            if dependent == 0 { try r.skip(1) }
            substreams.append(Substream(fscod: fscod, bsid: bsid, bsmod: bsmod, acmod: acmod, lfeon: lfeon,
                                        dependentSubstreams: dependent, channelLocations: locations))
        }
        var box = EC3SpecificBox(dataRate: dataRate, substreams: substreams, jointObjectCoding: nil, complexityIndex: nil)
        if r.bitsRemaining >= 16 {
            try r.skip(7)
            box.jointObjectCoding = try r.flag()
            box.complexityIndex = try r.int(8)
        }
        return box
    }

    /// The first independent substream's channels and those its dependent substreams add.
    package var channels: Int? {
        guard let first = substreams.first else { return nil }
        var n = AC3SpecificBox.acmodChannels[first.acmod] + (first.lfeon ? 1 : 0)
        if let locations = first.channelLocations {
            for (bit, count) in Self.channelLocationCounts.enumerated() where locations & (1 << (8 - bit)) != 0 { n += count }
        }
        return n
    }

    package var sampleRate: Int? { substreams.first.flatMap { $0.fscod < 3 ? AC3SpecificBox.sampleRates[$0.fscod] : nil } }
}
