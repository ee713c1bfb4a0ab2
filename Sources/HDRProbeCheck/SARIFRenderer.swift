import Foundation
import HDRProbeModel
import HDRProbeReport

/// `--format sarif` / `--sarif FILE`: a SARIF 2.1.0 log (OASIS), as GitHub code scanning and other
/// viewers read it: one rule per code (its fix as help), one result per item with the file as its
/// artifact location (a relative URI reference, or a `file:` URI for an absolute path).
/// Valid against the OASIS `sarif-schema-2.1.0.json` (checked by a test).
package enum SARIFRenderer {
    package struct Log: Encodable {
        package var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        package var version = "2.1.0"
        package var runs: [Run]
        package enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    package struct Run: Encodable {
        package var tool: Tool
        package var invocations: [Invocation]
        package var results: [Result]
    }
    package struct Tool: Encodable { var driver: Driver }
    package struct Driver: Encodable {
        package var name = "hdrprobe"
        package var version: String
        package var rules: [Rule]
    }
    package struct Rule: Encodable {
        package var id: String
        package var shortDescription: Text
        package var help: Text?
        package var defaultConfiguration: Configuration
    }
    package struct Configuration: Encodable { var level: String }
    package struct Text: Encodable { var text: String }
    package struct Invocation: Encodable {
        package var executionSuccessful: Bool
        package var properties: [String: String]
    }
    package struct Result: Encodable {
        package var ruleId: String
        package var ruleIndex: Int
        package var level: String
        package var message: Text
        package var locations: [Location]
    }
    package struct Location: Encodable { var physicalLocation: PhysicalLocation }
    package struct PhysicalLocation: Encodable {
        package var artifactLocation: ArtifactLocation
        /// The item's line (`dash --check`); absent for whole-file items.
        package var region: Region?
    }
    package struct Region: Encodable { var startLine: Int }
    package struct ArtifactLocation: Encodable { var uri: String }

    package static func level(_ s: Finding.Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    package static func render(_ report: CheckReport) throws -> String {
        try ReportEncoder.json(log(report)) + "\n"
    }

    package static func log(_ report: CheckReport) -> Log {
        let codes = report.codes
        let index = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, $0) })
        var defaultLevel: [FindingCode: Finding.Severity] = [:]
        for o in report.outcomes { for i in o.items { defaultLevel[i.code] = max(defaultLevel[i.code] ?? i.severity, i.severity) } }
        let rules = codes.map { code in
            Rule(id: code.rawValue, shortDescription: Text(text: "hdrprobe \(code.rawValue.hasPrefix("diff.") ? "change" : "finding") \(code)"),
                 help: code.fix.map(Text.init), defaultConfiguration: Configuration(level: level(defaultLevel[code] ?? .warning)))
        }
        var results: [Result] = []
        for o in report.outcomes {
            for item in o.items {
                let stream = item.stream.map { " (stream #\($0))" } ?? ""
                results.append(Result(ruleId: item.code.rawValue, ruleIndex: index[item.code] ?? 0, level: level(item.severity),
                                      message: Text(text: item.message + stream),
                                      locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri(o.path)),
                                                                                            region: item.line.map(Region.init)))]))
            }
        }
        let run = Run(tool: Tool(driver: Driver(version: report.toolVersion, rules: rules)),
                      invocations: [Invocation(executionSuccessful: true,
                                               properties: ["policy": report.policyName, "failOn": report.failOn.rawValue, "mode": report.mode.rawValue])],
                      results: results)
        return Log(runs: [run])
    }

    /// An RFC 3986 URI reference for a path: unreserved characters and `/` as they are, every
    /// other byte of the UTF-8 path percent-encoded; absolute paths become `file://` URIs.
    package static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
