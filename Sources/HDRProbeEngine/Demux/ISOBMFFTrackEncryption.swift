import HDRProbeCore

/// The encrypted tracks hdrprobe's own ISO BMFF reader covers, and the encryption info libavformat
/// 5.1's mov demuxer attaches to their packets (`AV_PKT_DATA_ENCRYPTION_INFO`): its subsample map.
///
/// Covered (compared with libavformat, ISOBMFFEncryptedFilesTests): a plain (unfragmented) track
/// whose single `encv` entry carries `sinf` with `frma` `hvc1`/`hev1`/`avc1`/`avc3`/`av01` (the codec
/// libavformat names from it, as for the clear entry), `schm` `cenc`/`cbc1`/`cens`/`cbcs`, and a
/// `tenc` marking the track protected with an 8- or 16-byte per-sample IV; its `stbl` holds one
/// `senc` with an entry for every sample, placed before any `saiz`/`saio` (libavformat then takes the
/// maps from `senc` and ignores the auxiliary-information boxes, `docs/rules/encryption-cmaf.md` §4),
/// and no sample groups (`sbgp`/`sgpd`: key rotation by `seig` groups is not covered). Everything
/// else — `enca`, other original formats (FFmpeg 5.1 reads `frma dvh1` as the DV camcorder codec),
/// constant IVs, `saiz`/`saio` without a `senc` before them, a `senc` cut short or of another sample
/// count, fragmented encrypted files — is left to libavformat.
enum ISOBMFFTrackEncryption {
    static let schemes: Set<String> = ["cenc", "cbc1", "cens", "cbcs"]
    static let originalFormats: Set<String> = ["hvc1", "hev1", "avc1", "avc3", "av01"]

    /// The original format of a covered encrypted visual entry; nil when the entry is not one.
    static func originalFormat(_ entry: SampleEntry) -> String? {
        guard entry.fourCC == "encv", let p = entry.protection, let format = p.originalFormat,
              originalFormats.contains(format), let scheme = p.schemeType, schemes.contains(scheme),
              p.defaultIsProtected == true, [8, 16].contains(p.defaultPerSampleIVSize), p.defaultKID != nil else { return nil }
        return format
    }

    /// The subsample maps of the track's first `limit` samples (all when nil) from its `senc`
    /// (empty lists for whole-sample encryption); nil when the track is not a covered encrypted one.
    static func subsampleMaps(_ track: MovieBox.Track, limit: Int?) -> [[SubsampleEncryption.Subsample]]? {
        guard track.sampleEntries.count == 1, originalFormat(track.sampleEntries[0]) != nil,
              let ivSize = track.sampleEntries[0].protection?.defaultPerSampleIVSize,
              let table = track.sampleTable, let payload = table.sampleEncryption else { return nil }
        let types = track.sampleTableBoxTypes
        guard types.filter({ $0 == "senc" }).count == 1, let senc = types.firstIndex(of: "senc"),
              !types.contains(where: { ["sbgp", "sgpd"].contains($0) }),
              types.filter({ $0 == "saiz" }).count <= 1, types.filter({ $0 == "saio" }).count <= 1,
              !types[..<senc].contains(where: { ["saiz", "saio"].contains($0) }),
              let box = SampleEncryptionBox.parse(table.bytes, payload: payload, perSampleIVSize: ivSize,
                                                  limit: limit ?? table.sampleCount),
              box.sampleCount == table.sampleCount else { return nil }
        return box.maps
    }
}
