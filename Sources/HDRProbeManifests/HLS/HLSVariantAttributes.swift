import HDRProbeModel

/// Typed accessors shared by EXT-X-STREAM-INF and EXT-X-I-FRAME-STREAM-INF (RFC 8216 §4.3.4.2 /
/// §4.3.4.3, draft-pantos-hls-rfc8216bis §4.4.6.2 for SUPPLEMENTAL-CODECS and VIDEO-RANGE;
/// `docs/rules/hls-signalling.md` §5, §9–§13). Each accessor returns nil when the attribute is
/// absent or does not have its type's syntax (the playlist parser has already rejected the latter
/// for the attributes it checks).
package protocol HLSVariantAttributes {
    var attributes: HLSAttributeList { get }
}

extension HLSVariantAttributes {
    /// `BANDWIDTH` (REQUIRED): peak segment bit rate, bits/s.
    package var bandwidth: UInt64? { attributes["BANDWIDTH"]?.decimalInteger }

    /// `AVERAGE-BANDWIDTH`, bits/s.
    package var averageBandwidth: UInt64? { attributes["AVERAGE-BANDWIDTH"]?.decimalInteger }

    /// `CODECS` split into its formats (`"hvc1.2.4.L150,ec-3"` → [`hvc1.2.4.L150`, `ec-3`]).
    package var codecs: [String]? { attributes["CODECS"]?.quotedString.map { HLSCodecs(parsing: $0).codecs } }

    /// `SUPPLEMENTAL-CODECS` split into elements and each element into codec and brands.
    package var supplementalCodecs: [SupplementalCodecs.Element]? {
        attributes["SUPPLEMENTAL-CODECS"]?.quotedString.map { SupplementalCodecs(parsing: $0).elements }
    }

    /// `VIDEO-RANGE` when present and recognised (`SDR`, `HLG`, `PQ`); see ``effectiveVideoRange``.
    package var videoRange: VideoRange? { attributes["VIDEO-RANGE"]?.enumeratedString.flatMap(VideoRange.init) }

    /// The range a client assumes: absence implies `SDR`; an unrecognised value gives nil
    /// (such a variant should not be selected, docs/rules/hls-signalling.md §9).
    package var effectiveVideoRange: VideoRange? {
        guard let raw = attributes["VIDEO-RANGE"] else { return .sdr }
        return raw.enumeratedString.flatMap(VideoRange.init)
    }

    /// `RESOLUTION` (`WxH`).
    package var resolution: HLSResolution? { attributes["RESOLUTION"]?.decimalResolution }

    /// `HDCP-LEVEL` when present and recognised.
    package var hdcpLevel: HDCPLevel? { attributes["HDCP-LEVEL"]?.enumeratedString.flatMap(HDCPLevel.init) }

    /// `VIDEO` rendition group id.
    package var videoGroup: String? { attributes["VIDEO"]?.quotedString }
}
