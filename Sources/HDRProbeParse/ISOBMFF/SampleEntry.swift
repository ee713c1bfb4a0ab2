import HDRProbeBytes

/// A sample entry from `stsd` (ISO/IEC 14496-12 §8.5.2): its four-character code exactly as
/// stored (`hvc1`, `hev1`, `dvh1`, `dvhe`, `avc1`, `av01`, `dav1`, `mp4a`, …) and, for visual
/// entries (VisualSampleEntry: 78 bytes of fixed fields before the child boxes, §12.1.3), the
/// child boxes hdrprobe reads: the codec configuration (`hvcC`, `avcC`, `av1C`, `vpcC`), the Dolby
/// Vision configuration (`dvcC`/`dvvC`/`dvwC`, `docs/rules/dolby-vision.md` §5), `colr`,
/// `mdcv`, `clli`; and for protected entries (`encv`) the original format from `sinf/frma`.
package struct SampleEntry: Sendable, Equatable {
    package var fourCC: String
    package var width: Int?
    package var height: Int?
    /// Raw payloads of the codec configuration boxes, keyed by box type.
    package var codecConfigurations: [String: [UInt8]]
    /// The Dolby Vision configuration box type (`dvcC`, `dvvC`, `dvwC`) and its raw payload.
    package var doviBoxType: DolbyVisionConfigurationBox?
    package var doviPayload: [UInt8]?
    package var colour: ColourInformationBox?
    package var masteringDisplay: MasteringDisplay?
    package var contentLightLevel: ContentLightLevel?
    /// For `encv`/`enca`: the fourcc from `sinf/frma`.
    package var originalFormat: String? { protection?.originalFormat }
    /// For `encv`/`enca`: the whole `sinf` (original format, scheme, default KID).
    package var protection: ProtectionSchemeInfoBox?
    package var issues: [Issue]

    /// A problem of one sample entry; ``description`` is the sentence of the container findings.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// A problem walking the entry's child boxes.
        case boxes(ISOBoxWalk.Issue)
        /// A visual sample entry shorter than its 78 bytes of fixed fields.
        case shortVisualEntry(type: String, size: Int)
        /// More than one of `dvcC` / `dvvC` / `dvwC` (the first is used).
        case duplicateDolbyVisionConfiguration

        package var description: String {
            switch self {
            case .boxes(let issue): return issue.description
            case .shortVisualEntry(let type, let size): return "visual sample entry '\(type)' is \(size) bytes, shorter than its fixed fields"
            case .duplicateDolbyVisionConfiguration: return "more than one Dolby Vision configuration box"
            }
        }
    }
    /// The child boxes of a version-0 AudioSampleEntry (`esds`, `dac3`, `dec3`, `dOps`, …) by type,
    /// payloads; nil for a visual entry or another AudioSampleEntry version (QuickTime v1/v2).
    package var audioChildren: [String: [UInt8]]?
    /// A version-0 AudioSampleEntry's `channelcount` and `samplerate` (16.16, the integer part):
    /// what the entry states when its codec configuration does not (ISO/IEC 14496-12 §12.2.3).
    package var audioChannelCount: Int?
    package var audioSampleRate: Int?

    package static let visualHeaderSize = 78

    /// Parses a sample entry box. `isVisual` chooses the fixed-field size before the children.
    package static func parse(_ bytes: [UInt8], box: ISOBox, isVisual: Bool) -> SampleEntry {
        var entry = SampleEntry(fourCC: box.type, width: nil, height: nil, codecConfigurations: [:],
                                doviBoxType: nil, doviPayload: nil, colour: nil, masteringDisplay: nil,
                                contentLightLevel: nil, protection: nil, issues: [])
        guard isVisual else {
            entry.protection = box.type == "enca" ? audioProtection(bytes, box: box) : nil
            entry.audioChildren = audioChildren(bytes, box: box)
            // audioChildren is nil unless the 28 fixed bytes are there.
            if entry.audioChildren != nil {
                let start = box.payload.lowerBound
                let channels = SampleTableBytes.u16(bytes, start + 16), rate = SampleTableBytes.u32(bytes, start + 24) >> 16
                entry.audioChannelCount = channels > 0 ? channels : nil
                entry.audioSampleRate = rate > 0 ? rate : nil
            }
            return entry
        }
        let start = box.payload.lowerBound
        guard box.payload.count >= visualHeaderSize else {
            entry.issues.append(.shortVisualEntry(type: box.type, size: box.payload.count))
            return entry
        }
        var r = ByteReader(bytes, offset: start + 24, end: box.payload.upperBound)
        entry.width = (try? r.u16()).map(Int.init)
        entry.height = (try? r.u16()).map(Int.init)
        let children = ISOBoxWalker.walk(bytes, range: (start + visualHeaderSize)..<box.payload.upperBound)
        entry.issues += children.issues.map(Issue.boxes)
        for child in children.boxes {
            let payload = bytes[child.payload]
            switch child.type {
            case "hvcC", "avcC", "av1C", "vpcC", "dvcC", "dvvC", "dvwC":
                if let doviBox = DolbyVisionConfigurationBox(rawValue: child.type) {
                    if entry.doviBoxType == nil {
                        entry.doviBoxType = doviBox
                        entry.doviPayload = Array(payload)
                    } else {
                        entry.issues.append(.duplicateDolbyVisionConfiguration)
                    }
                } else {
                    entry.codecConfigurations[child.type] = Array(payload)
                }
            case "colr":
                // The first nclx/nclc wins; ICC profiles are listed but carry no code points.
                if let c = try? ColourInformationBox.parse(payload), entry.colour?.codes == nil {
                    entry.colour = c
                }
            case "mdcv":
                entry.masteringDisplay = (try? MasteringDisplayColourVolumeBox.parse(payload))?.mastering
            case "clli":
                entry.contentLightLevel = (try? ContentLightLevelBox.parse(payload))?.level
            case "sinf":
                if entry.protection == nil {
                    entry.protection = ProtectionSchemeInfoBox.parse(bytes, range: child.payload)
                }
            default:
                break
            }
        }
        return entry
    }

    /// The children of a version-0 AudioSampleEntry (§12.2.3: 28 bytes of fixed fields, the version
    /// in the 16 bits after the 8 reserved and data-reference bytes); the first of each type.
    private static func audioChildren(_ bytes: [UInt8], box: ISOBox) -> [String: [UInt8]]? {
        let start = box.payload.lowerBound + 28
        guard start <= box.payload.upperBound, SampleTableBytes.u16(bytes, box.payload.lowerBound + 8) == 0 else { return nil }
        var children: [String: [UInt8]] = [:]
        for child in ISOBoxWalker.walk(bytes, range: start..<box.payload.upperBound).boxes where children[child.type] == nil {
            children[child.type] = Array(bytes[child.payload])
        }
        return children
    }

    /// AudioSampleEntry (ISO/IEC 14496-12 §12.2.3): 28 bytes of fixed fields (version 0) before the
    /// child boxes; `sinf` is among them for `enca`.
    private static func audioProtection(_ bytes: [UInt8], box: ISOBox) -> ProtectionSchemeInfoBox? {
        let start = box.payload.lowerBound + 28
        guard start < box.payload.upperBound,
              let sinf = ISOBoxWalker.first("sinf", in: bytes, range: start..<box.payload.upperBound) else { return nil }
        return ProtectionSchemeInfoBox.parse(bytes, range: sinf.payload)
    }
}
