import HDRProbeModel

/// The video part of a variant's HLS signalling — `hls.sampleEntry`, the video element of
/// `CODECS`, `SUPPLEMENTAL-CODECS` and `VIDEO-RANGE` — decided by the table of
/// `docs/rules/hls-signalling.md` §5.2 (Apple appendix policy):
///
/// | Source | sampleEntry | CODECS (video) | SUPPLEMENTAL-CODECS | VIDEO-RANGE |
/// |---|---|---|---|---|
/// | DV 5 | `dvh1` | `dvh1.05.LL` | – | PQ |
/// | DV 8.1 | `hvc1` | `<hevc>` | `dvh1.08.LL/db1p` | PQ |
/// | DV 8.4 | `hvc1` | `<hevc>` | `dvh1.08.LL/db4h` | HLG |
/// | DV 10.0 | `dav1` | `dav1.10.LL` | – | PQ |
/// | DV 10.1 | `av01` | `<av1>` | `dav1.10.LL/db1p` | PQ |
/// | DV 10.4 | `av01` | `<av1>` | `dav1.10.LL/db4h` | HLG |
/// | DV refused (7, 8.2, 10.2, 4, 9, 20, invalid compat) | base entry | base string | – (or `<base>/cdm4` if HDR10+) | from the transfer (§9) |
/// | HDR10+ without DV | base entry | base string | `<base>/cdm4` | PQ |
/// | DV 8.1 + HDR10+ | `hvc1` | `<hevc>` | `dvh1.08.LL/db1p` (default; §5.4 option adds `<hevc>/cdm4`) | PQ |
/// | HDR10 / HLG / SDR | base entry | base string | – | from the transfer |
///
/// `<hevc>` / `<av1>` are the stream-derived strings (§2, §6) with the entry hdrprobe wants for
/// Apple (`hvc1`, `av01`; `hev1` → `hvc1`, `avc3` → `avc1`). Dolby Vision is routed only when the
/// policy accepts it and the profile belongs to the codec. Encodes to JSON.
package struct HLSVideoSignalling: Sendable, Equatable, Codable {
    /// The sample entry the stream should carry in fMP4 for Apple playback (`hls.sampleEntry`).
    package var sampleEntry: String
    /// The video element of CODECS; nil when no string could be derived.
    package var codec: VideoCodecString?
    package var supplementalCodecs: SupplementalCodecs?
    package var videoRange: VideoRange
    package var issues: [HLSSignalIssue]

    package init(sampleEntry: String, codec: VideoCodecString?, supplementalCodecs: SupplementalCodecs?,
                videoRange: VideoRange, issues: [HLSSignalIssue] = []) {
        self.sampleEntry = sampleEntry
        self.codec = codec
        self.supplementalCodecs = supplementalCodecs
        self.videoRange = videoRange
        self.issues = issues
    }

    /// Whether a Dolby Vision element is signalled (a `dvh1`/`dav1` CODECS entry or a
    /// SUPPLEMENTAL-CODECS element).
    package var signalsDolbyVision: Bool {
        if case .dolbyVision = codec { return true }
        return supplementalCodecs?.elements.contains { DolbyVisionCodecString($0.codec) != nil } ?? false
    }

    /// The base sample entry per codec family.
    package static func baseSampleEntry(codec: String) -> String? {
        VideoCodec(rawValue: codec).map { SampleEntryType.base(of: $0).rawValue }
    }

    private enum DolbyVisionRoute {
        /// DV is the CODECS entry itself (P5 → `dvh1`, P10.0 → `dav1`).
        case primary
        /// DV rides as SUPPLEMENTAL-CODECS on the base codec, with this brand.
        case supplemental(brand: String)
    }

    /// §5.2 routes: only the rows of the table, and only for the codec the profile belongs to.
    /// A profile 8 with a compatibility id outside 1/2/4 ("P8.6") reaches here only when a policy
    /// accepts `8.x`; over a PQ base it is signalled as 8.1 and its record rewritten
    /// (`docs/rules/apple-playback.md` §1.2–§1.3, §2.6).
    private static func route(for dv: DolbyVisionProfile, codec: String, transfer: Int?) -> DolbyVisionRoute? {
        switch (VideoCodec(rawValue: codec), dv.profile, dv.compatibilityId) {
        case (.hevc?, 5, _): return .primary
        case (.hevc?, 8, 1?): return .supplemental(brand: SupplementalCodecs.dolbyVisionPQBrand)
        case (.hevc?, 8, let c?) where ![1, 2, 4].contains(c) && transfer == H273Names.pq:
            return .supplemental(brand: SupplementalCodecs.dolbyVisionPQBrand)
        case (.hevc?, 8, 4?): return .supplemental(brand: SupplementalCodecs.dolbyVisionHLGBrand)
        case (.av1?, 10, 0?): return .primary
        case (.av1?, 10, 1?): return .supplemental(brand: SupplementalCodecs.dolbyVisionPQBrand)
        case (.av1?, 10, 4?): return .supplemental(brand: SupplementalCodecs.dolbyVisionHLGBrand)
        default: return nil
        }
    }

    /// Applies the §5.2 table to one stream.
    package static func decide(_ source: HLSVideoSource) -> HLSVideoSignalling {
        var issues: [HLSSignalIssue] = []
        let baseEntry = baseSampleEntry(codec: source.codec)
            ?? source.base.map { VideoCodecString.outOfBandEntry($0.sampleEntry) } ?? source.codec
        let base = source.base.map { $0.withSampleEntry(baseEntry) }
        let (range, rangeIssues) = VideoRange.resolve(transfer: source.transfer,
                                                      dolbyVision: source.dolbyVision?.profile,
                                                      alternativeTransfer: source.alternativeTransfer)
        issues += rangeIssues
        if VideoCodec(rawValue: source.codec) == .vp9 {
            issues.append(HLSSignalIssue(.notAppleCodec,
                                         "VP9 is not an HLS codec for Apple devices (AVPlayer's manifest parser rejects vp09); the string is informational.",
                                         subject: base?.string))
        }
        func baseMissing() {
            let reason = source.baseUnavailable?.reason ?? "No codec configuration or parameter set was available."
            issues.append(HLSSignalIssue(.codecStringUnavailable, "No \(source.codec) codec string: \(reason)"))
        }

        if let dv = source.dolbyVision {
            let route = dv.accepted ? Self.route(for: dv.profile, codec: source.codec, transfer: source.transfer) : nil
            if let route, let dvString = dolbyVisionString(dv, source: source, issues: &issues) {
                switch route {
                case .primary:
                    return HLSVideoSignalling(sampleEntry: dvString.sampleEntry, codec: .dolbyVision(dvString),
                                              supplementalCodecs: nil, videoRange: range, issues: issues)
                case let .supplemental(brand):
                    if brand == SupplementalCodecs.dolbyVisionHLGBrand, source.transfer == 14 {
                        issues.append(HLSSignalIssue(.dolbyVisionHLGBrandOverSDRGamma,
                                                     "Compatibility id 4 over a base with transfer 14 (BT.2020 SDR gamma) is brand db4g in MP4RA, which Apple has no route for; db4h and VIDEO-RANGE=HLG are signalled as for HLG."))
                    }
                    var elements = [SupplementalCodecs.Element(codec: dvString.string, brands: [brand])]
                    if source.hdr10Plus {
                        if source.options.hdr10PlusAlongsideDolbyVision, let base, range == .pq {
                            elements.append(.init(codec: base.string, brands: [SupplementalCodecs.hdr10PlusBrand]))
                        } else {
                            issues.append(HLSSignalIssue(.hdr10PlusAlongsideDolbyVision,
                                                         "HDR10+ metadata is present next to Dolby Vision; only the Dolby Vision element is signalled (no public Apple example of both)."))
                        }
                    }
                    if base == nil { baseMissing() }
                    return HLSVideoSignalling(sampleEntry: baseEntry, codec: base,
                                              supplementalCodecs: SupplementalCodecs(elements), videoRange: range,
                                              issues: issues)
                }
            }
            // A refused profile's range comes from the base transfer (§5.2), except where §9 forces it.
            issues.append(HLSSignalIssue(.dolbyVisionNoAppleRoute,
                                         "Dolby Vision \(dv.profile.string) has no Apple HLS route\(dv.accepted ? "" : " under the policy"); only the base layer is signalled."))
        }
        if base == nil { baseMissing() }
        var supplemental: SupplementalCodecs? = nil
        if source.hdr10Plus {
            if range == .pq, let base {
                supplemental = SupplementalCodecs([.init(codec: base.string, brands: [SupplementalCodecs.hdr10PlusBrand])])
            } else if range != .pq {
                issues.append(HLSSignalIssue(.hdr10PlusWithoutPQ,
                                             "HDR10+ metadata is present but VIDEO-RANGE is \(range.rawValue); the cdm4 brand is only signalled over PQ."))
            }
        }
        return HLSVideoSignalling(sampleEntry: baseEntry, codec: base, supplementalCodecs: supplemental,
                                  videoRange: range, issues: issues)
    }

    /// `dvh1.PP.LL` / `dav1.PP.LL` with the §4 level rules; nil (with an issue) when the level is
    /// invalid and cannot be derived.
    private static func dolbyVisionString(_ dv: HLSVideoSource.DolbyVision, source: HLSVideoSource,
                                          issues: inout [HLSSignalIssue]) -> DolbyVisionCodecString? {
        let stored = dv.level ?? 0
        guard let resolved = DolbyVisionCodecString.resolve(profile: dv.profile.profile, level: stored,
                                                            width: source.width, height: source.height,
                                                            framesPerSecond: source.framesPerSecond) else {
            issues.append(HLSSignalIssue(.dolbyVisionLevelInvalid,
                                         "Dolby Vision level \(dv.level.map(String.init) ?? "unknown") is outside 1…13 and cannot be derived from the picture; no Dolby Vision codec string."))
            return nil
        }
        // (A level too low for the picture is a property of the record: `dv.levelTooLow` in classification.)
        if resolved.levelInferred {
            if dv.level == nil {
                issues.append(HLSSignalIssue(.dolbyVisionLevelDerived,
                                             "No configuration record gives dv_level; level \(resolved.string.level) was derived from the picture size and rate.",
                                             subject: resolved.string.string))
            } else {
                issues.append(HLSSignalIssue(.dolbyVisionLevelInvalid,
                                             "Dolby Vision level \(dv.level.map(String.init) ?? "unknown") is outside 1…13; level \(resolved.string.level) was derived from the picture size and rate.",
                                             subject: resolved.string.string))
            }
        }
        return resolved.string
    }
}
