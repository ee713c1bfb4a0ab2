import HDRProbeBytes

/// `sidx`, the Segment Index Box (ISO/IEC 14496-12 §8.16.3): FullBox version 0/1; reference_ID,
/// timescale, earliest_presentation_time and first_offset (32 bits in v0, 64 in v1), reserved(16),
/// reference_count(16), then per reference: reference_type(1) referenced_size(31),
/// subsegment_duration(32), starts_with_SAP(1) SAP_type(3) SAP_delta_time(28).
package struct SegmentIndexBox: Sendable, Equatable {
    package struct Reference: Sendable, Equatable {
        /// reference_type 1: points at another `sidx`, not at media.
        package var isIndex: Bool
        package var size: UInt32
        package var duration: UInt32
        package var startsWithSAP: Bool
    }

    package var version: UInt8
    package var referenceID: UInt32
    package var timescale: UInt32
    package var earliestPresentationTime: UInt64
    package var firstOffset: UInt64
    package var references: [Reference]
    /// The whole box's size (header included): offsets count from its end.
    package var boxSize: Int

    package enum ParseError: Error, Sendable, Equatable { case notSidx, truncated }

    /// Parses the first box of `bytes`, which must be a `sidx`.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> SegmentIndexBox {
        guard let box = ISOBoxWalker.walk(bytes).boxes.first, box.type == "sidx" else { throw .notSidx }
        guard !box.truncated else { throw .truncated }
        var r = ByteReader(bytes, offset: box.payload.lowerBound, end: box.payload.upperBound)
        do {
            let version = try r.u8()
            _ = try r.u24()
            let referenceID = try r.u32()
            let timescale = try r.u32()
            let ept = version == 0 ? UInt64(try r.u32()) : try r.u64()
            let firstOffset = version == 0 ? UInt64(try r.u32()) : try r.u64()
            _ = try r.u16()
            let count = Int(try r.u16())
            guard r.remaining >= count * 12 else { throw ParseError.truncated }
            var references: [Reference] = []
            references.reserveCapacity(count)
            for _ in 0..<count {
                let word = try r.u32()
                let duration = try r.u32()
                let sap = try r.u32()
                references.append(Reference(isIndex: word >> 31 == 1, size: word & 0x7FFF_FFFF, duration: duration,
                                            startsWithSAP: sap >> 31 == 1))
            }
            guard firstOffset < UInt64(Int32.max) else { throw ParseError.truncated }
            return SegmentIndexBox(version: version, referenceID: referenceID, timescale: timescale,
                                   earliestPresentationTime: ept, firstOffset: firstOffset, references: references,
                                   boxSize: Int(box.declaredSize))
        } catch let error as ParseError {
            throw error
        } catch {
            throw .truncated
        }
    }
}
