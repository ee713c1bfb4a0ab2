/// The video codecs hdrprobe classifies, by the name the report's `codec` carries (FFmpeg's codec
/// name, `docs/report-contract.md`, "Stream"). Rules compare against these cases, never against
/// string literals.
package enum VideoCodec: String, Sendable, Hashable, Codable, CaseIterable {
    case hevc
    case h264
    case av1
    case vp9
}
