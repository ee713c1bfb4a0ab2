import HDRProbeBytes
import HDRProbeModel

/// The checks of `docs/rules/hls-signalling.md` §5.3 on a SUPPLEMENTAL-CODECS value — hdrprobe's
/// own or one read from a playlist:
///
/// 1. the first field of every element is a valid CODECS format; the remaining fields are brands;
/// 2. its base layer is declared in CODECS (`dvh1.08…` ⇒ an `hvc1`/`hev1` entry; `dav1.10…` ⇒
///    `av01`; `dva1`/`dvav` ⇒ `avc1`/`avc3`; anything else, e.g. `…/cdm4`, ⇒ the same string);
/// 3. `db1p` ⇒ `VIDEO-RANGE=PQ`, `db4h` ⇒ `VIDEO-RANGE=HLG` (an absent VIDEO-RANGE means SDR);
///    a Dolby Vision 8.x/10.x element without a brand is incorrect (APPX: "Leaving out either one
///    is incorrect");
/// 4. the brand agrees with the configuration record's compatibility id (1 ⇒ `db1p`, 4 ⇒ `db4h`);
///    `db2g` / `db4g` have no Apple route;
/// 5. the element's Dolby Vision level matches `dv_level` (and, added here, its profile the
///    record's profile).
///
/// Also reported: unknown brands (§5.1), `cdm4` on a Dolby Vision element (§5.4 "do not emit"), and
/// Dolby Vision profiles without a backward-compatible base (only 8, 9 and 10 have one in
/// SUPPLEMENTAL-CODECS). Codec strings and brands compare case-insensitively (§2.1).
package enum SupplementalCodecsCheck {
    package static let dolbyVisionBrands: Set<String> = ["db1p", "db2g", "db4h", "db4g"]

    /// - Parameters:
    ///   - videoRange: the VIDEO-RANGE attribute; nil when absent (which implies SDR).
    ///   - dolbyVision: the stream's resolved profile and `dv_level`, when known (rules 4 and 5).
    package static func check(codecs: HLSCodecs, supplementalCodecs: SupplementalCodecs, videoRange: VideoRange?,
                             dolbyVision: DolbyVisionProfile? = nil, dolbyVisionLevel: Int? = nil) -> [HLSSignalIssue] {
        supplementalCodecs.elements.flatMap { element in
            var c = ElementCheck(element)
            c.format()
            c.base(in: codecs)
            c.brandsAgainst(videoRange: videoRange)
            c.appleRoutes(record: dolbyVision)
            c.againstRecord(dolbyVision, level: dolbyVisionLevel)
            c.knownBrands()
            return c.issues
        }
    }

    /// One element under the rules, with the issues it raises.
    package struct ElementCheck {
        package let element: SupplementalCodecs.Element
        package let subject: String
        /// The element's sample entry, lower-cased.
        package let entry: String
        package let dv: DolbyVisionCodecString?
        package let isDolbyVision: Bool
        /// Brands, lower-cased.
        package let brands: [String]
        package let dvBrands: [String]
        package var issues: [HLSSignalIssue] = []

        package init(_ element: SupplementalCodecs.Element) {
            self.element = element
            subject = element.string
            entry = CodecStringFormatting.elements(element.codec).first.map { $0.lowercased() } ?? ""
            dv = DolbyVisionCodecString(element.codec)
            isDolbyVision = DolbyVisionCodecString.sampleEntries.contains(entry)
            brands = element.brands.map { $0.lowercased() }
            dvBrands = brands.filter { SupplementalCodecsCheck.dolbyVisionBrands.contains($0) }
        }

        package mutating func add(_ code: HLSSignalIssue.Code, _ message: String) {
            issues.append(HLSSignalIssue(code, message, subject: subject))
        }

        /// Rule 1: a valid CODECS format, no empty brand.
        package mutating func format() {
            if element.codec.isEmpty || !HLSCodecs.isValidFormat(element.codec) {
                add(.supplementalMalformed,
                    element.codec.isEmpty ? "An element of SUPPLEMENTAL-CODECS is empty."
                        : "'\(element.codec)' is not a valid CODECS format.")
            }
            if element.brands.contains(where: \.isEmpty) {
                add(.supplementalMalformed, "'\(subject)' has an empty brand field.")
            }
        }

        /// Rule 2: the base layer is declared in CODECS.
        package mutating func base(in codecs: HLSCodecs) {
            if let requiredBases = SampleEntryType(rawValue: entry)?.baseEntries {
                if codecs.codecs(withEntries: requiredBases).isEmpty {
                    add(.supplementalBaseMissing,
                        "'\(element.codec)' needs its base layer (\(requiredBases.sorted().joined(separator: " or "))) declared in CODECS \"\(codecs.string)\".")
                }
            } else if !element.codec.isEmpty, !codecs.contains(element.codec) {
                add(.supplementalBaseMissing,
                    "'\(element.codec)' is not declared in CODECS \"\(codecs.string)\"; each SUPPLEMENTAL-CODECS member must have its base layer there.")
            }
        }

        /// Rule 3: brands against VIDEO-RANGE; a Dolby Vision 8/10 element has its brand; only
        /// profiles with a backward-compatible base belong here.
        package mutating func brandsAgainst(videoRange: VideoRange?) {
            let rangeText = videoRange?.rawValue ?? "absent (implies SDR)"
            if brands.contains(SupplementalCodecs.dolbyVisionPQBrand), videoRange != .pq {
                add(.supplementalBrandRangeMismatch, "Brand db1p (PQ base) needs VIDEO-RANGE=PQ; VIDEO-RANGE is \(rangeText).")
            }
            if brands.contains(SupplementalCodecs.dolbyVisionHLGBrand), videoRange != .hlg {
                add(.supplementalBrandRangeMismatch, "Brand db4h (HLG base) needs VIDEO-RANGE=HLG; VIDEO-RANGE is \(rangeText).")
            }
            if let dv, [8, 10].contains(dv.profile), dvBrands.isEmpty {
                add(.supplementalBrandMissing,
                    "Dolby Vision profile \(dv.profile) in SUPPLEMENTAL-CODECS needs its compatibility brand (db1p for a PQ base, db4h for HLG).")
            }
            if let dv, ![8, 9, 10].contains(dv.profile) {
                add(.supplementalProfileWithoutBase,
                    "Dolby Vision profile \(dv.profile) has no backward-compatible base layer to declare in CODECS; only 8.x and 10.x belong in SUPPLEMENTAL-CODECS (profile 5 is a CODECS entry).")
            }
        }

        /// Rule 4: brands with no Apple route; brands against the record's compatibility id.
        package mutating func appleRoutes(record: DolbyVisionProfile?) {
            for brand in dvBrands where brand == SupplementalCodecs.dolbyVisionSDRBrand || brand == SupplementalCodecs.dolbyVisionSDRGammaBrand {
                add(.supplementalNoAppleRoute, "Brand \(brand) has no Apple HLS route (only db1p and db4h are used).")
            }
            guard isDolbyVision, let record, let compat = record.compatibilityId, !dvBrands.isEmpty else { return }
            let expected: Set<String>
            switch compat {
            case 1: expected = ["db1p"]
            case 2: expected = ["db2g"]
            case 4: expected = ["db4h", "db4g"]
            default: expected = []
            }
            if dvBrands.contains(where: { !expected.contains($0) }) {
                add(.supplementalBrandCompatibilityMismatch,
                    "Brand \(dvBrands.joined(separator: "/")) contradicts the configuration record's compatibility id \(compat)\(expected.isEmpty ? " (no brand exists for it)" : " (expects \(expected.sorted().joined(separator: " or ")))").")
            }
        }

        /// Rule 5: the element's profile and level against the configuration record.
        package mutating func againstRecord(_ record: DolbyVisionProfile?, level recordLevel: Int?) {
            if let dv, let record, dv.profile != record.profile {
                add(.supplementalProfileMismatch,
                    "The element says Dolby Vision profile \(dv.profile); the configuration record says \(record.profile).")
            }
            if let dv, let level = recordLevel, dv.level != level {
                add(.supplementalLevelMismatch,
                    "The element says Dolby Vision level \(dv.level); the configuration record says \(level).")
            }
        }

        /// Unknown brands, and `cdm4` on the Dolby Vision element.
        package mutating func knownBrands() {
            for brand in brands where !brand.isEmpty && !SupplementalCodecs.knownBrands.contains(brand) {
                add(.supplementalUnknownBrand, "Brand '\(brand)' is not one hdrprobe knows (db1p, db2g, db4h, db4g, cdm4).")
            }
            if isDolbyVision, brands.contains(SupplementalCodecs.hdr10PlusBrand) {
                add(.supplementalCdm4OnDolbyVision,
                    "cdm4 pertains to the HEVC/AV1 base bitstream, not to the Dolby Vision layer; signal HDR10+ as '<base>/cdm4' instead.")
            }
        }
    }
}
