#if FFmpeg
import Foundation
import Testing

/// Code comments cite the project's own rules (`docs/rules/<topic>.md` §N, anchor `#sN`), never the
/// session notes outside the repository. Each cited section must exist as an anchor in its file.
@Suite struct RulesCitationTests {
    static let root = TestPaths.packageRoot

    /// `docs/rules/<topic>.md` followed by a chain of sections: `§5, §9–§13`, `§4 and §5`, `§4 + §5`.
    static var citation: Regex<(Substring, Substring, Substring)> { #/docs/rules/([a-z0-9-]+)\.md`?((?:(?: §|, §|–§| and §| \+ §|/§)[0-9]+(?:\.[0-9]+)*)*)/# }

    static func files(under folder: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { ["swift", "yaml"].contains($0.pathExtension) }
    }

    static func anchors(of topic: String) -> Set<String>? {
        let url = root.appendingPathComponent("docs/rules/\(topic).md")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return Set(text.matches(of: #/<a id="s([0-9.]+)"></a>/#).map { String($0.output.1) })
    }

    /// Every (topic, section) cited in a text; a citation without a section is (topic, nil).
    static func citations(in text: String) -> [(topic: String, section: String?)] {
        // Swift Regex is slow: only the lines that name a rules file are matched.
        let lines = text.split(separator: "\n").filter { $0.contains("docs/rules/") }.joined(separator: "\n")
        return lines.matches(of: citation).flatMap { match -> [(topic: String, section: String?)] in
            let topic = String(match.output.1)
            let sections = match.output.2.matches(of: #/§([0-9]+(?:\.[0-9]+)*)/#).map { String($0.output.1) }
            return sections.isEmpty ? [(topic, nil)] : sections.map { (topic, $0) }
        }
    }

    @Test func sourcesDoNotReferToTheSessionNotes() throws {
        for file in Self.files(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("shared/"), "\(file.lastPathComponent) refers to ../shared")
        }
    }

    @Test func everyCitedSectionExists() throws {
        var checked = 0
        for file in Self.files(under: "Sources") + Self.files(under: "Tests") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (topic, section) in Self.citations(in: text) {
                let anchors = Self.anchors(of: topic)
                #expect(anchors != nil, "\(file.lastPathComponent) cites docs/rules/\(topic).md, which does not exist")
                if let section, let anchors {
                    checked += 1
                    #expect(anchors.contains(section), "\(file.lastPathComponent) cites docs/rules/\(topic).md §\(section)")
                }
            }
        }
        #expect(checked > 200, "only \(checked) section citations found: the citation pattern no longer matches the comments")
    }

    @Test func theCheckerSeesAChainOfSections() {
        let found = Self.citations(in: "(`docs/rules/hls-signalling.md` §5, §9–§13) and docs/rules/devices.md")
        #expect(found.map(\.section) == ["5", "9", "13", nil])
    }
}
#endif
