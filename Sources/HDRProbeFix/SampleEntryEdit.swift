import HDRProbeParse

/// One change `hdrprobe fix` makes to a sample entry of `moov` (or of an init segment's `moov`):
/// the plan's ISO BMFF steps as typed values (`docs/rules/isobmff-rewrite.md` §1). Applied by
/// ``MovieBoxRewriter``; nothing here touches a sample.
package enum SampleEntryEdit: Sendable, Equatable {
    /// Write the entry under another four-cc (`hvc1` → `dvh1`, `hev1` → `hvc1`, `av01` → `dav1`;
    /// `docs/rules/apple-playback.md` §2.1). The fixed fields and the child boxes are kept.
    case rename(to: String)
    /// Drop the `hvcC` arrays of these NAL unit types (SEI 39/40, RPU 62, …; §2.4).
    case dropConfigurationArrays(nalTypes: [Int])
    /// Set `array_completeness` on the VPS/SPS/PPS arrays of the `hvcC` (ISO/IEC 14496-15: 1 for
    /// `hvc1`/`dvh1`, whose parameter sets are all in the record; `docs/rules/isobmff-rewrite.md` §2).
    case markParameterSetArraysComplete
    /// Write `colr nclx` with these code points, replacing an `nclx`/`nclc` box or added after the
    /// configuration boxes (§2.7).
    case writeColour(ColourCodes)
    /// Remove the Dolby Vision configuration box (`dvcC`/`dvvC`/`dvwC`; §2.6).
    case removeDolbyVisionRecord
    /// Write the Dolby Vision configuration box, replacing the stored one or added after the codec
    /// configuration (§2.5, §2.6).
    case writeDolbyVisionRecord(box: DolbyVisionConfigurationBox, payload: [UInt8])

    /// What the edit does, for `--dry-run` and the JSON report.
    package var summary: String {
        switch self {
        case .rename(let to): return "write the sample entry as \(to)"
        case .dropConfigurationArrays(let types):
            return "drop the hvcC array(s) of NAL type \(types.map(String.init).joined(separator: ", "))"
        case .markParameterSetArraysComplete: return "mark the hvcC VPS/SPS/PPS arrays complete (array_completeness 1)"
        case .writeColour(let c):
            let range = c.fullRange == true ? "full" : "limited"
            return "write colr nclx \(c.primaries ?? 2)/\(c.transfer ?? 2)/\(c.matrix ?? 2) (\(range) range)"
        case .removeDolbyVisionRecord: return "remove the Dolby Vision configuration box"
        case .writeDolbyVisionRecord(let box, let payload):
            let record = try? DOVIDecoderConfigurationRecord.parse(payload)
            let what = record.map { "profile \($0.profile), level \($0.level), compatibility \($0.compatibilityId), EL \($0.elPresent ? 1 : 0)" } ?? ""
            return "write \(box.rawValue) (\(what))"
        }
    }
}

/// The edits of one track, found by its `tkhd` track_ID; `entry` is the four-cc its first sample
/// entry has now (a check that the plan and the file agree).
package struct TrackEdit: Sendable, Equatable {
    package var trackID: Int
    package var entry: String
    package var edits: [SampleEntryEdit]

    package init(trackID: Int, entry: String, edits: [SampleEntryEdit]) {
        self.trackID = trackID
        self.entry = entry
        self.edits = edits
    }
}

/// How chunk offsets move when `moov` changes size in front of the media: every absolute file
/// offset at or behind `from` (the old end of `moov`) moves by `delta` (ISO/IEC 14496-12 §8.7.5
/// `stco`/`co64`, §8.8.7 `tfhd` base_data_offset, §8.8.10 `tfra` moof_offset).
package struct FileOffsetShift: Sendable, Equatable {
    package var from: UInt64
    package var delta: Int64

    package init(from: UInt64, delta: Int64) {
        self.from = from
        self.delta = delta
    }

    /// The offset after the shift; nil when it leaves the range `limit` allows.
    package func apply(_ offset: UInt64, limit: UInt64 = UInt64.max) -> UInt64? {
        guard offset >= from, delta != 0 else { return offset }
        let moved = delta >= 0 ? offset.addingReportingOverflow(UInt64(delta)) : offset.subtractingReportingOverflow(UInt64(-delta))
        guard !moved.overflow, moved.partialValue <= limit else { return nil }
        return moved.partialValue
    }
}
