/// The segment-addressing elements one MPD level may carry (`SegmentBase`, `SegmentList`,
/// `SegmentTemplate`; ISO/IEC 23009-1 §5.3.9.1: at most one of them per level, inherited by the
/// levels below and merged with theirs).
package struct SegmentInformation: Sendable, Equatable, Codable {
    package var base: SegmentBase?
    package var list: SegmentList?
    package var template: SegmentTemplate?

    package init(base: SegmentBase? = nil, list: SegmentList? = nil, template: SegmentTemplate? = nil) {
        self.base = base
        self.list = list
        self.template = template
    }

    package init(element: MPDXMLElement) throws(MPDError) {
        base = try element.child("SegmentBase").map { e throws(MPDError) in try SegmentBase(element: e) }
        list = try element.child("SegmentList").map { e throws(MPDError) in try SegmentList(element: e) }
        template = try element.child("SegmentTemplate").map { e throws(MPDError) in try SegmentTemplate(element: e) }
    }

    /// This level over the enclosing one.
    package func merged(over parent: SegmentInformation) -> SegmentInformation {
        SegmentInformation(base: base.map { $0.merged(over: parent.base) } ?? parent.base,
                           list: list.map { $0.merged(over: parent.list) } ?? parent.list,
                           template: template.map { $0.merged(over: parent.template) } ?? parent.template)
    }
}
