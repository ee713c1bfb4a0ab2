/// `moof` (ISO/IEC 14496-12 §8.8.4): one movie fragment, its track fragments (`traf`, §8.8.6) with
/// their header (`tfhd`), decode time (`tfdt`) and sample runs (`trun`). Box types are kept so a
/// reader can decline what it does not interpret (sample groups, subsample information); the
/// sample encryption boxes `saiz`/`saio`/`senc` are kept for ``SampleEncryptionBox``.
package struct MovieFragmentBox: Sendable, Equatable {
    package struct TrackFragment: Sendable, Equatable {
        package var header: TrackFragmentHeaderBox
        package var decodeTime: UInt64?
        package var runs: [TrackFragmentRunBox]
        /// The `traf`'s child box types in file order.
        package var boxTypes: [String]
        /// The first `saiz` and `saio` (nil when absent or unreadable) and the payload range of the
        /// first `senc` in the `moof` payload (parsed with the track's IV size, ``SampleEncryptionBox``).
        package var auxiliaryInfoSizes: SampleAuxiliaryInformationSizesBox? = nil
        package var auxiliaryInfoOffsets: SampleAuxiliaryInformationOffsetsBox? = nil
        package var sampleEncryption: Range<Int>? = nil
    }

    package var trackFragments: [TrackFragment]
    /// The `moof`'s child box types in file order.
    package var boxTypes: [String]

    /// `bytes`: the payload of `moof` (without its header). nil when a `traf` has no readable
    /// `tfhd`, a `tfdt` or `trun` is cut short, or a box walk met a problem.
    package static func parse(_ bytes: [UInt8]) -> MovieFragmentBox? {
        let top = ISOBoxWalker.walk(bytes)
        guard top.issues.isEmpty else { return nil }
        var fragments: [TrackFragment] = []
        for traf in top.boxes where traf.type == "traf" {
            let children = ISOBoxWalker.walk(bytes, range: traf.payload)
            guard children.issues.isEmpty, let tfhd = children.boxes.first(where: { $0.type == "tfhd" }),
                  let header = TrackFragmentHeaderBox.parse(bytes, payload: tfhd.payload) else { return nil }
            var fragment = TrackFragment(header: header, decodeTime: nil, runs: [], boxTypes: children.boxes.map(\.type))
            for box in children.boxes {
                switch box.type {
                case "tfdt":
                    guard fragment.decodeTime == nil,
                          let time = TrackFragmentBaseMediaDecodeTimeBox.parse(bytes, payload: box.payload) else { return nil }
                    fragment.decodeTime = time
                case "trun":
                    guard let run = TrackFragmentRunBox.parse(bytes, payload: box.payload) else { return nil }
                    fragment.runs.append(run)
                case "saiz" where fragment.auxiliaryInfoSizes == nil:
                    fragment.auxiliaryInfoSizes = SampleAuxiliaryInformationSizesBox.parse(bytes, payload: box.payload)
                case "saio" where fragment.auxiliaryInfoOffsets == nil:
                    fragment.auxiliaryInfoOffsets = SampleAuxiliaryInformationOffsetsBox.parse(bytes, payload: box.payload)
                case "senc" where fragment.sampleEncryption == nil:
                    fragment.sampleEncryption = box.payload
                default: break
                }
            }
            fragments.append(fragment)
        }
        return MovieFragmentBox(trackFragments: fragments, boxTypes: top.boxes.map(\.type))
    }
}
