import HDRProbeParse
import HDRProbeModel

/// What the container declares against what the stream carries, each disagreement a finding
/// with both values (issue "container versus bitstream"):
/// - colour description: `colr` / Matroska `Colour` vs the SPS VUI or AV1 colour config;
/// - static HDR metadata: `mdcv`/`clli` or Matroska `MasteringMetadata` vs SEI 137/144 (AV1 metadata);
/// - Dolby Vision record vs the stream: `el_present_flag` vs NAL 63 / the RPU's enhancement layer
///   (`docs/rules/dolby-vision.md` §1.1 step 5), compatibility id vs the base layer's transfer (§2), level vs
///   picture size and rate (§4), Profile 5 without a colour description (`docs/rules/apple-playback.md` §2.7);
/// - sample entry vs parameter-set location (`docs/rules/apple-playback.md` §2.2) and SEI arrays in hvcC (§2.4);
/// - HDR10+ without static HDR10 metadata (`docs/rules/hdr10plus.md` §1, `docs/rules/apple-playback.md` §9).
package struct ContainerBitstreamChecks: Sendable {
    package var evidence: VideoEvidence

    package init(_ evidence: VideoEvidence) { self.evidence = evidence }

    /// `transfer`: the effective base-layer transfer; `frameRate`: frames per second if known;
    /// `hdr10Plus`: HDR10+ present in the scanned frames.
    package func findings(transfer: Int?, frameRate: Double?, hdr10Plus: Bool) -> [Finding] {
        var out: [Finding] = []
        let e = evidence
        func add(_ code: FindingCode, _ message: String) { out.append(Finding(code, message, stream: e.index)) }

        if let c = e.containerColour, let b = e.scan.bitstreamColour {
            let diffs = Self.colourDifferences(container: c, bitstream: b)
            if !diffs.isEmpty {
                add(.colorContainerBitstreamMismatch,
                    "The container's colour description disagrees with the bitstream: \(diffs.joined(separator: "; ")). Players follow the container; fix the one that is wrong (remux with the right colour flags or re-encode).")
            }
        }

        if let c = e.containerMastering, let b = e.scan.mastering {
            let diffs = Self.masteringDifferences(container: c.roundedToCoding(), bitstream: b.roundedToCoding())
            if !diffs.isEmpty {
                add(.hdr10ContainerBitstreamMismatch,
                    "Mastering display metadata differs between the container and the SEI: \(diffs.joined(separator: "; ")).")
            }
        }
        if let c = e.containerContentLight, let b = e.scan.contentLight, c.maxCLL != b.maxCLL || c.maxFALL != b.maxFALL {
            add(.hdr10ContainerBitstreamMismatch,
                "Content light level differs between the container (MaxCLL \(c.maxCLL), MaxFALL \(c.maxFALL)) and the SEI (MaxCLL \(b.maxCLL), MaxFALL \(b.maxFALL)).")
        }

        if let record = e.doviRecord {
            let elInStream = e.scan.enhancementLayerNALs
            if record.elPresent && !elInStream {
                let rpuEL = e.scan.rpuEnhancementLayer.map { " (the RPUs describe a \($0) that is not in this track)" } ?? ""
                add(.dvEnhancementLayerMismatch,
                    "The Dolby Vision record sets el_present_flag but the scanned frames carry no enhancement layer (NAL 63)\(rpuEL); only the base layer and RPU are here.")
            } else if !record.elPresent && elInStream {
                add(.dvEnhancementLayerMismatch,
                    "The stream carries enhancement-layer NAL units (63) but the Dolby Vision record says el_present_flag = 0; players that follow the record ignore the EL.")
            }
            if let transfer, let expected = Self.expectedTransfers(profile: record.profile, compatibility: record.compatibilityId),
               !expected.contains(transfer) {
                add(.dvCompatibilityTransferMismatch,
                    "Dolby Vision \(record.profile).\(record.compatibilityId) declares a \(Self.compatibilityName(record.compatibilityId)) base layer but the base layer's transfer is \(H273Names.transfer(transfer) ?? "\(transfer)") (\(transfer)); Apple players reject a variant whose compatibility contradicts its brand.")
            }
            let width = e.scan.width ?? e.width, height = e.scan.height ?? e.height
            if let width, let height, let fps = frameRate, fps > 0, record.level >= 1, record.level <= 13,
               let required = DolbyVisionLevel.infer(width: width, height: height, framesPerSecond: fps)?.id, record.level < required {
                add(.dvLevelTooLow,
                    "Dolby Vision level \(record.level) is too low for \(width)x\(height) at \(Self.format(fps)) fps (needs level \(required)); decoders may refuse the stream. Rewrite dv_level.")
            }
        }
        if (e.doviRecord?.profile ?? e.scan.rpuProfile) == 5, transfer == nil || transfer == 2 {
            add(.dvProfile5WithoutColour,
                "Profile 5 with no colour description: Apple's Dolby Vision decoder engages only when the track signals BT.2020 / PQ (colr nclx 9/16/9); add it when remuxing.")
        }

        if let entry = e.sampleEntry, SampleEntryType(rawValue: entry)?.needsParameterSetsInRecord == true,
           e.configurationHasParameterSets == false {
            add(.hlsParameterSetsInBandOnly,
                "Sample entry '\(entry)' requires the parameter sets in the configuration record, but the record has none\(e.scan.inBandParameterSets ? " (they are only in the samples)" : ""); CoreMedia cannot build a format description (error -4). Remux so the record carries VPS/SPS/PPS.")
        }
        if !e.configurationSEITypes.isEmpty {
            let types = e.configurationSEITypes.map(String.init).joined(separator: ", ")
            let staticOnly = e.configurationSEITypes.allSatisfy { $0 == 137 || $0 == 144 }
            add(.hlsSEIInConfigurationRecord,
                "The hvcC carries an SEI array (payload types \(types)); Apple TV refuses such tracks (tracks count = 0). Keep only the VPS/SPS/PPS arrays\(staticOnly ? " — though Apple's rule 1.8 asks for HDR10 SEI in hvcC, so this case is uncertain" : "").")
        }

        if hdr10Plus, e.containerMastering == nil, e.scan.mastering == nil, e.containerContentLight == nil, e.scan.contentLight == nil {
            add(.hdr10PlusWithoutStaticMetadata,
                "HDR10+ dynamic metadata without static HDR10 metadata (mastering display / content light level); HDR10 displays and players that ignore HDR10+ have nothing to tone-map with.")
        }
        return out
    }

    package static func colourDifferences(container c: ColourCodes, bitstream b: ColourCodes) -> [String] {
        var diffs: [String] = []
        func check(_ what: String, _ x: Int?, _ y: Int?, _ name: (Int?) -> String?) {
            guard let x, let y, x != 2, y != 2, x != y else { return }
            diffs.append("\(what) \(name(x) ?? "\(x)") (\(x)) in the container vs \(name(y) ?? "\(y)") (\(y)) in the bitstream")
        }
        check("primaries", c.primaries, b.primaries, H273Names.primaries)
        check("transfer", c.transfer, b.transfer, H273Names.transfer)
        check("matrix", c.matrix, b.matrix, H273Names.matrix)
        if let x = c.fullRange, let y = b.fullRange, x != y {
            diffs.append("range \(x ? "full" : "limited") in the container vs \(y ? "full" : "limited") in the bitstream")
        }
        return diffs
    }

    package static func masteringDifferences(container c: MasteringDisplay, bitstream b: MasteringDisplay) -> [String] {
        var diffs: [String] = []
        let fields: [(String, Double, Double, Double)] = [
            ("red x", c.redX, b.redX, 0.00002), ("red y", c.redY, b.redY, 0.00002),
            ("green x", c.greenX, b.greenX, 0.00002), ("green y", c.greenY, b.greenY, 0.00002),
            ("blue x", c.blueX, b.blueX, 0.00002), ("blue y", c.blueY, b.blueY, 0.00002),
            ("white x", c.whiteX, b.whiteX, 0.00002), ("white y", c.whiteY, b.whiteY, 0.00002),
            ("max luminance", c.maxLuminance, b.maxLuminance, 0.0001), ("min luminance", c.minLuminance, b.minLuminance, 0.0001),
        ]
        for (name, x, y, step) in fields where abs(x - y) > step * 1.5 {
            diffs.append("\(name) \(format(x)) vs \(format(y))")
        }
        return diffs
    }

    /// Base-layer transfers each compatibility id stands for (`docs/rules/dolby-vision.md` §2): 1 → PQ,
    /// 2 → BT.709/BT.1886 family, 4 → HLG (or BT.2020 SDR gamma, TC 14), 6 → PQ (UHD Blu-ray).
    package static func expectedTransfers(profile: Int, compatibility: Int) -> Set<Int>? {
        guard [7, 8, 10].contains(profile) else { return nil }
        switch compatibility {
        case 1, 6: return [H273Names.pq]
        case 2: return [1, 6, 14, 15]
        case 4: return [H273Names.hlg, 14]
        default: return nil
        }
    }

    package static func compatibilityName(_ id: Int) -> String {
        switch id {
        case 1: return "HDR10 (PQ)"
        case 2: return "SDR"
        case 4: return "HLG"
        case 6: return "UHD Blu-ray HDR10 (PQ)"
        default: return "compatibility \(id)"
        }
    }

    package static func format(_ v: Double) -> String {
        let r = (v * 100_000).rounded() / 100_000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
