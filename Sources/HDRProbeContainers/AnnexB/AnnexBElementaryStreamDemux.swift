import HDRProbeClassify
import HDRProbeParse
import HDRProbeModel

/// hdrprobe's own reader of a raw Annex B H.264 or HEVC elementary stream (`.h264`,
/// `.hevc`, the output of `ffmpeg -f hevc`, dovi_tool and hdr10plus_tool): it gives the
/// ``DemuxedStream`` and packets FFmpeg 5.1's raw `h264`/`hevc` demuxer, its parser and
/// `avformat_find_stream_info` give, without loading FFmpeg. The demuxer is the one hdrprobe opens
/// libavformat with (``AnnexBStreamCodec``, from the first NAL unit). It accepts only a stream
/// whose first packet holds the parameter sets, whose frame rate (the parameter sets' timing
/// information, else libavformat's 25 fps default) is one of libavformat's standard rates, with
/// progressive frames, no NAL unit of a layer above the base layer (HEVC) and at least three
/// packets, all inside the read budget; anything else is declined (nil) and read by libavformat.
/// docs/raw-stream-reader.md says what is covered and why.
package final class AnnexBElementaryStreamDemux: ContainerDemux {
    package let formatName: String
    package let streams: [DemuxedStream]
    package let formatDuration: Double? = nil
    package let formatBitRate: Int? = nil
    package let readBudgetStop: Int? = nil
    private let file: MediaFile
    private var splitter: Splitter
    private var position: Int
    private var ready: [[UInt8]]
    private var ended = false

    /// Bytes read at a time (libavformat's raw demuxer reads 1,024; where the cuts fall does not
    /// depend on it).
    package static let chunkBytes = 1 << 16
    /// Bytes the analysis reads at most to find the frame budget's packets (and one more).
    package static let analysisBytes = 8 << 20
    /// libavformat's raw video demuxers' frame rate when the stream states none (`-framerate`).
    package static let defaultRate = FrameRate(numerator: 25, denominator: 1)!

    /// The parser split of the stream's codec.
    package enum Splitter {
        case hevc(HEVCParserFrameSplit)
        case h264(H264ParserFrameSplit)

        package mutating func push(_ bytes: [UInt8]) -> [[UInt8]] {
            switch self {
            case .hevc(var s): defer { self = .hevc(s) }; return s.push(bytes, pts: nil).map(\.data)
            case .h264(var s): defer { self = .h264(s) }; return s.push(bytes)
            }
        }

        package mutating func finish() -> [UInt8]? {
            switch self {
            case .hevc(var s): defer { self = .hevc(s) }; return s.finish()?.data
            case .h264(var s): defer { self = .h264(s) }; return s.finish()
            }
        }
    }

    private init(formatName: String, stream: DemuxedStream, file: MediaFile, splitter: Splitter, position: Int,
                 ready: [[UInt8]], ended: Bool) {
        self.formatName = formatName
        streams = [stream]
        self.file = file
        self.splitter = splitter
        self.position = position
        self.ready = ready
        self.ended = ended
    }

    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] { [] }

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        while ready.isEmpty, !ended { ready += Self.read(file, at: &position, splitter: &splitter, ended: &ended) }
        guard !ready.isEmpty else { return nil }
        let data = ready.removeFirst()
        return DemuxedPacket(streamIndex: 0, pts: nil, data: wantsData(0) ? data : [], subsamples: nil)
    }

    /// The packets the next chunk of the file completes (the last one at the end of the file).
    package static func read(_ file: MediaFile, at position: inout Int, splitter: inout Splitter, ended: inout Bool) -> [[UInt8]] {
        let bytes = file.timedOut ? [] : file.read(at: position, count: min(chunkBytes, max(0, file.size - position)))
        position += bytes.count
        if bytes.isEmpty {
            ended = true
            return splitter.finish().map { [$0] } ?? []
        }
        return splitter.push(bytes)
    }

    /// The reader for `file`, or nil when it is not a file this reader covers.
    package static func open(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> AnnexBElementaryStreamDemux? {
        guard headers.signature == .annexB, let codec = AnnexBStreamCodec.sniff(file.read(at: 0, count: 128)) else { return nil }
        let isHEVC = codec == .hevc
        var splitter: Splitter = isHEVC ? .hevc(HEVCParserFrameSplit()) : .h264(H264ParserFrameSplit())
        var position = 0, ended = false
        var analysed: [[UInt8]] = []
        let wanted = options.readWindow(.annexB) ?? 3
        while analysed.count < wanted, !ended, position < analysisBytes {
            analysed += read(file, at: &position, splitter: &splitter, ended: &ended)
        }
        guard analysed.count >= 3, analysed.count >= wanted || ended,
              options.readBudget.map({ position + options.probeBytes + (1 << 20) <= $0 }) ?? true,
              let first = analysed.first, let extradata = AnnexBExtradata.first(in: [first], codec: isHEVC ? .hevc : .h264),
              !isHEVC || baseLayerOnly(analysed),
              let parameters = StreamParameters(extradata: extradata, isHEVC: isHEVC) else { return nil }
        let stream = DemuxedStream(
            index: 0, id: 0, kind: .video, codecName: codec.rawValue, codec: isHEVC ? .hevc : .h264,
            codecTag: nil, profile: parameters.profile, level: parameters.level, width: nil, height: nil,
            bitDepth: nil, chromaSubsampling: nil, colour: ColourCodes(), extradata: extradata,
            avgFrameRate: parameters.rate, realFrameRate: parameters.rate, timeBase: (1, 1_200_000),
            doviRecord: nil, mastering: nil, contentLight: nil, bitRate: nil, durationSeconds: nil, isDefault: false, channels: nil)
        return AnnexBElementaryStreamDemux(formatName: codec.rawValue, stream: stream, file: file, splitter: splitter,
                                           position: position, ready: analysed, ended: ended)
    }

    /// No NAL unit of the packets belongs to a layer above the base layer (FFmpeg's HEVC parser
    /// does not look at their headers the same way in every version).
    package static func baseLayerOnly(_ packets: [[UInt8]]) -> Bool {
        packets.allSatisfy { NALUnitSplitter.split($0[...], framing: .annexB, header: .hevc).allSatisfy { $0.layerID == 0 } }
    }

    /// The stream values libavformat's parser sets from the parameter sets of the first packet
    /// (its dimensions and pixel format stay unset: the decoders it opens skip every frame).
    package struct StreamParameters {
        package var profile: Int32
        package var level: Int32
        package var rate: FrameRate

        package init?(extradata: [UInt8], isHEVC: Bool) {
            let units = AnnexBExtradata.nalUnits(extradata, isHEVC: isHEVC).map { Array($0.bytes) }
            var scanner = BitstreamScanner(codec: isHEVC ? .hevc : .h264, framing: .annexB)
            scanner.consumeOutOfBand(nalUnits: units)
            let scan = scanner.scan
            var rate = scan.timingFrameRate
            if isHEVC {
                guard let vps = units.first(where: { ($0.first ?? 0) >> 1 & 0x3F == 32 }),
                      let timing = try? HEVCVideoParameterSetTiming.parse(EmulationPrevention.unescape(vps)) else { return nil }
                if timing.numUnitsInTick != nil { rate = timing.frameRate }
            } else {
                guard let sps = scan.avcSPS, sps.frameMbsOnlyFlag else { return nil }
            }
            let chosen = rate ?? AnnexBElementaryStreamDemux.defaultRate
            guard MPEGTSStreamTiming.isStandard(chosen), let idc = scan.profileIDC, let level = scan.levelIDC else { return nil }
            self.rate = chosen
            profile = Int32(idc)
            self.level = Int32(level)
        }
    }
}
