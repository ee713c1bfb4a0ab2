#if FFmpeg
import Foundation
import HDRProbeCheck
@testable import HDRProbeScan
import Testing

/// What the walk takes and skips: extensions, sniffing (`--all-files`), hidden entries, the three
/// link policies, loops, and its order (the byte order of the paths).
@Suite struct LibraryWalkerTests {
    static func walk(_ root: String, _ options: WalkOptions = WalkOptions()) -> (files: [String], skipped: [String: Int]) {
        var files: [String] = [], skipped: [String: Int] = [:]
        LibraryWalker(roots: [root], options: options).walk(shouldStop: { false }) { event in
            switch event {
            case .file(let e): files.append(e.relativePath)
            case .failed(let e, _): files.append(e.relativePath)
            case .skipped(let reason): skipped[reason, default: 0] += 1
            }
        }
        return (files, skipped)
    }

    @Test func extensionsSniffingAndHidden() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("dv_p81.mkv", to: "a.MKV")
        try lib.copy("dv_p81.mkv", to: "no_extension")
        try lib.copy("hdr10_hevc.mp4", to: "movie.bin")
        try lib.write(Data("text".utf8), to: "notes.txt")
        try lib.copy("dv_p81.mkv", to: ".hidden.mkv")
        try lib.copy("dv_p81.mkv", to: ".folder/in.mkv")
        let plain = Self.walk(lib.path)
        #expect(plain.files == ["a.MKV"])
        #expect(plain.skipped["hidden"] == 2 && plain.skipped["notMedia"] == 3)
        let all = Self.walk(lib.path, WalkOptions(allFiles: true))
        #expect(all.files == ["a.MKV", "movie.bin", "no_extension"])
        let hidden = Self.walk(lib.path, WalkOptions(includeHidden: true))
        #expect(hidden.files == [".folder/in.mkv", ".hidden.mkv", "a.MKV"])
    }

    @Test func orderIsTheByteOrderOfPaths() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        for rel in ["b.mkv", "a/z.mkv", "a.mkv", "a-b.mkv", "A.mkv", "é.mkv", "a/b/c.mkv"] { try lib.copy("sdr_h264.mkv", to: rel) }
        let files = Self.walk(lib.path).files
        #expect(files == files.sorted(by: MediaFileTypes.precedes))
        #expect(files == ["A.mkv", "a-b.mkv", "a.mkv", "a/b/c.mkv", "a/z.mkv", "b.mkv", "é.mkv"])
    }

    @Test func linkPolicies() throws {
        let outside = try LibraryFixture()
        let lib = try LibraryFixture()
        defer { lib.remove(); outside.remove() }
        try outside.copy("sdr_h264.mkv", to: "elsewhere.mkv")
        try lib.copy("hdr10_hevc.mkv", to: "inside/real.mkv")
        try lib.link("out", to: outside.path)                       // a folder outside the root
        try lib.link("alias.mkv", to: "inside/real.mkv")            // a file inside
        try lib.link("inside/loop", to: "..")                       // a loop
        try lib.link("inside/again", to: "../inside")               // a second way into a folder
        // alias.mkv names a file inside the root: it is reported once, by its own path.
        let follow = Self.walk(lib.path)
        #expect(follow.files == ["inside/real.mkv", "out/elsewhere.mkv"])
        #expect(follow.skipped["symlinkLoop"] == 2 && follow.skipped["symlinkDuplicate"] == 1)
        let inside = Self.walk(lib.path, WalkOptions(symlinks: .inside))
        #expect(inside.files == ["inside/real.mkv"])
        #expect(inside.skipped["symlinkOutside"] == 1 && inside.skipped["symlinkDuplicate"] == 1)
        let never = Self.walk(lib.path, WalkOptions(symlinks: .never))
        #expect(never.files == ["inside/real.mkv"])
        #expect(never.skipped["symlink"] == 4)
    }

    @Test func rootsFilesAndMissingPaths() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "x/one.mkv")
        try lib.write(Data("x".utf8), to: "named.dat")
        var entries: [WalkEntry] = []
        LibraryWalker(roots: [lib.path + "/x/", lib.url("named.dat").path, lib.path + "/missing", lib.path + "/x"],
                      options: WalkOptions()).walk(shouldStop: { false }) { if case .file(let e) = $0 { entries.append(e) } }
        // A file named on the command line is taken whatever its name; a trailing slash and a
        // repeated root change nothing; a missing root is an entry (the probe says io.notFound).
        #expect(entries.map(\.path) == [lib.path + "/missing", lib.url("named.dat").path, lib.path + "/x/one.mkv"])
        #expect(entries.map(\.relativePath) == ["missing", "named.dat", "one.mkv"])
        #expect(entries[0].size == nil && entries[2].size != nil && entries[2].modified != nil)
    }

    @Test func overlappingRootsAreWalkedOnce() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("sdr_h264.mkv", to: "sub/one.mkv")
        let (files, skipped) = Self.walk(lib.path)
        var paths: [String] = []
        LibraryWalker(roots: [lib.path, lib.path + "/sub"], options: WalkOptions()).walk(shouldStop: { false }) {
            if case .file(let e) = $0 { paths.append(e.path) }
        }
        #expect(files == ["sub/one.mkv"] && skipped.isEmpty)
        #expect(paths == [lib.path + "/sub/one.mkv"])
    }
}
#endif
