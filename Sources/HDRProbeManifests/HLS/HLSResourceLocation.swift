/// Where an HLS resource (a playlist, an init section, a segment) lives: a local file or an
/// `http(s)` URL. URI lines and `URI=` attributes are resolved against the playlist that holds
/// them as RFC 8216 §4.1 asks ("relative URIs are considered relative to the URI of the Playlist
/// that contains it"), with RFC 3986 §5.2 reference resolution: scheme-relative `//host/…`,
/// absolute-path `/…` and relative references, dot segments removed (§5.2.4), the fragment
/// dropped. Local references are percent-decoded (`a%20b.m4s` → `a b.m4s`) and lose their query.
/// Any scheme other than `http`, `https` and `file` is refused: hdrprobe never hands a playlist's
/// URI to a protocol it did not choose (`concat:`, `pipe:`, `data:` …).
package enum HLSResourceLocation: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    case file(String)
    case remote(String)

    package enum ResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
        case unsupportedScheme(String)
        case empty

        package var description: String {
            switch self {
            case let .unsupportedScheme(s): return "URI scheme '\(s):' is not supported (only http, https and local files)"
            case .empty: return "empty URI"
            }
        }
    }

    /// A location given on the command line: an `http(s)://` or `file://` URL, else a path.
    package init(argument text: String) throws(ResolutionError) {
        guard !text.isEmpty else { throw .empty }
        if let scheme = Self.scheme(of: text) {
            switch scheme.lowercased() {
            case "http", "https": self = .remote(Self.dropFragment(text))
            case "file": self = .file(Self.percentDecoded(Self.pathOfFileURL(text)))
            default:
                // A Windows-style drive letter or an odd file name: treat one-letter schemes as paths.
                guard scheme.count == 1 else { throw .unsupportedScheme(scheme) }
                self = .file(text)
            }
        } else {
            self = .file(text)
        }
    }

    package var description: String {
        switch self {
        case let .file(p): return p
        case let .remote(u): return u
        }
    }

    package var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }

    /// The last path component (for naming), without query.
    package var lastComponent: String {
        let text = description
        let path = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Resolves `reference` (a URI line or `URI=` value) against this location.
    package func resolve(_ reference: String) throws(ResolutionError) -> HLSResourceLocation {
        let ref = Self.dropFragment(reference.trimmingSpaces)
        guard !ref.isEmpty else { throw .empty }
        if let scheme = Self.scheme(of: ref), scheme.count > 1 {
            return try HLSResourceLocation(argument: ref)
        }
        switch self {
        case let .file(base):
            let local = Self.percentDecoded(Self.dropQuery(ref))
            if local.hasPrefix("/") { return .file(Self.removeDotSegments(local)) }
            let directory = base.contains("/") ? String(base[...base.lastIndex(of: "/")!]) : ""
            return .file(Self.removeDotSegments(directory + local))
        case let .remote(base):
            guard let schemeEnd = base.range(of: "://") else { return .remote(ref) }
            let scheme = String(base[..<schemeEnd.lowerBound])
            let afterScheme = base[schemeEnd.upperBound...]
            let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? afterScheme.endIndex
            let authority = String(afterScheme[..<authorityEnd])
            if ref.hasPrefix("//") { return .remote(scheme + ":" + ref) }
            let (refPath, refQuery) = Self.splitQuery(ref)
            if refPath.hasPrefix("/") {
                return .remote(scheme + "://" + authority + Self.removeDotSegments(refPath) + refQuery)
            }
            let basePath = Self.splitQuery(String(afterScheme[authorityEnd...])).path
            let directory = basePath.contains("/") ? String(basePath[...basePath.lastIndex(of: "/")!]) : "/"
            if refPath.isEmpty { return .remote(scheme + "://" + authority + basePath + refQuery) }
            return .remote(scheme + "://" + authority + Self.removeDotSegments(directory + refPath) + refQuery)
        }
    }

    // MARK: - RFC 3986 pieces

    /// `scheme ":"` when the text starts with one (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
    package static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
              candidate.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(candidate)
    }

    package static func dropFragment(_ text: String) -> String {
        text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }

    package static func dropQuery(_ text: String) -> String { splitQuery(text).path }

    package static func splitQuery(_ text: String) -> (path: String, query: String) {
        guard let q = text.firstIndex(of: "?") else { return (text, "") }
        return (String(text[..<q]), String(text[q...]))
    }

    /// RFC 3986 §5.2.4, on a path alone. Leading `..` of a relative local path are kept.
    package static func removeDotSegments(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var out: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            let isLast = i == parts.count - 1
            switch part {
            case ".":
                if isLast { out.append("") }
            case "..":
                if let last = out.last, last != "..", !(last.isEmpty && out.count == 1 && absolute) {
                    out.removeLast()
                } else if !absolute {
                    out.append("..")
                }
                if isLast { out.append("") }
            default:
                out.append(part)
            }
        }
        var joined = out.joined(separator: "/")
        if absolute && !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }

    package static func pathOfFileURL(_ text: String) -> String {
        var rest = String(text.dropFirst("file:".count))
        if rest.hasPrefix("//") {
            rest.removeFirst(2)
            // file://host/path: the host part (usually empty or localhost) is dropped.
            if let slash = rest.firstIndex(of: "/") { rest = String(rest[slash...]) } else { rest = "/" }
        }
        return dropQuery(rest)
    }

    /// `%XX` decoding; invalid escapes are kept as written.
    package static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case 48...57: return b - 48
            case 65...70: return b - 55
            case 97...102: return b - 87
            default: return nil
            }
        }
        while i < utf8.count {
            if utf8[i] == 37, i + 2 < utf8.count, let h = hex(utf8[i + 1]), let l = hex(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
