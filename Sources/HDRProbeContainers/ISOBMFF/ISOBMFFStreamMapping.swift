import HDRProbeBytes
import HDRProbeParse
import HDRProbeModel

/// What libavformat's mov demuxer (FFmpeg 5.1, checked against 7.1) makes of one MP4 sample entry:
/// the codec it names and the stream-level facts it takes from the entry's boxes. Only the entries
/// hdrprobe has compared with libavformat are mapped (ISOBMFFContainerDemuxTests); every other one is
/// nil and the file is left to libavformat. Facts, not code, from libavformat's `isom.c`/`mov.c`:
/// the sample entry four-cc names the codec (`hvc1`/`hev1`/`dvhe` HEVC, `dvh1` HEVC when it
/// carries `hvcC`, `avc1`/`avc3` H.264, `av01` AV1, `ac-3`, `ec-3`, `Opus`, `mp4a` with an MPEG-4
/// audio `esds`); the configuration box payload is the stream's extradata (for `mp4a` the
/// DecoderSpecificInfo); no profile or level is set from the headers alone. An `encv` entry
/// libavformat names by its `frma` original format (codec and codec tag).
package enum ISOBMFFStreamMapping {
    package struct Codec {
        package var kind: StreamReport.Kind
        package var name: String
        package var id: StreamCodec
        package var extradata: [UInt8]
    }

    /// The codec of the track's single sample entry, nil when not mapped.
    package static func codec(handler: String?, entry: SampleEntry) -> Codec? {
        switch handler {
        case "vide": return video(entry)
        case "soun": return audio(entry)
        default: return nil
        }
    }

    package static func video(_ entry: SampleEntry) -> Codec? {
        guard entry.audioChildren == nil else { return nil }
        // An encrypted entry (`encv`) is its original format's codec (``ISOBMFFTrackEncryption``).
        guard let format = entry.protection == nil ? entry.fourCC : ISOBMFFTrackEncryption.originalFormat(entry)
        else { return nil }
        let record: (box: String, name: String, id: StreamCodec)
        // The entries libavformat's mov demuxer maps to these codecs and hdrprobe has verified the
        // own reader on; dva1/dvav/dav1 and vp09 are declined (libavformat reads them).
        switch SampleEntryType(rawValue: format) {
        // `frma dvh1`: FFmpeg 5.1 names the DV camcorder codec (a four-cc clash, ``StreamEvidenceBuilder``
        // corrects it), with the `hvcC` payload as extradata (ffprobe: dvvideo, 2,551 bytes for
        // Corpus/enc_cbcs_dv_p5_dvh1.mp4).
        case .dvh1? where entry.protection != nil: record = ("hvcC", "dvvideo", .dvvideo)
        case .hvc1?, .hev1?, .dvh1?, .dvhe?: record = ("hvcC", VideoCodec.hevc.rawValue, .hevc)
        case .avc1?, .avc3?: record = ("avcC", VideoCodec.h264.rawValue, .h264)
        case .av01?: record = ("av1C", VideoCodec.av1.rawValue, .av1)
        default: return nil
        }
        // Exactly the one configuration box libavformat reads into extradata; no VP9/other boxes.
        guard entry.codecConfigurations.keys.sorted() == [record.box],
              let extradata = entry.codecConfigurations[record.box], !extradata.isEmpty else { return nil }
        return Codec(kind: .video, name: record.name, id: record.id, extradata: extradata)
    }

    package static func audio(_ entry: SampleEntry) -> Codec? {
        guard let children = entry.audioChildren, entry.protection == nil else { return nil }
        switch entry.fourCC {
        case "mp4a":
            guard let esds = children["esds"], let info = aacDecoderSpecificInfo(esds) else { return nil }
            return Codec(kind: .audio, name: "aac", id: .aac, extradata: info)
        case "ac-3" where children["dac3"] != nil: return Codec(kind: .audio, name: "ac3", id: .ac3, extradata: [])
        case "ec-3" where children["dec3"] != nil: return Codec(kind: .audio, name: "eac3", id: .eac3, extradata: [])
        case "Opus" where children["dOps"] != nil: return Codec(kind: .audio, name: "opus", id: .opus, extradata: [])
        default: return nil
        }
    }

    /// The DecoderSpecificInfo (AudioSpecificConfig) of an `esds` payload (ISO/IEC 14496-1 §7.2.6:
    /// ES_Descriptor 0x03 → DecoderConfigDescriptor 0x04 → DecoderSpecificInfo 0x05), when the
    /// objectTypeIndication is MPEG-4 or MPEG-2 AAC (0x40, 0x66–0x68) and the audio object type is
    /// AAC Main/LC/SSR/LTP or SBR (1–5), the types libavformat keeps as `aac`; nil otherwise.
    package static func aacDecoderSpecificInfo(_ esds: [UInt8]) -> [UInt8]? {
        var r = ByteReader(esds)
        guard (try? r.skip(4)) != nil, (try? r.u8()) == 0x03, descriptorLength(&r) != nil,
              (try? r.skip(2)) != nil, let flags = try? r.u8() else { return nil }
        if flags & 0x80 != 0 { guard (try? r.skip(2)) != nil else { return nil } }
        if flags & 0x40 != 0 { guard let n = try? r.u8(), (try? r.skip(Int(n))) != nil else { return nil } }
        if flags & 0x20 != 0 { guard (try? r.skip(2)) != nil else { return nil } }
        guard (try? r.u8()) == 0x04, descriptorLength(&r) != nil, let objectType = try? r.u8(),
              [0x40, 0x66, 0x67, 0x68].contains(objectType), (try? r.skip(12)) != nil,
              (try? r.u8()) == 0x05, let length = descriptorLength(&r), length >= 2,
              let info = try? r.take(length) else { return nil }
        let audioObjectType = Int(info[0] >> 3)
        guard (1...5).contains(audioObjectType) else { return nil }
        return info
    }

    /// An expandable descriptor size (§8.3.3): up to four bytes of seven bits.
    private static func descriptorLength(_ r: inout ByteReader) -> Int? {
        var length = 0
        for _ in 0..<4 {
            guard let b = try? r.u8() else { return nil }
            length = length << 7 | Int(b & 0x7F)
            if b & 0x80 == 0 { return length }
        }
        return nil
    }
}
