/// Which file names `hdrprobe scan` treats as media without looking inside (`--all-files` also
/// sniffs the content of the others), and the byte order paths are sorted in.
package enum MediaFileTypes {
    /// Lower-case extensions of the containers and elementary streams the engine opens.
    package static let extensions: Set<String> = [
        "mp4", "m4v", "mov", "3gp", "mkv", "mk3d", "webm", "ts", "m2ts", "mts", "m2t", "trp", "tsv",
        "hevc", "h265", "265", "h264", "264", "avc", "av1", "obu", "ivf", "mxf",
    ]

    package static func hasMediaExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Byte order of the UTF-8 paths: the stable order of `scan --sorted`, `merge` and `check`,
    /// the same on every machine and locale.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
