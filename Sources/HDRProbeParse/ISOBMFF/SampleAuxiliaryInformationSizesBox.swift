import HDRProbeBytes

/// `saiz`, the sample auxiliary information sizes box (ISO/IEC 14496-12 §8.7.8): version and flags
/// (u8 + u24), `aux_info_type` and `aux_info_type_parameter` (u32 each) when flags bit 0 is set,
/// `default_sample_info_size` (u8), `sample_count` (u32), then one size byte per sample when the
/// default is 0. For CENC (ISO/IEC 23001-7) the auxiliary information is each sample's IV and
/// subsample map.
///
/// An empty one (default size 0 and no samples) says nothing. FFmpeg 5.1's mp4 muxer writes such a
/// box into the sample table of a fragmented `cenc-aes-ctr` file's empty `moov`; FFmpeg 7.0 and later
/// refuse the whole file for it (docs/ffmpeg-versions.md, "Known differences").
package struct SampleAuxiliaryInformationSizesBox: Sendable, Equatable {
    package var defaultSampleInfoSize: Int
    package var sampleCount: Int
    /// `aux_info_type` and `aux_info_type_parameter` when flags bit 0 is set.
    package var auxInfoType: String?
    package var auxInfoTypeParameter: UInt32?
    /// The per-sample sizes when the default is 0 (empty otherwise, or when the box is cut short
    /// before them).
    package var sampleInfoSizes: [Int] = []

    package init(defaultSampleInfoSize: Int, sampleCount: Int) {
        self.defaultSampleInfoSize = defaultSampleInfoSize
        self.sampleCount = sampleCount
    }

    /// The size of sample `i`'s auxiliary information; nil past the sizes read.
    package func sampleInfoSize(_ i: Int) -> Int? {
        guard i >= 0, i < sampleCount else { return nil }
        if defaultSampleInfoSize != 0 { return defaultSampleInfoSize }
        return i < sampleInfoSizes.count ? sampleInfoSizes[i] : nil
    }

    package var isEmpty: Bool { defaultSampleInfoSize == 0 && sampleCount == 0 }

    /// `bytes[payload]` is the box payload (after its header).
    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> SampleAuxiliaryInformationSizesBox? {
        var r = ByteReader(bytes, offset: payload.lowerBound, end: payload.upperBound)
        guard (try? r.skip(1)) != nil, let flags = try? r.u24() else { return nil }
        var type: String?, parameter: UInt32?
        if flags & 1 != 0 {
            guard let t = try? r.fourCC(), let p = try? r.u32() else { return nil }
            (type, parameter) = (t, p)
        }
        guard let size = try? r.u8(), let count = try? r.u32() else { return nil }
        var box = SampleAuxiliaryInformationSizesBox(defaultSampleInfoSize: Int(size), sampleCount: Int(count))
        (box.auxInfoType, box.auxInfoTypeParameter) = (type, parameter)
        if size == 0, Int(count) <= r.remaining, let sizes = try? r.take(Int(count)) {
            box.sampleInfoSizes = sizes.map(Int.init)
        }
        return box
    }

    /// Offsets (in `moov`'s payload `bytes`) of the empty `saiz` boxes in its tracks' sample tables
    /// (`trak/mdia/minf/stbl/saiz`).
    package static func emptyBoxes(inMoviePayload bytes: [UInt8]) -> [Int] {
        var found: [Int] = []
        for trak in ISOBoxWalker.walk(bytes).boxes where trak.type == "trak" {
            guard let mdia = ISOBoxWalker.first("mdia", in: bytes, range: trak.payload),
                  let minf = ISOBoxWalker.first("minf", in: bytes, range: mdia.payload),
                  let stbl = ISOBoxWalker.first("stbl", in: bytes, range: minf.payload) else { continue }
            for box in ISOBoxWalker.walk(bytes, range: stbl.payload).boxes where box.type == "saiz" {
                if parse(bytes, payload: box.payload)?.isEmpty == true { found.append(box.offset) }
            }
        }
        return found
    }
}
