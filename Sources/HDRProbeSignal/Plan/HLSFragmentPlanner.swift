import Foundation
import HDRProbeBytes
import HDRProbeModel
import HDRProbeManifests

/// What `hdrprobe hls FILE…` prints: a Multivariant Playlist fragment with one
/// `#EXT-X-STREAM-INF` per video file and, where the playback rules call for one, a fallback
/// variant, each preceded by comment lines that say why (`docs/rules/hls-signalling.md` §5.2,
/// §14; `docs/rules/apple-playback.md` §1.3, §2, §3).
///
/// Fallback variants: a Dolby Vision layer signalled in SUPPLEMENTAL-CODECS (8.1, 8.4, 10.1,
/// 10.4, a rewritten "8.x") gets a second variant with the same line minus SUPPLEMENTAL-CODECS
/// (AetherEngine's "reduced HDR master"), whose init section must not carry the Dolby Vision
/// record (`hvc1` + `dvvC` fails with -11868 on panels without Dolby Vision). Profile 5 and 10.0
/// have no compatible base and therefore no fallback; a refused profile is already signalled as
/// its base layer.
package enum HLSFragmentPlanner {
    package struct Entry: Sendable, Equatable, Codable {
        package enum Role: String, Sendable, Codable { case primary, fallback }
        package var file: String
        package var role: Role
        /// `#` comment lines (with the `# ` prefix) printed before the tag.
        package var comments: [String]
        package var streamInf: String
        package var uri: String

        package init(file: String, role: Role, comments: [String], streamInf: String, uri: String) {
            self.file = file
            self.role = role
            self.comments = comments
            self.streamInf = streamInf
            self.uri = uri
        }
    }

    /// A file that gave no variant, with the reason.
    package struct Skipped: Sendable, Equatable, Codable {
        package var file: String
        package var reason: String
    }

    package struct Fragment: Sendable, Equatable, Codable {
        package var entries: [Entry]
        package var skipped: [Skipped]

        /// The playlist text; `header` adds `#EXTM3U`, `#EXT-X-VERSION:7` and
        /// `#EXT-X-INDEPENDENT-SEGMENTS` (the master AetherEngine serves, `docs/rules/apple-playback.md` §3).
        package func render(header: Bool, generator: String) -> String {
            var lines: [String] = []
            if header {
                lines += ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
            }
            lines.append(HLSFragmentPlanner.comment("# \(generator)"))
            for s in skipped { lines.append(HLSFragmentPlanner.comment("# \(s.file): no variant — \(s.reason)")) }
            for e in entries {
                lines.append("")
                lines += e.comments.map(HLSFragmentPlanner.comment)
                lines.append(e.streamInf)
                lines.append(e.uri)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// `{name}` in `uriTemplate` is the file name without directory and extension; a fallback
    /// variant's name gets `_<range>base` appended (`dv_p81_hdr10base`).
    package static func fragment(reports: [ProbeReport], uriTemplate: String = "{name}/prog_index.m3u8") -> Fragment {
        var fragment = Fragment(entries: [], skipped: [])
        for report in reports {
            let file = report.path
            // The URI names the file by its exact bytes (a name that is not UTF-8: `pathBytes`).
            let name = baseName(ExactPath(path: file, base64Bytes: report.pathBytes).bytes)
            if report.status == .error {
                fragment.skipped.append(Skipped(file: file, reason: "not analysed: \(report.error?.message ?? "unknown error")"))
                continue
            }
            let videos = report.streams.filter { $0.kind == .video && $0.role == nil }
            guard let video = videos.first(where: { $0.hls != nil }), let hls = video.hls else {
                let reason = videos.isEmpty ? "no video stream" : "no HLS codec string could be derived for the video stream"
                fragment.skipped.append(Skipped(file: file, reason: reason))
                continue
            }
            let uri = uriTemplate.replacingOccurrences(of: "{name}", with: percentEncoded(bytes: name))
            var comments = ["# \(file)" + (videos.count > 1 ? " (first of \(videos.count) video streams)" : "")]
            comments += decisionComments(video: video, hls: hls, findings: report.findings.filter { $0.stream == video.index })
            fragment.entries.append(Entry(file: file, role: .primary, comments: comments, streamInf: hls.streamInf, uri: uri))

            if let supplemental = hls.supplementalCodecs, let dv = video.dolbyVision,
               SupplementalCodecs(parsing: supplemental).elements.contains(where: { DolbyVisionCodecString($0.codec) != nil }) {
                let base = hls.videoRange == .hlg ? "HLG" : "HDR10"
                let line = withoutSupplementalCodecs(hls.streamInf)
                let fallbackName = name + Array(("_" + base.lowercased() + "base").utf8)
                let note = [
                    "# \(file): fallback for players and panels without Dolby Vision — the \(base) base layer of Dolby Vision \(dv.profileName).",
                    "#   Package it with an init section without the Dolby Vision record: hvc1 + dvvC fails (-11868) on panels without Dolby Vision.",
                ]
                fragment.entries.append(Entry(file: file, role: .fallback, comments: note, streamInf: line,
                                              uri: uriTemplate.replacingOccurrences(of: "{name}", with: percentEncoded(bytes: fallbackName))))
            }
        }
        return fragment
    }

    /// A file name as one URI path segment (RFC 3986 §2.1, §2.3): every byte of its UTF-8 form
    /// outside the unreserved set `A–Z a–z 0–9 - . _ ~` becomes `%XX`, so a space, `#`, `?`, `%`, a
    /// quote or a line break can neither end the URI line nor change what it points at.
    /// The name's exact bytes are encoded (one that is not UTF-8 keeps them: `%E9`, not U+FFFD's `%EF%BF%BD`).
    package static func percentEncoded(bytes name: [UInt8]) -> String {
        var out = ""
        for byte in name {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + CodecStringFormatting.hex(byte, width: 2, uppercase: true)
            }
        }
        return out
    }

    /// A comment line whose text (file names, messages) stays on its line: line breaks and other
    /// control characters become visible escapes (``TerminalText``), so no text can start a tag or
    /// a URI line of its own (RFC 8216 §4.1: lines end at LF or CR LF).
    package static func comment(_ line: String) -> String { TerminalText.escape(line) }

    /// One comment per decision: codec and entry, range, Dolby Vision verdict and record, each remux step.
    package static func decisionComments(video: StreamReport, hls: HLSReport, findings: [Finding]) -> [String] {
        var c: [String] = []
        let stored = hls.plan?.stored
        let entryNote = stored.map { $0 == hls.sampleEntry ? "sample entry \($0)" : "sample entry \($0) → \(hls.sampleEntry)" }
            ?? "sample entry \(hls.sampleEntry) when packaged as fMP4"
        c.append("#   \(video.codec ?? "video") \(hls.resolution) @ \(hls.frameRate?.string ?? "unknown rate"): \(entryNote); CODECS \"\(hls.codecs)\"")
        let transfer = video.color?.transferCharacteristics
        var range = "#   VIDEO-RANGE=\(hls.videoRange.rawValue)"
        if let dv = video.dolbyVision, VideoRange.forcedBy(dolbyVision: dv.profileOrUnknown) != nil, dv.verdict.decision == .accept {
            range += " (set by Dolby Vision \(dv.profileName))"
        } else {
            range += " (transfer characteristics \(transfer.map(String.init) ?? "not signalled")\(video.color?.transfer.map { ", \($0)" } ?? ""))"
        }
        c.append(range)
        if let dv = video.dolbyVision {
            let v = dv.verdict
            if v.decision == .accept, hls.supplementalCodecs == nil, hls.plan?.dolbyVisionRecord?.action == .strip,
               ![SampleEntryType.dvh1, .dav1].contains(SampleEntryType(rawValue: hls.sampleEntry)) {
                c.append("#   Dolby Vision \(dv.profileName): not signalled — the record is there but the stream carries no RPU.")
            } else if v.decision == .accept {
                c.append("#   Dolby Vision \(dv.profileName): accepted (\(v.code))" + (hls.supplementalCodecs.map { "; SUPPLEMENTAL-CODECS \"\($0)\"" } ?? "; CODECS carries it"))
            } else {
                c.append("#   Dolby Vision \(dv.profileName): refused (\(v.code)) — \(v.reason) Signalled as \(v.fallback ?? "its base layer").")
            }
        } else if let s = hls.supplementalCodecs {
            c.append("#   HDR10+ metadata: SUPPLEMENTAL-CODECS \"\(s)\"")
        }
        if let record = hls.plan?.dolbyVisionRecord {
            c.append("#   Dolby Vision record: \(record.action.rawValue)\(record.box.map { " (\($0.rawValue))" } ?? "") — \(record.reason)")
        }
        for step in hls.plan?.steps ?? [] {
            c.append("#   remux: \(step.detail)")
        }
        // Findings a remux step already answers are not repeated.
        let answered: [SampleEntryPlan.Step.Code: FindingCode] = [
            .promoteEntry: .hlsSampleEntryInBand, .dropConfigurationSEI: .hlsSEIInConfigurationRecord,
            .moveParameterSetsOutOfBand: .hlsParameterSetsInBandOnly,
        ]
        let covered = Set((hls.plan?.steps ?? []).compactMap { answered[$0.code] })
        for f in findings where f.code.rawValue.hasPrefix("hls.") && !covered.contains(f.code) {
            c.append("#   \(f.severity.rawValue) \(f.code): \(f.message)")
        }
        return c
    }

    /// The same `#EXT-X-STREAM-INF` line without its SUPPLEMENTAL-CODECS attribute.
    package static func withoutSupplementalCodecs(_ line: String) -> String {
        let tag = StreamInfLine.tag
        guard line.hasPrefix(tag), let list = try? HLSAttributeList.parse(String(line.dropFirst(tag.count))) else {
            return line
        }
        return tag + list.attributes.filter { $0.name != "SUPPLEMENTAL-CODECS" }
            .map { "\($0.name)=\($0.value.rawText)" }.joined(separator: ",")
    }

    /// The last name of a path without its extension, in bytes.
    package static func baseName(_ path: [UInt8]) -> [UInt8] {
        let last = path.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? path
        guard let dot = last.lastIndex(of: UInt8(ascii: ".")), dot != last.startIndex else { return last }
        return Array(last[..<dot])
    }
}
