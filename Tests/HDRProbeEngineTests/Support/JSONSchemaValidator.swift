import Foundation

/// A small JSON Schema validator for the keyword subset `docs/report.schema.json` uses.
///
/// Supported keywords: `type` (string or array; `integer` is a number with no fractional
/// part, never a boolean), `properties`, `required`, `additionalProperties` (bool or schema),
/// `items` (a single schema), `enum`, `const`, `pattern` (NSRegularExpression, unanchored
/// search as the specification says), `minimum`, `minItems`, `oneOf`, `anyOf`, `allOf`,
/// `if`/`then`/`else`, `$ref` (local JSON pointers such as `#/$defs/Name`, evaluated
/// alongside sibling keywords as in draft 2020-12) and `$defs`. Boolean schemas work too.
///
/// Metadata keywords (`$schema`, `$id`, `title`, `description`, `$comment`, …) are ignored.
/// Any other keyword is ignored while validating but listed in `unsupportedKeywords`, so a
/// test can assert that a schema relies on nothing this validator does not check.
///
/// Instances are what `JSONSerialization.jsonObject(with:options:)` returns (`NSDictionary` /
/// `[String: Any]`, `[Any]`, `NSNumber`, `String`, `NSNull`) or the equivalent native Swift
/// values (`Bool`, `Int`, `Double`, `String`, arrays, dictionaries, `nil` optionals).
struct JSONSchemaValidator: Sendable {

