/// Display (output) order of coded pictures from their picture order counts, as dovi_tool
/// `extract-rpu` and hdr10plus_tool `extract` put per-frame metadata in display order
/// (`docs/rules/dolby-vision.md` §12, `docs/rules/hdr10plus.md` §2.3): the pictures from one IRAP picture
/// up to the next (ITU-T H.265 §3, IRAP; POCs restart at IDR/BLA, §8.3.1) are sorted by POC and the
/// presentation index is the running count over these groups.
///
/// Within a group, H.265 requires leading pictures (RASL/RADL) to precede their IRAP in output
/// order and every earlier picture to precede the IRAP, so sorting each group by POC gives the
/// output order of a conforming stream.
///
/// Pictures whose POC is unknown (nil) keep their decoding-order slot inside their group; the
/// other pictures of the group are sorted by POC into the remaining slots (ties by decoding
/// position). The input is not trusted: any sequence gives a permutation of its entries.
/// Every entry is placed, including pictures a decoder would not output (PicOutputFlag 0, e.g.
/// RASL pictures after a CRA that starts the stream, which FFmpeg drops); filter those out first
/// when they must not take a presentation index.
/// Time O(n log n), memory O(n), no other limits.
package enum DisplayOrder {
    /// One picture, in decoding order.
    package struct Picture: Sendable, Equatable {
        /// Returned as-is in the result (e.g. the picture's decoding index).
        package var decodeIndex: Int
        package var isIRAP: Bool
        package var poc: Int?

        package init(decodeIndex: Int, isIRAP: Bool, poc: Int?) {
            self.decodeIndex = decodeIndex
            self.isIRAP = isIRAP
            self.poc = poc
        }
    }

    /// The pictures' `decodeIndex` values in display order: element k is the picture shown k-th.
    package static func decodeIndicesInDisplayOrder(_ pictures: [Picture]) -> [Int] {
        positionsInDisplayOrder(pictures).map { pictures[$0].decodeIndex }
    }

    /// For each input position (decoding order), its presentation index (0-based display position).
    package static func displayIndices(_ pictures: [Picture]) -> [Int] {
        var out = [Int](repeating: 0, count: pictures.count)
        for (displayIndex, position) in positionsInDisplayOrder(pictures).enumerated() {
            out[position] = displayIndex
        }
        return out
    }

    /// Input positions (0..<pictures.count) in display order.
    package static func positionsInDisplayOrder(_ pictures: [Picture]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(pictures.count)
        var groupStart = 0
        for i in 0...pictures.count where i == pictures.count || (i > groupStart && pictures[i].isIRAP) {
            appendGroup(pictures, groupStart..<i, to: &out)
            groupStart = i
        }
        return out
    }

    private static func appendGroup(_ pictures: [Picture], _ range: Range<Int>, to out: inout [Int]) {
        var known: [(poc: Int, position: Int)] = []
        known.reserveCapacity(range.count)
        for p in range {
            if let poc = pictures[p].poc { known.append((poc, p)) }
        }
        known.sort { $0.poc != $1.poc ? $0.poc < $1.poc : $0.position < $1.position }
        var next = 0
        for p in range {
            if pictures[p].poc == nil {
                out.append(p)
            } else {
                out.append(known[next].position)
                next += 1
            }
        }
    }
}
