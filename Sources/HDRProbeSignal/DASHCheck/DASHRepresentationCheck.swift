import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests

/// Compares one video Representation of an MPD (with what it inherits) with its media
/// (`hdrprobe dash --check`; `docs/rules/dash-manifests.md` §3). The codec rules are the HLS variant
/// rules applied to what a DASH-to-HLS bridge would write (``DASHBridgeVariant``, ``HLSVariantCheck``),
/// reported under `dash.check.*` codes with the attribute and line of the MPD; the DASH-only rules —
/// `@codecs` naming `encv`, the CICP descriptors, `@bandwidth`, the `@frameRate` syntax, `@dependencyId`,
/// ContentProtection — are checked here directly.
package enum DASHRepresentationCheck {
    package struct Input: Sendable {
        package var context: RepresentationContext
        /// The `@id`s of the other Representations of the same Period.
        package var periodRepresentationIDs: Set<String>
        package var media: HLSMediaFacts
        package var video: StreamReport
        /// Another AdaptationSet of the Period declares a Dolby Vision `@codecs` (the legacy form of
        /// `docs/rules/dash-signalling.md` §1: the DV layer as a second AdaptationSet).
        package var legacyDolbyVisionSet: Bool

        package init(context: RepresentationContext, periodRepresentationIDs: Set<String>, media: HLSMediaFacts, video: StreamReport,
                     legacyDolbyVisionSet: Bool = false) {
            self.context = context
            self.periodRepresentationIDs = periodRepresentationIDs
            self.media = media
            self.video = video
            self.legacyDolbyVisionSet = legacyDolbyVisionSet
        }
    }

    package static func check(_ input: Input) -> [DASHCheckFinding] {
        let would = DASHMediaAttributes(media: input.media, video: input.video)
        var findings = checkCodecs(input, would: would)
        findings += checkColour(input, would: would)
        findings += checkAttributes(input, would: would)
        findings += checkDependency(input)
        findings += checkProtection(input, would: would)
        return findings.enumerated().sorted {
            $0.element.severity != $1.element.severity ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
    }

    // MARK: codecs and supplemental codecs, through the HLS variant rules

    package static func checkCodecs(_ input: Input, would: DASHMediaAttributes) -> [DASHCheckFinding] {
        let common = input.context.common
        let rep = input.context.representation
        let codecsLine = common.lines["codecs"] ?? rep.line
        guard let codecs = common.codecs?.trimmedXMLSpace, !codecs.isEmpty else {
            return [DASHCheckFinding(.dashCodecsMissing, line: rep.line, attribute: "@codecs", declared: nil, expected: would.codecs,
                                     "The Representation has no @codecs (nor has its AdaptationSet)\(would.codecs.map { "; the media is '\($0)'" } ?? "").")]
        }
        var out: [DASHCheckFinding] = []
        let entry = HLSVariantCheck.entry(of: codecs)
        if entry == "encv" || entry == "enca" {
            out.append(DASHCheckFinding(.dashCodecsEncryptedEntry, line: codecsLine, attribute: "@codecs", declared: codecs, expected: would.codecs,
                                        "@codecs names the protected sample entry '\(entry)'; DASH declares the original format (frma '\(input.video.encryption?.originalFormat ?? "?")')."))
        }
        var supplementalCodecsSeen = false
        if common.supplementalCodecs != nil, common.supplementalProfiles == nil {
            supplementalCodecsSeen = true
            out.append(DASHCheckFinding(.dashSupplementalProfilesMissing, line: common.lines["supplementalCodecs"] ?? rep.line,
                                        attribute: "scte214:supplementalProfiles", declared: nil, expected: would.supplementalProfiles,
                                        "scte214:supplementalCodecs=\"\(common.supplementalCodecs ?? "")\" without scte214:supplementalProfiles: the compatibility brand is unknown\(would.supplementalProfiles.map { " (the record gives '\($0)')" } ?? "")."))
        }
        let variantText = "#EXTM3U\n#EXT-X-STREAM-INF:" + DASHBridgeVariant(input.context).attributeList(audioGroup: "dash") + "\nv.m3u8\n"
        guard let variant = try? HLSMultivariantPlaylist.parse(variantText).variants.first else { return out }
        for issue in HLSVariantCheck.check(variant, media: input.media) {
            guard let finding = mapped(issue, input: input, would: would, codecs: codecs, encryptedEntry: !out.isEmpty && entry.hasPrefix("enc"),
                                       brandMissingRaised: supplementalCodecsSeen) else { continue }
            if !out.contains(where: { $0.code == finding.code && $0.attribute == finding.attribute }) { out.append(finding) }
        }
        return out
    }

    /// An HLS variant issue as the DASH finding it stands for; nil for the HLS-only rules (in-band
    /// entries, VIDEO-RANGE, FRAME-RATE presence, audio, bandwidth, TS, `cbcs`, HDR10+ brands).
    package static func mapped(_ issue: HLSSignalIssue, input: Input, would: DASHMediaAttributes, codecs: String,
                       encryptedEntry: Bool, brandMissingRaised: Bool) -> DASHCheckFinding? {
        let common = input.context.common
        let rep = input.context.representation
        let codecsLine = common.lines["codecs"] ?? rep.line
        let supplementalLine = common.lines["supplementalCodecs"] ?? codecsLine
        let profilesLine = common.lines["supplementalProfiles"] ?? supplementalLine
        let message = dashWording(issue.message)
        switch issue.code {
        case .checkVideoCodecMismatch, .checkSampleEntryMismatch:
            if encryptedEntry { return nil }
            if issue.code == .checkVideoCodecMismatch, input.media.dolbyVision?.isProfile5Style == true,
               DolbyVisionCodecString(codecs) == nil {
                return DASHCheckFinding(.dashDolbyVisionAsPlainCodec, line: codecsLine, attribute: "@codecs", declared: codecs,
                                        expected: would.codecs, message)
            }
            let code: FindingCode = issue.code == .checkSampleEntryMismatch ? .dashSampleEntryMismatch : .dashCodecsMismatch
            return DASHCheckFinding(code, line: codecsLine, attribute: "@codecs", declared: codecs, expected: would.codecs, message)
        case .checkDolbyVisionNotSignalled:
            // The legacy form signals the layer as its own AdaptationSet (or this one declares it as @codecs).
            if input.legacyDolbyVisionSet || DolbyVisionCodecString(codecs) != nil { return nil }
            return DASHCheckFinding(.dashDolbyVisionNotSignalled, line: codecsLine, attribute: "scte214:supplementalCodecs",
                                    declared: nil, expected: would.supplementalCodecs, message)
        case .checkSupplementalNotInMedia:
            return DASHCheckFinding(.dashSupplementalNotInMedia, line: supplementalLine, attribute: "scte214:supplementalCodecs",
                                    declared: common.supplementalCodecs, expected: would.supplementalCodecs, message)
        case .supplementalBrandMissing:
            if brandMissingRaised { return nil }
            return DASHCheckFinding(.dashSupplementalProfilesMissing, line: profilesLine, attribute: "scte214:supplementalProfiles",
                                    declared: common.supplementalProfiles, expected: would.supplementalProfiles, message)
        case .supplementalBrandCompatibilityMismatch, .supplementalBrandRangeMismatch, .supplementalUnknownBrand:
            return DASHCheckFinding(.dashSupplementalProfilesMismatch, line: profilesLine, attribute: "scte214:supplementalProfiles",
                                    declared: common.supplementalProfiles, expected: would.supplementalProfiles, message)
        case .supplementalLevelMismatch, .supplementalProfileMismatch, .supplementalMalformed, .supplementalBaseMissing,
             .supplementalProfileWithoutBase:
            return DASHCheckFinding(.dashSupplementalCodecsMismatch, line: supplementalLine, attribute: "scte214:supplementalCodecs",
                                    declared: common.supplementalCodecs, expected: would.supplementalCodecs, message)
        default:
            return nil
        }
    }

    /// The HLS rule's message in the MPD's vocabulary.
    package static func dashWording(_ text: String) -> String {
        text.replacingOccurrences(of: "SUPPLEMENTAL-CODECS", with: "scte214:supplementalCodecs")
            .replacingOccurrences(of: "CODECS", with: "@codecs")
            .replacingOccurrences(of: "the init section", with: "the initialization")
    }

    // MARK: colour descriptors

    package static let cicpNames = ["ColourPrimaries", "TransferCharacteristics", "MatrixCoefficients"]

    package static func code(_ name: String, in colour: ColourCodes) -> Int? {
        switch name {
        case "ColourPrimaries": colour.primaries
        case "TransferCharacteristics": colour.transfer
        default: colour.matrix
        }
    }

    package static func checkColour(_ input: Input, would: DASHMediaAttributes) -> [DASHCheckFinding] {
        let common = input.context.common
        var out: [DASHCheckFinding] = []
        for name in cicpNames {
            guard let (value, descriptor) = common.cicp(name), let media = code(name, in: would.colour) else { continue }
            // DVB-DASH HLG10: a VUI of 14 with an alternative transfer SEI of 18 is signalled as 18.
            if name == "TransferCharacteristics", value == H273Names.hlg, input.video.hdr?.alternativeTransfer == H273Names.hlg { continue }
            if value != media {
                // What hdrprobe writes: PQ as an EssentialProperty, everything else where the MPD put it.
                let element = name == "TransferCharacteristics" && media == H273Names.pq ? "EssentialProperty" : descriptor.element
                out.append(DASHCheckFinding(.dashColourMismatch, line: descriptor.line, attribute: "\(element) urn:mpeg:mpegB:cicp:\(name)",
                                            declared: String(value), expected: String(media),
                                            "\(name) \(value) disagrees with the stream's \(media)."))
            }
        }
        let range = input.media.expected.videoRange
        let primaryDV = common.codecs.flatMap { DolbyVisionCodecString(String($0.split(separator: ",").first ?? "")) } != nil
        let transfer = common.cicp("TransferCharacteristics")
        if transfer == nil, range != .sdr, !primaryDV {
            let pq = range == .pq
            out.append(DASHCheckFinding(.dashTransferNotSignalled, line: input.context.adaptationSet.line,
                                        attribute: "\(pq ? "EssentialProperty" : "SupplementalProperty") urn:mpeg:mpegB:cicp:TransferCharacteristics",
                                        declared: nil, expected: String(pq ? H273Names.pq : H273Names.hlg),
                                        "The media is \(range.rawValue) but no TransferCharacteristics descriptor says so: SDR clients may pick it, and a DASH-to-HLS bridge writes VIDEO-RANGE=SDR."))
        }
        let pqDescriptors = common.properties.filter { $0.cicp("TransferCharacteristics") == H273Names.pq }
        if let first = pqDescriptors.first, !pqDescriptors.contains(where: \.isEssential) {
            out.append(DASHCheckFinding(.dashPQSupplementalOnly, line: first.line,
                                        attribute: "EssentialProperty urn:mpeg:mpegB:cicp:TransferCharacteristics", declared: "SupplementalProperty 16",
                                        expected: "16",
                                        "PQ (16) is signalled only as a SupplementalProperty; SDR-only clients may pick this stream (DVB-DASH signals PQ as an EssentialProperty)."))
        }
        return out
    }

    // MARK: bandwidth, frame rate, size

    package static func checkAttributes(_ input: Input, would: DASHMediaAttributes) -> [DASHCheckFinding] {
        let common = input.context.common
        let rep = input.context.representation
        var out: [DASHCheckFinding] = []
        if rep.bandwidth == nil || rep.bandwidth == 0 {
            out.append(DASHCheckFinding(.dashBandwidthInvalid, line: rep.line, attribute: "@bandwidth", declared: rep.bandwidthText, expected: nil,
                                        rep.bandwidthText.map { "@bandwidth=\"\($0)\" is \(rep.bandwidth == 0 ? "0" : "not a number"): adaptation cannot use it and a bridge writes BANDWIDTH=0." }
                                            ?? "The Representation has no @bandwidth (required)."))
        }
        if let text = common.frameRate {
            let line = common.lines["frameRate"] ?? rep.line
            if let declared = FrameRate.hls(dashAttribute: text) {
                if let mediaRate = input.media.expected.frameRate, abs(declared.thousandths - mediaRate.thousandths) > 1 {
                    out.append(DASHCheckFinding(.dashFrameRateMismatch, line: line, attribute: "@frameRate", declared: text, expected: would.frameRate,
                                                "@frameRate=\"\(text)\" (\(declared.string) fps) but the media runs at \(mediaRate.string) fps."))
                }
            } else {
                out.append(DASHCheckFinding(.dashFrameRateInvalid, line: line, attribute: "@frameRate", declared: text, expected: would.frameRate,
                                            "@frameRate=\"\(text)\" is not N or N/D with non-zero terms (FrameRateType)."))
            }
        }
        if let w = common.width, let h = common.height, let mw = would.width, let mh = would.height, (w, h) != (mw, mh) {
            out.append(DASHCheckFinding(.dashResolutionMismatch, line: common.lines["width"] ?? rep.line, attribute: "@width/@height",
                                        declared: "\(w)x\(h)", expected: "\(mw)x\(mh)", "@width/@height \(w)x\(h) but the picture is \(mw)x\(mh)."))
        }
        return out
    }

    // MARK: dual layer

    package static func checkDependency(_ input: Input) -> [DASHCheckFinding] {
        let rep = input.context.representation
        let dependency = rep.dependencyId
        let unknown = dependency.filter { $0 == rep.id || !input.periodRepresentationIDs.contains($0) }
        if !unknown.isEmpty {
            return [DASHCheckFinding(.dashDependencyInvalid, line: rep.line, attribute: "@dependencyId", declared: dependency.joined(separator: " "),
                                     expected: nil, "@dependencyId names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), which is no other Representation of this Period.")]
        }
        if dependency.isEmpty, let config = input.video.dolbyVision?.configuration, config.elPresent, !config.blPresent {
            return [DASHCheckFinding(.dashDependencyInvalid, line: rep.line, attribute: "@dependencyId", declared: nil, expected: nil,
                                     "The media is a Dolby Vision enhancement layer without its base layer (bl_present_flag 0), but the Representation has no @dependencyId naming the base layer Representation.")]
        }
        return []
    }

    // MARK: ContentProtection

    package static func checkProtection(_ input: Input, would: DASHMediaAttributes) -> [DASHCheckFinding] {
        let common = input.context.common
        let rep = input.context.representation
        let declared = common.contentProtections.filter(\.isMP4Protection)
        guard let encryption = input.video.encryption else {
            guard let first = common.contentProtections.first else { return [] }
            return [DASHCheckFinding(.dashContentProtectionNotInMedia, line: first.line, attribute: "ContentProtection", declared: first.value ?? first.schemeIdUri,
                                     expected: nil, "ContentProtection applies to this Representation but its media is clear.")]
        }
        guard let cp = declared.last else {
            return [DASHCheckFinding(.dashContentProtectionMissing, line: rep.line, attribute: "ContentProtection", declared: nil,
                                     expected: "urn:mpeg:dash:mp4protection:2011 value=\(would.scheme ?? "?") cenc:default_KID=\(would.defaultKID ?? "?")",
                                     "The media is encrypted (\(encryption.storedEntry), scheme \(encryption.scheme ?? "?")) but no mp4protection ContentProtection applies to the Representation.")]
        }
        var out: [DASHCheckFinding] = []
        if let scheme = encryption.scheme, cp.value?.trimmedXMLSpace.lowercased() != scheme.lowercased() {
            out.append(DASHCheckFinding(.dashContentProtectionMismatch, line: cp.line, attribute: "ContentProtection@value", declared: cp.value, expected: scheme,
                                        "ContentProtection @value=\"\(cp.value ?? "")\" but the initialization's schm scheme is '\(scheme)'."))
        }
        let mediaKID = encryption.defaultKID.map { $0.lowercased().filter { $0 != "-" } }
        if let mediaKID, cp.defaultKID != nil || declared.count == 1, cp.normalizedKID != mediaKID {
            out.append(DASHCheckFinding(.dashContentProtectionMismatch, line: cp.line, attribute: "cenc:default_KID", declared: cp.defaultKID,
                                        expected: would.defaultKID,
                                        "cenc:default_KID=\"\(cp.defaultKID ?? "")\" but the initialization's tenc default_KID is \(would.defaultKID ?? "?")."))
        }
        return out
    }
}
