/// `scte214:supplementalCodecs` and `scte214:supplementalProfiles` of a Representation (ANSI/SCTE 214-1; namespace
/// `urn:scte:dash:scte214-extensions`; `docs/rules/dash-signalling.md` §3.1): the Dolby Vision layer a
/// backward-compatible stream (8.1, 8.4, 10.1, 10.4) carries on top of the `@codecs` base, and its compatibility
/// brand (`db1p`, `db4h`). They are the Dolby Vision elements of the same decision that writes HLS's
/// SUPPLEMENTAL-CODECS (``HLSVideoSignalling``): the codec string goes into one attribute, the brand into the other
/// (HLS joins them with `/`). HDR10+'s `cdm4` element has no place here; DASH signals it with the
/// `http://dashif.org/metadata/hdr` descriptor (``DASHDynamicMetadata``).
package struct DASHSupplementalCodecs: Sendable, Equatable {
    package var codecs: [DolbyVisionCodecString]
    package var profiles: [String]

    package init(codecs: [DolbyVisionCodecString], profiles: [String]) {
        self.codecs = codecs
        self.profiles = profiles
    }

    /// The Dolby Vision elements of `supplemental`; nil when it has none.
    package init?(_ supplemental: SupplementalCodecs?) {
        let elements = (supplemental?.elements ?? []).compactMap { element in
            DolbyVisionCodecString(element.codec).map { (codec: $0, brands: element.brands) }
        }
        guard !elements.isEmpty else { return nil }
        self.init(codecs: elements.map(\.codec), profiles: elements.flatMap(\.brands))
    }

    /// The `scte214:supplementalCodecs` value (several codecs comma-separated, as `@codecs`).
    package var codecsString: String { codecs.map(\.string).joined(separator: ",") }
    /// The `scte214:supplementalProfiles` value (several brands comma-separated).
    package var profilesString: String { profiles.joined(separator: ",") }

    package static let namespace = "urn:scte:dash:scte214-extensions"
}
