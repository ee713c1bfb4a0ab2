#if FFmpeg
import Foundation
import Testing

/// The release build's link flags (scripts/release-flags.sh, docs/startup.md): position-independent
/// by default, a fixed address only when HDRPROBE_PIE=0 asks for it, never exported symbols.
@Suite struct ReleaseFlagsTests {
    static func flags(_ environment: [String: String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", TestPaths.packageRoot.appendingPathComponent("scripts/release-flags.sh").path]
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    #if os(Linux)
    @Test func positionIndependentByDefault() throws {
        let byDefault = try Self.flags(["HDRPROBE_PIE": ""]).split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(!byDefault.contains("-no-pie"))
        #expect(byDefault.contains("--no-export-dynamic"))
        let fixed = try Self.flags(["HDRPROBE_PIE": "0"])
        #expect(fixed.contains("-no-pie") && fixed.contains("--no-export-dynamic"))
        #expect(!(try Self.flags(["HDRPROBE_PIE": "1"])).contains("-no-pie"))
    }
    #endif
}
#endif
