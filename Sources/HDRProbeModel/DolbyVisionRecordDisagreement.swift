import HDRProbeParse

/// Where the two readers of a Dolby Vision configuration record disagree: hdrprobe's own walk of
/// the container (the `dvcC`/`dvvC`/`dvwC` box, the Matroska BlockAdditionMapping) and
/// libavformat's. The engine hands this evidence over; the core writes the sentence of the
/// `dv.recordSourcesDisagree` finding (docs/rules/dolby-vision.md §1).
package enum DolbyVisionRecordDisagreement: Equatable, Sendable {
    /// The container structure hdrprobe read the record from.
    package enum Source: Equatable, Sendable {
        /// An ISO BMFF configuration box.
        case box(DolbyVisionConfigurationBox)
        /// A Matroska BlockAdditionMapping, by its BlockAddIDType four-character code when it has one.
        case matroskaMapping(typeFourCC: String?)
    }

    /// Profile, compatibility id and level as one reader read them.
    package struct Reading: Equatable, Sendable {
        package var profile: Int
        package var compatibilityId: Int
        package var level: Int

        package init(_ record: DOVIDecoderConfigurationRecord) {
            profile = record.profile
            compatibilityId = record.compatibilityId
            level = record.level
        }
    }

    /// Both readers read a record, with different fields.
    case fieldsDiffer(source: Source, own: Reading, libavformat: Reading)
    /// hdrprobe's source is too short to be a record; libavformat's reading is used.
    case ownRecordTooShort(source: Source, byteCount: Int)
    /// libavformat reports a record the own Matroska walk does not find in the track's mapping.
    case onlyLibavformatInMatroska(profile: Int)

    /// The finding's sentence.
    package var message: String {
        switch self {
        case let .fieldsDiffer(source, own, other):
            return "hdrprobe reads \(source.name) as profile \(own.profile).\(own.compatibilityId) level \(own.level), libavformat as \(other.profile).\(other.compatibilityId) level \(other.level)."
        case let .ownRecordTooShort(source, byteCount):
            return "\(source.name) is only \(byteCount) bytes; libavformat's reading is used."
        case let .onlyLibavformatInMatroska(profile):
            return "libavformat reports a Dolby Vision record (profile \(profile)) that hdrprobe does not find in the Matroska track's BlockAdditionMapping."
        }
    }
}

extension DolbyVisionRecordDisagreement.Source {
    /// How the sentence names the source.
    package var name: String {
        switch self {
        case let .box(type): return "the '\(type.rawValue)' box"
        case let .matroskaMapping(fourCC): return "the Matroska BlockAdditionMapping '\(fourCC ?? "?")'"
        }
    }
}
