import Foundation
import HDRProbeModel
import HDRProbeClassify

/// The readable report: one block per file, one line per HDR fact — what a person wants from
/// `mediainfo`, limited to what decides HDR playback.
package enum HumanSummary {
    package static func render(_ r: ProbeReport) -> String {
        // Every line goes through TerminalText: the path and messages can hold a file's bytes.
        var out: [String] = [r.path]
        if r.status == .error, let e = r.error {
            out.append("  error       \(e.code): \(e.message)")
            return out.map(TerminalText.escape).joined(separator: "\n")
        }
        let brands = r.container.brands.isEmpty ? "" : " (\(r.container.brands.joined(separator: ", ")))"
        out.append("  container   \(r.container.format ?? "unknown")\(brands)\(media(r.container))")
        for s in r.streams {
            // Dolby Vision on two PIDs: the stream(s) marked as this one's enhancement layer.
            let layers = r.streams.filter { $0.role == DolbyVisionLayerPairing.enhancementLayerRole && $0.dependsOn == s.index }
            out.append(contentsOf: stream(s, enhancementLayerStreams: layers.map(\.index)))
        }
        if !r.findings.isEmpty {
            out.append("  findings")
            for f in r.findings.sorted(by: { $0.severity > $1.severity }) {
                let where_ = f.stream.map { " [#\($0)]" } ?? ""
                out.append("    \(f.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(f.code)\(where_): \(f.message)")
            }
        }
        return out.map(TerminalText.escape).joined(separator: "\n")
    }

    /// ", 00:01:02.345, 8,123 kb/s, 63,012,345 bytes": what the container declares of the media,
    /// as ffprobe's header line puts it (kb/s of 1,000 bits); empty when it declares nothing.
    package static func media(_ c: ContainerInfo) -> String {
        var parts: [String] = []
        if let d = c.duration {
            let ms = Int((d * 1000).rounded())
            let h = ms / 3_600_000, m = ms / 60_000 % 60, sec = ms / 1000 % 60, frac = ms % 1000
            parts.append(String(format: "%02d:%02d:%02d.%03d", h, m, sec, frac))
        }
        if let rate = c.bitRate { parts.append("\(grouped((rate + 500) / 1000)) kb/s") }
        if let size = c.fileSize { parts.append("\(grouped(size)) bytes") }
        return parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")
    }

    private static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { i, c in (i > 0 && (digits.count - i) % 3 == 0 ? [","] : []) + [c] })
    }

    /// "cbcs (Widevine, PlayReady), stored as encv, key 00112233-…; sample data: clear ranges read".
    package static func encryption(_ e: EncryptionReport) -> String {
        let systems = e.systems.isEmpty ? "no pssh" : e.systems.joined(separator: "/")
        let data = e.sampleData == .clearRangesRead ? "clear ranges of the samples read" : "sample data not read"
        return "\(e.scheme ?? "unknown scheme") (\(systems)), stored as \(e.storedEntry), key \(e.defaultKID ?? "none"); \(data)"
    }

    /// `enhancementLayerStreams`: the streams that carry this stream's Dolby Vision enhancement
    /// layer on their own PID (`role`/`dependsOn`), empty when none.
    package static func stream(_ s: StreamReport, enhancementLayerStreams: [Int] = []) -> [String] {
        let kind = s.kind.rawValue.count < 9 ? s.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) : s.kind.rawValue + " "
        var head = "  #\(s.index) \(kind)\(s.codec ?? "unknown codec")"
        if let p = s.profile { head += " \(p)" }
        if let l = s.level { head += " L\(l)" }
        if let role = s.role {
            let of = s.dependsOn.map { " of #\($0)" } ?? ""
            return [head + (s.width.map { w in s.height.map { ", \(w)x\($0)" } ?? "" } ?? ""),
                    "     role         \(role == DolbyVisionLayerPairing.enhancementLayerRole ? "Dolby Vision enhancement layer" : role)\(of)"]
        }
        guard s.kind == .video else {
            if let a = s.audio {
                if let c = a.channels { head += ", \(c) ch" + (a.channelLayout.map { " (\($0.rawValue))" } ?? "") }
                if let r = a.sampleRate { head += ", \(r) Hz" }
                if let o = a.objectAudio { head += ", \(o)" }
            }
            if let language = s.language { head += ", \(language)" }
            if let entry = s.sampleEntry { head += ", sample entry \(entry)" }
            // A Dolby Vision RPU file's one stream: RPUs, no video.
            if let dv = s.dolbyVision, s.codec == nil {
                return ["  #\(s.index) \(kind)Dolby Vision RPUs (no video)"] + dolbyVisionLines(dv, s, enhancementLayerStreams: [])
            }
            return [head] + (s.encryption.map { ["     " + "encrypted".padding(toLength: 13, withPad: " ", startingAt: 0) + encryption($0)] } ?? [])
        }
        if let w = s.width, let h = s.height { head += ", \(w)x\(h)" }
        if let d = s.bitDepth { head += ", \(d)-bit" }
        if let c = s.chromaSubsampling { head += " \(c)" }
        if let language = s.language { head += ", \(language)" }
        if let entry = s.sampleEntry { head += ", sample entry \(entry)" }
        var lines = Lines(lines: [head])
        if let enc = s.encryption { lines.line("encrypted", encryption(enc)) }
        colourAndRate(s, into: &lines)
        if let h = s.hdr { hdr(h, into: &lines) }
        if let dv = s.dolbyVision { lines.lines += dolbyVisionLines(dv, s, enhancementLayerStreams: enhancementLayerStreams) }
        if let hls = s.hls { Self.hls(hls, into: &lines) }
        return lines.lines
    }

    /// A video stream's labelled lines.
    package struct Lines {
        package var lines: [String]
        package mutating func line(_ label: String, _ value: String) {
            lines.append("     \(label.padding(toLength: 13, withPad: " ", startingAt: 0))\(value)")
        }
    }

    package static func colourAndRate(_ s: StreamReport, into lines: inout Lines) {
        if let c = s.color {
            let names = [c.primaries, c.transfer, c.matrix].map { $0 ?? "unspecified" }.joined(separator: " / ")
            let tc = c.transferCharacteristics.map { " (TC \($0))" } ?? ""
            lines.line("colour", "\(names)\(tc), range \(c.range ?? "unspecified"), from \(c.source ?? "nowhere")")
        }
        if let f = s.frameRate {
            if let v = f.value {
                let snapped = f.snapped.map { "→ \(format($0)) Hz" } ?? "→ no standard rate"
                lines.line("frame rate", "\(format(v)) fps (\(f.rational?.rational ?? "?")) \(snapped)\(f.variable ? ", variable" : "")")
            } else {
                lines.line("frame rate", "unknown\(f.variable ? ", variable" : "")")
            }
        }
    }

    package static func hdr(_ h: HDRReport, into lines: inout Lines) {
        lines.line("range type", "\(h.videoRangeType.rawValue)\(h.formats.isEmpty ? "" : " — " + h.formats.joined(separator: ", "))")
        if let m = h.masteringDisplay {
            lines.line("mastering", "R(\(format(m.redX)),\(format(m.redY))) G(\(format(m.greenX)),\(format(m.greenY))) B(\(format(m.blueX)),\(format(m.blueY))) WP(\(format(m.whiteX)),\(format(m.whiteY))), \(format(m.minLuminance))–\(format(m.maxLuminance)) cd/m² [\(m.source.rawValue)]")
        }
        if let l = h.contentLightLevel {
            lines.line("light level", "MaxCLL \(l.maxCLL) cd/m², MaxFALL \(l.maxFALL) cd/m² [\(l.source.rawValue)]")
        }
        if let atc = h.alternativeTransfer { lines.line("alt transfer", "preferred transfer \(atc) (ATC SEI)") }
        let p = h.hdr10Plus
        lines.line("HDR10+", p.present ? "yes, profile \(p.profile ?? "n/a"), \(p.framesWithMetadata)/\(p.framesScanned) frames" : "no (\(p.framesScanned) frames scanned)")
        if let sum = p.summary {
            let peak = sum.peakMaxsclNits.map { "peak maxscl \($0) cd/m²" } ?? "no maxscl"
            lines.line("  summary", "\(peak), \(sum.sceneCount) scene(s), \(sum.invalidPayloads) invalid payload(s)")
        }
    }

    /// The Dolby Vision lines of a stream: verdict, record, RPUs, enhancement layer, reason.
    package static func dolbyVisionLines(_ dv: DolbyVisionReport, _ s: StreamReport, enhancementLayerStreams: [Int]) -> [String] {
        var lines = Lines(lines: [])
        lines.line("Dolby Vision", "\(dv.profileName): \(dv.verdict.decision.rawValue) (\(dv.verdict.code)), fallback \(dv.verdict.fallback ?? "none")")
        if let c = dv.configuration {
            lines.line("  record", "\(c.box) v\(c.versionMajor).\(c.versionMinor), profile \(c.profile), level \(c.level), compatibility \(c.compatibilityId), \(layers(c))")
        } else {
            lines.line("  record", s.kind == .video ? "none in the container" : "none (an RPU file has no container)")
        }
        var rpuProfile = dv.rpu.profile.map { ", profile \($0)" } ?? ""
        if let cm = dv.rpu.cmVersion { rpuProfile += ", CM v\(cm)" }
        if let el = dv.rpu.enhancementLayer { rpuProfile += ", \(el)" }
        if let sum = dv.rpu.summary, let maxPq = sum.l1MaxPq {
            rpuProfile += "; L1 max \(maxPq.min)–\(maxPq.max) PQ (≤ \(maxPq.maxNits) cd/m²), \(sum.sceneCuts) scene cut(s)"
        }
        let unread = s.encryption?.sampleData == .notRead
        let counted = s.kind == .video ? "in \(dv.rpu.framesWithRpu)/\(dv.rpu.framesScanned) frames" : "\(dv.rpu.framesScanned) read"
        lines.line("  RPU", dv.rpu.present ? "\(counted)\(rpuProfile)"
                   : unread ? "not read (encrypted samples)" : "none in \(dv.rpu.framesScanned) frames")
        if !enhancementLayerStreams.isEmpty {
            let list = enhancementLayerStreams.map { "#\($0)" }.joined(separator: ", ")
            lines.line("  EL", "on its own stream \(list) (a separate PID; the RPUs are read from it)")
        } else if dv.enhancementLayerNALs {
            lines.line("  EL", "enhancement-layer NAL units (type 63) present")
        }
        lines.line("  why", dv.verdict.reason)
        return lines.lines
    }

    package static func hls(_ hls: HLSReport, into lines: inout Lines) {
        lines.line("HLS", "\(hls.sampleEntry): CODECS \"\(hls.codecs)\"\(hls.supplementalCodecs.map { ", SUPPLEMENTAL-CODECS \"\($0)\"" } ?? ""), VIDEO-RANGE \(hls.videoRange.rawValue)")
        if let plan = hls.plan, !plan.isCopyAsIs {
            var parts = plan.steps.map(\.code.rawValue)
            if let record = plan.dolbyVisionRecord, record.action != .keep {
                parts.append("\(record.action.rawValue) the Dolby Vision record\(record.action == .rewrite ? " (to \(record.profile?.string ?? "8.1"))" : "")")
            }
            lines.line("remux", parts.joined(separator: ", ") + " (hdrprobe hls FILE explains each)")
        }
    }

    package static func layers(_ c: DolbyVisionReport.Configuration) -> String {
        var parts: [String] = []
        if c.blPresent { parts.append("BL") }
        if c.elPresent { parts.append("EL") }
        if c.rpuPresent { parts.append("RPU") }
        return parts.isEmpty ? "no layers" : parts.joined(separator: "+")
    }

    package static func format(_ v: Double) -> String {
        var s = String(v)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}
