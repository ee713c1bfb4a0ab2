#if FFmpeg
import Foundation
import Testing
@testable import HDRProbeConfig
@testable import HDRProbeCheck
@testable import HDRProbeEngine

/// The policy and device-catalogue loaders report what they found on disk as typed
/// ``ConfigFileFailure`` values; each file here is broken one way (missing, a directory, over
/// ``ConfigNode/maxBytes``, not UTF-8, a key the format does not know) and the expected value
/// follows from how it was broken. The sentences are pinned once in `ConfigFileFailureTextTests`.
@Suite struct ConfigFileFailureTests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-config-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let url = dir.appendingPathComponent(name)
        FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
        return url.path
    }

    @Test func policyFileFailures() {
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("none.yaml").path
        #expect(throws: ConfigFileFailure.policyNotFound(path: missing)) { try PolicyLoader.load(missing) }
        #expect(throws: ConfigFileFailure.policyIsDirectory(path: dir.path)) { try PolicyLoader.load(dir.path) }
        let big = file("big.yaml", [UInt8](repeating: 0x20, count: ConfigNode.maxBytes + 1))
        #expect(throws: ConfigFileFailure.policyTooLarge(path: big)) { try PolicyLoader.load(big) }
        let latin1 = file("latin1.yaml", [0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xE9])   // "name: é" in Latin-1
        #expect(throws: ConfigFileFailure.policyNotUTF8(path: latin1)) { try PolicyLoader.load(latin1) }
        let typo = file("typo.yaml", Array("dolbyvision: {}\n".utf8))
        do {
            _ = try PolicyLoader.load(typo)
            Issue.record("a policy with an unknown key loaded")
        } catch {
            guard case let .invalid(path, configError) = error else { Issue.record("\(error)"); return }
            #expect(path == typo && configError.path == "dolbyvision" && configError.line == 1)
        }
    }

    @Test func targetsFileFailures() {
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("none.yaml").path
        #expect(throws: ConfigFileFailure.catalogueNotFound(path: missing)) { try DeviceCatalogLoader.load(userFile: missing) }
        let big = file("big.yaml", [UInt8](repeating: 0x20, count: ConfigNode.maxBytes + 1))
        #expect(throws: ConfigFileFailure.catalogueTooLarge(path: big)) { try DeviceCatalogLoader.load(userFile: big) }
        let latin1 = file("latin1.yaml", [0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xE9])
        #expect(throws: ConfigFileFailure.catalogueNotUTF8(path: latin1)) { try DeviceCatalogLoader.load(userFile: latin1) }
    }
}
#endif
