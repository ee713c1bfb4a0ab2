/// A Media Presentation Description (ISO/IEC 23009-1 §5.3.1): `@type` `static` (on demand) or
/// `dynamic` (live), `@profiles`, `@mediaPresentationDuration`, BaseURLs and Periods. Parsed from
/// bytes with an XML parser (``MPDXMLReader``); every structure keeps the line of its element.
/// What is checked against the media: `docs/rules/dash-manifests.md`.
package struct MPD: Sendable, Equatable, Codable {
    package var type: String
    package var profiles: String?
    package var mediaPresentationDuration: Double?
    package var minBufferTime: Double?
    package var availabilityStartTime: String?
    package var baseURLs: [BaseURL]
    package var periods: [Period]
    package var line: Int

    package var isDynamic: Bool { type == "dynamic" }

    package static func parse(bytes: [UInt8]) throws(MPDError) -> MPD {
        let root = try MPDXMLReader.read(bytes)
        guard root.name == "MPD", root.namespace == nil || root.namespace == MPDXMLElement.dashNamespace else {
            throw MPDError(.notMPD, line: root.line, "the root element is <\(root.name)>, not an MPD in \(MPDXMLElement.dashNamespace)")
        }
        return try MPD(element: root)
    }

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        type = element["type"] ?? "static"
        guard type == "static" || type == "dynamic" else {
            throw MPDError(.invalidValue, line: line, "MPD@type=\"\(type)\" is neither static nor dynamic")
        }
        profiles = element["profiles"]
        mediaPresentationDuration = try element.duration("mediaPresentationDuration")
        minBufferTime = try element.duration("minBufferTime")
        availabilityStartTime = element["availabilityStartTime"]
        baseURLs = BaseURL.all(in: element)
        var periods: [Period] = []
        for p in element.children("Period") { periods.append(try Period(element: p)) }
        self.periods = periods
    }

    /// Period `index`'s duration in seconds (§5.3.2.1): `@duration`, else the next Period's start
    /// minus this start, else (last Period) `@mediaPresentationDuration` minus this start.
    package func periodDuration(_ index: Int) -> Double? {
        let period = periods[index]
        if let d = period.duration { return d }
        let start = periodStart(index)
        if index + 1 < periods.count, let next = periods[index + 1].start, let start { return next - start }
        if index == periods.count - 1, let total = mediaPresentationDuration { return total - (start ?? 0) }
        return nil
    }

    /// Period `index`'s start (§5.3.2.1): `@start`, else the previous Period's start plus its duration, 0 for the first.
    package func periodStart(_ index: Int) -> Double? {
        if let s = periods[index].start { return s }
        if index == 0 { return isDynamic ? nil : 0 }
        guard let previous = periodStart(index - 1), let d = periods[index - 1].duration else { return nil }
        return previous + d
    }
}
