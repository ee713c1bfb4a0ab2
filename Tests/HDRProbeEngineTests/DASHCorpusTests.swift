#if FFmpeg
#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// `hdrprobe dash` on the presentations of Corpus/dash (made by `Corpus/dash/make.sh` with Shaka Packager v3.8 and
/// FFmpeg's dash muxer), against `Corpus/dash/expected.json`: the expected plan comes from how each file was made (the
/// source's golden, confirmed there by ffprobe / MediaInfo) and `docs/rules/dash-signalling.md` §3; the independent
/// reader is the packager's own `manifest.mpd`, parsed here with Foundation's XMLParser. Every attribute must equal the
/// packager's unless `packagerDiffers` lists it — with the packager's value, which is checked too, and the reason (a
/// PQ transfer Shaka writes as SupplementalProperty, FFmpeg's bare or empty HEVC `@codecs`, Shaka's legacy Dolby Vision
/// form with `@bandwidth="0"` and `frameRate="16000/0"`, …).
@Suite struct DASHCorpusTests {
    static let folder = TestPaths.corpus.appendingPathComponent("dash")

    static func golden() throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.json"))
        return try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["presentations"] as? [String: Any])
    }

    static let names: [String] = ((try? golden()) ?? [:]).keys.sorted()

    /// The media of a presentation as one file (an init segment and its media segments joined, as a player reads them).
    static func media(_ dir: String, _ files: [String]) throws -> String {
        if files.count == 1 { return folder.appendingPathComponent(dir).appendingPathComponent(files[0]).path }
        var bytes = Data()
        for f in files { bytes += try Data(contentsOf: folder.appendingPathComponent(dir).appendingPathComponent(f)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-dash-\(getpid())-\(dir).mp4")
        // Atomically: the ladder test joins every presentation again while the parameterised cases probe theirs, and a
        // plain write truncates the file another case is reading (CI saw a presentation with no video stream).
        try bytes.write(to: url, options: .atomic)
        return url.path
    }

    static func plan(_ path: String) throws -> DASHReport {
        var report = ProbeEngine().probe(path: path)
        ReportSignalling.planDASH(&report)
        let video = try #require(report.streams.first { $0.kind == .video && $0.role == nil }, "\(path)")
        return try #require(video.dash, "\(path)")
    }

    /// The compared attributes of hdrprobe's plan, as strings (nil = not written).
    static func values(_ d: DASHReport) -> [String: String?] {
        func cicp(_ name: String) -> DASHDescriptor? { d.descriptors.first { $0.schemeIdUri == "urn:mpeg:mpegB:cicp:" + name } }
        let protection = d.descriptors.first { $0.schemeIdUri == DASHContentProtection.mp4ProtectionScheme }
        let systems = d.descriptors.filter { $0.schemeIdUri.hasPrefix("urn:uuid:") }.map { String($0.schemeIdUri.dropFirst(9)) }
        return [
            "codecs": d.codecs, "supplementalCodecs": d.supplementalCodecs, "supplementalProfiles": d.supplementalProfiles,
            "width": d.width.map(String.init), "height": d.height.map(String.init), "sar": d.sar.string, "frameRate": d.frameRate,
            "ColourPrimaries": cicp("ColourPrimaries")?.value, "TransferCharacteristics": cicp("TransferCharacteristics")?.value,
            "TransferCharacteristics.element": cicp("TransferCharacteristics")?.element.rawValue,
            "MatrixCoefficients": cicp("MatrixCoefficients")?.value,
            "hdrMetadata": d.descriptors.first { $0.schemeIdUri == DASHDynamicMetadata.schemeIdUri }?.value,
            "protection.scheme": protection?.value, "protection.defaultKID": protection?.defaultKID,
            "protection.systems": systems.isEmpty ? nil : systems.sorted().joined(separator: " "),
        ]
    }

    /// The same attributes from expected.json's `expect`.
    static func expected(_ e: [String: Any]) -> [String: String?] {
        func string(_ v: Any?) -> String? { v.flatMap { $0 is NSNull ? nil : "\($0)" } }
        let tc = e["TransferCharacteristics"] as? [String: Any]
        let protection = e["protection"] as? [String: Any]
        return [
            "codecs": string(e["codecs"]), "supplementalCodecs": string(e["supplementalCodecs"]),
            "supplementalProfiles": string(e["supplementalProfiles"]), "width": string(e["width"]), "height": string(e["height"]),
            "sar": string(e["sar"]), "frameRate": string(e["frameRate"]), "ColourPrimaries": string(e["ColourPrimaries"]),
            "TransferCharacteristics": string(tc?["value"]), "TransferCharacteristics.element": string(tc?["element"]),
            "MatrixCoefficients": string(e["MatrixCoefficients"]), "hdrMetadata": string(e["hdrMetadata"]),
            "protection.scheme": string(protection?["scheme"]), "protection.defaultKID": string(protection?["defaultKID"]),
            "protection.systems": (protection?["systems"] as? [String]).map { $0.sorted().joined(separator: " ") },
        ]
    }

    @Test("plan = expected.json, and = the packager's MPD except where listed", arguments: names)
    func presentation(_ name: String) throws {
        let p = try #require(try Self.golden()[name] as? [String: Any])
        let mpd = try MPDReading(Self.folder.appendingPathComponent(name).appendingPathComponent("manifest.mpd"))
        try Self.compare(name: name, media: p["media"] as? [String] ?? [], expect: p["expect"] as? [String: Any] ?? [:],
                         differs: p["packagerDiffers"] as? [String: Any] ?? [:], representationID: p["representationId"] as? String,
                         mpd: mpd, packager: p["packager"] as? String ?? "")
        if let rendition = p["rendition"] as? [String: Any] {
            try Self.compare(name: name, media: rendition["media"] as? [String] ?? [], expect: rendition["expect"] as? [String: Any] ?? [:],
                             differs: rendition["packagerDiffers"] as? [String: Any] ?? [:],
                             representationID: rendition["representationId"] as? String, mpd: mpd, packager: p["packager"] as? String ?? "")
        }
        if let legacy = p["legacyDolbyVisionCodecs"] as? String {
            // Shaka's legacy form: a second video AdaptationSet whose @codecs is the Dolby Vision string hdrprobe writes
            // as scte214:supplementalCodecs.
            let sets = mpd.adaptationSets.filter { $0.attributes["contentType"] == "video" }
            #expect(sets.count == 2 && sets[1].representations.first?.attribute("codecs") == legacy)
            let plan = try Self.plan(try Self.media(name, p["media"] as? [String] ?? []))
            #expect(plan.supplementalCodecs == legacy)
        }
        if let audio = p["audio"] as? [String: Any] {
            // The packager's audio AdaptationSet; hdrprobe dash plans video only, so the audio file alone is skipped.
            let set = mpd.adaptationSets.first { $0.attributes["contentType"] == "audio" }
            #expect(set?.representations.first?.attribute("codecs") == audio["codecs"] as? String)
            var report = ProbeEngine().probe(path: try Self.media(name, audio["media"] as? [String] ?? []))
            ReportSignalling.planDASH(&report)
            #expect(DASHFragment(reports: [report]).skipped.map(\.reason) == ["no video stream"])
        }
    }

    static func compare(name: String, media: [String], expect: [String: Any], differs: [String: Any], representationID: String?,
                        mpd: MPDReading, packager: String) throws {
        let plan = try Self.plan(try Self.media(name, media))
        let ours = Self.values(plan)
        let wanted = Self.expected(expect)
        for (key, value) in wanted { #expect(ours[key] ?? nil == value, "\(name) \(key): hdrprobe \(ours[key] ?? nil ?? "nil")") }
        if let signalled = expect["sarSignalled"] as? Bool { #expect(plan.sarSignalled == signalled, "\(name)") }
        let (set, rep) = try #require(mpd.videoRepresentation(id: representationID), "\(name): no video Representation in the MPD")
        let theirs = mpd.values(set: set, representation: rep)
        for (key, value) in ours {
            if let listed = differs[key] as? [String: Any] {
                let packagerValue = listed["packager"].flatMap { $0 is NSNull ? nil : "\($0)" }
                #expect(theirs[key] ?? nil == packagerValue, "\(name) \(key): the packager now writes \(theirs[key] ?? nil ?? "nil")")
                #expect(packagerValue != value, "\(name) \(key): listed as a difference but equal")
            } else {
                #expect(theirs[key] ?? nil == value, "\(name) \(key): packager \(theirs[key] ?? nil ?? "nil"), hdrprobe \(value ?? "nil")")
            }
        }
        // @bandwidth: the video samples alone. FFmpeg divides the same bytes by the same duration; Shaka adds box bytes.
        let theirBandwidth = rep.attribute("bandwidth") ?? set.attributes["bandwidth"]
        if let listed = differs["bandwidth"] as? [String: Any] {
            #expect(theirBandwidth == listed["packager"] as? String, "\(name) bandwidth")
        } else {
            let ourBandwidth = try #require(plan.bandwidth), theirs = try #require(theirBandwidth.flatMap { Int($0) })
            if packager.hasPrefix("ffmpeg") {
                #expect(ourBandwidth == theirs, "\(name): hdrprobe \(ourBandwidth), FFmpeg \(theirs)")
            } else {
                #expect(ourBandwidth <= theirs && Double(ourBandwidth) >= 0.9 * Double(theirs), "\(name): hdrprobe \(ourBandwidth), Shaka \(theirs)")
            }
        }
    }

    /// Shaka's ladder: both renditions share one AdaptationSet in hdrprobe's fragment too, and the fragment of every
    /// presentation is well-formed XML.
    @Test func ladderSharesOneAdaptationSetAndTheXMLParses() throws {
        let ladder = ["video_128x72.mp4", "video_64x36.mp4"].map { Self.folder.appendingPathComponent("shaka_ladder").appendingPathComponent($0).path }
        let out = try CLI.run(["dash", "--quiet"] + ladder)
        #expect(out.status == 0)
        #expect(out.stdout.components(separatedBy: "<AdaptationSet ").count == 2)
        #expect(out.stdout.components(separatedBy: "<Representation ").count == 3)
        let all = try Self.names.map { name -> String in
            let p = try #require(try Self.golden()[name] as? [String: Any])
            return try Self.media(name, p["media"] as? [String] ?? [])
        }
        let every = try CLI.run(["dash", "--quiet"] + all)
        #expect(every.status == 0)
        let parser = XMLParser(data: Data(every.stdout.utf8))
        parser.shouldProcessNamespaces = true
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
}

/// The parts of an MPD the corpus test compares: each AdaptationSet with its attributes, descriptors and Representations.
struct MPDReading {
    struct Descriptor { var element: String; var scheme: String; var value: String?; var defaultKID: String? }
    struct Representation { var attributes: [String: String]; var descriptors: [Descriptor]
        func attribute(_ name: String) -> String? { attributes[name] }
    }
    struct AdaptationSet { var attributes: [String: String]; var descriptors: [Descriptor]; var representations: [Representation] }

    var adaptationSets: [AdaptationSet]

    init(_ url: URL) throws {
        let collector = Collector()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.shouldProcessNamespaces = true
        parser.delegate = collector
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        adaptationSets = collector.sets
    }

    /// The Representation with `id`, else the first one of the first video AdaptationSet.
    func videoRepresentation(id: String?) -> (AdaptationSet, Representation)? {
        for set in adaptationSets where set.attributes["contentType"] == "video" || set.attributes["mimeType"] == "video/mp4" {
            for rep in set.representations where id == nil || rep.attribute("id") == id { return (set, rep) }
        }
        return nil
    }

    /// The compared attributes (Representation over AdaptationSet; descriptors from both), `frameRate` reduced.
    func values(set: AdaptationSet, representation rep: Representation) -> [String: String?] {
        func attr(_ name: String) -> String? { rep.attribute(name) ?? set.attributes[name] }
        let descriptors = set.descriptors + rep.descriptors
        func cicp(_ name: String) -> Descriptor? { descriptors.first { $0.scheme == "urn:mpeg:mpegB:cicp:" + name } }
        let protection = descriptors.first { $0.scheme == "urn:mpeg:dash:mp4protection:2011" }
        let systems = descriptors.filter { $0.scheme.hasPrefix("urn:uuid:") }.map { String($0.scheme.dropFirst(9)).lowercased() }
        return [
            "codecs": attr("codecs"), "supplementalCodecs": attr("scte214:supplementalCodecs"),
            "supplementalProfiles": attr("scte214:supplementalProfiles"), "width": attr("width"), "height": attr("height"),
            "sar": attr("sar"), "frameRate": attr("frameRate").map(Self.reduced),
            "ColourPrimaries": cicp("ColourPrimaries")?.value, "TransferCharacteristics": cicp("TransferCharacteristics")?.value,
            "TransferCharacteristics.element": cicp("TransferCharacteristics")?.element, "MatrixCoefficients": cicp("MatrixCoefficients")?.value,
            "hdrMetadata": descriptors.first { $0.scheme == "http://dashif.org/metadata/hdr" }?.value,
            "protection.scheme": protection?.value, "protection.defaultKID": protection?.defaultKID?.lowercased(),
            "protection.systems": systems.isEmpty ? nil : systems.sorted().joined(separator: " "),
        ]
    }

    /// `N/D` reduced to lowest terms, `N/1` as `N`; a zero denominator is kept as written.
    static func reduced(_ text: String) -> String {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] != 0, let rate = FrameRate(numerator: parts[0], denominator: parts[1]) else { return text }
        return rate.dashAttribute
    }

    final class Collector: NSObject, XMLParserDelegate {
        var sets: [AdaptationSet] = []
        var inRepresentation = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "AdaptationSet": sets.append(AdaptationSet(attributes: attributes, descriptors: [], representations: []))
            case "Representation":
                inRepresentation = true
                if !sets.isEmpty { sets[sets.count - 1].representations.append(Representation(attributes: attributes, descriptors: [])) }
            case "EssentialProperty", "SupplementalProperty", "ContentProtection":
                guard !sets.isEmpty else { return }
                let d = Descriptor(element: name, scheme: attributes["schemeIdUri"] ?? "", value: attributes["value"],
                                   defaultKID: attributes["cenc:default_KID"])
                if inRepresentation, !sets[sets.count - 1].representations.isEmpty {
                    let i = sets[sets.count - 1].representations.count - 1
                    sets[sets.count - 1].representations[i].descriptors.append(d)
                } else {
                    sets[sets.count - 1].descriptors.append(d)
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "Representation" { inRepresentation = false }
        }
    }
}
#endif
