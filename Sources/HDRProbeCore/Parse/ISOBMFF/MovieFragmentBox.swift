/// `moof` (ISO/IEC 14496-12 §8.8.4): one movie fragment, its track fragments (`traf`, §8.8.6) with
/// their header (`tfhd`), decode time (`tfdt`) and sample runs (`trun`). Box types are kept so a
/// reader can decline what it does not interpret (sample encryption `senc`/`saiz`/`saio`, sample
/// groups, subsample information).
package struct MovieFragmentBox: Sendable, Equatable {
    package struct TrackFragment: Sendable, Equatable {
        package var header: TrackFragmentHeaderBox
        package var decodeTime: UInt64?
        package var runs: [TrackFragmentRunBox]
        /// The `traf`'s child box types in file order.
        package var boxTypes: [String]
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
                default: break
                }
            }
            fragments.append(fragment)
        }
        return MovieFragmentBox(trackFragments: fragments, boxTypes: top.boxes.map(\.type))
    }
}
