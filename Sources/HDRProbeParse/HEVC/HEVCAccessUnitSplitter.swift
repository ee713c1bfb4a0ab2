/// Groups HEVC NAL units (decoding order, e.g. from ``NALUnitSplitter`` over an Annex B stream)
/// into access units: ITU-T H.265 §7.4.2.4.4 (order of NAL units and coded pictures and their
/// association to access units).
///
/// After a VCL NAL unit, a new access unit starts at the first of these with nuh_layer_id 0:
/// AUD (35), VPS (32), SPS (33), PPS (34), prefix SEI (39), types 41–44 and 48–55, or a VCL NAL
/// unit with first_slice_segment_in_pic_flag = 1. Everything else — further slice segments,
/// suffix SEI (40), EOS (36), EOB (37), filler (38), and the unspecified types 56–63 that carry
/// Dolby Vision RPUs (62) and enhancement-layer NALs (63) — stays with the current access unit
/// (`docs/rules/dolby-vision.md` §9.2: the RPU is the last NAL of its access unit;
/// `docs/rules/hdr10plus.md` §2.3: a prefix SEI belongs to the next picture).
///
/// Only VCL types with slice syntax (0–9, 16–21) count as pictures here; reserved VCL types are
/// carried along without opening or closing an access unit. An access unit is cut after
/// `maxUnitsPerAccessUnit` NAL units so memory stays bounded on hostile input.
package struct HEVCAccessUnitSplitter: Sendable, Equatable {
    package static let defaultMaxUnitsPerAccessUnit = 4096

    package let maxUnitsPerAccessUnit: Int
    private var pending: [NALUnit] = []
    /// The pending access unit already holds a VCL NAL unit (so the next opener starts a new one).
    private var pendingHasVCL = false

    package init(maxUnitsPerAccessUnit: Int = HEVCAccessUnitSplitter.defaultMaxUnitsPerAccessUnit) {
        self.maxUnitsPerAccessUnit = max(1, maxUnitsPerAccessUnit)
    }

    /// Adds the next NAL unit; returns the previous access unit when `unit` starts a new one (or
    /// when the pending one reached the size cap).
    package mutating func append(_ unit: NALUnit) -> [NALUnit]? {
        let isVCL = HEVCNALUnitType.isDefinedVCL(unit.type)
        var opens = false
        if pendingHasVCL && unit.layerID == 0 {
            if isVCL {
                opens = HEVCSliceSegmentHeader.firstSliceSegmentInPicFlag(unit) == true
            } else {
                opens = HEVCNALUnitType.opensAccessUnit(unit.type)
            }
        }
        var finished: [NALUnit]? = nil
        if opens || pending.count >= maxUnitsPerAccessUnit {
            finished = pending.isEmpty ? nil : pending
            pending = []
            pendingHasVCL = false
        }
        pending.append(unit)
        if isVCL { pendingHasVCL = true }
        return finished
    }

    /// Returns the last, pending access unit (nil when empty) and resets the splitter.
    package mutating func finish() -> [NALUnit]? {
        defer {
            pending = []
            pendingHasVCL = false
        }
        return pending.isEmpty ? nil : pending
    }

    /// Splits a whole sequence of NAL units; at most `limit` access units are returned.
    package static func split<C: Collection>(
        _ units: C, limit: Int = .max, maxUnitsPerAccessUnit: Int = defaultMaxUnitsPerAccessUnit
    ) -> [[NALUnit]] where C.Element == NALUnit {
        var splitter = HEVCAccessUnitSplitter(maxUnitsPerAccessUnit: maxUnitsPerAccessUnit)
        var out: [[NALUnit]] = []
        guard limit > 0 else { return out }
        for unit in units {
            if let au = splitter.append(unit) {
                out.append(au)
                if out.count >= limit { return out }
            }
        }
        if let au = splitter.finish() { out.append(au) }
        return out
    }
}
