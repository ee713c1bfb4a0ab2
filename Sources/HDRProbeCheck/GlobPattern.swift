/// A path glob from a check policy (`include`, `exclude`, `overrides[].paths`), matched against
/// a file's path relative to its scan root, with `/` separators:
/// - `*` any characters but `/`; `?` one character but `/`; `[abc]`, `[a-z]`, `[!a-z]` one of a set;
///   `{mkv,mp4}` alternatives; `\` escapes the next character;
/// - `**` as a whole segment matches zero or more folders (`extras/**`, `**/trailers/*.mkv`);
/// - a pattern without `/` matches the file name at any depth (`*.ts` is `**/*.ts`);
/// - a leading `/` anchors at the scan root; a trailing `/` matches everything under a folder.
/// Matching is case-sensitive.
package struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
    package let source: String
    private let alternatives: [[Segment]]

    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    package enum Segment: Sendable, Equatable {
        case anyDepth
        case tokens([Token])
    }

    package enum Token: Sendable, Equatable {
        case literal(Character)
        case star
        case question
        case set(negated: Bool, items: [ClosedRange<Character>])
    }

    package var description: String { source }

    package init(_ source: String) throws(SyntaxError) {
        guard !source.isEmpty else { throw SyntaxError(description: "an empty pattern matches nothing") }
        self.source = source
        var result: [[Segment]] = []
        for expanded in try Self.expandBraces(Array(source)) {
            var text = expanded
            var anchored = false
            if text.first == "/" { anchored = true; text.removeFirst() }
            if text.last == "/" { text.append(contentsOf: "**") }
            let parts = Self.split(text)
            if !anchored && parts.count == 1 { result.append([.anyDepth] + [try Self.segment(parts[0])]) } else {
                var segments: [Segment] = []
                for part in parts { segments.append(try Self.segment(part)) }
                result.append(segments)
            }
        }
        alternatives = result
    }

    package func matches(_ relativePath: String) -> Bool {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return alternatives.contains { Self.match($0[...], parts[...]) }
    }

    // MARK: matching

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyDepth:
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case .tokens(let tokens):
            guard let segment = path.first, matchSegment(tokens[...], segment[...]) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    private static func matchSegment(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Character>) -> Bool {
        // Iterative wildcard matching with one backtrack point for the last '*'.
        var t = tokens.startIndex, s = text.startIndex
        var starToken: Int? = nil, starText = text.startIndex
        while s < text.endIndex {
            if t < tokens.endIndex {
                switch tokens[t] {
                case .star:
                    starToken = t; starText = s; t += 1
                    continue
                case .question:
                    t += 1; s += 1
                    continue
                case .literal(let c) where c == text[s]:
                    t += 1; s += 1
                    continue
                case .set(let negated, let items) where items.contains(where: { $0.contains(text[s]) }) != negated:
                    t += 1; s += 1
                    continue
                default:
                    break
                }
            }
            guard let star = starToken else { return false }
            t = star + 1
            starText += 1
            s = starText
        }
        while t < tokens.endIndex, tokens[t] == .star { t += 1 }
        return t == tokens.endIndex
    }

    // MARK: parsing

    private static func split(_ text: [Character]) -> [[Character]] {
        var parts: [[Character]] = [[]]
        var escaped = false
        for c in text {
            if escaped { parts[parts.count - 1].append(c); escaped = false; continue }
            if c == "\\" { parts[parts.count - 1].append(c); escaped = true; continue }
            if c == "/" { parts.append([]) } else { parts[parts.count - 1].append(c) }
        }
        return parts.filter { !$0.isEmpty }
    }

    private static func segment(_ chars: [Character]) throws(SyntaxError) -> Segment {
        if chars == ["*", "*"] { return .anyDepth }
        var tokens: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\":
                guard i + 1 < chars.count else { throw SyntaxError(description: "a pattern cannot end with '\\'") }
                tokens.append(.literal(chars[i + 1])); i += 2
            case "*":
                if tokens.last != .star { tokens.append(.star) }
                i += 1
            case "?":
                tokens.append(.question); i += 1
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" { negated = true; j += 1 }
                var items: [ClosedRange<Character>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    let lower = chars[j]
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        let upper = chars[j + 2]
                        guard lower <= upper else { throw SyntaxError(description: "the range \(lower)-\(upper) is reversed") }
                        items.append(lower...upper); j += 3
                    } else {
                        items.append(lower...lower); j += 1
                    }
                }
                guard j < chars.count else { throw SyntaxError(description: "'[' without a closing ']'") }
                tokens.append(.set(negated: negated, items: items))
                i = j + 1
            default:
                tokens.append(.literal(c)); i += 1
            }
        }
        return .tokens(tokens)
    }

    /// `{a,b}` → alternatives (nested braces allowed, at most 64 expansions).
    private static func expandBraces(_ chars: [Character]) throws(SyntaxError) -> [[Character]] {
        var depth = 0, open: Int? = nil, escaped = false
        var commas: [Int] = []
        for (i, c) in chars.enumerated() {
            if escaped { escaped = false; continue }
            switch c {
            case "\\": escaped = true
            case "{":
                if depth == 0 { open = i; commas = [] }
                depth += 1
            case ",":
                if depth == 1 { commas.append(i) }
            case "}":
                guard depth > 0 else { throw SyntaxError(description: "'}' without an opening '{'") }
                depth -= 1
                if depth == 0, let o = open {
                    let prefix = Array(chars[..<o]), suffix = Array(chars[(i + 1)...])
                    let bounds = [o] + commas + [i]
                    var results: [[Character]] = []
                    for k in 0..<(bounds.count - 1) {
                        let option = Array(chars[(bounds[k] + 1)..<bounds[k + 1]])
                        results += try expandBraces(prefix + option + suffix)
                        guard results.count <= 64 else { throw SyntaxError(description: "too many {…} alternatives") }
                    }
                    return results
                }
            default: break
            }
        }
        guard depth == 0 else { throw SyntaxError(description: "'{' without a closing '}'") }
        return [chars]
    }
}
