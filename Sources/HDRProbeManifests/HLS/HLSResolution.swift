import HDRProbeBytes
import HDRProbeModel

/// The `RESOLUTION` attribute (`docs/rules/hls-signalling.md` §12): `decimal-resolution`
/// `WxH`; Apple 9.2: MUST be present if the variant includes video.
///
/// hdrprobe uses the decoded picture size after the conformance window / cropping (FFmpeg
/// `codecpar.width/height`: 1920×1080 for a coded 1920×1088 stream). With non-square pixels
/// (SAR ≠ 1) the stored size is still reported, with an `info` issue (not settled, §12).
/// Encodes to JSON as the string.
package struct HLSResolution: Sendable, Hashable, Codable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    /// nil unless both are positive.
    package init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
    }

    /// Parses `3840x2160`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = CodecStringFormatting.parseDecimal(parts[0]),
              let h = CodecStringFormatting.parseDecimal(parts[1]) else { return nil }
        self.init(width: w, height: h)
    }

    package var string: String { "\(width)x\(height)" }
    package var description: String { string }

    /// The §12 note for a sample aspect ratio other than 1:1 (nil or 0 terms mean unknown).
    package func issues(sampleAspectRatio: (numerator: Int, denominator: Int)?) -> [HLSSignalIssue] {
        guard let sar = sampleAspectRatio, sar.numerator > 0, sar.denominator > 0,
              sar.numerator != sar.denominator else { return [] }
        return [HLSSignalIssue(.resolutionNonSquarePixels,
                               "Pixels are not square (SAR \(sar.numerator):\(sar.denominator)); RESOLUTION reports the stored size \(string), not the display size.",
                               subject: string)]
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = HLSResolution(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a resolution: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
