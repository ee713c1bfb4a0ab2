import Foundation
import Testing

// Tests of the test-support JSON Schema validator, and of `docs/report.schema.json` against
// hand-written reports that follow the report contract.

// MARK: - Helpers

private func schemaTestParse(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
}

private func schemaTestValidator(_ schema: String) throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schemaData: Data(schema.utf8))
}

/// Errors for `instance` (JSON text) under `schema` (JSON text).
private func schemaTestErrors(_ schema: String, _ instance: String) throws -> [String] {
    try schemaTestValidator(schema).validate(schemaTestParse(instance))
}

private func schemaTestAccepts(_ schema: String, _ instance: String) throws -> Bool {
    try schemaTestErrors(schema, instance).isEmpty
}

/// The package root: this file is <root>/Tests/HDRProbeEngineTests/Support/JSONSchemaValidatorTests.swift.
private let schemaTestPackageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent() // Support
    .deletingLastPathComponent() // HDRProbeEngineTests
    .deletingLastPathComponent() // Tests
    .deletingLastPathComponent() // package root

private let reportSchemaURL = schemaTestPackageRoot.appendingPathComponent("docs/report.schema.json")

private func reportSchemaValidator() throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schemaData: Data(contentsOf: reportSchemaURL))
}

/// Returns `root` with the value at `path` replaced by `newValue`, or removed when it is nil.
private func schemaTestSetting(_ root: Any, _ path: ArraySlice<String>, to newValue: Any?) -> Any {
    guard let key = path.first else { return newValue ?? NSNull() }
    if var dictionary = root as? [String: Any] {
        if path.count == 1 {
            dictionary[key] = newValue
        } else {
            dictionary[key] = schemaTestSetting(dictionary[key] ?? NSNull(), path.dropFirst(), to: newValue)
        }
        return dictionary
    }
    if var array = root as? [Any], let index = Int(key), array.indices.contains(index) {
        if path.count == 1 {
            if let newValue { array[index] = newValue } else { array.remove(at: index) }
        } else {
            array[index] = schemaTestSetting(array[index], path.dropFirst(), to: newValue)
        }
        return array
    }
    Issue.record("no value at \(path.joined(separator: "/"))")
    return root
}

// MARK: - Sample reports (schema version 1)

