#if FFmpeg
import Foundation
import Testing

// `docs/report.schema.json` against hand-written reports that follow the report contract, checked by
// Python `jsonschema` (``ReportSchema``): what the schema accepts, what it requires, and that each
// contract violation is caught at the right place.

private func schemaTestParse(_ json: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
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
  "probe": { "bytesRead": 1048576, "analysisMs": 12.5, "framesScanned": 120 }
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

@Suite("report schema", .enabled(if: ReportSchema.enabled, "\(ReportSchema.missing)"))
struct ReportSchemaDocumentTests {
    static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ReportSchema.url)) as? [String: Any])
    }

    @Test("is a Draft 2020-12 schema that jsonschema accepts (check_schema)")
    func schemaIsUsable() throws {
        #expect(try Self.schema()["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(try ReportSchema.errors(of: schemaTestParse(sampleErrorReport)) == [])
    }

    /// Every `properties` member below `node` without a non-empty `description`, as JSON pointers.
    static func undescribed(_ node: Any, _ pointer: String) -> [String] {
        if let array = node as? [Any] {
            return array.enumerated().flatMap { undescribed($0.element, pointer + "/\($0.offset)") }
        }
        guard let members = node as? [String: Any] else { return [] }
        var found: [String] = []
        for (name, sub) in members["properties"] as? [String: Any] ?? [:] {
            let description = (sub as? [String: Any])?["description"] as? String ?? ""
            if description.isEmpty { found.append(pointer + "/properties/" + name) }
        }
        return found + members.flatMap { undescribed($0.value, pointer + "/" + $0.key) }
    }

    @Test("every property has a description")
    func everyPropertyIsDescribed() throws {
        #expect(Self.undescribed(try Self.schema(), "").sorted() == [])
    }

    @Test("declares every stable key of the contract as required")
    func contractKeysAreRequired() throws {
        let schema = try Self.schema()
        func required(_ pointer: String) -> Set<String> {
            var node: Any = schema
            for token in pointer.split(separator: "/") { node = (node as? [String: Any])?[String(token)] ?? [:] }
            return Set((node as? [String: Any])?["required"] as? [String] ?? [])
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
        #expect(try ReportSchema.errors(of: schemaTestParse(sampleOkReport)) == [])
    }

    @Test("accepts the error sample")
    func acceptsErrorReport() throws {
        #expect(try ReportSchema.errors(of: schemaTestParse(sampleErrorReport)) == [])
    }

    @Test("describes one element of the printed array")
    func acceptsEachElementOfArray() throws {
        let array = try #require(try schemaTestParse("[\(sampleOkReport), \(sampleErrorReport)]") as? [Any])
        #expect(array.count == 2)
        let answers = try ReportSchema.errors(array + [array])
        #expect(answers[0] == [] && answers[1] == [])
        #expect(!answers[2].isEmpty)
    }

    @Test("accepts every error, finding and verdict code the contract names")
    func acceptsContractCodes() throws {
        let ok = try schemaTestParse(sampleOkReport), err = try schemaTestParse(sampleErrorReport)
        let errorCodes = ["io.notFound", "io.empty", "container.unrecognized", "container.truncated", "probe.timeout"]
        let findingCodes = ["dv.rpuWithoutConfiguration", "dv.configurationWithoutRpu", "dv.profileMismatch", "dv.refused",
                            "hdr10.missingMasteringDisplay", "hdr10.missingContentLightLevel", "color.containerBitstreamMismatch",
                            "hls.sampleEntryInBand", "frameRate.nonStandard", "frameRate.variable"]
        let verdictCodes = ["dv.accepted", "dv.dualLayer", "dv.sdrBase", "dv.invalidCompatibility", "dv.unsupportedProfile"]
        let reports = errorCodes.map { schemaTestSetting(err, ["error", "code"], to: $0) }
            + findingCodes.map { schemaTestSetting(ok, ["findings", "0", "code"], to: $0) }
            + verdictCodes.map { schemaTestSetting(ok, ["streams", "0", "dolbyVision", "verdict", "code"], to: $0) }
        let answers = try ReportSchema.errors(reports)
        for (code, errors) in zip(errorCodes + findingCodes + verdictCodes, answers) { #expect(errors == [], "\(code)") }
    }

    @Test("accepts contract-conforming variations")
    func acceptsVariations() throws {
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
        let answers = try ReportSchema.errors(variations.map(\.1))
        for ((name, _), errors) in zip(variations, answers) { #expect(errors == [], "\(name)") }
    }

    @Test("reports one precise error per mistake")
    func preciseErrors() throws {
        let ok = try schemaTestParse(sampleOkReport)
        let answers = try ReportSchema.errors([
            schemaTestSetting(ok, ["streams", "0", "hdr", "videoRangeType"], to: "HDR11"),
            schemaTestSetting(ok, ["streams", "0", "frameRate", "value"], to: "23.976"),
            schemaTestSetting(ok, ["streams", "0", "hdr"], to: nil),
            schemaTestSetting(try schemaTestParse(sampleErrorReport), ["error"], to: nil),
        ])
        #expect(answers[0] == [
            #"/streams/0/hdr/videoRangeType: 'HDR11' is not one of ['SDR', 'HDR10', 'HDR10Plus', 'HLG', 'DOVI', 'DOVIWithHDR10', 'DOVIWithHDR10Plus', 'DOVIWithHLG', 'DOVIWithSDR', 'DOVIWithEL', 'DOVIWithELHDR10Plus', 'DOVIInvalid']"#,
        ])
        #expect(answers[1] == [#"/streams/0/frameRate/value: '23.976' is not of type 'number', 'null'"#])
        #expect(answers[2] == [#"/streams/0: 'hdr' is a required property"#])
        #expect(answers[3] == [#"(root): 'error' is a required property"#])
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
        Mutation(name: "missing schemaVersion", errorReport: false, path: ["schemaVersion"], json: nil, expect: #"(root): 'schemaVersion' is a required property"#),
        Mutation(name: "schemaVersion 2", errorReport: false, path: ["schemaVersion"], json: "2", expect: "/schemaVersion"),
        Mutation(name: "status maybe", errorReport: false, path: ["status"], json: #""maybe""#, expect: #"/status: 'maybe' is not one of"#),
        Mutation(name: "videoRangeType HDR11", errorReport: false, path: ["streams", "0", "hdr", "videoRangeType"], json: #""HDR11""#, expect: "/streams/0/hdr/videoRangeType"),
        Mutation(name: "error report without error", errorReport: true, path: ["error"], json: nil, expect: #"(root): 'error' is a required property"#),
        Mutation(name: "error report with null error", errorReport: true, path: ["error"], json: "null", expect: "/error"),
        Mutation(name: "error code not dotted", errorReport: true, path: ["error", "code"], json: #""notFound""#, expect: "/error/code"),
        Mutation(name: "ok report with an error", errorReport: false, path: ["error"], json: #"{"code": "io.empty", "message": "x"}"#, expect: "/error"),
        Mutation(name: "ok report with unknown container", errorReport: false, path: ["container", "format"], json: "null", expect: "/container/format"),
        Mutation(name: "video stream without hdr", errorReport: false, path: ["streams", "0", "hdr"], json: nil, expect: #"/streams/0: 'hdr' is a required property"#),
        Mutation(name: "video stream with null hdr", errorReport: false, path: ["streams", "0", "hdr"], json: "null", expect: "/streams/0/hdr"),
        Mutation(name: "frameRate.value as string", errorReport: false, path: ["streams", "0", "frameRate", "value"], json: #""23.976""#, expect: #"/streams/0/frameRate/value: '23.976' is not of type 'number', 'null'"#),
        Mutation(name: "frameRate.variable as 0", errorReport: false, path: ["streams", "0", "frameRate", "variable"], json: "0", expect: "/streams/0/frameRate/variable"),
        Mutation(name: "width as boolean", errorReport: false, path: ["streams", "0", "width"], json: "true", expect: #"/streams/0/width: True is not of type 'integer', 'null'"#),
        Mutation(name: "fractional level", errorReport: false, path: ["streams", "0", "level"], json: "153.5", expect: "/streams/0/level"),
        Mutation(name: "missing dolbyVision on audio", errorReport: false, path: ["streams", "1", "dolbyVision"], json: nil, expect: #"/streams/1: 'dolbyVision' is a required property"#),
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
        Mutation(name: "missing findings", errorReport: true, path: ["findings"], json: nil, expect: #"(root): 'findings' is a required property"#),
    ]

    /// Every mutated report checked in one jsonschema run, in the order of ``mutations``.
    static let mutationErrors: Result<[[String]], any Error> = Result {
        try ReportSchema.errors(mutations.map { m in
            let base = try schemaTestParse(m.errorReport ? sampleErrorReport : sampleOkReport)
            return schemaTestSetting(base, m.path[...], to: try m.json.map(schemaTestParse))
        })
    }

    @Test("rejects mutated reports", arguments: mutations.indices)
    func rejectsMutation(_ index: Int) throws {
        let errors = try Self.mutationErrors.get()[index]
        #expect(!errors.isEmpty, "\(Self.mutations[index].name)")
        #expect(errors.contains { $0.contains(Self.mutations[index].expect) }, "\(Self.mutations[index].name): \(errors)")
    }
}
#endif
