import HDRProbeParse
import HDRProbeModel
import HDRProbeContainers

/// The `CHANNELS` value an audio rendition's media makes (RFC 8216bis §4.4.6.1: the count of
/// independent channels; Apple HLS authoring: `16/JOC` for Dolby Digital Plus with Atmos), read from
/// its init section's sample entry:
/// * AAC: the AudioSpecificConfig's `channelConfiguration` (ISO/IEC 14496-3 Table 1.19; 7 → 8 channels);
/// * AC-3: `dac3` `acmod` and `lfeon` (ETSI TS 102 366 §F.4);
/// * E-AC-3: `dec3`, its first independent substream's `acmod`, `lfeon` and dependent substreams'
///   `chan_loc`, and `flag_ec3_extension_type_a` for joint object coding (§F.6).
enum RenditionChannels {
    /// Channels of each `acmod` (1+1 dual mono counts two).
    static let acmodChannels = [2, 1, 2, 3, 3, 4, 4, 5]

    /// The value for `entry`, nil when its format is not one of these or its box cannot be read.
    static func value(_ entry: SampleEntry) -> String? {
        let children = entry.audioChildren ?? [:]
        if let esds = children["esds"], let info = ISOBMFFStreamMapping.aacDecoderSpecificInfo(esds),
           let config = try? AudioSpecificConfig.parse(info), config.channelConfiguration > 0 {
            return String(config.channelConfiguration == 7 ? 8 : config.channelConfiguration)
        }
        if let dec3 = children["dec3"], let e = eac3(dec3) { return e.joc ? "16/JOC" : String(e.channels) }
        if let dac3 = children["dac3"], let n = ac3(dac3) { return String(n) }
        return nil
    }

    /// MSB-first bits of `bytes`; nil past the end.
    struct Bits {
        var bytes: [UInt8]
        var position = 0
        mutating func read(_ n: Int) -> Int? {
            guard position + n <= bytes.count * 8 else { return nil }
            var v = 0
            for _ in 0..<n {
                v = v << 1 | Int(bytes[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return v
        }
    }

    static func ac3(_ dac3: [UInt8]) -> Int? {
        var b = Bits(bytes: dac3)
        guard b.read(2 + 5 + 3) != nil, let acmod = b.read(3), let lfe = b.read(1) else { return nil }
        return acmodChannels[acmod] + lfe
    }

    static func eac3(_ dec3: [UInt8]) -> (channels: Int, joc: Bool)? {
        var b = Bits(bytes: dec3)
        guard b.read(13) != nil, let independent = b.read(3) else { return nil }
        var channels: Int?
        for _ in 0...independent {
            guard b.read(2 + 5 + 1 + 1 + 3) != nil, let acmod = b.read(3), let lfe = b.read(1), b.read(3) != nil,
                  let dependents = b.read(4) else { return nil }
            var count = acmodChannels[acmod] + lfe
            if dependents > 0 {
                guard let location = b.read(9) else { return nil }
                // chan_loc: Lc/Rc, Lrs/Rrs, Cs, Ts, Lsd/Rsd, Lw/Rw, Lvh/Rvh, Cvh, LFE2 (Table E.1.4).
                let pairs = [2, 2, 1, 1, 2, 2, 2, 1, 1]
                for bit in 0..<9 where location & (1 << (8 - bit)) != 0 { count += pairs[bit] }
            } else {
                guard b.read(1) != nil else { return nil }
            }
            if channels == nil { channels = count }
        }
        guard let channels else { return nil }
        // The extension: reserved(7), flag_ec3_extension_type_a(1), complexity_index_type_a(8).
        var joc = false
        if b.read(7) != nil, let flag = b.read(1) { joc = flag == 1 }
        return (channels, joc)
    }
}
