import HDRProbeParse
import HDRProbeModel

/// hdrprobe's own reader of an IVF file carrying AV1: it gives the ``DemuxedStream``,
/// format duration and bit rate and packets FFmpeg 5.1's `ivf` demuxer and
/// `avformat_find_stream_info` give for such a file, without loading FFmpeg. It accepts only
/// what it has verified — fourcc `AV01`, version 0, a 32-byte header, a time base whose inverse is
/// one of libavformat's standard frame rates, a frame count, timestamps 0, 1, 2, … (one tick a
/// frame) in the frames it looks at, a first frame with a sequence header without timing
/// information — and declines (nil) everything else: libavformat reads it.
/// docs/raw-stream-reader.md says what is covered and why.
package final class IVFContainerDemux: ContainerDemux {
    package let formatName = "ivf"
    package let streams: [DemuxedStream]
    package let formatDuration: Double?
    package let formatBitRate: Int?
    package let readBudgetStop: Int? = nil
    private let file: MediaFile
    private var position: Int
    private var buffered: [Frame]

    package struct Frame {
        package var data: [UInt8]
        package var pts: Int64
        package var end: Int
        /// The file holds the whole payload the frame header announces.
        package var complete: Bool
    }

    private init(stream: DemuxedStream, duration: Double, bitRate: Int?, file: MediaFile, first: Frame) {
        streams = [stream]
        formatDuration = duration
        formatBitRate = bitRate
        self.file = file
        buffered = [first]
        position = first.end
    }

    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] { [] }

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        let frame: Frame
        if !buffered.isEmpty {
            frame = buffered.removeFirst()
        } else {
            guard let next = Self.frame(at: position, in: file, payload: true) else { return nil }
            frame = next
        }
        position = frame.end
        return DemuxedPacket(streamIndex: 0, pts: frame.pts, data: wantsData(0) ? frame.data : [], subsamples: nil)
    }

    /// The frame whose header is at `offset`, as libavformat's `ivf` demuxer reads it: the payload
    /// as far as the file holds it (a cut last frame is delivered cut); nil when no whole frame
    /// header or no payload byte is left.
    package static func frame(at offset: Int, in file: MediaFile, payload: Bool) -> Frame? {
        guard !file.timedOut, let header = IVFFrameHeader.parse(file.read(at: offset, count: IVFFrameHeader.size)[...]) else { return nil }
        let start = offset + IVFFrameHeader.size
        let available = min(header.frameSize, max(0, file.size - start))
        guard available > 0 else { return nil }
        let data = payload ? file.read(at: start, count: available) : []
        return Frame(data: data, pts: header.timestamp, end: start + available, complete: available == header.frameSize)
    }

    /// The reader for `file`, or nil when it is not a file this reader covers.
    package static func open(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> IVFContainerDemux? {
        guard headers.signature == .ivf,
              let header = IVFFileHeader.parse(file.read(at: 0, count: IVFFileHeader.size)[...]),
              header.fourCC == "AV01", header.version == 0, header.headerSize == IVFFileHeader.size, header.unused == 0,
              header.frameCount > 0, header.timeBaseNumerator > 0, header.timeBaseDenominator > 0,
              let rate = FrameRate(numerator: header.timeBaseDenominator, denominator: header.timeBaseNumerator),
              MPEGTSStreamTiming.isStandard(rate),
              let first = frame(at: IVFFileHeader.size, in: file, payload: true), first.pts == 0,
              steadyTimestamps(file: file, after: first, options: options),
              let config = AV1SequenceConfiguration(firstPacket: first.data), !config.sequence.timingInfoPresent,
              config.sequence.maxFrameWidth == header.width, config.sequence.maxFrameHeight == header.height else { return nil }
        let timeBase = (num: header.timeBaseNumerator / gcd(header.timeBaseNumerator, header.timeBaseDenominator),
                        den: header.timeBaseDenominator / gcd(header.timeBaseNumerator, header.timeBaseDenominator))
        let seconds = Double(header.frameCount) * (Double(timeBase.num) / Double(max(1, timeBase.den)))
        let us = rescaleToMicroseconds(Int64(header.frameCount), num: Int64(timeBase.num), den: Int64(timeBase.den))
        let seq = config.sequence
        let stream = DemuxedStream(
            index: 0, id: 0, kind: .video, codecName: "av1", codec: .av1, codecTag: "AV01",
            profile: Int32(seq.seqProfile), level: Int32(seq.seqLevelIdx0), width: header.width, height: header.height,
            bitDepth: seq.bitDepth, chromaSubsampling: config.chromaSubsampling, colour: ColourCodes(),
            extradata: config.extradata, avgFrameRate: nil, realFrameRate: rate, timeBase: timeBase,
            doviRecord: nil, mastering: nil, contentLight: nil, bitRate: nil, durationSeconds: seconds,
            isDefault: false, channels: nil)
        return IVFContainerDemux(stream: stream, duration: Double(us) / 1_000_000,
                                 bitRate: MPEGTSStreamTiming.bitRate(fileSize: file.size, durationMicroseconds: us),
                                 file: file, first: first)
    }

    /// The frames after the first, as far as the frame budget's and libavformat's analysis reach
    /// (``ReadWindow/ivf``: 64 more, since libavformat's frame-rate analysis looks at up to 40 for a coarse time base; to the end of the file for a whole-stream scan), have timestamps
    /// 1, 2, 3, … and are whole (only their headers are read); and, under a read budget, the frame
    /// budget's frames (and one more) lie well inside it (libavformat also reads ahead up to
    /// `probeBytes` while it analyses the stream).
    package static func steadyTimestamps(file: MediaFile, after first: Frame, options: ProbeOptions) -> Bool {
        let limit = options.readWindow(.ivf) ?? Int.max
        var seen = 1
        var last = first
        var scanEnd = first.end
        while seen < limit, last.end < file.size {
            guard last.complete, let next = frame(at: last.end, in: file, payload: false), next.pts == Int64(seen) else { return false }
            last = next
            seen += 1
            if seen <= (options.frames ?? 0) + 1 { scanEnd = next.end }
        }
        guard seen >= 3, last.complete else { return false }
        if let budget = options.readBudget, scanEnd < file.size,
           scanEnd + options.probeBytes + (1 << 16) > IVFFileHeader.size + budget { return false }
        return true
    }

    /// `av_rescale_q_rnd(value, num/den, 1/1000000, AV_ROUND_NEAR_INF)`: libavformat's stream
    /// duration in microseconds.
    package static func rescaleToMicroseconds(_ value: Int64, num: Int64, den: Int64) -> Int64 {
        let product = value * num * 1_000_000
        return (product + den / 2) / den
    }

    package static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? max(a, 1) : gcd(b, a % b) }
}
