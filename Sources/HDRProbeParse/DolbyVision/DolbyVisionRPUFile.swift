/// A Dolby Vision RPU file: RPUs and nothing else, as dovi_tool writes them (`extract-rpu`,
/// `generate`, `editor`; the usual name is `RPU.bin`). Each RPU follows a 4-byte Annex B start code
/// `00 00 00 01` and is stored without its 2-byte HEVC NAL header — dovi_tool removes the `7C 01`
/// of the UNSPEC62 NAL unit before writing — so the payload starts with `rpu_nal_prefix` 0x19;
/// emulation-prevention bytes are kept. The same units with their NAL header (type 62, `7C 01`),
/// as a filter that keeps only the NAL 62 units of an HEVC stream writes them, are read too.
/// Layout: `docs/rules/dolby-vision.md` §9.4 (RPU files), `docs/report-contract.md` ("Dolby Vision RPU files").
package enum DolbyVisionRPUFile {
    /// `rpu_nal_prefix`, the first byte of every RPU payload (`docs/rules/dolby-vision.md` §9).
    package static let rpuNALPrefix: UInt8 = 0x19
    /// The report's `container.format` for such a file.
    package static let containerFormat = "dolbyVisionRpu"
    /// The HEVC NAL header of an UNSPEC62 unit with nuh_layer_id 0 and TemporalId 0 (`7C 01`).
    package static let unspec62Header: [UInt8] = [0x7C, 0x01]

    /// True when `head` (the first bytes of a file) starts with an Annex B start code and every
    /// unit in it is an RPU: one with the 0x19 prefix, or a NAL unit of type 62 followed by it.
    /// A unit cut by the end of `head` counts by its first bytes. Raw HEVC never matches: its first
    /// units are parameter sets, SEI or slices.
    package static func matches(_ head: [UInt8]) -> Bool {
        guard head.starts(with: [0, 0, 0, 1]) || head.starts(with: [0, 0, 1]) else { return false }
        let units = split(head[...], limit: 64)
        return !units.isEmpty && units.allSatisfy { payload(of: $0) != nil }
    }

    /// The RPU payloads (starting with 0x19, without NAL header, emulation prevention kept) of
    /// `bytes`, in file order, at most `limit`. A unit that is not an RPU is skipped.
    package static func payloads(_ bytes: ArraySlice<UInt8>, limit: Int) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        for unit in split(bytes, limit: Int.max) where out.count < limit {
            if let p = payload(of: unit) { out.append(p) }
        }
        return out
    }

    /// How many units `bytes` holds, counting only complete ones: a unit is complete when another
    /// start code follows it or `atEnd` says the data ends there.
    package static func completeUnitCount(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> Int {
        let n = split(bytes, limit: Int.max).count
        return atEnd ? n : max(0, n - 1)
    }

    /// The RPU payload of one unit, nil when the unit is not an RPU.
    package static func payload(of unit: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        if unit.first == rpuNALPrefix { return unit }
        if unit.starts(with: unspec62Header), unit.dropFirst(2).first == rpuNALPrefix { return unit.dropFirst(2) }
        return nil
    }

    /// The units between Annex B start codes (``NALUnitSplitter``: a leading zero of `00 00 00 01`
    /// and trailing zero bytes belong to the start code). An RPU stored without its NAL header
    /// begins 0x19, which has the forbidden_zero_bit clear, so the splitter keeps it.
    package static func split(_ data: ArraySlice<UInt8>, limit: Int) -> [ArraySlice<UInt8>] {
        NALUnitSplitter.split(data, framing: .annexB, limit: limit, header: .hevc).map(\.bytes)
    }
}
