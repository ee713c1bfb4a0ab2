import HDRProbeBytes
import HDRProbeParse

/// Applies ``SampleEntryEdit``s to one visual sample entry (ISO/IEC 14496-12 §12.1.3: 78 bytes of
/// fixed fields, then child boxes; `encv` the same, with its `sinf`). The fixed fields and every
/// child the edits do not name are kept byte for byte, in their order (`docs/rules/isobmff-rewrite.md` §2).
package enum SampleEntryRewriter {
    private static let codecConfigurations: Set<String> = ["hvcC", "avcC", "av1C", "vpcC"]
    private static let doviBoxes = Set(DolbyVisionConfigurationBox.allCases.map(\.rawValue))

    /// One child box of the entry: its type and all its bytes (header included).
    private struct Child {
        package var type: String
        package var bytes: [UInt8]
    }

    /// - Returns: the whole new entry box.
    package static func rewrite(_ bytes: [UInt8], entry: ISOBox, edits: [SampleEntryEdit]) throws(MovieBoxRewriteError) -> [UInt8] {
        guard entry.payload.count >= SampleEntry.visualHeaderSize else {
            throw .malformed("sample entry \(entry.type) is \(entry.payload.count) bytes, shorter than a visual entry's fixed fields")
        }
        let fixedEnd = entry.payload.lowerBound + SampleEntry.visualHeaderSize
        let walk = ISOBoxWalker.walk(bytes, range: fixedEnd..<entry.payload.upperBound)
        if let issue = walk.issues.first { throw .malformed("sample entry \(entry.type): \(issue)") }
        var children = walk.boxes.map { Child(type: $0.type, bytes: Array(bytes[$0.offset..<$0.payload.upperBound])) }
        let trailing = Array(bytes[(walk.boxes.last?.payload.upperBound ?? fixedEnd)..<entry.payload.upperBound])
        var type = entry.type
        for edit in edits {
            switch edit {
            case .rename(let to):
                type = to
            case .dropConfigurationArrays(let nalTypes):
                try editHEVCConfiguration(&children) { (r: [UInt8]) throws(MovieBoxRewriteError) in try HEVCConfigurationArrays.dropping(nalTypes, from: r) }
            case .markParameterSetArraysComplete:
                try editHEVCConfiguration(&children) { (r: [UInt8]) throws(MovieBoxRewriteError) in try HEVCConfigurationArrays.markingParameterSetsComplete(r) }
            case .writeColour(let codes):
                let box = Child(type: "colr", bytes: ISOBoxWriter.box("colr", ISOBoxWriter.colourPayload(codes)))
                if let i = children.firstIndex(where: { $0.type == "colr" && isCodePointColour($0.bytes) }) {
                    children[i] = box
                } else {
                    children.insert(box, at: insertionIndex(children, after: codecConfigurations.union(doviBoxes)))
                }
            case .removeDolbyVisionRecord:
                children.removeAll { doviBoxes.contains($0.type) }
            case .writeDolbyVisionRecord(let box, let payload):
                let child = Child(type: box.rawValue, bytes: ISOBoxWriter.box(box.rawValue, payload))
                if let i = children.firstIndex(where: { doviBoxes.contains($0.type) }) {
                    children[i] = child
                    children = children.enumerated().filter { $0.offset == i || !doviBoxes.contains($0.element.type) }.map(\.element)
                } else {
                    children.insert(child, at: insertionIndex(children, after: codecConfigurations))
                }
            }
        }
        var payload = Array(bytes[entry.payload.lowerBound..<fixedEnd])
        for child in children { payload += child.bytes }
        payload += trailing
        return ISOBoxWriter.box(type, payload, large: entry.headerSize == 16)
    }

    /// Right after the last child of one of `types`; at the front when there is none.
    private static func insertionIndex(_ children: [Child], after types: Set<String>) -> Int {
        (children.lastIndex { types.contains($0.type) }).map { $0 + 1 } ?? 0
    }

    /// A `colr` of colour_type `nclx` or `nclc` (an ICC profile is another kind of box and stays).
    private static func isCodePointColour(_ box: [UInt8]) -> Bool {
        guard box.count >= 12 else { return false }
        let kind = FourCC.string(box[8..<12])
        return kind == "nclx" || kind == "nclc"
    }

    private static func editHEVCConfiguration(_ children: inout [Child],
                                              _ change: ([UInt8]) throws(MovieBoxRewriteError) -> [UInt8]) throws(MovieBoxRewriteError) {
        guard let i = children.firstIndex(where: { $0.type == "hvcC" }) else { throw .configurationRecord("the entry has no hvcC") }
        let walk = ISOBoxWalker.walk(children[i].bytes)
        guard let box = walk.boxes.first else { throw .configurationRecord("hvcC cannot be read") }
        let payload = try change(Array(children[i].bytes[box.payload]))
        children[i] = Child(type: "hvcC", bytes: ISOBoxWriter.box("hvcC", payload, large: box.headerSize == 16))
    }
}
