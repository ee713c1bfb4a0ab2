/// The sample-entry plan of one video stream: which fMP4 sample entry it should carry for Apple
/// playback, the remux steps that take it there, and what happens to its Dolby Vision record
/// (`docs/rules/apple-playback.md` §2.1 codec-tag promotion, §2.2 in-band parameter sets, §2.3
/// Annex B private data, §2.4 SEI arrays in hvcC, §2.7 P5 colour; `docs/rules/hls-signalling.md` §5.2 for the
/// entry itself). Reported as `hls.plan`.
package struct SampleEntryPlan: Sendable, Equatable, Codable {
    /// One remux step, with a stable code and the sentence that says what and why.
    package struct Step: Sendable, Equatable, Codable {
        package enum Code: String, Sendable, Codable, CaseIterable {
            /// §2.1: write the entry hdrprobe wants (`hev1` → `hvc1`, `hvc1` → `dvh1` for P5, …).
            case promoteEntry
            /// §2.2: the configuration record has no parameter sets; collect them from the stream.
            case moveParameterSetsOutOfBand
            /// §2.3: the codec private data is Annex B; write a length-prefixed record.
            case convertAnnexBConfiguration
            /// §2.4: drop the SEI arrays of the hvcC (keep VPS/SPS/PPS).
            case dropConfigurationSEI
            /// §2.4: drop every other non-parameter-set array of the hvcC (any NAL type but 32/33/34,
            /// e.g. an array of RPU NAL units 62): Apple keeps only VPS/SPS/PPS arrays.
            case dropConfigurationArrays
            /// §2.7: P5 without a colour description; write `colr nclx 9/16/9`.
            case forceColour
        }

        package var code: Code
        package var detail: String

        package init(_ code: Code, _ detail: String) {
            self.code = code
            self.detail = detail
        }
    }

    /// The entry as stored (ISO BMFF only; nil for Matroska, TS and raw streams).
    @NullEncoded package var stored: String?
    /// The entry the stream should carry (`hls.sampleEntry`).
    package var target: String
    package var steps: [Step]
    @NullEncoded package var dolbyVisionRecord: DolbyVisionRecordPlan?

    package init(stored: String?, target: String, steps: [Step], dolbyVisionRecord: DolbyVisionRecordPlan?) {
        self.stored = stored
        self.target = target
        self.steps = steps
        self.dolbyVisionRecord = dolbyVisionRecord
    }

    /// Whether the stream can be packaged as it is (no step, record kept or absent).
    package var isCopyAsIs: Bool {
        steps.isEmpty && (dolbyVisionRecord == nil || dolbyVisionRecord?.action == .keep)
    }
}
