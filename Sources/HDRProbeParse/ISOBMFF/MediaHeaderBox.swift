import HDRProbeBytes

/// The language of a `mdhd` (MediaHeaderBox, ISO/IEC 14496-12 §8.4.2): after version and flags,
/// the times (32-bit in version 0, 64-bit in version 1), timescale and duration come
/// `pad u(1) ; language u(5)[3]` — an ISO 639-2/T code, each letter stored as its ASCII value
/// minus 0x60. QuickTime files may store a Macintosh language code (a value under 0x400) instead
/// (QuickTime File Format, "Language code values"): 0 is English (`eng`, as FFmpeg reads it); the
/// other Macintosh codes are not mapped and give nil.
package enum MediaHeaderBox {
    package static func language(_ bytes: [UInt8], fullBox payload: Range<Int>) -> String? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard let version = try? r.u8(), (try? r.skip(3 + (version == 1 ? 16 : 8) + 4 + (version == 1 ? 8 : 4))) != nil,
              let packed = try? r.u16() else { return nil }
        if packed == 0 { return "eng" }
        guard packed >= 0x400 else { return nil }
        let letters = [(packed >> 10) & 0x1F, (packed >> 5) & 0x1F, packed & 0x1F]
        guard letters.allSatisfy({ (1...26).contains($0) }) else { return nil }
        return String(decoding: letters.map { UInt8($0 + 0x60) }, as: UTF8.self)
    }
}
