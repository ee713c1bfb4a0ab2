import HDRProbeParse

/// Everything measured about one video stream before classification: what the container
/// declares (from the demuxer and hdrprobe's own box walk) and what the scanned access units
/// carry. The engine fills it; ``VideoStreamClassifier`` turns it into the report.
package struct VideoEvidence: Sendable, Equatable {
    package var index: Int
    package var codec: String?
    /// The ISO BMFF sample entry of what the track is (for an encrypted track the original format
    /// from `frma`); nil for Matroska, TS and raw streams.
    package var sampleEntry: String?
    /// The track's encryption (the engine sets `sampleData` after the scan); nil when clear.
    package var encryption: EncryptionReport?
    package var profileName: String?
    package var level: Int?
    package var width: Int?
    package var height: Int?
    package var bitDepth: Int?
    package var chromaSubsampling: String?
    package var containerColour: ColourCodes?
    /// Frame rate the container declares (average), if any: libavformat's reading.
    package var declaredFrameRate: FrameRate?
    /// True for raw elementary streams (no container timing): the bitstream's timing
    /// information (HEVC/H.264 VUI, AV1 timing_info) wins over libavformat's rate, which is
    /// then only a fallback (libavformat ≥ 7 gives raw streams its 25 fps default).
    package var bitstreamTimingFirst = false
    /// Presentation timestamps of the scanned frames and their time base.
    package var sampledPTS: [Int64]
    package var timeBaseNumerator: Int
    package var timeBaseDenominator: Int
    package var containerMastering: MasteringDisplay?
    package var containerContentLight: ContentLightLevel?
    package var doviRecord: DOVIDecoderConfigurationRecord?
    /// Where ``doviRecord`` was read.
    package var doviRecordBox: DolbyVisionRecordLocation?
    /// When two readers of the record disagree (hdrprobe's box walk vs libavformat).
    package var doviRecordDisagreement: DolbyVisionRecordDisagreement?
    package var scan: BitstreamScan
    /// Whether the codec configuration record (hvcC / avcC) carries parameter sets; nil when
    /// there is no such record (Annex B extradata, raw streams, AV1).
    package var configurationHasParameterSets: Bool?
    /// SEI payload types found in SEI arrays of the hvcC (empty when none).
    package var configurationSEITypes: [Int] = []
    /// NAL types of hvcC arrays that are neither parameter sets (32/33/34) nor SEI (39/40), e.g. an
    /// array of Dolby Vision RPUs (62); Apple keeps only VPS/SPS/PPS arrays.
    package var configurationOtherArrayTypes: [Int] = []
    /// The codec private data as stored (hvcC / avcC / av1C / vpcC payload, or Annex B sets).
    package var configurationRecord: [UInt8] = []

    /// False when the data read was cut short (a truncated file, the first bytes of an HLS segment):
    /// an RPU at the end of a cut access unit is missing, not absent.
    package var samplesComplete = true

    /// A Dolby Vision record over a stream whose scanned frames, all readable, carry no RPU (nor
    /// an enhancement layer): Dolby Vision the stream does not carry must not be signalled.
    package var recordWithoutRPUs: Bool {
        doviRecord != nil && samplesComplete && scan.framesScanned > 0 && scan.framesWithRPU == 0 && !scan.enhancementLayerNALs
            && encryption?.sampleData != .notRead && scan.encryptedNonVCL[62] == nil
    }

    package init(index: Int) {
        self.index = index
        self.sampledPTS = []
        self.timeBaseNumerator = 1
        self.timeBaseDenominator = 1
        self.scan = BitstreamScan()
    }
}

/// What a bounded scan of the first access units found (HEVC NAL census, SEI, RPUs, HDR10+,
/// in-band parameter sets).
package struct BitstreamScan: Sendable, Equatable {
    package var framesScanned = 0
    /// The frame rate the timing information of the first sequence parameter set / sequence
    /// header states (HEVC/H.264 VUI, AV1 timing_info), nil when it has none.
    package var timingFrameRate: FrameRate?
    package var bytesScanned = 0
    /// The scan stopped at its frame or byte budget before the end of the stream.
    package var budgetReached = false
    package var nalCensus: [Int: Int] = [:]
    package var framesWithRPU = 0
    /// Profile from the first RPU header that parsed (dovi_tool's rule, 4/5/7/8).
    package var rpuProfile: Int?
    package var rpuEnhancementLayer: String?
    package var invalidRPUs = 0
    /// Why the first (up to 4) invalid RPUs were invalid.
    package var rpuProblems: [DolbyVisionRPUProblem] = []
    package var enhancementLayerNALs = false
    package var framesWithHDR10Plus = 0
    package var mastering: MasteringDisplay?
    package var contentLight: ContentLightLevel?
    package var alternativeTransfer: Int?
    /// Colour, depth and size from the sequence header / SPS (out-of-band or in-band).
    package var bitstreamColour: ColourCodes?
    package var bitDepth: Int?
    package var chromaSubsampling: String?
    /// The sample aspect ratio the first SPS's VUI signals (Table E-1), nil when it signals none.
    package var sampleAspectRatio: SampleAspectRatio?
    package var width: Int?
    package var height: Int?
    package var profileIDC: Int?
    package var levelIDC: Int?
    /// Parameter sets were found in the sample data (not only in the configuration record).
    package var inBandParameterSets = false
    /// Every RPU of the scanned frames folded in (profile, EL type, CM version, L1/L5/L6, scene cuts).
    package var rpuSummary = DolbyVisionRPUSummary()
    /// The first parameter sets read (for codec strings when there is no configuration record).
    package var hevcProfileTierLevel: HEVCProfileTierLevel?
    package var avcSPS: AVCSequenceParameterSet?
    package var av1SequenceHeader: AV1SequenceHeader?
    /// The first VP9 key frame's uncompressed header (profile, bit depth, subsampling, colour space).
    package var vp9Header: VP9UncompressedHeader?
    /// Per-picture dynamic metadata of the scanned frames, in decode order (see ``DynamicMetadataFrame``).
    package var frames: [DynamicMetadataFrame] = []
    /// The HDR10+ payload each picture carried itself, by decode index (parsed), and the decode
    /// indices whose HDR10+ payload could not be parsed.
    package var hdr10PlusPayloads: [Int: ST2094_40Metadata] = [:]
    package var hdr10PlusUnparsable: Set<Int> = []
    /// Encrypted samples: non-VCL NAL units (by type) that were not entirely clear and so not read
    /// (a packager that encrypted SEI or RPU NAL units), and samples with no readable clear
    /// structure (whole-sample encryption, no subsample map, or a codec hdrprobe does not split).
    package var encryptedNonVCL: [Int: Int] = [:]
    package var encryptedSamplesUnread = 0

    package init() {}
}
