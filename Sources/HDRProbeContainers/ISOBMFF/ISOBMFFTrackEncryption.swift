import HDRProbeBytes
import HDRProbeParse

/// The encrypted tracks hdrprobe's own ISO BMFF reader covers, and the encryption info libavformat
/// 5.1's mov demuxer attaches to their packets (`AV_PKT_DATA_ENCRYPTION_INFO`): its subsample map.
///
/// Covered (compared with libavformat, ISOBMFFEncryptedFilesTests; `docs/rules/encryption-cmaf.md`
/// §4): a track whose single `encv` entry carries `sinf` with `frma` `hvc1`/`hev1`/`avc1`/`avc3`/`av01`/
/// `dvh1` (the codec libavformat names from it: as for the clear entry, `dvvideo` for `dvh1`), `schm` `cenc`/`cbc1`/`cens`/`cbcs`,
/// and a `tenc` marking the track protected with an 8- or 16-byte per-sample IV or a constant IV of 8
/// or 16 bytes; in a fragmented file of one `moof`, each `traf` gives its maps
/// (``fragmentMaps(_:moof:payloadOffset:base:protection:sampleCount:)``) or, with no encryption boxes,
/// fails every packet as libavformat does (``failsEveryPacket(_:)``); in a plain file (per-sample
/// IVs only) its `stbl` holds one
/// `senc` with an entry for every sample, placed before any `saiz`/`saio` (libavformat then takes the
/// maps from `senc` and ignores the auxiliary-information boxes, `docs/rules/encryption-cmaf.md` §4),
/// and no sample groups (`sbgp`/`sgpd`: key rotation by `seig` groups is not covered). Everything
/// else — `enca`, other original formats (`dvhe`, which FFmpeg 5.1 reads as the DV camcorder codec too),
/// in a plain file constant IVs or `saiz`/`saio` without a `senc` before them, a `senc` cut short or of
/// another sample count, encrypted files of several fragments — is left to libavformat.
package enum ISOBMFFTrackEncryption {
    package static let schemes: Set<String> = ["cenc", "cbc1", "cens", "cbcs"]
    package static let originalFormats: Set<String> = ["hvc1", "hev1", "avc1", "avc3", "av01", "dvh1"]

    /// The original format of a covered encrypted visual entry; nil when the entry is not one.
    package static func originalFormat(_ entry: SampleEntry) -> String? {
        guard entry.fourCC == "encv", let p = entry.protection, let format = p.originalFormat,
              originalFormats.contains(format), let scheme = p.schemeType, schemes.contains(scheme),
              p.defaultIsProtected == true, p.defaultKID != nil else { return nil }
        // libavformat's `tenc` reading: an IV size of 8 or 16, or 0 with a constant IV of 8 or 16 bytes.
        guard [8, 16].contains(p.defaultPerSampleIVSize)
                || (p.defaultPerSampleIVSize == 0 && [8, 16].contains(p.defaultConstantIVSize)) else { return nil }
        return format
    }

    /// The subsample maps of the track's first `limit` samples (all when nil) from its `senc`
    /// (empty lists for whole-sample encryption); nil when the track is not a covered encrypted one.
    package static func subsampleMaps(_ track: MovieBox.Track, limit: Int?) -> [[SubsampleEncryption.Subsample]]? {
        guard track.sampleEntries.count == 1, originalFormat(track.sampleEntries[0]) != nil,
              let ivSize = track.sampleEntries[0].protection?.defaultPerSampleIVSize, ivSize != 0,
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

    /// The subsample maps of one track fragment's `sampleCount` samples as libavformat 5.1 fills the
    /// fragment's encryption index (`docs/rules/encryption-cmaf.md` §4): from the `senc` when it
    /// comes first, else from the auxiliary information `saiz` and `saio` point at (both before any
    /// `senc`, which is then ignored), read at the `saio` offset from the fragment's base data offset
    /// `base` (a file offset) inside the `moof` (`moof` is its payload, starting at file offset
    /// `payloadOffset`). nil when not covered: none of the boxes, more than one of a kind, `saiz`
    /// without `saio` or the reverse, an auxiliary-information type other than the scheme's, more
    /// than one offset, information outside the `moof`, a sample's information not exactly the IV
    /// plus its map, or another number of entries than samples.
    package static func fragmentMaps(_ traf: MovieFragmentBox.TrackFragment, moof: [UInt8], payloadOffset: Int, base: Int,
                             protection p: ProtectionSchemeInfoBox, sampleCount: Int) -> [[SubsampleEncryption.Subsample]]? {
        let kinds = ["saiz", "saio", "senc"]
        let types = traf.boxTypes
        guard kinds.allSatisfy({ k in types.filter { $0 == k }.count <= 1 }), let ivSize = p.defaultPerSampleIVSize,
              let first = types.first(where: kinds.contains) else { return nil }
        if first == "senc" {
            guard let payload = traf.sampleEncryption,
                  let box = SampleEncryptionBox.parse(moof, payload: payload, perSampleIVSize: ivSize),
                  box.sampleCount == sampleCount else { return nil }
            return box.maps
        }
        let senc = types.firstIndex(of: "senc") ?? types.endIndex
        guard let sizes = traf.auxiliaryInfoSizes, let offsets = traf.auxiliaryInfoOffsets,
              let z = types.firstIndex(of: "saiz"), let o = types.firstIndex(of: "saio"), z < senc, o < senc,
              [sizes.auxInfoType, offsets.auxInfoType].allSatisfy({ $0 == nil || $0 == p.schemeType }),
              [sizes.auxInfoTypeParameter, offsets.auxInfoTypeParameter].allSatisfy({ $0 == nil || $0 == 0 }),
              offsets.offsets.count == 1, sizes.sampleCount == sampleCount,
              offsets.offsets[0] < UInt64(Int.max / 2) else { return nil }
        let start = base + Int(offsets.offsets[0]) - payloadOffset
        guard start >= 0, start <= moof.count else { return nil }
        return auxiliaryMaps(moof, from: start, sizes: sizes, ivSize: ivSize)
    }

    /// Each sample's auxiliary information from `bytes[start...]`: the IV, then when the
    /// information is longer than the IV a u16 subsample count and the pairs; nil when an entry is
    /// not exactly its declared size.
    private static func auxiliaryMaps(_ bytes: [UInt8], from start: Int, sizes: SampleAuxiliaryInformationSizesBox,
                                      ivSize: Int) -> [[SubsampleEncryption.Subsample]]? {
        var r = ByteReader(bytes, offset: start, end: bytes.count)
        var maps: [[SubsampleEncryption.Subsample]] = []
        for i in 0..<sizes.sampleCount {
            guard let size = sizes.sampleInfoSize(i), (try? r.skip(ivSize)) != nil else { return nil }
            var map: [SubsampleEncryption.Subsample] = []
            if size > ivSize {
                guard let n = try? r.u16(), size == ivSize + 2 + 6 * Int(n) else { return nil }
                for _ in 0..<Int(n) {
                    guard let clear = try? r.u16(), let protected = try? r.u32() else { return nil }
                    map.append(.init(clearBytes: Int(clear), protectedBytes: Int(protected)))
                }
            } else {
                guard size == ivSize else { return nil }
            }
            maps.append(map)
        }
        return maps
    }

    /// Whether libavformat 5.1 fails every packet of this fragmented encrypted track whose `traf`s
    /// carry no encryption boxes (`docs/rules/encryption-cmaf.md` §4): the sample table's own
    /// encryption index then applies, and a `saio` with an offset but no entries read ("saio atom
    /// found without saiz": a `senc` and a `saiz` of 0 samples, or none) fails the packet read — the
    /// shape of FFmpeg 5.1's fragmented `cenc-aes-ctr` output. Only that exact table shape is true.
    package static func failsEveryPacket(_ track: MovieBox.Track) -> Bool {
        guard track.sampleEntries.count == 1, let entry = track.sampleEntries.first, originalFormat(entry) != nil,
              let ivSize = entry.protection?.defaultPerSampleIVSize, let table = track.sampleTable else { return false }
        let types = track.sampleTableBoxTypes
        guard ["saiz", "saio", "senc"].allSatisfy({ k in types.filter { $0 == k }.count <= 1 }),
              !types.contains(where: { ["sbgp", "sgpd"].contains($0) }),
              let offsets = table.auxiliaryInfoOffsets, !offsets.offsets.isEmpty, offsets.auxInfoType == nil,
              table.auxiliaryInfoSizes.map({ $0.sampleCount == 0 && $0.auxInfoType == nil }) ?? !types.contains("saiz"),
              table.sampleEncryption.map({
                  SampleEncryptionBox.parse(table.bytes, payload: $0, perSampleIVSize: ivSize)?.sampleCount == 0
              }) ?? !types.contains("senc") else { return false }
        return true
    }
}
