/// Writes a ``ReportJSONTree``: compact, the bytes JSONEncoder writes with sorted keys and
/// unescaped slashes; pretty, the layout `jq -S .` prints (two-space indent, `"key": value`,
/// `[]` and `{}` when empty), the one every hdrprobe command uses (see ``ReportJSONEncoder``).
package struct ReportJSONWriter {
    /// JSONEncoder refuses containers nested this deep.
    package static let maximumDepth = 512

    package let pretty: Bool
    package var bytes: [UInt8] = []
    private var indent = 0

    package init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    /// False when containers are nested too deep.
    package mutating func write(_ value: ReportJSONTree, depth: Int) -> Bool {
        switch value {
        case .literal(let text): bytes.append(contentsOf: text.utf8)
        case .string(let text): writeString(text)
        case .object(let object): return writeObject(object, depth: depth + 1)
        case .array(let array): return writeArray(array, depth: depth + 1)
        case .deferred(let encoder): return write(encoder.value ?? .object(ReportJSONObject()), depth: depth)
        }
        return true
    }

    private mutating func writeArray(_ array: ReportJSONArray, depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        if array.elements.isEmpty { return empty("[]") }
        open(UInt8(ascii: "["))
        for (i, element) in array.elements.enumerated() {
            separate(first: i == 0)
            guard write(element, depth: depth) else { return false }
        }
        close(UInt8(ascii: "]"))
        return true
    }

    private mutating func writeObject(_ object: ReportJSONObject, depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        if object.members.isEmpty { return empty("{}") }
        open(UInt8(ascii: "{"))
        let members = object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (i, member) in members.enumerated() {
            separate(first: i == 0)
            writeString(member.key)
            bytes.append(UInt8(ascii: ":"))
            if pretty { bytes.append(0x20) }
            guard write(member.value, depth: depth) else { return false }
        }
        close(UInt8(ascii: "}"))
        return true
    }

    private mutating func empty(_ brackets: StaticString) -> Bool {
        bytes.append(contentsOf: UnsafeBufferPointer(start: brackets.utf8Start, count: brackets.utf8CodeUnitCount))
        return true
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        if pretty {
            bytes.append(0x0A)
            indent += 1
        }
    }

    private mutating func separate(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if pretty {
            if !first { bytes.append(0x0A) }
            writeIndent()
        }
    }

    private mutating func close(_ bracket: UInt8) {
        if pretty {
            bytes.append(0x0A)
            indent -= 1
            writeIndent()
        }
        bytes.append(bracket)
    }

    private mutating func writeIndent() {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * indent))
    }

    private mutating func writeString(_ text: String) {
        Self.appendString(text, to: &bytes)
    }

    /// `text` as a JSON string the way this writer writes every string and key (the escaping
    /// rules in ``ReportJSONEncoder``), appended to `bytes`.
    package static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex(byte >> 4), hex(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func hex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
