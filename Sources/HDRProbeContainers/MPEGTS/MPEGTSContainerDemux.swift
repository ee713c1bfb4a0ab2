import HDRProbeClassify
import HDRProbeParse
import HDRProbeModel

/// hdrprobe's own reader of a plain MPEG-2 transport stream: one program whose PMT
/// describes one H.264 or HEVC video stream, 188-byte packets, nothing scrambled, no other PIDs
/// than the PAT, PMT, SDT and null packets. It gives the ``DemuxedStream`` and packets libavformat's
/// TS demuxer and `avformat_find_stream_info` give (FFmpeg 5.1) for such a file, without loading
/// FFmpeg; every other file — M2TS, several streams or programs, audio, a variable or
/// non-standard frame rate, a tail that is not whole packets — is declined (nil) and read by
/// libavformat. docs/ts-reader.md says what is covered and why.
package final class MPEGTSContainerDemux: ContainerDemux {
    package let formatName = "mpegts"
    package let streams: [DemuxedStream]
    package let formatDuration: Double?
    package let formatBitRate: Int?
    package var readBudgetStop: Int? { reader.budgetStop }
    private let reader: TransportStreamPESReader
    private var buffered: [TransportStreamPES]
    /// libavformat's HEVC parser's packet cuts (nil for H.264, whose packets are the PES payloads).
    private var hevcSplit: HEVCParserFrameSplit?
    private var ready: [HEVCParserFrameSplit.Frame] = []
    private var ended = false

    /// libavformat's codec for each covered stream_type (ISO/IEC 13818-1 Table 2-34).
    package static let videoCodecs: [Int: (id: StreamCodec, name: String)] = [0x1B: (.h264, "h264"), 0x24: (.hevc, "hevc")]
    /// PIDs a covered file may carry besides the stream's: PAT, SDT, null packets (and the PMT's).
    package static let tablePIDs: Set<Int> = [0x0000, 0x0011, TransportPacket.nullPID]
    /// Bytes at the file's end libavformat reads for its duration estimate (DURATION_MAX_READ_SIZE).
    package static let tailWindow = 250_000
    /// PES packets read before the streams are described: the frame budget's and one more, at
    /// least the 21 libavformat's rate analysis wants, at most 2 MiB of packets. The scan then
    /// takes them first.
    package static let analysisBytes = 2 << 20

    private init(stream: DemuxedStream, duration: Double?, bitRate: Int?, reader: TransportStreamPESReader,
                 buffered: [TransportStreamPES]) {
        streams = [stream]
        formatDuration = duration
        formatBitRate = bitRate
        self.reader = reader
        self.buffered = buffered
        hevcSplit = stream.codec == .hevc ? HEVCParserFrameSplit() : nil
    }

    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] { [] }

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        guard let frame = nextFrame() else { return nil }
        return DemuxedPacket(streamIndex: 0, pts: frame.pts, data: wantsData(0) ? frame.data : [], subsamples: nil)
    }

    /// The next packet as libavformat delivers it: a PES payload (H.264) or the HEVC parser's cut.
    private func nextFrame() -> HEVCParserFrameSplit.Frame? {
        while ready.isEmpty {
            guard let pes = nextPES() else {
                if !ended, let last = hevcSplit?.finish() { ready.append(last) }
                ended = true
                break
            }
            let pts = pes.header.pts ?? pes.header.dts
            if hevcSplit != nil {
                ready += hevcSplit!.push(pes.payload, pts: pts)
            } else {
                ready.append(.init(data: pes.payload, pts: pts))
            }
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    private func nextPES() -> TransportStreamPES? {
        if !buffered.isEmpty { return buffered.removeFirst() }
        if ended { return nil }
        return reader.next()
    }

    /// The reader for `file`, or nil when it is not a file this reader covers.
    package static func open(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> MPEGTSContainerDemux? {
        guard headers.signature == .mpegts, headers.truncation == nil, headers.issues.isEmpty,
              file.size % TransportPacket.size == 0,
              let map = headers.programMap, map.streams.count == 1, let es = map.streams.first,
              let codec = videoCodecs[es.streamType], es.pid != map.pmtPID, !tablePIDs.contains(es.pid) else { return nil }
        let body = es.descriptor(ProgramMapTable.doviVideoStreamDescriptorTag)
        if let body, (try? DOVIDecoderConfigurationRecord.parseTSDescriptorBody(body)) == nil { return nil }
        let reader = TransportStreamPESReader(file: file, pid: es.pid, allowed: tablePIDs.union([map.pmtPID]))
        reader.budget = options.readBudget
        let wanted = options.readWindow(.mpegTS) ?? Int.max
        var analysed: [TransportStreamPES] = []
        var bytes = 0
        while analysed.count < wanted, bytes < analysisBytes, let pes = reader.next() {
            analysed.append(pes)
            bytes += pes.payload.count
        }
        // A whole-stream scan (no frame budget) would go past what was checked here: only when the
        // analysis reached the end of the file (2 MiB of packets at most).
        if options.frames == nil, bytes >= analysisBytes { return nil }
        guard plain(reader), reader.budgetStop == nil, analysed.allSatisfy({ $0.header.pts != nil && $0.header.streamID & 0xF0 == 0xE0 }),
              codec.id != .h264 || analysed.allSatisfy({ startsWithAccessUnitDelimiter($0.payload) }),
              let start = analysed.first?.header.pts,
              let rate = MPEGTSStreamTiming.frameRate(decodeTimes: analysed.map { $0.header.dts ?? $0.header.pts! }),
              let extradata = AnnexBExtradata.first(in: analysed.map(\.payload), codec: codec.id),
              timingAgrees(extradata, codec: codec.id, rate: rate),
              let ticks = tailDuration(file: file, pid: es.pid, pmt: map.pmtPID, start: start, rate: rate) else { return nil }
        let us = MPEGTSStreamTiming.microseconds(ticks)
        let stream = DemuxedStream(
            index: 0, id: es.pid, kind: .video, codecName: codec.name, codec: codec.id, codecTag: nil,
            profile: -1, level: 0, width: nil, height: nil, bitDepth: nil, chromaSubsampling: nil, colour: ColourCodes(),
            extradata: extradata, avgFrameRate: rate, realFrameRate: rate, timeBase: (1, 90_000),
            doviRecord: nil, mastering: nil, contentLight: nil, bitRate: nil, durationSeconds: Double(ticks) / 90_000,
            isDefault: false, channels: nil)
        return MPEGTSContainerDemux(stream: stream, duration: Double(us) / 1_000_000,
                                    bitRate: MPEGTSStreamTiming.bitRate(fileSize: file.size, durationMicroseconds: us),
                                    reader: reader, buffered: analysed)
    }

    /// Nothing seen so far that libavformat would read differently.
    package static func plain(_ reader: TransportStreamPESReader) -> Bool {
        reader.foreignPID == nil && !reader.scrambledOrErrored && !reader.unreadableHeader && !reader.lostSync
    }

    /// libavformat's packet durations come from the parameter sets' timing information where they
    /// have it, its rate estimate from the timestamps otherwise: the two must name the same rate.
    package static func timingAgrees(_ extradata: [UInt8], codec: StreamCodec, rate: FrameRate) -> Bool {
        let isHEVC = codec == .hevc
        var scanner = BitstreamScanner(codec: isHEVC ? .hevc : .h264, framing: .annexB)
        scanner.consumeOutOfBand(nalUnits: NALUnitSplitter.split(extradata[...], framing: .annexB, header: isHEVC ? .hevc : .avc)
            .map { Array($0.bytes) })
        guard let timing = scanner.scan.timingFrameRate else { return true }
        return MPEGTSStreamTiming.standardRate(near: timing.value, tolerance: 0.01) == rate
    }

    /// libavformat's duration estimate from the packets in the file's last 250,000 bytes (the whole
    /// file when smaller), in 90 kHz ticks; nil when that window is not whole, plain packets of the
    /// stream with timestamps (a zero or junk tail: libavformat then reads further back).
    package static func tailDuration(file: MediaFile, pid: Int, pmt: Int, start: Int64, rate: FrameRate) -> Int64? {
        let from = max(0, file.size - tailWindow)
        let aligned = (from + TransportPacket.size - 1) / TransportPacket.size * TransportPacket.size
        let reader = TransportStreamPESReader(file: file, pid: pid, allowed: tablePIDs.union([pmt]), start: aligned)
        var times: [Int64] = []
        while let pes = reader.next() {
            guard let pts = pes.header.pts else { return nil }
            times.append(pts)
        }
        guard plain(reader), reader.bytesConsumed == file.size - aligned, !times.isEmpty,
              times.allSatisfy({ $0 >= start }) else { return nil }
        return MPEGTSStreamTiming.duration(tailPresentationTimes: times, start: start, frame: MPEGTSStreamTiming.packetTicks(rate))
    }
}
