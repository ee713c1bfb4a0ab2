/// A strict, non-validating XML 1.0 reader for MPDs: UTF-8 bytes in, an ``MPDXMLElement`` tree out
/// (XML 1.0 Fifth Edition, W3C Recommendation 26 November 2008, cited as "XML §n"; prefixes resolved
/// as ``MPDXMLReader`` documents; the rules are in `docs/rules/dash-manifests.md` §1).
///
/// It reads what MPDs contain: the XML declaration (§2.8), comments (§2.5), processing instructions
/// (§2.6, skipped), CDATA sections (§2.7), elements and attributes in single or double quotes (§3.1),
/// the five predefined entities and decimal/hex character references (§4.1, §4.6), line-end
/// normalization (§2.11) and attribute-value normalization (§3.3.3). A DOCTYPE (§2.8) without an
/// internal subset is skipped; one with an internal subset is refused, so no entity declaration is ever
/// expanded and no external entity or DTD is ever loaded. Any well-formedness error ends the read with
/// the line where it was found; there is no recovery.
package struct XMLDocumentReader {
    private let bytes: [UInt8]
    private var pos = 0
    private var lines = LineCounter()
    private var stack: [OpenElement] = []
    private var count = 0

    /// An element whose end tag has not been read yet.
    private struct OpenElement {
        package var element: MPDXMLElement
        package var qualifiedName: [UInt8]
        package var scope: [String: String]
        package var text: [UInt8] = []
    }

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads a whole document. `bytes` must already be valid UTF-8 (``MPDXMLReader`` checks that).
    package static func read(_ bytes: [UInt8]) throws(MPDError) -> MPDXMLElement {
        var reader = XMLDocumentReader(bytes)
        return try reader.document()
    }

    // MARK: Document (XML §2.1, §2.8)

    private mutating func document() throws(MPDError) -> MPDXMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
        if starts(with: "<?xml"), pos + 5 < bytes.count, Self.isSpace(bytes[pos + 5]) { try xmlDeclaration() }
        try misc(doctypeAllowed: true)
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "<") else { throw fail(.empty, at: pos) }
        let root = try rootElement()
        try misc(doctypeAllowed: false)
        if pos < bytes.count { throw fail(.extraContent, at: pos) }
        return root
    }

    /// `Misc ::= Comment | PI | S` (XML §2.8), and one DOCTYPE in the prolog.
    private mutating func misc(doctypeAllowed: Bool) throws(MPDError) {
        var doctypeAllowed = doctypeAllowed
        while pos < bytes.count {
            if Self.isSpace(bytes[pos]) {
                pos += 1
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if doctypeAllowed, starts(with: "<!DOCTYPE") {
                try doctype()
                doctypeAllowed = false
            } else {
                return
            }
        }
    }

    /// `XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'` (XML §2.8, §4.3.3, §2.9).
    private mutating func xmlDeclaration() throws(MPDError) {
        let start = pos
        pos += 5
        var seen: [String] = []
        while true {
            let hadSpace = skipSpace()
            if starts(with: "?>") { pos += 2; break }
            guard hadSpace, pos < bytes.count else { throw fail(.xmlDeclaration, at: pos) }
            let name = try self.name()
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "=") else { throw fail(.xmlDeclaration, at: pos) }
            pos += 1
            skipSpace()
            let value = try pseudoAttributeValue()
            let order = ["version", "encoding", "standalone"]
            guard let rank = order.firstIndex(of: name), seen.allSatisfy({ order.firstIndex(of: $0)! < rank }),
                  Self.validDeclaration(name, value) else { throw fail(.xmlDeclaration, at: start) }
            if name == "encoding", !["utf-8", "utf8"].contains(value.lowercased()) { throw fail(.encoding, at: start) }
            seen.append(name)
        }
        if seen.first != "version" { throw fail(.xmlDeclaration, at: start) }
    }

    private static func validDeclaration(_ name: String, _ value: String) -> Bool {
        switch name {
        // `VersionNum ::= '1.' [0-9]+`; a 1.x other than 1.0 is read as 1.0 (XML §2.8 note), and like libxml2
        // the digits after "1." are not required.
        case "version": return value.hasPrefix("1.") && value.dropFirst(2).allSatisfy(\.isASCIIDigitXML)
        case "standalone": return value == "yes" || value == "no"
        default: return value.first?.isASCIILetterXML == true
            && value.allSatisfy { $0.isASCIILetterXML || $0.isASCIIDigitXML || "._-".contains($0) }
        }
    }

    private mutating func pseudoAttributeValue() throws(MPDError) -> String {
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") else {
            throw fail(.xmlDeclaration, at: pos)
        }
        let quote = bytes[pos]
        guard let close = bytes[(pos + 1)...].firstIndex(of: quote) else { throw fail(.xmlDeclaration, at: bytes.count) }
        defer { pos = close + 1 }
        return String(decoding: bytes[(pos + 1)..<close], as: UTF8.self)
    }

    /// `<!DOCTYPE` Name ExternalID? `>` is skipped (nothing is loaded); an internal subset `[…]` is refused
    /// (XML §2.8): hdrprobe expands no entity declaration.
    private mutating func doctype() throws(MPDError) {
        let start = pos
        pos += 9
        guard skipSpace() else { throw fail(.spaceRequired, at: pos) }
        _ = try name()
        var quote: UInt8?
        while pos < bytes.count {
            let byte = bytes[pos]
            if Self.isIllegal(bytes, pos) { throw fail(.invalidCharacter, at: pos) }
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw fail(.internalSubset, at: start)
            } else if byte == UInt8(ascii: ">") {
                pos += 1
                return
            }
            pos += 1
        }
        throw fail(.unfinished, at: bytes.count)
    }

    /// `Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'` (XML §2.5).
    private mutating func comment() throws(MPDError) {
        pos += 4
        while pos + 1 < bytes.count {
            if Self.isIllegal(bytes, pos) { throw fail(.invalidCharacter, at: pos) }
            if bytes[pos] == UInt8(ascii: "-"), bytes[pos + 1] == UInt8(ascii: "-") {
                guard pos + 2 < bytes.count else { break }
                guard bytes[pos + 2] == UInt8(ascii: ">") else { throw fail(.doubleHyphen, at: pos) }
                pos += 3
                return
            }
            pos += 1
        }
        throw fail(.unfinished, at: bytes.count)
    }

    /// `PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'`, target not `xml` (XML §2.6). Skipped.
    private mutating func processingInstruction() throws(MPDError) {
        pos += 2
        let target = try name()
        if target.lowercased() == "xml" { throw fail(.reservedName, at: pos) }
        if !starts(with: "?>"), !skipSpace() { throw fail(.spaceRequired, at: pos) }
        guard let end = find("?>") else { throw fail(.unfinished, at: bytes.count) }
        try checkCharacters(pos..<end)
        pos = end + 2
    }

    // MARK: Elements (XML §3)

    /// The document element and everything inside it, with an explicit stack (no recursion).
    private mutating func rootElement() throws(MPDError) -> MPDXMLElement {
        let base = ["xml": "http://www.w3.org/XML/1998/namespace"]
        if let closed = try startTag(scope: base) { return closed }
        while let top = stack.last {
            guard pos < bytes.count else { throw fail(.unclosedElement, at: pos) }
            if bytes[pos] != UInt8(ascii: "<") {
                try characterData()
            } else if starts(with: "</") {
                if let root = try endTag() { return root }
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                try cdata()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else {
                _ = try startTag(scope: top.scope)
            }
        }
        throw fail(.unclosedElement, at: pos)
    }

    /// `STag ::= '<' Name (S Attribute)* S? '>'` or `EmptyElemTag … '/>'` (XML §3.1). Returns the element
    /// when the tag was empty and it has no parent to go to (the root), else pushes or appends it.
    private mutating func startTag(scope parentScope: [String: String]) throws(MPDError) -> MPDXMLElement? {
        let start = pos
        pos += 1
        guard pos < bytes.count, Self.startsName(bytes, pos) else { throw fail(.nameExpected, at: pos) }
        let qualifiedStart = pos
        let qualified = try name()
        let qualifiedBytes = Array(bytes[qualifiedStart..<pos])
        var attributes: [(name: String, value: String)] = []
        var empty = false
        while true {
            let hadSpace = skipSpace()
            guard pos < bytes.count else { throw fail(.unfinished, at: bytes.count) }
            if bytes[pos] == UInt8(ascii: ">") { pos += 1; break }
            if starts(with: "/>") { pos += 2; empty = true; break }
            guard Self.startsName(bytes, pos) else { throw fail(bytes[pos] == UInt8(ascii: "/") ? .gtExpected : .nameExpected, at: pos) }
            guard hadSpace else { throw fail(.spaceRequired, at: pos) }
            let attribute = try self.attribute()
            if attributes.contains(where: { $0.name == attribute.name }) { throw fail(.duplicateAttribute, at: pos) }
            attributes.append(attribute)
        }
        count += 1
        if count > MPDLimits.maxElements {
            throw MPDError(.limitExceeded, line: lines.line(at: pos, in: bytes), "more than \(MPDLimits.maxElements) elements")
        }
        if stack.count >= MPDLimits.maxDepth {
            throw MPDError(.limitExceeded, line: lines.line(at: start, in: bytes), "elements nested deeper than \(MPDLimits.maxDepth)")
        }
        let (element, scope) = Self.resolve(qualified, attributes, parentScope, line: lines.line(at: start, in: bytes))
        if !empty {
            stack.append(OpenElement(element: element, qualifiedName: qualifiedBytes, scope: scope))
            return nil
        }
        if stack.isEmpty { return element }
        append(element)
        return nil
    }

    /// `Attribute ::= Name Eq AttValue` (XML §3.1), the value normalized (XML §3.3.3).
    private mutating func attribute() throws(MPDError) -> (name: String, value: String) {
        let name = try self.name()
        skipSpace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "=") else { throw fail(.attributeWithoutValue, at: pos) }
        pos += 1
        skipSpace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") else {
            throw fail(.attributeNotQuoted, at: pos)
        }
        let quote = bytes[pos]
        pos += 1
        var value: [UInt8] = []
        while true {
            guard pos < bytes.count else { throw fail(.attributeNotClosed, at: pos) }
            let byte = bytes[pos]
            switch byte {
            case quote:
                pos += 1
                return (name, String(decoding: value, as: UTF8.self))
            case UInt8(ascii: "<"):
                throw fail(.lessThanInAttribute, at: pos)
            case UInt8(ascii: "&"):
                value += try reference()
            case 0x0D:
                value.append(0x20)
                pos += pos + 1 < bytes.count && bytes[pos + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                value.append(0x20)
                pos += 1
            default:
                if Self.isIllegal(bytes, pos) { throw fail(.invalidCharacter, at: pos) }
                value.append(byte)
                pos += 1
            }
        }
    }

    /// `ETag ::= '</' Name S? '>'` (XML §3.1), matching the open element's name (element type match, XML §3).
    /// Returns the root when it is the one closed.
    private mutating func endTag() throws(MPDError) -> MPDXMLElement? {
        pos += 2
        let nameStart = pos
        guard pos < bytes.count, Self.startsName(bytes, pos) else {
            skipSpace()
            throw fail(.nameExpected, at: pos)
        }
        _ = try name()
        guard var open = stack.popLast() else { throw fail(.extraContent, at: nameStart) }
        let matches = bytes[nameStart..<pos].elementsEqual(open.qualifiedName)
        skipSpace()
        guard matches else { throw fail(.mismatchedTag, at: pos) }
        guard pos < bytes.count else { throw fail(.unclosedElement, at: pos) }
        guard bytes[pos] == UInt8(ascii: ">") else { throw fail(.gtExpected, at: pos) }
        pos += 1
        open.element.text = String(decoding: open.text, as: UTF8.self).trimmedXMLSpace
        if stack.isEmpty { return open.element }
        append(open.element)
        return nil
    }

    private mutating func append(_ element: MPDXMLElement) {
        stack[stack.count - 1].element.children.append(element)
    }

    /// Resolves prefixes the way ``MPDXMLReader`` documents: `xmlns`/`xmlns:p` of this tag extend the
    /// parent's scope; unprefixed elements take the default namespace, unprefixed attributes none; an
    /// undeclared prefix reads as the namespace `undeclared:p`.
    private static func resolve(_ qualified: String, _ attributes: [(name: String, value: String)],
                                _ parentScope: [String: String], line: Int) -> (MPDXMLElement, [String: String]) {
        var scope = parentScope
        for (key, value) in attributes {
            if key == "xmlns" { scope[""] = value } else if key.hasPrefix("xmlns:") { scope[String(key.dropFirst(6))] = value }
        }
        var resolved: [String: String] = [:]
        for (key, value) in attributes where key != "xmlns" && !key.hasPrefix("xmlns:") {
            let (local, namespace) = split(key, isAttribute: true, scope: scope)
            resolved[namespace.map { "{\($0)}\(local)" } ?? local] = value
        }
        let (local, namespace) = split(qualified, isAttribute: false, scope: scope)
        let element = MPDXMLElement(name: local, namespace: namespace, attributes: resolved, text: "", children: [], line: line)
        return (element, scope)
    }

    private static func split(_ qualified: String, isAttribute: Bool, scope: [String: String]) -> (String, String?) {
        guard let colon = qualified.firstIndex(of: ":") else { return (qualified, isAttribute ? nil : scope[""]) }
        let prefix = String(qualified[..<colon])
        return (String(qualified[qualified.index(after: colon)...]), scope[prefix] ?? "undeclared:\(prefix)")
    }

    // MARK: Character data and references (XML §2.4, §2.7, §4.1)

    /// Text up to the next `<`: `]]>` is not allowed in it (XML §2.4); references are replaced; line ends
    /// normalized (XML §2.11). Kept as the open element's text up to 64 KiB.
    private mutating func characterData() throws(MPDError) {
        var run: [UInt8] = []
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "<") {
            let byte = bytes[pos]
            if byte == UInt8(ascii: "&") {
                run += try reference()
            } else if byte == UInt8(ascii: "]"), starts(with: "]]>") {
                throw fail(.cdataEndInText, at: pos)
            } else if byte == 0x0D {
                run.append(0x0A)
                pos += pos + 1 < bytes.count && bytes[pos + 1] == 0x0A ? 2 : 1
            } else {
                if Self.isIllegal(bytes, pos) { throw fail(.invalidCharacter, at: pos) }
                run.append(byte)
                pos += 1
            }
        }
        appendText(run)
    }

    /// `CDSect ::= '<![CDATA[' CData ']]>'` (XML §2.7): the text as it stands, line ends normalized.
    private mutating func cdata() throws(MPDError) {
        pos += 9
        guard let end = find("]]>") else { throw fail(.unfinished, at: bytes.count) }
        try checkCharacters(pos..<end)
        var run: [UInt8] = []
        var i = pos
        while i < end {
            if bytes[i] == 0x0D {
                run.append(0x0A)
                i += i + 1 < end && bytes[i + 1] == 0x0A ? 2 : 1
            } else {
                run.append(bytes[i])
                i += 1
            }
        }
        pos = end + 3
        stack[stack.count - 1].text += run
    }

    private mutating func appendText(_ run: [UInt8]) {
        guard !run.isEmpty, stack[stack.count - 1].text.count < 1 << 16 else { return }
        stack[stack.count - 1].text += run
    }

    /// `Reference ::= EntityRef | CharRef` (XML §4.1): one of the five predefined entities (XML §4.6) or a
    /// character reference to a legal `Char` (XML §2.2). Any other entity is undeclared (no DTD is read).
    private mutating func reference() throws(MPDError) -> [UInt8] {
        pos += 1
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "#") { return try characterReference() }
        guard pos < bytes.count, Self.startsName(bytes, pos) else { throw fail(.bareAmpersand, at: pos) }
        let name = try self.name()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ";") else { throw fail(.bareAmpersand, at: pos) }
        pos += 1
        let predefined: [String: UInt8] = ["lt": 0x3C, "gt": 0x3E, "amp": 0x26, "apos": 0x27, "quot": 0x22]
        guard let byte = predefined[name] else { throw fail(.undeclaredEntity, at: pos) }
        return [byte]
    }

    /// `CharRef ::= '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';'` naming a legal `Char` (XML §4.1 WFC: Legal Character).
    private mutating func characterReference() throws(MPDError) -> [UInt8] {
        pos += 1
        let hex = pos < bytes.count && bytes[pos] == UInt8(ascii: "x")
        if hex { pos += 1 }
        var value: UInt32 = 0
        var digits = 0
        while pos < bytes.count, let digit = Self.digit(bytes[pos], hex: hex) {
            value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
            digits += 1
            pos += 1
        }
        guard digits > 0, pos < bytes.count, bytes[pos] == UInt8(ascii: ";") else { throw fail(.bareAmpersand, at: pos) }
        pos += 1
        guard let scalar = Unicode.Scalar(value), Self.isChar(scalar) else { throw fail(.invalidCharacter, at: pos) }
        return Array(String(scalar).utf8)
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]` (XML §2.2).
    package static func isChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// A control character other than tab, LF and CR, or U+FFFE/U+FFFF, starts at `pos` (not a `Char`, XML §2.2;
    /// the bytes are valid UTF-8 and UTF-8 cannot encode surrogates).
    private static func isIllegal(_ bytes: [UInt8], _ pos: Int) -> Bool {
        let byte = bytes[pos]
        if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
        return byte == 0xEF && pos + 2 < bytes.count && bytes[pos + 1] == 0xBF && bytes[pos + 2] >= 0xBE
    }

    private mutating func checkCharacters(_ range: Range<Int>) throws(MPDError) {
        if let bad = range.first(where: { Self.isIllegal(bytes, $0) }) { throw fail(.invalidCharacter, at: bad) }
    }

    // MARK: Names and white space (XML §2.3)

    /// `Name ::= NameStartChar (NameChar)*` (XML §2.3).
    private mutating func name() throws(MPDError) -> String {
        let start = pos
        guard pos < bytes.count, Self.startsName(bytes, pos) else { throw fail(.nameExpected, at: pos) }
        while pos < bytes.count {
            let (scalar, length) = Self.scalar(bytes, pos)
            guard Self.isNameChar(scalar, start: pos == start) else { break }
            pos += length
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    private static func startsName(_ bytes: [UInt8], _ pos: Int) -> Bool {
        isNameChar(scalar(bytes, pos).0, start: true)
    }

    /// `NameStartChar` / `NameChar` (XML §2.3 [4], [4a]).
    private static func isNameChar(_ scalar: Unicode.Scalar, start: Bool) -> Bool {
        switch scalar.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040:
            return !start
        default:
            return false
        }
    }

    /// The scalar starting at `pos` of valid UTF-8, and its length in bytes.
    private static func scalar(_ bytes: [UInt8], _ pos: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[pos]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for i in 1..<length where pos + i < bytes.count { value = value << 6 | UInt32(bytes[pos + i] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// `S ::= (#x20 | #x9 | #xD | #xA)+` (XML §2.3).
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = pos
        while pos < bytes.count, Self.isSpace(bytes[pos]) { pos += 1 }
        return pos > start
    }

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        let base = literal.utf8Start
        for i in 0..<count where bytes[pos + i] != base[i] { return false }
        return true
    }

    private func find(_ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        let base = literal.utf8Start
        var i = pos
        while i + count <= bytes.count {
            if bytes[i] == base[0], (1..<count).allSatisfy({ bytes[i + $0] == base[$0] }) { return i }
            i += 1
        }
        return nil
    }

    // MARK: Errors

    /// The well-formedness errors, each with its sentence (the ones libxml2's codes had in earlier versions
    /// of ``MPDXMLReader`` are kept word for word).
    package enum Problem: Equatable {
        case empty, extraContent, invalidCharacter, bareAmpersand, undeclaredEntity, attributeNotQuoted
        case attributeNotClosed, lessThanInAttribute, attributeWithoutValue, duplicateAttribute, nameExpected
        case gtExpected, mismatchedTag, unclosedElement, unfinished, doubleHyphen, cdataEndInText, spaceRequired
        case reservedName, xmlDeclaration, encoding, internalSubset

        package var sentence: String {
            switch self {
            case .empty: "the document is empty"
            case .extraContent: "extra content after the document element"
            case .invalidCharacter: "an invalid character"
            case .bareAmpersand: "a '&' that does not start an entity or character reference"
            case .undeclaredEntity: "an undeclared entity"
            case .attributeNotQuoted: "an attribute without a quoted value"
            case .attributeNotClosed: "an attribute value is not closed"
            case .lessThanInAttribute: "'<' inside an attribute value"
            case .attributeWithoutValue: "an attribute without a value"
            case .duplicateAttribute: "an attribute is given twice"
            case .nameExpected: "a name was expected"
            case .gtExpected: "'>' was expected"
            case .mismatchedTag: "a closing tag does not match its opening tag"
            case .unclosedElement: "the document ends inside an element"
            case .unfinished: "the document ends inside a tag, comment, CDATA section or declaration"
            case .doubleHyphen: "'--' inside a comment"
            case .cdataEndInText: "']]>' in text"
            case .spaceRequired: "white space was expected"
            case .reservedName: "a processing instruction named 'xml' after the start of the document"
            case .xmlDeclaration: "a malformed XML declaration"
            case .encoding: "an encoding other than UTF-8 is declared (an MPD is UTF-8)"
            case .internalSubset: "a DOCTYPE with an internal subset (hdrprobe reads no DTD and expands no entity declarations)"
            }
        }
    }

    private mutating func fail(_ problem: Problem, at position: Int) -> MPDError {
        MPDError(.malformedXML, line: lines.line(at: min(position, bytes.count), in: bytes),
                 "not well-formed XML: \(problem.sentence)")
    }
}

/// 1-based line numbers of byte offsets (lines end at LF, XML §2.11), counted forward from the last query.
private struct LineCounter {
    private var position = 0
    private var line = 1

    package mutating func line(at target: Int, in bytes: [UInt8]) -> Int {
        if target < position { position = 0; line = 1 }
        while position < target {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        return line
    }
}

private extension Character {
    package var isASCIIDigitXML: Bool { isASCII && isNumber }
    package var isASCIILetterXML: Bool { isASCII && isLetter }
}
