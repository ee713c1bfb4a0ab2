/// The attributes and elements common to `AdaptationSet`, `Representation` and
/// `SubRepresentation` (ISO/IEC 23009-1 §5.3.7 RepresentationBaseType) that hdrprobe reads, plus
/// the SCTE 214-1 `supplementalCodecs`/`supplementalProfiles`. An AdaptationSet's values apply to
/// its Representations unless a Representation sets its own (``inheriting(from:)``).
package struct RepresentationBase: Sendable, Equatable, Codable {
    package var mimeType: String?
    package var codecs: String?
    package var width: Int?
    package var height: Int?
    package var sar: String?
    /// `@frameRate` as written (FrameRateType `n` or `n/d`, §5.3.7.2).
    package var frameRate: String?
    package var audioSamplingRate: String?
    package var supplementalCodecs: String?
    package var supplementalProfiles: String?
    /// EssentialProperty and SupplementalProperty, in document order.
    package var properties: [Descriptor]
    package var contentProtections: [ContentProtection]
    /// Line of the element each attribute was read from (for findings): `codecs` → line.
    package var lines: [String: Int]

    package init(element: MPDXMLElement) throws(MPDError) {
        mimeType = element["mimeType"]
        codecs = element["codecs"]
        width = try element.unsigned("width")
        height = try element.unsigned("height")
        sar = element["sar"]
        frameRate = element["frameRate"]
        audioSamplingRate = element["audioSamplingRate"]
        supplementalCodecs = element.attribute("supplementalCodecs", in: MPDXMLElement.scte214Namespace)
        supplementalProfiles = element.attribute("supplementalProfiles", in: MPDXMLElement.scte214Namespace)
        properties = element.children.filter { Descriptor.elementNames.contains($0.name) }.map(Descriptor.init(element:))
        contentProtections = element.children("ContentProtection").map(ContentProtection.init(element:))
        var lines: [String: Int] = [:]
        for key in ["mimeType", "codecs", "width", "height", "sar", "frameRate"] where element[key] != nil {
            lines[key] = element.line
        }
        if supplementalCodecs != nil { lines["supplementalCodecs"] = element.line }
        if supplementalProfiles != nil { lines["supplementalProfiles"] = element.line }
        self.lines = lines
    }

    /// This level's values over `parent`'s: attributes fall back to the parent's; descriptors and
    /// ContentProtection of both levels apply (§5.3.3.2: the AdaptationSet's apply to all its
    /// Representations).
    package func inheriting(from parent: RepresentationBase) -> RepresentationBase {
        var r = self
        r.mimeType = mimeType ?? parent.mimeType
        r.codecs = codecs ?? parent.codecs
        r.width = width ?? parent.width
        r.height = height ?? parent.height
        r.sar = sar ?? parent.sar
        r.frameRate = frameRate ?? parent.frameRate
        r.audioSamplingRate = audioSamplingRate ?? parent.audioSamplingRate
        r.supplementalCodecs = supplementalCodecs ?? parent.supplementalCodecs
        r.supplementalProfiles = supplementalProfiles ?? parent.supplementalProfiles
        r.properties = parent.properties + properties
        r.contentProtections = parent.contentProtections + contentProtections
        r.lines = parent.lines.merging(lines) { _, own in own }
        return r
    }

    /// The CICP code point `name` (`TransferCharacteristics`, …) and the descriptor that gives it.
    package func cicp(_ name: String) -> (value: Int, descriptor: Descriptor)? {
        for d in properties.reversed() { if let v = d.cicp(name) { return (v, d) } }
        return nil
    }
}
