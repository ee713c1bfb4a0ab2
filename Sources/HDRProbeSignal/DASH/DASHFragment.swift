import Foundation
import HDRProbeModel
import HDRProbeManifests

/// What `hdrprobe dash FILE…` prints: MPD `AdaptationSet`s with one `Representation` per video file, each preceded by
/// comments that give every decision (`docs/rules/dash-signalling.md` §3). Files whose Representations can switch
/// seamlessly — same MIME type, same codec family and sample entry, same Dolby Vision profile brand, same
/// descriptors (colour, dynamic metadata, protection) — share an AdaptationSet (a ladder); the others get one each.
///
/// Built from reports probed with DASH signalling (`streams[N].dash`, ``DASHReport``); the XML is rendered here only.
package struct DASHFragment: Sendable, Equatable, Codable {
    package struct Representation: Sendable, Equatable, Codable {
        package var file: String
        package var id: String
        /// Comment texts (without `<!-- -->`) written before the element.
        package var comments: [String]
        package var dash: DASHReport
        /// The `BaseURL` text (already percent-encoded), nil for none.
        package var baseURL: String?
    }

    package struct AdaptationSet: Sendable, Equatable, Codable {
        package var id: Int
        package var representations: [Representation]
    }

    /// A file that gave no Representation, with the reason.
    package struct Skipped: Sendable, Equatable, Codable {
        package var file: String
        package var reason: String
    }

    package var adaptationSets: [AdaptationSet]
    package var skipped: [Skipped]

    /// The namespace of the MPD's own elements (ISO/IEC 23009-1 §5.2).
    package static let mpdNamespace = "urn:mpeg:dash:schema:mpd:2011"

    /// `{name}` in `baseURLTemplate` is the file name without folder and extension (percent-encoded); nil writes
    /// no `BaseURL`.
    package init(reports: [ProbeReport], baseURLTemplate: String? = "{name}.mp4") {
        var sets: [AdaptationSet] = []
        var skipped: [Skipped] = []
        var usedIDs: Set<String> = []
        for report in reports {
            let file = report.path
            if report.status == .error {
                skipped.append(Skipped(file: file, reason: "not analysed: \(report.error?.message ?? "unknown error")"))
                continue
            }
            let videos = report.streams.filter { $0.kind == .video && $0.role == nil }
            guard let video = videos.first(where: { $0.dash?.codecs != nil }), let dash = video.dash else {
                let reason = videos.isEmpty ? "no video stream"
                    : videos.allSatisfy({ $0.dash == nil }) ? "no DASH plan: the report keeps no evidence to plan from (read back from JSON)"
                    : "no codec string could be derived for the video stream"
                skipped.append(Skipped(file: file, reason: reason))
                continue
            }
            let name = HLSFragmentPlanner.baseName(ExactPath(path: file, base64Bytes: report.pathBytes).bytes)
            let id = Self.uniqueID(String(decoding: name, as: UTF8.self), used: &usedIDs)
            var comments = [file + (videos.count > 1 ? " (first of \(videos.count) video streams)" : "")]
            comments += Self.decisionComments(video: video, dash: dash)
            let audio = report.streams.filter { $0.kind == .audio }.count
            if audio > 0 {
                comments.append("  \(CountText.of(audio, "audio stream")) not planned: hdrprobe dash writes video Representations only (audio goes in an AdaptationSet of its own)")
            }
            let baseURL = baseURLTemplate.map {
                $0.replacingOccurrences(of: "{name}", with: HLSFragmentPlanner.percentEncoded(bytes: name))
            }
            let representation = Representation(file: file, id: id, comments: comments, dash: dash, baseURL: baseURL)
            if let i = sets.firstIndex(where: { Self.switchable($0.representations[0].dash, dash) }) {
                sets[i].representations.append(representation)
            } else {
                sets.append(AdaptationSet(id: sets.count, representations: [representation]))
            }
        }
        self.adaptationSets = sets
        self.skipped = skipped
    }

    /// Whether two Representations may share an AdaptationSet (§3.7).
    package static func switchable(_ a: DASHReport, _ b: DASHReport) -> Bool {
        a.mimeType == b.mimeType && a.codecs?.prefix(4) == b.codecs?.prefix(4) && a.descriptors == b.descriptors
            && a.supplementalProfiles == b.supplementalProfiles
            && a.supplementalCodecs?.prefix(4) == b.supplementalCodecs?.prefix(4)
    }

    /// A Representation `@id` (no white space, ISO/IEC 23009-1 §5.3.5.2) not used before in the fragment.
    package static func uniqueID(_ name: String, used: inout Set<String>) -> String {
        let base = String(name.unicodeScalars.map { $0.properties.isWhitespace ? "_" : Character($0) })
        var id = base.isEmpty ? "video" : base
        var n = 2
        while used.contains(id) {
            id = (base.isEmpty ? "video" : base) + "_\(n)"
            n += 1
        }
        used.insert(id)
        return id
    }

    /// One comment per decision: codec, Dolby Vision verdict and its attributes, the transfer's placement, dynamic
    /// metadata, aspect ratio, bandwidth, protection, and the issues the shared decision raised.
    package static func decisionComments(video: StreamReport, dash: DASHReport) -> [String] {
        var c: [String] = []
        c.append("  \(video.codec ?? "video") \(dash.width.map(String.init) ?? "?")x\(dash.height.map(String.init) ?? "?") @ \(dash.frameRate ?? "unknown rate"): @codecs \"\(dash.codecs ?? "")\"")
        if let dv = video.dolbyVision {
            let v = dv.verdict
            if v.decision == .accept, let supplemental = dash.supplementalCodecs {
                c.append("  Dolby Vision \(dv.profileName): accepted (\(v.code)); scte214:supplementalCodecs \"\(supplemental)\", scte214:supplementalProfiles \"\(dash.supplementalProfiles ?? "")\"")
            } else if v.decision == .accept, dash.codecs.map({ DolbyVisionCodecString($0) != nil }) == true {
                c.append("  Dolby Vision \(dv.profileName): accepted (\(v.code)); @codecs carries it (no backward-compatible base)")
            } else if v.decision == .accept {
                c.append("  Dolby Vision \(dv.profileName): accepted (\(v.code)) but not signalled; only the base layer is described")
            } else {
                c.append("  Dolby Vision \(dv.profileName): refused (\(v.code)) — \(v.reason) Signalled as \(v.fallback ?? "its base layer").")
            }
        }
        c += dash.descriptors.compactMap(descriptorNote).map { "  " + $0 }
        if !dash.sarSignalled { c.append("  @sar 1:1 assumed: the bitstream signals no sample aspect ratio") }
        c.append(dash.bandwidth.map { "  @bandwidth \($0): measured peak of the video alone over 6-second windows" }
                 ?? "  @bandwidth unknown: no sample sizes or bit rate; set it from the packaged segments")
        if let cp = dash.descriptors.first(where: { $0.schemeIdUri == DASHContentProtection.mp4ProtectionScheme }) {
            c.append("  encrypted: scheme \(cp.value ?? "unknown"), default KID \(cp.defaultKID ?? "unknown"); @codecs names the original format, not encv")
        }
        for issue in dash.issues {
            c.append("  \(issue.severity.rawValue) \(issue.code.rawValue): \(issue.message)")
        }
        return c
    }

    package static func descriptorNote(_ d: DASHDescriptor) -> String? {
        switch (d.schemeIdUri, d.value) {
        case (DASHDescriptor.transferCharacteristicsScheme, "16"?):
            return "TransferCharacteristics 16 (PQ) as EssentialProperty: clients that cannot show PQ skip the AdaptationSet"
        case (DASHDescriptor.transferCharacteristicsScheme, "18"?):
            return "TransferCharacteristics 18 (HLG) as SupplementalProperty: SDR clients may still play it"
        case (DASHDynamicMetadata.schemeIdUri, DASHDynamicMetadata.smpte2094_40.rawValue?):
            return "HDR10+ in the SEI: http://dashif.org/metadata/hdr SMPTE2094-40"
        default: return nil
        }
    }

    /// The XML text; `header` wraps the AdaptationSets in an XML declaration and a `Period` that declares the
    /// namespaces (a well-formed document), without it only the AdaptationSets are written (to paste into a Period).
    package func render(header: Bool, generator: String) -> String {
        var lines: [String] = []
        let indent = header ? "  " : ""
        if header {
            lines.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            lines.append("<Period" + DASHXML.attributes([
                ("xmlns", Self.mpdNamespace), ("xmlns:scte214", DASHSupplementalCodecs.namespace),
                ("xmlns:cenc", DASHContentProtection.cencNamespace),
            ]) + ">")
        }
        lines.append(indent + DASHXML.comment(generator))
        for s in skipped { lines.append(indent + DASHXML.comment("\(s.file): no Representation — \(s.reason)")) }
        for set in adaptationSets { lines += Self.render(set).map { indent + $0 } }
        if header { lines.append("</Period>") }
        return lines.joined(separator: "\n") + "\n"
    }

    package static func render(_ set: AdaptationSet) -> [String] {
        let first = set.representations[0].dash
        var lines = ["<AdaptationSet" + DASHXML.attributes([
            ("id", String(set.id)), ("contentType", "video"), ("mimeType", first.mimeType),
        ]) + ">"]
        for d in first.descriptors { lines.append("  " + render(d)) }
        for r in set.representations {
            lines += r.comments.map { "  " + DASHXML.comment($0) }
            let d = r.dash
            let open = "  <Representation" + DASHXML.attributes([
                ("id", r.id), ("codecs", d.codecs),
                ("scte214:supplementalCodecs", d.supplementalCodecs), ("scte214:supplementalProfiles", d.supplementalProfiles),
                ("width", d.width.map(String.init)), ("height", d.height.map(String.init)), ("sar", d.sar.string),
                ("frameRate", d.frameRate), ("bandwidth", d.bandwidth.map(String.init)),
            ])
            if let url = r.baseURL {
                lines += [open + ">", "    <BaseURL>" + XMLText.text(url) + "</BaseURL>", "  </Representation>"]
            } else {
                lines.append(open + "/>")
            }
        }
        lines.append("</AdaptationSet>")
        return lines
    }

    package static func render(_ d: DASHDescriptor) -> String {
        "<" + d.element.rawValue + DASHXML.attributes([
            ("schemeIdUri", d.schemeIdUri), ("value", d.value), ("cenc:default_KID", d.defaultKID),
        ]) + "/>"
    }
}
