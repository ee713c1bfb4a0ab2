import HDRProbeModel

/// What a variant's media really is, taken from hdrprobe's report on its first media (the fMP4
/// init section plus the first segment, or the first TS segment): the signalling hdrprobe derives
/// for it (`hls`), the stored sample entry, the Dolby Vision record and verdict, HDR10+ presence,
/// and the first segment's bit rate. ``HLSVariantCheck`` compares a playlist's declarations with it.
package struct HLSMediaFacts: Sendable, Equatable {
    /// `container.format` of the report (`mp4`, `mpegts`, …).
    package var container: String?
    /// The ISO BMFF sample entry as stored in the init section (nil for TS).
    package var storedSampleEntry: String?
    /// hdrprobe's signalling for the media (the report's `hls` object).
    package var expected: HLSReport
    /// The resolved Dolby Vision profile (record, else RPU), nil without Dolby Vision.
    package var dolbyVision: DolbyVisionProfile?
    /// `dv_level` of the configuration record.
    package var dolbyVisionLevel: Int?
    package var hasDolbyVisionRecord: Bool
    package var dolbyVisionAccepted: Bool
    /// ST 2094-40 metadata in the frames scanned.
    package var hdr10Plus: Bool
    /// The codec name of the video stream (`hevc`, `h264`, `av1`, …).
    package var codec: String?
    /// Average bit rate of the first segment (bits/s), when its size and duration are known.
    package var segmentBitRate: Int?
    /// The video's encryption (`encv` + `sinf`), nil when clear.
    package var encryption: EncryptionReport?

    package init(container: String?, storedSampleEntry: String?, expected: HLSReport, dolbyVision: DolbyVisionProfile?,
                dolbyVisionLevel: Int?, hasDolbyVisionRecord: Bool, dolbyVisionAccepted: Bool, hdr10Plus: Bool,
                codec: String?, segmentBitRate: Int? = nil) {
        self.container = container
        self.storedSampleEntry = storedSampleEntry
        self.expected = expected
        self.dolbyVision = dolbyVision
        self.dolbyVisionLevel = dolbyVisionLevel
        self.hasDolbyVisionRecord = hasDolbyVisionRecord
        self.dolbyVisionAccepted = dolbyVisionAccepted
        self.hdr10Plus = hdr10Plus
        self.codec = codec
        self.segmentBitRate = segmentBitRate
    }

    /// From the report of the media's first video stream; nil when the report has no video
    /// stream with HLS signalling.
    package init?(report: ProbeReport, segmentBitRate: Int? = nil) {
        guard let video = report.streams.first(where: { $0.kind == .video && $0.hls != nil }),
              let hls = video.hls else { return nil }
        self.init(container: report.container.format, storedSampleEntry: video.sampleEntry, expected: hls,
                  dolbyVision: video.dolbyVision?.profileOrUnknown, dolbyVisionLevel: video.dolbyVision?.configuration?.level,
                  hasDolbyVisionRecord: video.dolbyVision?.configuration != nil,
                  dolbyVisionAccepted: video.dolbyVision?.verdict.decision == .accept,
                  hdr10Plus: video.hdr?.hdr10Plus.present ?? false, codec: video.codec,
                  segmentBitRate: segmentBitRate)
        encryption = video.encryption
    }

    /// The video element of hdrprobe's CODECS.
    package var videoCodec: String { HLSCodecs(parsing: expected.codecs).codecs.first ?? "" }

    /// The audio elements of hdrprobe's CODECS (the muxed audio's token).
    package var audioCodecs: [String] { Array(HLSCodecs(parsing: expected.codecs).codecs.dropFirst()) }
}
