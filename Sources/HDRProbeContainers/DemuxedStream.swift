import HDRProbeParse
import HDRProbeModel

/// The codecs hdrprobe's readers name, by libavcodec's names (`avcodec_get_name`), so that an own
/// reader and libavformat describe a stream with the same value and no FFmpeg type crosses into
/// the readers.
package enum StreamCodec: String, Sendable, Hashable {
    case hevc, h264, av1, vp9, vp8
    case aac, ac3, eac3, opus, flac
    case subrip, ass
    case mjpeg, png, ttf, otf
    case dvvideo
}

/// The bound on the samples an index holds (MP4/MOV sample tables, libavformat's index), shared
/// by every reader so that the BANDWIDTH measurement sees the same samples whichever read the file.
package enum ContainerIndex {
    package static let maxSamples = SampleTableBandwidth.maxSamplesPerTrack
}

/// Everything hdrprobe takes from libavformat about one stream.
package struct DemuxedStream {
    package var index: Int
    package var id: Int
    package var kind: StreamReport.Kind
    package var codecName: String?
    /// The codec, when it is one hdrprobe names (``StreamCodec``); nil for others and for none.
    package var codec: StreamCodec?
    package var codecTag: String?
    package var profile: Int32
    package var level: Int32
    package var width: Int?
    package var height: Int?
    package var bitDepth: Int?
    package var chromaSubsampling: String?
    package var colour: ColourCodes
    package var extradata: [UInt8]
    package var avgFrameRate: FrameRate?
    package var realFrameRate: FrameRate?
    package var timeBase: (num: Int, den: Int)
    package var doviRecord: DOVIDecoderConfigurationRecord?
    package var mastering: MasteringDisplay?
    package var contentLight: ContentLightLevel?
    /// Declared bit rate (codecpar), if any.
    package var bitRate: Int?
    /// Stream duration in seconds, if declared.
    package var durationSeconds: Double?
    package var isDefault: Bool
    package var channels: Int?
    /// libavcodec's name of the stream's profile, for codecs ``CodecProfileName`` does not list
    /// (libavformat's streams only; nil from the own readers).
    package var profileName: String? = nil

    package init(index: Int, id: Int, kind: StreamReport.Kind, codecName: String? = nil, codec: StreamCodec? = nil, codecTag: String? = nil, profile: Int32, level: Int32, width: Int? = nil, height: Int? = nil, bitDepth: Int? = nil, chromaSubsampling: String? = nil, colour: ColourCodes, extradata: [UInt8], avgFrameRate: FrameRate? = nil, realFrameRate: FrameRate? = nil, timeBase: (num: Int, den: Int), doviRecord: DOVIDecoderConfigurationRecord? = nil, mastering: MasteringDisplay? = nil, contentLight: ContentLightLevel? = nil, bitRate: Int? = nil, durationSeconds: Double? = nil, isDefault: Bool, channels: Int? = nil, profileName: String? = nil) {
        self.index = index
        self.id = id
        self.kind = kind
        self.codecName = codecName
        self.codec = codec
        self.codecTag = codecTag
        self.profile = profile
        self.level = level
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.chromaSubsampling = chromaSubsampling
        self.colour = colour
        self.extradata = extradata
        self.avgFrameRate = avgFrameRate
        self.realFrameRate = realFrameRate
        self.timeBase = timeBase
        self.doviRecord = doviRecord
        self.mastering = mastering
        self.contentLight = contentLight
        self.bitRate = bitRate
        self.durationSeconds = durationSeconds
        self.isDefault = isDefault
        self.channels = channels
        self.profileName = profileName
    }
}

/// One demuxed packet's payload and timing.
package struct DemuxedPacket {
    package var streamIndex: Int
    package var pts: Int64?
    package var data: [UInt8]
    /// The packet's CENC subsample map (`AV_PKT_DATA_ENCRYPTION_INFO`, libavformat ≥ 4.0); nil when
    /// the packet carries no encryption info. An empty map = whole-sample encryption.
    package var subsamples: [SubsampleEncryption.Subsample]?
    /// The sample's size in the file when `data` holds less of it (slice data skipped,
    /// ``LengthPrefixedSampleRead``); nil when `data` is the whole sample.
    package var storedSize: Int? = nil

    package init(streamIndex: Int, pts: Int64? = nil, data: [UInt8], subsamples: [SubsampleEncryption.Subsample]? = nil, storedSize: Int? = nil) {
        self.streamIndex = streamIndex
        self.pts = pts
        self.data = data
        self.subsamples = subsamples
        self.storedSize = storedSize
    }
}

