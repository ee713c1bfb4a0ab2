#if FFmpeg
import Foundation
import Testing
@testable import HDRProbeModel
@testable import HDRProbeReport
import HDRProbeEngine

/// ``ReportJSONEncoder`` against its independent readers: Foundation's `JSONEncoder` of this
/// toolchain with the project's settings (compact: `[.sortedKeys, .withoutEscapingSlashes]`; pretty:
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` in jq's layout, `"key": value` and `[]` / `{}`
/// for empty containers, see ``jqLayout(_:)``), and jq itself where installed (``jqPrettyMatches()``).
/// Every expected byte comes from `JSONEncoder` or jq, never from the writer itself. Generated values come from the seeded
/// ``SplitMix64`` (MutationCorpus), so a failing case can be reproduced.
@Suite struct ReportJSONEncoderTests {
    static func foundation<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return pretty ? jqLayout(text) : text
    }

    /// JSONEncoder's pretty text in the layout `jq -S .` prints: no space before a key's colon, an empty
    /// container on one line. Only layout changes: the scalars and their escaping stay JSONEncoder's.
    static func jqLayout(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var inString = false, escaped = false, i = 0
        while i < scalars.count {
            let c = scalars[i]
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                out.append(c)
                i += 1
                continue
            }
            if c == "\"" { inString = true }
            // Outside strings " : " only separates a key from its value.
            if c == " ", i + 2 < scalars.count, scalars[i + 1] == ":", scalars[i + 2] == " " { i += 1; continue }
            if c == "{" || c == "[", i + 2 < scalars.count, scalars[i + 1] == "\n", scalars[i + 2] == "\n" {
                var j = i + 3
                while j < scalars.count, scalars[j] == " " { j += 1 }
                if j < scalars.count, scalars[j] == (c == "{" ? "}" : "]") {
                    out.append(c)
                    out.append(scalars[j])
                    i = j + 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// jq's own layout of the compact text, or nil without jq.
    static func jq(_ compact: String) throws -> String? {
        guard let jq = ["/usr/bin/jq", "/usr/local/bin/jq", "/opt/homebrew/bin/jq"].first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["-S", "."]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(compact.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The corpus reports pretty-printed are byte for byte what jq prints of their compact line.
    @Test func jqPrettyMatches() throws {
        let names = ["dv_p81.mp4", "dv_p81_hdr10plus.mkv", "atc_hevc.ts", "bad_empty.mp4", "audio_opus.mkv"]
        for name in names {
            let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(name).path)
            guard let expected = try Self.jq(try ReportEncoder.jsonLine(report)) else { return }
            #expect(try Self.own(report, pretty: true) + "\n" == expected, "\(name)")
        }
    }

    static func own<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        try ReportJSONEncoder(pretty: pretty).string(value)
    }

    /// Both layouts: the writer's text equals JSONEncoder's.
    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pretty in [true, false] {
            let expected = try foundation(value, pretty: pretty)
            let actual = try own(value, pretty: pretty)
            #expect(actual == expected, "pretty: \(pretty)", sourceLocation: sourceLocation)
        }
    }

    /// Both throw `EncodingError.invalidValue` with the same description and coding path.
    static func expectSameError<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        for pretty in [true, false] {
            let expected = Self.error { _ = try foundation(value, pretty: pretty) }
            let actual = Self.error { _ = try own(value, pretty: pretty) }
            #expect(expected != nil, sourceLocation: sourceLocation)
            #expect(actual == expected, sourceLocation: sourceLocation)
        }
    }

    static func error(_ body: () throws -> Void) -> String? {
        do { try body() } catch let EncodingError.invalidValue(_, context) {
            return context.debugDescription + " at " + context.codingPath.map(\.stringValue).joined(separator: "/")
        } catch { return "other: \(error)" }
        return nil
    }

    // MARK: Scalars and layout

    struct Scalars: Encodable {
        var int = Int.min, int8 = Int8.min, int16 = Int16.min, int32 = Int32.min, int64 = Int64.min
        var uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max
        var yes = true, no = false
        var float: Float = 0.1, floatBig: Float = .greatestFiniteMagnitude, floatTiny: Float = .leastNonzeroMagnitude
        var doubles: [Double] = [0, -0.0, 1, -1, 0.1, 1e-7, 1e21, 1e22, 5e-324, .greatestFiniteMagnitude, 123456789012345680,
                                 1.5, 100, 2.5e-5, 1e16, 9007199254740993, 0.30000000000000004]
        var floats: [Float] = [0, -0.0, 1, 0.1, 3.4e38, 1e-45]
        var ints: [Int] = [0, 1, -1, .max, .min]
        var strings: [String] = ["", "a/b", "\"q\"", "back\\slash"]
        var text = "tab\there\nnew\r\u{8}\u{C}\u{0}\u{1F}\u{7F} é € 😀 \u{2028}\u{2029} e\u{301}"
    }

    @Test func scalarsAndBounds() throws {
        try Self.expectSame(Scalars())
    }

    struct Nested: Encodable {
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var emptyStrings: [String] = []
        var nestedEmpty: [[Int]] = [[], [1], []]
        var optional: Int? = nil
        var optionalSome: Int? = 3
        var doubleOptional: Int?? = .some(nil)
        var arrayOfOptionals: [String?] = ["a", nil]
        @NullEncoded var nullEncoded: String? = nil
        @NullEncoded var nullEncodedSome: String? = "x"
        var byString: [String: Double] = ["b": 1, "a": 2.5, "A": 0, "a10": 1, "a2": 2, "é": 3, "Z": 4, "_": 5, "": 6]
        var byInt: [Int: String] = [10: "ten", 2: "two", -1: "minus"]
        var deep: [[String: [Int?]]] = [["k": [1, nil]], [:]]
    }

    @Test func emptyContainersOptionalsAndKeyOrder() throws {
        try Self.expectSame(Nested())
        try Self.expectSame([Nested(), Nested()])
        try Self.expectSame([String: Nested]())
    }

    @Test func topLevelFragments() throws {
        try Self.expectSame(1)
        try Self.expectSame("a/\"b\"")
        try Self.expectSame(2.5)
        try Self.expectSame(Optional<Int>.none)
        try Self.expectSame([Int]())
    }

    @Test func foundationTypesUseJSONEncodersDefaultStrategies() throws {
        struct Values: Encodable {
            var data = Data([0, 1, 2, 250, 255])
            var url = URL(string: "https://example.com/a%20b?c=d")!
            var fileURL = URL(fileURLWithPath: "/tmp/x y")
            var decimal = Decimal(string: "12.340")!
            var date = Date(timeIntervalSinceReferenceDate: 12.5)
        }
        try Self.expectSame(Values())
    }

    // MARK: Containers a hand-written encode(to:) uses

    final class Base: Encodable {
        enum Keys: String, CodingKey { case base, list, inner }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("b", forKey: .base)
            var list = c.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .base)
            var innerList = list.nestedUnkeyedContainer()
            try innerList.encode("x")
            var superList = list.superEncoder().singleValueContainer()
            try superList.encode("super in list")
            _ = list.superEncoder()
            try list.encode(2)
            var again = encoder.container(keyedBy: Keys.self)
            try again.encode(2, forKey: .inner)
        }
    }

    struct Derived: Encodable {
        enum Keys: String, CodingKey { case own, other, none }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encodeNil(forKey: .none)
            try Base().encode(to: c.superEncoder())
            _ = c.superEncoder(forKey: .other)
            var nested = c.nestedContainer(keyedBy: Keys.self, forKey: .own)
            try nested.encode(1, forKey: .other)
            var nestedAgain = c.nestedContainer(keyedBy: Keys.self, forKey: .own)
            try nestedAgain.encode(2, forKey: .own)
        }
    }

    @Test func nestedContainersAndSuperEncoders() throws {
        try Self.expectSame(Derived())
        try Self.expectSame([Derived()])
    }

    // MARK: Errors

    struct EncodesNothing: Encodable {
        func encode(to encoder: Encoder) throws {}
    }

    struct NonFinite: Encodable {
        var values: [String: Double]
    }

    struct FloatMember: Encodable {
        var value: Float
    }

    @Test func errorsAreJSONEncoders() throws {
        Self.expectSameError(EncodesNothing())
        Self.expectSameError(Double.nan)
        Self.expectSameError(NonFinite(values: ["x": .infinity]))
        Self.expectSameError(NonFinite(values: ["x": -.infinity]))
        Self.expectSameError(FloatMember(value: .nan))
        Self.expectSameError([Optional(1.0), .some(-Double.infinity)])
        // Inside a container a value that encodes nothing is an empty object, as in JSONEncoder.
        try Self.expectSame(["a": EncodesNothing()])
        try Self.expectSame([EncodesNothing()])
    }

    // MARK: Generated values

    /// A JSON-shaped value with a hand-written encoding through every container kind.
    indirect enum Sample: Encodable {
        case string(String), int(Int), uint8(UInt8), int64(Int64), double(Double), float(Float), bool(Bool), null
        case array([Sample]), object([String: Sample]), optional(Sample?)

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: Encoder) throws {
            switch self {
            case .array(let elements):
                var c = encoder.unkeyedContainer()
                for e in elements { try c.encode(e) }
            case .object(let members):
                var c = encoder.container(keyedBy: Key.self)
                for (k, v) in members { try v.encode(into: &c, key: Key(stringValue: k)) }
            default:
                var c = encoder.singleValueContainer()
                try encodeScalar(into: &c)
            }
        }

        func encode(into c: inout KeyedEncodingContainer<Key>, key: Key) throws {
            switch self {
            case .string(let v): try c.encode(v, forKey: key)
            case .double(let v): try c.encode(v, forKey: key)
            case .int(let v): try c.encode(v, forKey: key)
            case .null: try c.encodeNil(forKey: key)
            case .optional(let v): try c.encodeIfPresent(v, forKey: key)
            default: try c.encode(self, forKey: key)
            }
        }

        func encodeScalar(into c: inout SingleValueEncodingContainer) throws {
            switch self {
            case .string(let v): try c.encode(v)
            case .int(let v): try c.encode(v)
            case .uint8(let v): try c.encode(v)
            case .int64(let v): try c.encode(v)
            case .double(let v): try c.encode(v)
            case .float(let v): try c.encode(v)
            case .bool(let v): try c.encode(v)
            case .null: try c.encodeNil()
            case .optional(let v): try c.encode(v)
            case .array, .object: break
            }
        }
    }

    static let characters: [Character] = Array("aZ09 _-.:/\\\"'{}[],éß€😀👍🏽\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1B}\u{1F}\u{7F}\u{80}\u{A0}\u{2028}\u{2029}\u{FEFF}\u{10FFFF}e\u{301}")
    static let specialDoubles: [Double] = [0, -0.0, 0.1, 1e-7, 1e21, 1e-21, 5e-324, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                           .leastNormalMagnitude, 1, 100, 1e15, 1e16, 1e17, 2.0e-6, 123.456, 1.0 / 3]

    static func string(_ g: inout SplitMix64) -> String {
        String((0..<Int.random(in: 0...12, using: &g)).map { _ in characters.randomElement(using: &g)! })
    }

    static func double(_ g: inout SplitMix64) -> Double {
        if Bool.random(using: &g) { return specialDoubles.randomElement(using: &g)! }
        let d = Double(bitPattern: g.next())
        return d.isFinite ? d : Double(Int.random(in: -1_000_000...1_000_000, using: &g)) / 1000
    }

    static func sample(_ g: inout SplitMix64, depth: Int) -> Sample {
        switch Int.random(in: 0...(depth < 4 ? 11 : 8), using: &g) {
        case 0: return .string(string(&g))
        case 1: return .int([Int.min, Int.max, 0, -1, Int(truncatingIfNeeded: g.next())].randomElement(using: &g)!)
        case 2: return .uint8(UInt8.random(in: 0...255, using: &g))
        case 3: return .int64(Int64(truncatingIfNeeded: g.next()))
        case 4: return .double(double(&g))
        case 5:
            let f = Float(double(&g))
            return .float(f.isFinite ? f : 0.5)
        case 6: return .bool(Bool.random(using: &g))
        case 7: return .null
        case 8: return .optional(Bool.random(using: &g) ? nil : .string(string(&g)))
        case 9, 10: return .object(Dictionary((0..<Int.random(in: 0...5, using: &g)).map { _ in (string(&g), sample(&g, depth: depth + 1)) },
                                              uniquingKeysWith: { a, _ in a }))
        default: return .array((0..<Int.random(in: 0...5, using: &g)).map { _ in sample(&g, depth: depth + 1) })
        }
    }

    @Test(arguments: 0..<40) func generatedValues(seed: Int) throws {
        var g = SplitMix64(seed: "ReportJSONEncoder/\(seed)")
        for _ in 0..<25 {
            let value = Self.sample(&g, depth: 0)
            if Self.error({ _ = try Self.foundation(value, pretty: false) }) != nil {
                Self.expectSameError(value)
            } else {
                try Self.expectSame(value)
            }
        }
    }

    @Test func generatedStringsAndNumbersAsPlainTypes() throws {
        var g = SplitMix64(seed: "ReportJSONEncoder/plain")
        let strings = (0..<500).map { _ in Self.string(&g) }
        try Self.expectSame(strings)
        try Self.expectSame(Dictionary(strings.map { ($0, 1) }, uniquingKeysWith: +))
        try Self.expectSame((0..<500).map { _ in Self.double(&g) })
        try Self.expectSame((0..<500).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: g.next())) }.filter(\.isFinite))
    }
}
#endif
