#if FFmpeg
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import HDRProbeManifests

/// The independent reference for hdrprobe's own XML reader (``XMLDocumentReader``): the MPD reader of
/// hdrprobe up to this version, on Foundation's `XMLParser` (libxml2's SAX reader in its push mode with
/// recovery and entity substitution, as swift-corelibs-foundation drives it), kept verbatim and only in
/// the test target, so the main targets link no FoundationXML, libxml2 or ICU.
enum XMLParserMPDReader {
    static func read(_ bytes: [UInt8]) throws(MPDError) -> MPDXMLElement {
        try readWithDiagnostics(bytes).result.get()
    }

    /// The result, and every line where libxml2 reported a diagnostic (fatal, recoverable or a namespace warning).
    static func readWithDiagnostics(_ bytes: [UInt8]) -> (result: Result<MPDXMLElement, MPDError>, lines: [Int]) {
        var lines: [Int] = []
        do throws(MPDError) {
            return (.success(try parse(bytes, diagnosticLines: &lines)), lines)
        } catch {
            return (.failure(error), lines)
        }
    }

    private static func parse(_ bytes: [UInt8], diagnosticLines: inout [Int]) throws(MPDError) -> MPDXMLElement {
        if bytes.count > MPDLimits.maxBytes {
            throw MPDError(.limitExceeded, line: 1, "the MPD is larger than \(MPDLimits.maxBytes) bytes")
        }
        try requireUTF8(bytes)
        let parser = XMLParser(data: Data(bytes))
        let builder = Builder(bytes: bytes)
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        diagnosticLines = builder.errorLines
        if let error = builder.error { throw error }
        guard ok, let root = builder.root else {
            let code = (parser.parserError as NSError?)?.code
            let message = code.flatMap { libxml2Errors[$0] } ?? code.map { "libxml2 error \($0)" } ?? "unreadable XML"
            throw MPDError(.malformedXML, line: max(1, builder.errorLine ?? parser.lineNumber), "not well-formed XML: \(message)")
        }
        return root
    }

    /// The libxml2 parser errors (`xmlParserErrors`, libxml2's `include/libxml/xmlerror.h`) an MPD most often hits.
    static let libxml2Errors: [Int: String] = [
        4: "the document is empty", 5: "extra content after the document element", 9: "an invalid character",
        23: "a '&' that does not start an entity or character reference", 26: "an undeclared entity",
        38: "an attribute without a quoted value", 39: "an attribute value is not closed", 40: "'<' inside an attribute value",
        41: "an attribute without a value", 42: "an attribute is given twice", 68: "a name was expected",
        73: "'>' was expected", 76: "a closing tag does not match its opening tag", 77: "the document ends inside an element",
    ]

    /// MPDs are UTF-8 (ISO/IEC 23009-1 §5.3.1.1 schema, XML 1.0 §4.3.3). Anything else is refused
    /// before the XML parser sees it: Foundation's parser traps on names that are not valid UTF-8.
    private static func requireUTF8(_ bytes: [UInt8]) throws(MPDError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return
            case .error:
                throw MPDError(.malformedXML, line: line, "not UTF-8 text (an MPD is UTF-8 XML)")
            }
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let lineStarts: [Int]
        let bytes: [UInt8]
        var stack: [MPDXMLElement] = []
        var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
        var root: MPDXMLElement?
        var count = 0
        var error: MPDError?

        init(bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
            lineStarts = starts
        }

        /// libxml2 reports the position after a start tag's `>`; the element's line is the line of
        /// its `<` (a start tag may span lines), found by scanning back: `<` cannot occur inside an
        /// attribute value of well-formed XML.
        func startLine(_ parser: XMLParser) -> Int {
            let line = max(1, min(parser.lineNumber, lineStarts.count))
            var pos = min(lineStarts[line - 1] + max(0, parser.columnNumber - 1), bytes.count - 1)
            while pos > 0, bytes[pos] != 0x3C { pos -= 1 }
            var lo = 0, hi = lineStarts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if lineStarts[mid] <= pos { lo = mid } else { hi = mid - 1 }
            }
            return lo + 1
        }

        func resolve(_ qualified: String, isAttribute: Bool, scope: [String: String]) -> (String, String?) {
            guard let colon = qualified.firstIndex(of: ":") else {
                return (qualified, isAttribute ? nil : scope[""])
            }
            let prefix = String(qualified[..<colon])
            return (String(qualified[qualified.index(after: colon)...]), scope[prefix] ?? "undeclared:\(prefix)")
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            count += 1
            if count > MPDLimits.maxElements {
                error = MPDError(.limitExceeded, line: parser.lineNumber, "more than \(MPDLimits.maxElements) elements")
                parser.abortParsing()
                return
            }
            var scope = scopes.last!
            for (key, value) in attributeDict {
                if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
            }
            scopes.append(scope)
            var attributes: [String: String] = [:]
            for (key, value) in attributeDict where key != "xmlns" && !key.hasPrefix("xmlns:") {
                let (local, ns) = resolve(key, isAttribute: true, scope: scope)
                attributes[ns.map { "{\($0)}\(local)" } ?? local] = value
            }
            let (local, ns) = resolve(elementName, isAttribute: false, scope: scope)
            stack.append(MPDXMLElement(name: local, namespace: ns, attributes: attributes, text: "", children: [],
                                       line: startLine(parser)))
        }

        /// The line where libxml2 met the first error (the parser's position after `parse()` returns can be later).
        var errorLine: Int?
        var errorLines: [Int] = []

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if errorLine == nil { errorLine = parser.lineNumber }
            errorLines.append(parser.lineNumber)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty, stack[stack.count - 1].text.utf8.count < 1 << 16 else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard var element = stack.popLast() else { return }
            scopes.removeLast()
            element.text = element.text.trimmedXMLSpace
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }
    }
}
#endif
