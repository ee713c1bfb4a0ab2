import Testing
@testable import HDRProbeManifests

/// RFC 3986 §5.2 reference resolution as RFC 8216 §4.1 uses it for playlist URIs. Remote
/// expectations are the "normal examples" of RFC 3986 §5.4.1 with base `http://a/b/c/d;p?q`.
@Suite struct HLSResourceLocationTests {
    static let base = HLSResourceLocation.remote("http://a/b/c/d;p?q")

    @Test("RFC 3986 §5.4.1 normal examples", arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("g?y", "http://a/b/c/g?y"), ("g#s", "http://a/b/c/g"), ("g;x?y#s", "http://a/b/c/g;x?y"),
        ("", "error"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
        ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"),
    ])
    func rfcExamples(_ reference: String, _ expected: String) {
        let resolved = try? Self.base.resolve(reference)
        #expect(resolved?.description ?? "error" == expected, "\(reference)")
    }

    @Test func localReferences() throws {
        let master = try HLSResourceLocation(argument: "/lib/show/master.m3u8")
        #expect(try master.resolve("v1/prog.m3u8") == .file("/lib/show/v1/prog.m3u8"))
        #expect(try master.resolve("../other/p.m3u8") == .file("/lib/other/p.m3u8"))
        #expect(try master.resolve("/abs/p.m3u8") == .file("/abs/p.m3u8"))
        #expect(try master.resolve("my%20seg.m4s?token=1") == .file("/lib/show/my seg.m4s"))
        let relative = try HLSResourceLocation(argument: "master.m3u8")
        #expect(try relative.resolve("a/b.m3u8") == .file("a/b.m3u8"))
        #expect(try relative.resolve("../up.m3u8") == .file("../up.m3u8"))
        #expect(try master.resolve("https://cdn.example/x.m3u8") == .remote("https://cdn.example/x.m3u8"))
        #expect(try HLSResourceLocation(argument: "file:///tmp/a%20b.m3u8") == .file("/tmp/a b.m3u8"))
    }

    @Test func foreignSchemesAreRefused() {
        for text in ["concat:a|b", "pipe:0", "data:text/plain,x", "ftp://h/x", "subfile:x"] {
            #expect(throws: HLSResourceLocation.ResolutionError.self) { try HLSResourceLocation(argument: text) }
            #expect(throws: HLSResourceLocation.ResolutionError.self) { try Self.base.resolve(text) }
        }
    }

    @Test func byteRanges() {
        #expect(HLSByteRange("720@0") == HLSByteRange(length: 720, offset: 0))
        #expect(HLSByteRange("1024") == HLSByteRange(length: 1024, offset: nil))
        for bad in ["", "@5", "5@", "-1@0", "1.5@0", "12@3@4", "99999999999999999999"] {
            #expect(HLSByteRange(bad) == nil, "\(bad)")
        }
    }
}