    /// A JSON value. Numbers are kept as `Double`, so `1` and `1.0` are equal as JSON Schema requires.
    enum JSON: Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSON])
        case object([String: JSON])
    }

    enum SchemaError: Error, CustomStringConvertible, Equatable {
        case notJSON(String)
        case invalid(pointer: String, reason: String)

        var description: String {
            switch self {
            case .notJSON(let reason): return "schema is not JSON: \(reason)"
            case .invalid(let pointer, let reason): return "invalid schema at \(displayPath(pointer)): \(reason)"
            }
        }
    }

    /// Keywords that carry no assertion and are skipped silently.
    static let metadataKeywords: Set<String> = [
        "$schema", "$id", "$anchor", "$comment", "$vocabulary", "title", "description",
        "default", "examples", "deprecated", "readOnly", "writeOnly",
    ]

    /// Keywords this validator checks.
    static let supportedKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const",
        "pattern", "minimum", "minItems", "oneOf", "anyOf", "allOf", "if", "then", "else",
        "$ref", "$defs",
    ]

    private static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "integer", "string"]
    private static let maxReferenceDepth = 64

    let schema: JSON
    /// JSON pointers (into the schema) of keywords that are neither supported nor metadata.
    let unsupportedKeywords: [String]

    init(schemaData: Data) throws {
        let any: Any
        do {
            any = try JSONSerialization.jsonObject(with: schemaData, options: [.fragmentsAllowed])
        } catch {
            throw SchemaError.notJSON(String(describing: error))
        }
        guard let json = JSONSchemaValidator.json(from: any) else {
            throw SchemaError.notJSON("unsupported value")
        }
        try self.init(schema: json)
    }

    init(schema: JSON) throws {
        self.schema = schema
        var unsupported: [String] = []
        try JSONSchemaValidator.check(schema: schema, at: "", root: schema, unsupported: &unsupported)
        self.unsupportedKeywords = unsupported
    }

    /// Validates `instance` and returns human-readable errors, each prefixed with the JSON
    /// pointer of the offending value (`(root)` for the document itself). Empty means valid.
    func validate(_ instance: Any) -> [String] {
        guard let value = JSONSchemaValidator.json(from: instance) else {
            return ["\(displayPath("")): value of type \(type(of: instance)) is not a JSON value"]
        }
        return validate(json: value)
    }

    func validate(json value: JSON) -> [String] {
        var failures: [Failure] = []
        evaluate(value, against: schema, at: "", depth: 0, into: &failures)
        // The same subschema can be reached twice (e.g. a `$ref` repeated in a `then`); say it once.
        var seen: Set<String> = []
        return failures.map { "\(displayPath($0.path)): \($0.message)" }.filter { seen.insert($0).inserted }
    }

    // MARK: - Converting Foundation / Swift values

    /// The class of `NSNumber`s that stand for booleans (`__NSCFBoolean` on Darwin and in
    /// swift-corelibs-foundation). `value as? Bool` cannot tell them apart: on Linux (and via
    /// bridging on Darwin) `NSNumber(value: 1) as? Bool` succeeds, and `objCType` of an
    /// `Int8` is `c` on Darwin, the same as a boolean's.
    private static let booleanNumberType: AnyClass = type(of: NSNumber(value: true))

    static func json(from value: Any) -> JSON? {
        if value is NSNull { return .null }
        // Native Swift scalars first, by exact type: casts such as `as? Bool` / `as? Int` also
        // succeed for bridged NSNumbers of the other kind and would blur booleans and numbers.
        let valueType = type(of: value)
        if valueType == Bool.self { return .bool(value as! Bool) }
        if valueType == String.self { return .string(value as! String) }
        if valueType == Int.self { return .number(Double(value as! Int)) }
        if valueType == Double.self { return .number(value as! Double) }
        if let number = value as? NSNumber {
            if type(of: number) == booleanNumberType { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        }
        if let string = value as? String { return .string(string) }
        if let array = value as? [Any] {
            var out: [JSON] = []
            out.reserveCapacity(array.count)
            for element in array {
                guard let j = json(from: element) else { return nil }
                out.append(j)
            }
            return .array(out)
        }
        if let dictionary = value as? [String: Any] {
            var out: [String: JSON] = [:]
            for (key, element) in dictionary {
                guard let j = json(from: element) else { return nil }
                out[key] = j
            }
            return .object(out)
        }
        // An `Optional` boxed in `Any` (e.g. from a `[String: Any?]` literal).
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return json(from: wrapped)
        }
        return nil
    }

    // MARK: - Checking the schema itself

    private static func check(schema: JSON, at pointer: String, root: JSON, unsupported: inout [String]) throws {
        let keywords: [String: JSON]
        switch schema {
        case .bool: return
        case .object(let o): keywords = o
        default: throw SchemaError.invalid(pointer: pointer, reason: "a schema must be an object or a boolean")
        }
        func sub(_ key: String) -> String { pointer + "/" + escape(key) }

        for key in keywords.keys.sorted() {
            let value = keywords[key]!
            let here = sub(key)
            switch key {
            case "properties", "$defs":
                guard case .object(let members) = value else {
                    throw SchemaError.invalid(pointer: here, reason: "must be an object")
                }
                for name in members.keys.sorted() {
                    try check(schema: members[name]!, at: here + "/" + escape(name), root: root, unsupported: &unsupported)
                }
            case "additionalProperties", "items", "if", "then", "else":
                try check(schema: value, at: here, root: root, unsupported: &unsupported)
            case "oneOf", "anyOf", "allOf":
                guard case .array(let branches) = value, !branches.isEmpty else {
                    throw SchemaError.invalid(pointer: here, reason: "must be a non-empty array")
                }
                for (i, branch) in branches.enumerated() {
                    try check(schema: branch, at: here + "/\(i)", root: root, unsupported: &unsupported)
                }
            case "type":
                let names: [JSON]
                switch value {
                case .string: names = [value]
                case .array(let a) where !a.isEmpty: names = a
                default: throw SchemaError.invalid(pointer: here, reason: "must be a type name or a non-empty array of them")
                }
                for name in names {
                    guard case .string(let s) = name, typeNames.contains(s) else {
                        throw SchemaError.invalid(pointer: here, reason: "unknown type \(render(name))")
                    }
                }
            case "required":
                guard case .array(let names) = value, names.allSatisfy({ if case .string = $0 { return true } else { return false } }) else {
                    throw SchemaError.invalid(pointer: here, reason: "must be an array of strings")
                }
            case "enum":
                guard case .array = value else { throw SchemaError.invalid(pointer: here, reason: "must be an array") }
            case "const":
                break
            case "pattern":
                guard case .string(let p) = value else { throw SchemaError.invalid(pointer: here, reason: "must be a string") }
                do { _ = try NSRegularExpression(pattern: p) } catch {
                    throw SchemaError.invalid(pointer: here, reason: "not a valid regular expression: \(p)")
                }
            case "minimum":
                guard case .number = value else { throw SchemaError.invalid(pointer: here, reason: "must be a number") }
            case "minItems":
                guard case .number(let n) = value, n >= 0, n.rounded() == n else {
                    throw SchemaError.invalid(pointer: here, reason: "must be a non-negative integer")
                }
            case "$ref":
                guard case .string(let reference) = value else { throw SchemaError.invalid(pointer: here, reason: "must be a string") }
                guard resolve(reference, in: root) != nil else {
                    throw SchemaError.invalid(pointer: here, reason: "cannot resolve \(reference) (only local references such as #/$defs/Name are supported)")
                }
            default:
                if !metadataKeywords.contains(key) { unsupported.append(here) }
            }
        }
    }

    // MARK: - References

    private static func resolve(_ reference: String, in root: JSON) -> JSON? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst()).removingPercentEncoding ?? String(reference.dropFirst())
        if fragment.isEmpty { return root }
        guard fragment.hasPrefix("/") else { return nil }
        var current = root
        for token in fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let o):
                guard let next = o[name] else { return nil }
                current = next
            case .array(let a):
                guard let i = Int(name), a.indices.contains(i) else { return nil }
                current = a[i]
            default:
                return nil
            }
        }
        return current
    }

    // MARK: - Validation

    private struct Failure {
        var path: String
        var message: String
    }

    private func evaluate(_ value: JSON, against schema: JSON, at path: String, depth: Int, into failures: inout [Failure]) {
        let keywords: [String: JSON]
        switch schema {
        case .bool(true): return
        case .bool(false):
            failures.append(Failure(path: path, message: "no value is allowed here"))
            return
        case .object(let o): keywords = o
        default: return // rejected by init
        }

        if case .string(let reference)? = keywords["$ref"] {
            if depth >= Self.maxReferenceDepth {
                failures.append(Failure(path: path, message: "$ref nesting deeper than \(Self.maxReferenceDepth) (recursive schema?)"))
                return
            }
            if let target = Self.resolve(reference, in: self.schema) {
                evaluate(value, against: target, at: path, depth: depth + 1, into: &failures)
            }
        }

        if let type = keywords["type"], !Self.matchesType(value, type) {
            failures.append(Failure(path: path, message: "expected \(Self.typeList(type)), found \(Self.describe(value))"))
            // Other keywords only constrain values of their own type, so they would say nothing more.
            return
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            failures.append(Failure(path: path, message: "\(Self.render(value)) is not one of \(Self.render(.array(allowed)))"))
        }
        if let constant = keywords["const"], constant != value {
            failures.append(Failure(path: path, message: "\(Self.render(value)) is not \(Self.render(constant))"))
        }

        switch value {
        case .object(let members):
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil {
                    failures.append(Failure(path: path, message: "missing required property \"\(name)\""))
                }
            }
            var declared: [String: JSON] = [:]
            if case .object(let properties)? = keywords["properties"] { declared = properties }
            let additional = keywords["additionalProperties"]
            for name in members.keys.sorted() {
                let member = members[name]!
                let memberPath = path + "/" + escape(name)
                if let sub = declared[name] {
                    evaluate(member, against: sub, at: memberPath, depth: depth, into: &failures)
                } else if let additional {
                    if case .bool(false) = additional {
                        failures.append(Failure(path: memberPath, message: "property \"\(name)\" is not allowed"))
                    } else {
                        evaluate(member, against: additional, at: memberPath, depth: depth, into: &failures)
                    }
                }
            }
        case .array(let elements):
            if case .number(let minimum)? = keywords["minItems"], Double(elements.count) < minimum {
                failures.append(Failure(path: path, message: "expected at least \(Self.render(.number(minimum))) items, found \(elements.count)"))
            }
            if let items = keywords["items"] {
                for (i, element) in elements.enumerated() {
                    evaluate(element, against: items, at: path + "/\(i)", depth: depth, into: &failures)
                }
            }
        case .string(let s):
            if case .string(let pattern)? = keywords["pattern"], let regex = try? NSRegularExpression(pattern: pattern) {
                let range = NSRange(s.startIndex..<s.endIndex, in: s)
                if regex.firstMatch(in: s, options: [], range: range) == nil {
                    failures.append(Failure(path: path, message: "\(Self.render(value)) does not match pattern \(pattern)"))
                }
            }
        case .number(let n):
            if case .number(let minimum)? = keywords["minimum"], n < minimum {
                failures.append(Failure(path: path, message: "\(Self.render(value)) is less than the minimum \(Self.render(.number(minimum)))"))
            }
        case .null, .bool:
            break
        }

        if case .array(let branches)? = keywords["allOf"] {
            for branch in branches {
                evaluate(value, against: branch, at: path, depth: depth, into: &failures)
            }
        }
        if case .array(let branches)? = keywords["anyOf"] {
            let results = branches.map { branchFailures(value, $0, path, depth) }
            if !results.contains(where: \.isEmpty) {
                report(noMatchOf: "anyOf", branches: branches, results: results, value: value, path: path, into: &failures)
            }
        }
        if case .array(let branches)? = keywords["oneOf"] {
            let results = branches.map { branchFailures(value, $0, path, depth) }
            let passing = results.indices.filter { results[$0].isEmpty }
            if passing.isEmpty {
                report(noMatchOf: "oneOf", branches: branches, results: results, value: value, path: path, into: &failures)
            } else if passing.count > 1 {
                failures.append(Failure(path: path, message: "matches \(passing.count) oneOf alternatives (\(passing.map(String.init).joined(separator: ", "))), expected exactly one"))
            }
        }
        if let condition = keywords["if"] {
            if branchFailures(value, condition, path, depth).isEmpty {
                if let then = keywords["then"] { evaluate(value, against: then, at: path, depth: depth, into: &failures) }
            } else if let otherwise = keywords["else"] {
                evaluate(value, against: otherwise, at: path, depth: depth, into: &failures)
            }
        }
    }

    private func branchFailures(_ value: JSON, _ schema: JSON, _ path: String, _ depth: Int) -> [Failure] {
        var out: [Failure] = []
        evaluate(value, against: schema, at: path, depth: depth, into: &out)
        return out
    }

    /// Reports a failed `anyOf`/`oneOf`. Alternatives whose `type` already excludes the value
    /// (e.g. the `null` half of a nullable `$ref`) are left out when another one got further,
    /// and a single remaining alternative has its errors reported as they are.
    private func report(noMatchOf keyword: String, branches: [JSON], results: [[Failure]], value: JSON, path: String, into failures: inout [Failure]) {
        let relevant = branches.indices.filter { typeAllows(value, branches[$0], depth: 0) }
        if relevant.count == 1 {
            failures.append(contentsOf: results[relevant[0]])
            return
        }
        let shown = relevant.isEmpty ? Array(branches.indices) : relevant
        let details = shown.map { i in
            "[\(i)] " + results[i].map { "\(displayPath($0.path)): \($0.message)" }.joined(separator: "; ")
        }
        failures.append(Failure(path: path, message: "\(Self.describe(value)) matches none of the \(keyword) alternatives: " + details.joined(separator: " | ")))
    }

    /// Whether the `type` of `schema` (following `$ref`s) admits `value`; true when unconstrained.
    private func typeAllows(_ value: JSON, _ schema: JSON, depth: Int) -> Bool {
        guard case .object(let keywords) = schema else { return schema != .bool(false) }
        if let type = keywords["type"], !Self.matchesType(value, type) { return false }
        if depth < Self.maxReferenceDepth, case .string(let reference)? = keywords["$ref"],
           let target = Self.resolve(reference, in: self.schema) {
            return typeAllows(value, target, depth: depth + 1)
        }
        return true
    }

    private static func matchesType(_ value: JSON, _ type: JSON) -> Bool {
        switch type {
        case .string(let name): return matches(value, typeName: name)
        case .array(let names):
            return names.contains { if case .string(let n) = $0 { return matches(value, typeName: n) } else { return false } }
        default: return true
        }
    }

    private static func matches(_ value: JSON, typeName: String) -> Bool {
        switch (typeName, value) {
        case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("number", .number), ("string", .string):
            return true
        case ("integer", .number(let n)):
            return n.isFinite && n.rounded(.towardZero) == n
        default:
            return false
        }
    }

    // MARK: - Rendering

    private static func typeList(_ type: JSON) -> String {
        switch type {
        case .string(let s): return s
        case .array(let a): return a.map { if case .string(let s) = $0 { return s } else { return render($0) } }.joined(separator: " or ")
        default: return render(type)
        }
    }

    private static func describe(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .number(let n): return (n.isFinite && n.rounded(.towardZero) == n ? "integer " : "number ") + render(value)
        case .string: return "string \(render(value))"
        case .array(let a): return "array of \(a.count) items"
        case .object: return "object"
        }
    }

    static func render(_ value: JSON) -> String {
        let full: String
        switch value {
        case .null: full = "null"
        case .bool(let b): full = b ? "true" : "false"
        case .number(let n):
            if n.isFinite, n.rounded(.towardZero) == n, abs(n) < 1e15 { full = String(Int64(n)) } else { full = String(n) }
        case .string(let s):
            let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            full = "\"\(escaped)\""
        case .array(let a): full = "[" + a.map(render).joined(separator: ", ") + "]"
        case .object(let o): full = "{" + o.keys.sorted().map { "\"\($0)\": " + render(o[$0]!) }.joined(separator: ", ") + "}"
        }
        return full.count > 200 ? String(full.prefix(197)) + "…" : full
    }
}

/// RFC 6901 escaping of one reference token.
private func escape(_ token: String) -> String {
    token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}

private func displayPath(_ pointer: String) -> String {
    pointer.isEmpty ? "(root)" : pointer
}