private let sampleOkReport = #"""
{
  "schemaVersion": 1,
  "tool": { "name": "hdrprobe", "version": "0.1.0", "libavformat": "59.27.100" },
  "path": "Corpus/dv81.mp4",
  "status": "ok",
  "error": null,
  "container": { "format": "mp4", "brands": ["isom", "iso6", "dby1", "mp41"] },
  "streams": [
    {
      "index": 0,
      "kind": "video",
      "codec": "hevc",
      "sampleEntry": "hvc1",
      "encryption": null,
      "profile": "Main 10",
      "level": 153,
      "width": 3840,
      "height": 2160,
      "bitDepth": 10,
      "chromaSubsampling": "4:2:0",
      "color": {
        "primaries": "bt2020", "transfer": "smpte2084", "matrix": "bt2020nc", "range": "tv",
        "transferCharacteristics": 16, "source": "both"
      },
      "frameRate": { "value": 23.976, "rational": "24000/1001", "snapped": 23.976, "variable": false },
      "hdr": {
        "videoRangeType": "DOVIWithHDR10",
        "formats": ["DolbyVision", "HDR10"],
        "masteringDisplay": {
          "redX": 0.708, "redY": 0.292, "greenX": 0.17, "greenY": 0.797,
          "blueX": 0.131, "blueY": 0.046, "whiteX": 0.3127, "whiteY": 0.329,
          "minLuminance": 0.0001, "maxLuminance": 1000, "source": "container"
        },
        "contentLightLevel": { "maxCLL": 1000, "maxFALL": 400, "source": "bitstream" },
        "alternativeTransfer": null,
        "hdr10Plus": { "present": false, "profile": null, "framesWithMetadata": 0, "framesScanned": 120 }
      },
      "dolbyVision": {
        "configuration": {
          "versionMajor": 1, "versionMinor": 0, "profile": 8, "level": 6,
          "rpuPresent": true, "elPresent": false, "blPresent": true,
          "compatibilityId": 1, "mdCompression": 0, "box": "dvvC"
        },
        "rpu": {
          "present": true, "profile": 8, "enhancementLayer": null, "cmVersion": "4.0",
          "framesWithRpu": 120, "framesScanned": 120
        },
        "enhancementLayerNALs": false,
        "profile": "8.1",
        "verdict": {
          "decision": "accept", "code": "dv.accepted",
          "reason": "Profile 8.1 has an HDR10-compatible base layer and is accepted.",
          "fallback": "HDR10"
        }
      },
      "hls": {
        "codecs": "hvc1.2.4.L153.B0,mp4a.40.2",
        "supplementalCodecs": "dvh1.08.06/db1p",
        "videoRange": "PQ",
        "frameRate": "23.976",
        "resolution": "3840x2160",
        "sampleEntry": "hvc1",
        "streamInf": "#EXT-X-STREAM-INF:BANDWIDTH=16000000,CODECS=\"hvc1.2.4.L153.B0,mp4a.40.2\",SUPPLEMENTAL-CODECS=\"dvh1.08.06/db1p\",VIDEO-RANGE=PQ,FRAME-RATE=23.976,RESOLUTION=3840x2160"
      }
    },
    {
      "index": 1,
      "kind": "audio",
      "codec": "aac",
      "sampleEntry": "mp4a",
      "encryption": null,
      "profile": "LC",
      "level": null,
      "width": null,
      "height": null,
      "bitDepth": null,
      "chromaSubsampling": null,
      "color": {
        "primaries": null, "transfer": null, "matrix": null, "range": null,
        "transferCharacteristics": null, "source": null
      },
      "frameRate": null,
      "hdr": null,
      "dolbyVision": null,
      "hls": null,
      "language": "eng"
    }
  ],
  "findings": [
    { "code": "hdr10.missingContentLightLevel", "severity": "info", "message": "No MaxCLL/MaxFALL in the container.", "stream": 0 },
    { "code": "frameRate.nonStandard", "severity": "warning", "message": "An example finding about the whole file.", "stream": null }
  ],
  "probe": { "bytesRead": 1048576, "durationMs": 12.5, "framesScanned": 120 }
}
"""#

private let sampleErrorReport = #"""
{
  "schemaVersion": 1,
  "tool": { "name": "hdrprobe", "version": "0.1.0-dev+abc123", "libavformat": "61.7.100" },
  "path": "missing.mkv",
  "status": "error",
  "error": { "code": "io.notFound", "message": "No such file: missing.mkv" },
  "container": { "format": null, "brands": [] },
  "streams": [],
  "findings": []
}
"""#

// MARK: - Validator: values from JSONSerialization and Swift

@Suite("JSONSchemaValidator values")
struct JSONSchemaValidatorValueTests {
    @Test("JSONSerialization booleans and numbers are told apart")
    func serializationBooleansAndNumbers() throws {
        let parsed = try #require(try schemaTestParse("[true, false, 1, 0, 1.5, 1.0, -3, 12345678901234567890]") as? [Any])
        let values = parsed.map(JSONSchemaValidator.json(from:))
        #expect(values == [.bool(true), .bool(false), .number(1), .number(0), .number(1.5), .number(1), .number(-3), .number(Double(UInt64(12345678901234567890)))])
    }

    @Test("native Swift values convert")
    func nativeValues() {
        let optionalNil: Int? = nil
        let native: [String: Any] = [
            "b": true, "i": 1, "d": 2.5, "s": "x", "i64": Int64(7), "u8": UInt8(1),
            "a": [false, 0] as [Any], "n": NSNull(), "o": optionalNil as Any,
            "nsTrue": NSNumber(value: true), "nsOne": NSNumber(value: 1), "nsInt8": NSNumber(value: Int8(1)),
        ]
        let expected: JSONSchemaValidator.JSON = .object([
            "b": .bool(true), "i": .number(1), "d": .number(2.5), "s": .string("x"), "i64": .number(7), "u8": .number(1),
            "a": .array([.bool(false), .number(0)]), "n": .null, "o": .null,
            "nsTrue": .bool(true), "nsOne": .number(1), "nsInt8": .number(1),
        ])
        #expect(JSONSchemaValidator.json(from: native) == expected)
    }

    @Test("a non-JSON value is reported, not crashed on")
    func nonJSONValue() throws {
        let errors = try schemaTestValidator("{}").validate(Date())
        #expect(errors.count == 1)
    }
}

// MARK: - Validator: keywords

@Suite("JSONSchemaValidator keywords")
struct JSONSchemaValidatorKeywordTests {
    @Test func typeSingle() throws {
        #expect(try schemaTestAccepts(#"{"type": "string"}"#, #""x""#))
        #expect(try !schemaTestAccepts(#"{"type": "string"}"#, "1"))
        #expect(try schemaTestAccepts(#"{"type": "object"}"#, "{}"))
        #expect(try !schemaTestAccepts(#"{"type": "object"}"#, "[]"))
        #expect(try schemaTestAccepts(#"{"type": "array"}"#, "[]"))
        #expect(try !schemaTestAccepts(#"{"type": "array"}"#, "{}"))
        #expect(try schemaTestAccepts(#"{"type": "null"}"#, "null"))
        #expect(try !schemaTestAccepts(#"{"type": "null"}"#, "0"))
        #expect(try schemaTestAccepts(#"{"type": "number"}"#, "1.5"))
        #expect(try schemaTestAccepts(#"{"type": "number"}"#, "2"))
        #expect(try !schemaTestAccepts(#"{"type": "number"}"#, #""2""#))
    }

    @Test func typeArray() throws {
        let schema = #"{"type": ["integer", "null"]}"#
        #expect(try schemaTestAccepts(schema, "3"))
        #expect(try schemaTestAccepts(schema, "null"))
        #expect(try !schemaTestAccepts(schema, #""3""#))
        #expect(try schemaTestErrors(schema, "1.5") == ["(root): expected integer or null, found number 1.5"])
    }

    @Test("integer: whole numbers only, never booleans")
    func typeInteger() throws {
        let schema = #"{"type": "integer"}"#
        #expect(try schemaTestAccepts(schema, "3"))
        #expect(try schemaTestAccepts(schema, "3.0"))
        #expect(try schemaTestAccepts(schema, "-7"))
        #expect(try !schemaTestAccepts(schema, "3.5"))
        #expect(try !schemaTestAccepts(schema, "true"))
        #expect(try !schemaTestAccepts(schema, "false"))
        #expect(try schemaTestValidator(schema).validate(1).isEmpty)
        #expect(try !schemaTestValidator(schema).validate(true).isEmpty)
        #expect(try !schemaTestValidator(schema).validate(NSNumber(value: true)).isEmpty)
    }

    @Test("boolean: booleans only, never 0 or 1")
    func typeBoolean() throws {
        let schema = #"{"type": "boolean"}"#
        #expect(try schemaTestAccepts(schema, "true"))
        #expect(try schemaTestAccepts(schema, "false"))
        #expect(try !schemaTestAccepts(schema, "1"))
        #expect(try !schemaTestAccepts(schema, "0"))
        #expect(try schemaTestValidator(schema).validate(false).isEmpty)
        #expect(try !schemaTestValidator(schema).validate(NSNumber(value: 1)).isEmpty)
        #expect(try !schemaTestValidator(schema).validate(0).isEmpty)
        #expect(try !schemaTestAccepts(#"{"type": "number"}"#, "true"))
    }

    @Test func properties() throws {
        let schema = #"{"properties": {"a": {"type": "integer"}, "b": {"type": "string"}}}"#
        #expect(try schemaTestAccepts(schema, #"{"a": 1, "b": "x", "c": null}"#))
        #expect(try schemaTestAccepts(schema, "{}"))
        #expect(try schemaTestAccepts(schema, "[1]")) // properties only constrains objects
        #expect(try schemaTestErrors(schema, #"{"a": "1", "b": 2}"#) == ["/a: expected integer, found string \"1\"", "/b: expected string, found integer 2"])
    }

    @Test func required() throws {
        let schema = #"{"type": "object", "required": ["a", "b"]}"#
        #expect(try schemaTestAccepts(schema, #"{"a": null, "b": 0}"#))
        #expect(try schemaTestErrors(schema, #"{"a": 1}"#) == [#"(root): missing required property "b""#])
    }

    @Test func additionalPropertiesFalse() throws {
        let schema = #"{"properties": {"a": {}}, "additionalProperties": false}"#
        #expect(try schemaTestAccepts(schema, #"{"a": 1}"#))
        #expect(try schemaTestErrors(schema, #"{"a": 1, "z": 2}"#) == [#"/z: property "z" is not allowed"#])
    }

    @Test func additionalPropertiesSchema() throws {
        let schema = #"{"properties": {"a": {}}, "additionalProperties": {"type": "string"}}"#
        #expect(try schemaTestAccepts(schema, #"{"a": 1, "z": "s"}"#))
        #expect(try !schemaTestAccepts(schema, #"{"a": 1, "z": 2}"#))
        #expect(try schemaTestAccepts(#"{"additionalProperties": true}"#, #"{"z": 2}"#))
    }

    @Test func items() throws {
        let schema = #"{"type": "array", "items": {"type": "string"}}"#
        #expect(try schemaTestAccepts(schema, #"["a", "b"]"#))
        #expect(try schemaTestAccepts(schema, "[]"))
        #expect(try schemaTestErrors(schema, #"["a", 2]"#) == ["/1: expected string, found integer 2"])
    }

    @Test func minItems() throws {
        let schema = #"{"type": "array", "minItems": 2}"#
        #expect(try schemaTestAccepts(schema, "[1, 2]"))
        #expect(try schemaTestErrors(schema, "[1]") == ["(root): expected at least 2 items, found 1"])
    }

    @Test func enumKeyword() throws {
        let schema = #"{"enum": ["a", 1, null, {"k": [true]}]}"#
        #expect(try schemaTestAccepts(schema, #""a""#))
        #expect(try schemaTestAccepts(schema, "1.0")) // JSON numbers compare by value
        #expect(try schemaTestAccepts(schema, "null"))
        #expect(try schemaTestAccepts(schema, #"{"k": [true]}"#))
        #expect(try !schemaTestAccepts(schema, #""b""#))
        #expect(try !schemaTestAccepts(schema, "true")) // true is not 1
        #expect(try !schemaTestAccepts(schema, #"{"k": [1]}"#))
        #expect(try schemaTestErrors(#"{"enum": ["ok", "error"]}"#, #""maybe""#) == [#"(root): "maybe" is not one of ["ok", "error"]"#])
    }

    @Test func constKeyword() throws {
        #expect(try schemaTestAccepts(#"{"const": 1}"#, "1"))
        #expect(try !schemaTestAccepts(#"{"const": 1}"#, "2"))
        #expect(try !schemaTestAccepts(#"{"const": 1}"#, "true"))
        #expect(try !schemaTestAccepts(#"{"const": false}"#, "0"))
        #expect(try schemaTestAccepts(#"{"const": "hdrprobe"}"#, #""hdrprobe""#))
        #expect(try schemaTestErrors(#"{"const": "hdrprobe"}"#, #""ffprobe""#) == [#"(root): "ffprobe" is not "hdrprobe""#])
    }

    @Test func pattern() throws {
        let anchored = #"{"type": "string", "pattern": "^\\d+\\.\\d+\\.\\d+$"}"#
        #expect(try schemaTestAccepts(anchored, #""59.27.100""#))
        #expect(try !schemaTestAccepts(anchored, #""59.27""#))
        #expect(try !schemaTestAccepts(anchored, #""v59.27.100""#))
        // Unanchored patterns search, as the specification says.
        #expect(try schemaTestAccepts(#"{"pattern": "b+"}"#, #""abbc""#))
        #expect(try !schemaTestAccepts(#"{"pattern": "b+"}"#, #""ac""#))
        #expect(try schemaTestAccepts(#"{"pattern": "b+"}"#, "12")) // pattern only constrains strings
    }

    @Test func minimum() throws {
        let schema = #"{"minimum": 0}"#
        #expect(try schemaTestAccepts(schema, "0"))
        #expect(try schemaTestAccepts(schema, "0.5"))
        #expect(try schemaTestAccepts(schema, #""-1""#))
        #expect(try schemaTestErrors(schema, "-1") == ["(root): -1 is less than the minimum 0"])
        #expect(try !schemaTestAccepts(#"{"minimum": 1.5}"#, "1.25"))
    }

    @Test func oneOf() throws {
        let schema = #"{"oneOf": [{"type": "integer"}, {"minimum": 10}]}"#
        #expect(try schemaTestAccepts(schema, "3"))     // only the first
        #expect(try schemaTestAccepts(schema, "10.5"))  // only the second
        #expect(try !schemaTestAccepts(schema, "12"))   // both
        #expect(try !schemaTestAccepts(schema, "2.5"))  // neither
        #expect(try schemaTestErrors(schema, "12") == ["(root): matches 2 oneOf alternatives (0, 1), expected exactly one"])
    }

    @Test func anyOf() throws {
        let schema = #"{"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}"#
        #expect(try schemaTestAccepts(schema, #""s""#))
        #expect(try schemaTestAccepts(schema, "4"))
        #expect(try !schemaTestAccepts(schema, "-4"))
        #expect(try !schemaTestAccepts(schema, "null"))
        // Only the alternative whose type fits is explained.
        #expect(try schemaTestErrors(schema, "-4") == ["(root): -4 is less than the minimum 0"])
    }

    @Test func allOf() throws {
        let schema = #"{"allOf": [{"type": "integer"}, {"minimum": 1}]}"#
        #expect(try schemaTestAccepts(schema, "2"))
        #expect(try schemaTestErrors(schema, "0") == ["(root): 0 is less than the minimum 1"])
        #expect(try schemaTestErrors(schema, "0.5").count == 2)
    }

    @Test func ifThenElse() throws {
        let schema = #"""
        {"if": {"properties": {"status": {"const": "error"}}, "required": ["status"]},
         "then": {"required": ["error"]},
         "else": {"properties": {"error": {"type": "null"}}}}
        """#
        #expect(try schemaTestAccepts(schema, #"{"status": "error", "error": {}}"#))
        #expect(try schemaTestErrors(schema, #"{"status": "error"}"#) == [#"(root): missing required property "error""#])
        #expect(try schemaTestAccepts(schema, #"{"status": "ok", "error": null}"#))
        #expect(try schemaTestErrors(schema, #"{"status": "ok", "error": 1}"#) == ["/error: expected null, found integer 1"])
        #expect(try schemaTestAccepts(#"{"if": {"type": "string"}, "then": {"minItems": 1}}"#, "7")) // then without else
    }

    @Test func refAndDefs() throws {
        let schema = #"""
        {"type": "object",
         "properties": {"a": {"$ref": "#/$defs/Positive"}, "b": {"$ref": "#/$defs/Pair", "description": "x"},
                        "c": {"$ref": "#/$defs/a~1b"}},
         "$defs": {"Positive": {"type": "integer", "minimum": 1},
                   "Pair": {"type": "array", "items": {"$ref": "#/$defs/Positive"}, "minItems": 2},
                   "a/b": {"const": "slash"}}}
        """#
        #expect(try schemaTestAccepts(schema, #"{"a": 1, "b": [1, 2], "c": "slash"}"#))
        #expect(try schemaTestErrors(schema, #"{"a": 0}"#) == ["/a: 0 is less than the minimum 1"])
        #expect(try schemaTestErrors(schema, #"{"b": [1, 0]}"#) == ["/b/1: 0 is less than the minimum 1"])
        #expect(try !schemaTestAccepts(schema, #"{"c": "other"}"#))
        // Siblings of $ref are evaluated too (draft 2020-12).
        let siblings = ##"{"$ref": "#/$defs/I", "minimum": 5, "$defs": {"I": {"type": "integer"}}}"##
        #expect(try schemaTestAccepts(siblings, "6"))
        #expect(try !schemaTestAccepts(siblings, "4"))
        #expect(try !schemaTestAccepts(siblings, "5.5"))
    }

    @Test func recursiveRef() throws {
        let schema = ##"{"$defs": {"Node": {"type": "object", "properties": {"next": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Node"}]}}, "required": ["next"]}}, "$ref": "#/$defs/Node"}"##
        #expect(try schemaTestAccepts(schema, #"{"next": {"next": {"next": null}}}"#))
        #expect(try schemaTestErrors(schema, #"{"next": {"next": {}}}"#) == [#"/next/next: missing required property "next""#])
    }

    @Test func booleanSchemas() throws {
        #expect(try schemaTestAccepts("true", "1"))
        #expect(try !schemaTestAccepts("false", "1"))
        #expect(try !schemaTestAccepts(#"{"properties": {"x": false}}"#, #"{"x": 1}"#))
    }

    @Test("error paths are JSON pointers, escaped per RFC 6901")
    func pointerPaths() throws {
        let schema = #"{"properties": {"a/b": {"items": {"properties": {"m~n": {"type": "string"}}}}}}"#
        #expect(try schemaTestErrors(schema, #"{"a/b": [{"m~n": "ok"}, {"m~n": 1}]}"#) == ["/a~1b/1/m~0n: expected string, found integer 1"])
    }

    @Test("nested anyOf failures keep the inner path")
    func nullableRefMessage() throws {
        let schema = ##"{"properties": {"hdr": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/H"}]}}, "$defs": {"H": {"type": "object", "properties": {"v": {"enum": ["SDR"]}}}}}"##
        #expect(try schemaTestAccepts(schema, #"{"hdr": null}"#))
        #expect(try schemaTestErrors(schema, #"{"hdr": {"v": "HDR11"}}"#) == [#"/hdr/v: "HDR11" is not one of ["SDR"]"#])
        #expect(try schemaTestErrors(schema, #"{"hdr": 3}"#).count == 1)
    }

    @Test("metadata keywords are ignored, other unknown keywords are listed")
    func unknownKeywords() throws {
        let v = try schemaTestValidator(#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "t", "description": "d", "$comment": "c", "examples": [1], "default": 1, "properties": {"s": {"maxLength": 1, "description": "d"}}}"#)
        #expect(v.unsupportedKeywords == ["/properties/s/maxLength"])
        #expect(v.validate(try schemaTestParse(#"{"s": "longer than one"}"#)).isEmpty) // ignored, not checked
    }

    @Test("invalid schemas are refused")
    func invalidSchemas() {
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator("{") }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator("1") }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"pattern": "("}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(##"{"$ref": "#/$defs/Missing"}"##) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"$ref": "other.json#/x"}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"type": "int"}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"anyOf": []}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"properties": {"a": 3}}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"required": [1]}"#) }
        #expect(throws: JSONSchemaValidator.SchemaError.self) { try schemaTestValidator(#"{"minItems": -1}"#) }
    }
}

// MARK: - docs/report.schema.json

@Suite("report schema")
struct ReportSchemaDocumentTests {
    @Test("is valid JSON with only keywords the validator checks")
    func schemaIsUsable() throws {
        let data = try Data(contentsOf: reportSchemaURL)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let v = try JSONSchemaValidator(schemaData: data)
        #expect(v.unsupportedKeywords == [])
    }

    @Test("every property has a description")
    func everyPropertyIsDescribed() throws {
        let v = try reportSchemaValidator()
        var undescribed: [String] = []
        func walk(_ node: JSONSchemaValidator.JSON, _ pointer: String) {
            switch node {
            case .object(let members):
                if case .object(let properties)? = members["properties"] {
                    for (name, sub) in properties {
                        guard case .object(let keywords) = sub, case .string(let d)? = keywords["description"], !d.isEmpty else {
                            undescribed.append(pointer + "/properties/" + name)
                            continue
                        }
                    }
                }
                for (key, sub) in members { walk(sub, pointer + "/" + key) }
            case .array(let elements):
                for (i, sub) in elements.enumerated() { walk(sub, pointer + "/\(i)") }
            default:
                break
            }
        }
        walk(v.schema, "")
        #expect(undescribed.sorted() == [])
    }

    @Test("declares every stable key of the contract as required")
    func contractKeysAreRequired() throws {
        let v = try reportSchemaValidator()
        func required(_ pointer: String) -> Set<String> {
            var node = v.schema
            for token in pointer.split(separator: "/") {
                guard case .object(let o) = node, let next = o[String(token)] else { return [] }
                node = next
            }
            guard case .object(let o) = node, case .array(let names)? = o["required"] else { return [] }
            return Set(names.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
        }
        #expect(required("") == ["schemaVersion", "tool", "path", "status", "error", "container", "streams", "findings"])
        #expect(required("$defs/Stream") == ["index", "kind", "codec", "sampleEntry", "encryption", "profile", "level", "width", "height",
                                            "bitDepth", "chromaSubsampling", "color", "frameRate", "dolbyVision", "hls"])
        #expect(required("$defs/Stream/then") == ["hdr"])
        #expect(required("$defs/Hdr") == ["videoRangeType", "formats", "masteringDisplay", "contentLightLevel", "alternativeTransfer", "hdr10Plus"])
        #expect(required("$defs/DolbyVision") == ["configuration", "rpu", "enhancementLayerNALs", "profile", "verdict"])
        #expect(required("$defs/Hls") == ["codecs", "supplementalCodecs", "videoRange", "frameRate", "resolution", "sampleEntry", "streamInf"])
        #expect(required("$defs/Finding") == ["code", "severity", "message", "stream"])
    }

    @Test("accepts the ok sample (HEVC Dolby Vision 8.1 + AAC)")
    func acceptsOkReport() throws {
        #expect(try reportSchemaValidator().validate(schemaTestParse(sampleOkReport)) == [])
    }

    @Test("accepts the error sample")
    func acceptsErrorReport() throws {
        #expect(try reportSchemaValidator().validate(schemaTestParse(sampleErrorReport)) == [])
    }

    @Test("describes one element of the printed array")
    func acceptsEachElementOfArray() throws {
        let v = try reportSchemaValidator()
        let array = try #require(try schemaTestParse("[\(sampleOkReport), \(sampleErrorReport)]") as? [Any])
        #expect(array.count == 2)
        for element in array { #expect(v.validate(element) == []) }
        #expect(!v.validate(array).isEmpty)
    }

    @Test("accepts every error and finding code the contract names")
    func acceptsContractCodes() throws {
        let v = try reportSchemaValidator()
        for code in ["io.notFound", "io.empty", "container.unrecognized", "container.truncated", "probe.timeout"] {
            let report = schemaTestSetting(try schemaTestParse(sampleErrorReport), ["error", "code"], to: code)
            #expect(v.validate(report) == [], "error code \(code)")
        }
        let findingCodes = ["dv.rpuWithoutConfiguration", "dv.configurationWithoutRpu", "dv.profileMismatch", "dv.refused",
                            "hdr10.missingMasteringDisplay", "hdr10.missingContentLightLevel", "color.containerBitstreamMismatch",
                            "hls.sampleEntryInBand", "frameRate.nonStandard", "frameRate.variable"]
        for code in findingCodes {
            let report = schemaTestSetting(try schemaTestParse(sampleOkReport), ["findings", "0", "code"], to: code)
            #expect(v.validate(report) == [], "finding code \(code)")
        }
        for code in ["dv.accepted", "dv.dualLayer", "dv.sdrBase", "dv.invalidCompatibility", "dv.unsupportedProfile"] {
            let report = schemaTestSetting(try schemaTestParse(sampleOkReport), ["streams", "0", "dolbyVision", "verdict", "code"], to: code)
            #expect(v.validate(report) == [], "verdict code \(code)")
        }
    }

    @Test("accepts contract-conforming variations")
    func acceptsVariations() throws {
        let v = try reportSchemaValidator()
        let ok = try schemaTestParse(sampleOkReport)
        let err = try schemaTestParse(sampleErrorReport)
        let variations: [(String, Any)] = [
            ("no probe object", schemaTestSetting(ok, ["probe"], to: nil)),
            ("non-video stream without hdr", schemaTestSetting(ok, ["streams", "1", "hdr"], to: nil)),
            ("no Dolby Vision", schemaTestSetting(ok, ["streams", "0", "dolbyVision"], to: NSNull())),
            ("no configuration record", schemaTestSetting(ok, ["streams", "0", "dolbyVision", "configuration"], to: NSNull())),
            ("unknown frame rate", schemaTestSetting(ok, ["streams", "0", "frameRate", "value"], to: NSNull())),
            ("integral frame rate", schemaTestSetting(ok, ["streams", "0", "frameRate", "value"], to: 24)),
            ("null colour source", schemaTestSetting(ok, ["streams", "0", "color", "source"], to: NSNull())),
            ("HDR10+ profile B", schemaTestSetting(ok, ["streams", "0", "hdr", "hdr10Plus", "profile"], to: "B")),
            ("extra top-level key", schemaTestSetting(ok, ["extra"], to: ["anything": [1, 2]])),
            ("null probe framesScanned", schemaTestSetting(ok, ["probe", "framesScanned"], to: NSNull())),
            ("unknown container in error report", schemaTestSetting(err, ["container"], to: NSNull())),
        ]
        for (name, report) in variations {
            #expect(v.validate(report) == [], "\(name)")
        }
    }

    @Test("reports one precise error per mistake")
    func preciseErrors() throws {
        let v = try reportSchemaValidator()
        let ok = try schemaTestParse(sampleOkReport)
        #expect(v.validate(schemaTestSetting(ok, ["streams", "0", "hdr", "videoRangeType"], to: "HDR11")) == [
            #"/streams/0/hdr/videoRangeType: "HDR11" is not one of ["SDR", "HDR10", "HDR10Plus", "HLG", "DOVI", "DOVIWithHDR10", "DOVIWithHDR10Plus", "DOVIWithHLG", "DOVIWithSDR", "DOVIWithEL", "DOVIWithELHDR10Plus", "DOVIInvalid"]"#,
        ])
        #expect(v.validate(schemaTestSetting(ok, ["streams", "0", "frameRate", "value"], to: "23.976")) == [
            #"/streams/0/frameRate/value: expected number or null, found string "23.976""#,
        ])
        #expect(v.validate(schemaTestSetting(ok, ["streams", "0", "hdr"], to: nil)) == [
            #"/streams/0: missing required property "hdr""#,
        ])
        #expect(v.validate(schemaTestSetting(try schemaTestParse(sampleErrorReport), ["error"], to: nil)) == [
            #"(root): missing required property "error""#,
        ])
    }

    struct Mutation: Sendable, CustomTestStringConvertible {
        let name: String
        let errorReport: Bool
        let path: [String]
        /// JSON text of the new value, or nil to remove the key.
        let json: String?
        /// A fragment the error list must contain (usually the JSON pointer).
        let expect: String
        var testDescription: String { name }
    }

    static let mutations: [Mutation] = [
        Mutation(name: "missing schemaVersion", errorReport: false, path: ["schemaVersion"], json: nil, expect: #"(root): missing required property "schemaVersion""#),
        Mutation(name: "schemaVersion 2", errorReport: false, path: ["schemaVersion"], json: "2", expect: "/schemaVersion"),
        Mutation(name: "status maybe", errorReport: false, path: ["status"], json: #""maybe""#, expect: #"/status: "maybe" is not one of"#),
        Mutation(name: "videoRangeType HDR11", errorReport: false, path: ["streams", "0", "hdr", "videoRangeType"], json: #""HDR11""#, expect: "/streams/0/hdr/videoRangeType"),
        Mutation(name: "error report without error", errorReport: true, path: ["error"], json: nil, expect: #"missing required property "error""#),
        Mutation(name: "error report with null error", errorReport: true, path: ["error"], json: "null", expect: "/error"),
        Mutation(name: "error code not dotted", errorReport: true, path: ["error", "code"], json: #""notFound""#, expect: "/error/code"),
        Mutation(name: "ok report with an error", errorReport: false, path: ["error"], json: #"{"code": "io.empty", "message": "x"}"#, expect: "/error"),
        Mutation(name: "ok report with unknown container", errorReport: false, path: ["container", "format"], json: "null", expect: "/container/format"),
        Mutation(name: "video stream without hdr", errorReport: false, path: ["streams", "0", "hdr"], json: nil, expect: #"/streams/0: missing required property "hdr""#),
        Mutation(name: "video stream with null hdr", errorReport: false, path: ["streams", "0", "hdr"], json: "null", expect: "/streams/0/hdr"),
        Mutation(name: "frameRate.value as string", errorReport: false, path: ["streams", "0", "frameRate", "value"], json: #""23.976""#, expect: "/streams/0/frameRate/value: expected number or null"),
        Mutation(name: "frameRate.variable as 0", errorReport: false, path: ["streams", "0", "frameRate", "variable"], json: "0", expect: "/streams/0/frameRate/variable"),
        Mutation(name: "width as boolean", errorReport: false, path: ["streams", "0", "width"], json: "true", expect: "/streams/0/width: expected integer or null, found boolean"),
        Mutation(name: "fractional level", errorReport: false, path: ["streams", "0", "level"], json: "153.5", expect: "/streams/0/level"),
        Mutation(name: "missing dolbyVision on audio", errorReport: false, path: ["streams", "1", "dolbyVision"], json: nil, expect: #"/streams/1: missing required property "dolbyVision""#),
        Mutation(name: "hls on audio", errorReport: false, path: ["streams", "1", "hls"], json: #"{"codecs": "mp4a.40.2"}"#, expect: "/streams/1/hls"),
        Mutation(name: "kind unknown", errorReport: false, path: ["streams", "1", "kind"], json: #""music""#, expect: "/streams/1/kind"),
        Mutation(name: "formats HDR12", errorReport: false, path: ["streams", "0", "hdr", "formats", "1"], json: #""HDR12""#, expect: "/streams/0/hdr/formats/1"),
        Mutation(name: "configuration box moov", errorReport: false, path: ["streams", "0", "dolbyVision", "configuration", "box"], json: #""moov""#, expect: "/streams/0/dolbyVision/configuration/box"),
        Mutation(name: "cmVersion as number", errorReport: false, path: ["streams", "0", "dolbyVision", "rpu", "cmVersion"], json: "4.0", expect: "/streams/0/dolbyVision/rpu/cmVersion"),
        Mutation(name: "verdict maybe", errorReport: false, path: ["streams", "0", "dolbyVision", "verdict", "decision"], json: #""maybe""#, expect: "/streams/0/dolbyVision/verdict/decision"),
        Mutation(name: "fallback HDR10+", errorReport: false, path: ["streams", "0", "dolbyVision", "verdict", "fallback"], json: #""HDR10+""#, expect: "/streams/0/dolbyVision/verdict/fallback"),
        Mutation(name: "hls videoRange HDR", errorReport: false, path: ["streams", "0", "hls", "videoRange"], json: #""HDR""#, expect: "/streams/0/hls/videoRange"),
        Mutation(name: "mastering display source both", errorReport: false, path: ["streams", "0", "hdr", "masteringDisplay", "source"], json: #""both""#, expect: "/streams/0/hdr/masteringDisplay/source"),
        Mutation(name: "finding severity fatal", errorReport: false, path: ["findings", "0", "severity"], json: #""fatal""#, expect: "/findings/0/severity"),
        Mutation(name: "finding code without dot", errorReport: false, path: ["findings", "0", "code"], json: #""refused""#, expect: "/findings/0/code"),
        Mutation(name: "tool name", errorReport: false, path: ["tool", "name"], json: #""ffprobe""#, expect: "/tool/name"),
        Mutation(name: "tool version not semver", errorReport: false, path: ["tool", "version"], json: #""1.0""#, expect: "/tool/version"),
        Mutation(name: "libavformat not x.y.z", errorReport: false, path: ["tool", "libavformat"], json: #""59.27""#, expect: "/tool/libavformat"),
        Mutation(name: "negative probe bytesRead", errorReport: false, path: ["probe", "bytesRead"], json: "-1", expect: "/probe/bytesRead"),
        Mutation(name: "missing findings", errorReport: true, path: ["findings"], json: nil, expect: #"missing required property "findings""#),
    ]

    @Test("rejects mutated reports", arguments: mutations)
    func rejectsMutation(_ mutation: Mutation) throws {
        let base = try schemaTestParse(mutation.errorReport ? sampleErrorReport : sampleOkReport)
        let newValue = try mutation.json.map(schemaTestParse)
        let mutated = schemaTestSetting(base, mutation.path[...], to: newValue)
        let errors = try reportSchemaValidator().validate(mutated)
        #expect(!errors.isEmpty)
        #expect(errors.contains { $0.contains(mutation.expect) }, "\(errors)")
    }
}
