import Testing
@testable import HDRProbeCheck

/// Glob semantics as docs/check.md states them (gitignore-like: a pattern without `/` matches the
/// file name at any depth, `**` spans folders, a trailing `/` takes a whole folder).
@Suite struct GlobPatternTests {
    struct Case: Sendable, CustomStringConvertible {
        let pattern: String, path: String, matches: Bool
        var description: String { "\(pattern) ~ \(path)" }
    }

    static let cases: [Case] = [
        Case(pattern: "*.mkv", path: "a.mkv", matches: true),
        Case(pattern: "*.mkv", path: "movies/2024/a.mkv", matches: true),
        Case(pattern: "*.mkv", path: "a.mkv.part", matches: false),
        Case(pattern: "movies/*.mkv", path: "movies/a.mkv", matches: true),
        Case(pattern: "movies/*.mkv", path: "movies/x/a.mkv", matches: false),
        Case(pattern: "movies/**/*.mkv", path: "movies/a.mkv", matches: true),
        Case(pattern: "movies/**/*.mkv", path: "movies/x/y/a.mkv", matches: true),
        Case(pattern: "**/trailers/**", path: "a/trailers/b/c.mp4", matches: true),
        Case(pattern: "**/trailers/**", path: "trailers/c.mp4", matches: true),
        Case(pattern: "extras/", path: "extras/deleted/a.mkv", matches: true),
        Case(pattern: "extras/", path: "main/extras.mkv", matches: false),
        Case(pattern: "/top.mkv", path: "top.mkv", matches: true),
        Case(pattern: "/top.mkv", path: "sub/top.mkv", matches: false),
        Case(pattern: "*.{mkv,mp4}", path: "x/a.mp4", matches: true),
        Case(pattern: "*.{mkv,mp4}", path: "x/a.ts", matches: false),
        Case(pattern: "ep?.ts", path: "ep1.ts", matches: true),
        Case(pattern: "ep?.ts", path: "ep10.ts", matches: false),
        Case(pattern: "ep[0-4].ts", path: "ep3.ts", matches: true),
        Case(pattern: "ep[!0-4].ts", path: "ep3.ts", matches: false),
        Case(pattern: "ep[!0-4].ts", path: "ep7.ts", matches: true),
        Case(pattern: "a\\*b.mkv", path: "a*b.mkv", matches: true),
        Case(pattern: "a\\*b.mkv", path: "axb.mkv", matches: false),
        Case(pattern: "*", path: "deep/er/file", matches: true),
        Case(pattern: "**", path: "any/thing.mkv", matches: true),
        Case(pattern: "a*b*c", path: "aXbYbZc", matches: true),
        Case(pattern: "a*b*c", path: "aXbYbZ", matches: false),
        Case(pattern: "Movies/*.MKV", path: "Movies/a.mkv", matches: false),
    ]

    @Test(arguments: cases)
    func matching(_ c: Case) throws {
        #expect(try GlobPattern(c.pattern).matches(c.path) == c.matches)
    }

    @Test(arguments: ["", "[abc", "a{b,c", "a}b", "x\\"])
    func syntaxErrors(_ pattern: String) {
        #expect(throws: GlobPattern.SyntaxError.self) { try GlobPattern(pattern) }
    }
}
