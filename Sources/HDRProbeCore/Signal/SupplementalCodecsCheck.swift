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
public enum SupplementalCodecsCheck {
    private static let dolbyVisionBrands: Set<String> = ["db1p", "db2g", "db4h", "db4g"]

    /// - Parameters:
    ///   - videoRange: the VIDEO-RANGE attribute; nil when absent (which implies SDR).
    ///   - dolbyVision: the stream's resolved profile and `dv_level`, when known (rules 4 and 5).
    public static func check(codecs: HLSCodecs, supplementalCodecs: SupplementalCodecs, videoRange: VideoRange?,
                             dolbyVision: DolbyVisionProfile? = nil, dolbyVisionLevel: Int? = nil) -> [HLSSignalIssue] {
        var issues: [HLSSignalIssue] = []
        for element in supplementalCodecs.elements {
            let subject = element.string
            func add(_ code: HLSSignalIssue.Code, _ message: String) {
                issues.append(HLSSignalIssue(code, message, subject: subject))
            }
            // Rule 1.
            if element.codec.isEmpty || !HLSCodecs.isValidFormat(element.codec) {
                add(.supplementalMalformed,
                    element.codec.isEmpty ? "An element of SUPPLEMENTAL-CODECS is empty."
                        : "'\(element.codec)' is not a valid CODECS format.")
            }
            if element.brands.contains(where: \.isEmpty) {
                add(.supplementalMalformed, "'\(subject)' has an empty brand field.")
            }
            let entry = CodecStringFormatting.elements(element.codec).first.map { $0.lowercased() } ?? ""
            let dv = DolbyVisionCodecString(element.codec)
            let isDolbyVision = DolbyVisionCodecString.sampleEntries.contains(entry)
            let brands = element.brands.map { $0.lowercased() }

            // Rule 2.
            let requiredBases: Set<String>?
            switch entry {
            case "dvh1", "dvhe": requiredBases = ["hvc1", "hev1"]
            case "dav1": requiredBases = ["av01"]
            case "dva1", "dvav": requiredBases = ["avc1", "avc3"]
            default: requiredBases = nil
            }
            if let requiredBases {
                if codecs.codecs(withEntries: requiredBases).isEmpty {
                    add(.supplementalBaseMissing,
                        "'\(element.codec)' needs its base layer (\(requiredBases.sorted().joined(separator: " or "))) declared in CODECS \"\(codecs.string)\".")
                }
            } else if !element.codec.isEmpty, !codecs.contains(element.codec) {
                add(.supplementalBaseMissing,
                    "'\(element.codec)' is not declared in CODECS \"\(codecs.string)\"; each SUPPLEMENTAL-CODECS member must have its base layer there.")
            }

            // Rule 3.
            let rangeText = videoRange?.rawValue ?? "absent (implies SDR)"
            if brands.contains("db1p"), videoRange != .pq {
                add(.supplementalBrandRangeMismatch, "Brand db1p (PQ base) needs VIDEO-RANGE=PQ; VIDEO-RANGE is \(rangeText).")
            }
            if brands.contains("db4h"), videoRange != .hlg {
                add(.supplementalBrandRangeMismatch, "Brand db4h (HLG base) needs VIDEO-RANGE=HLG; VIDEO-RANGE is \(rangeText).")
            }
            let dvBrands = brands.filter { dolbyVisionBrands.contains($0) }
            if let dv, [8, 10].contains(dv.profile), dvBrands.isEmpty {
                add(.supplementalBrandMissing,
                    "Dolby Vision profile \(dv.profile) in SUPPLEMENTAL-CODECS needs its compatibility brand (db1p for a PQ base, db4h for HLG).")
            }
            if let dv, ![8, 9, 10].contains(dv.profile) {
                add(.supplementalProfileWithoutBase,
                    "Dolby Vision profile \(dv.profile) has no backward-compatible base layer to declare in CODECS; only 8.x and 10.x belong in SUPPLEMENTAL-CODECS (profile 5 is a CODECS entry).")
            }

            // Rule 4.
            for brand in dvBrands where brand == "db2g" || brand == "db4g" {
                add(.supplementalNoAppleRoute, "Brand \(brand) has no Apple HLS route (only db1p and db4h are used).")
            }
            if isDolbyVision, let record = dolbyVision, let compat = record.compatibilityId, !dvBrands.isEmpty {
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

            // Rule 5 (and the profile).
            if let dv, let record = dolbyVision, dv.profile != record.profile {
                add(.supplementalProfileMismatch,
                    "The element says Dolby Vision profile \(dv.profile); the configuration record says \(record.profile).")
            }
            if let dv, let level = dolbyVisionLevel, dv.level != level {
                add(.supplementalLevelMismatch,
                    "The element says Dolby Vision level \(dv.level); the configuration record says \(level).")
            }

            for brand in brands where !brand.isEmpty && !SupplementalCodecs.knownBrands.contains(brand) {
                add(.supplementalUnknownBrand, "Brand '\(brand)' is not one hdrprobe knows (db1p, db2g, db4h, db4g, cdm4).")
            }
            if isDolbyVision, brands.contains("cdm4") {
                add(.supplementalCdm4OnDolbyVision,
                    "cdm4 pertains to the HEVC/AV1 base bitstream, not to the Dolby Vision layer; signal HDR10+ as '<base>/cdm4' instead.")
            }
        }
        return issues
    }
}
