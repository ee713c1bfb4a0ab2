import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import HDRProbeSignal
import HDRProbeReport
import HDRProbeContainers
#if FFmpeg
import CFFmpeg
import HDRProbeFFmpeg
#endif


/// Probes one file: demux (libavformat + hdrprobe's own header walk) → parse (bounded scan of
/// the first access units) → classify → report. Every failure becomes a report, never a throw.
package struct ProbeEngine: Sendable {
    package static let version = "0.1.0"
    /// libavformat's demuxers of raw elementary streams: no container timing, so the bitstream's
    /// own timing information gives the frame rate (`frameRate.source`).
    static let rawElementaryDemuxers: Set<String> = ["hevc", "h264", "obu", "vvc"]
    /// What `hdrprobe --version` prints: the tool's version, then the FFmpeg libraries it runs
    /// with and was built with.
    #if FFmpeg
    package static var versionDescription: String { "\(version)\n\(FFmpegVersions.summary)" }
    #else
    package static var versionDescription: String { "\(version)\nFFmpeg: not built in (own container readers only)" }
    #endif
    package var options: ProbeOptions

    package init(options: ProbeOptions = ProbeOptions()) { self.options = options }

    /// The report's `tool`: `libavformat` is the version this process runs with once FFmpeg is
    /// loaded, else the one it was built with (``FFmpegVersions/libavformatForReports``).
    #if FFmpeg
    package static var tool: ToolInfo { ToolInfo(version: version, libavformat: FFmpegVersions.libavformatForReports) }
    #else
    package static var tool: ToolInfo { ToolInfo(version: version, libavformat: "none") }
    #endif

    /// The `tool` of a file's probe report, saying whether libavformat read the file.
    static func tool(libavformatUsed: Bool) -> ToolInfo {
        var tool = Self.tool
        tool.libavformatUsed = libavformatUsed
        return tool
    }

    package func probe(path: String) -> ProbeReport {
        probe(path: ProbePath(path))
    }

    /// Probes the file named by the exact bytes of `path` (a name that is not UTF-8 included); the
    /// report's `path` is its display form.
    package func probe(path: ProbePath) -> ProbeReport {
        var unused: [Int: [DynamicMetadataFrame]]?
        return run(path: path, memory: nil, frames: &unused)
    }

    /// Probes bytes held in memory (an HLS init segment followed by the start of a media
    /// segment); `name` stands for the path in the report, `logicalSize` for the size of the whole
    /// resource when `bytes` are only its beginning.
    package func probe(name: String, bytes: [UInt8], logicalSize: Int? = nil) -> ProbeReport {
        var unused: [Int: [DynamicMetadataFrame]]?
        return run(path: ProbePath(name), memory: (bytes, logicalSize), frames: &unused)
    }

    /// The report plus, per video stream index, the scanned frames' dynamic metadata in display
    /// order (what `hdrprobe metadata` prints).
    package func probeWithFrames(path: String) -> (report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]) {
        probeWithFrames(path: ProbePath(path))
    }

    package func probeWithFrames(path: ProbePath) -> (report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]) {
        var frames: [Int: [DynamicMetadataFrame]]? = [:]
        let report = run(path: path, memory: nil, frames: &frames)
        return (report, frames ?? [:])
    }

    /// ``probeWithFrames(path:)`` of bytes held in memory (standard input).
    package func probeWithFrames(name: String, bytes: [UInt8]) -> (report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]) {
        var frames: [Int: [DynamicMetadataFrame]]? = [:]
        let report = run(path: ProbePath(name), memory: (bytes, nil), frames: &frames)
        return (report, frames ?? [:])
    }

    /// `collected`: nil when the caller does not want the per-frame metadata.
    /// The report of ``analyse(path:memory:frames:)`` with the path's exact bytes when its name
    /// is not UTF-8 (`pathBytes`, so that the path can be reopened from the report).
    private func run(path probePath: ProbePath, memory: (bytes: [UInt8], logicalSize: Int?)?, frames collected: inout [Int: [DynamicMetadataFrame]]?) -> ProbeReport {
        var report = analyse(path: probePath, memory: memory, frames: &collected)
        // The signal stage, after the probe: the variant each video stream needs, from the report.
        ReportSignalling.planHLS(&report)
        report.pathBytes = probePath.base64BytesIfLossy
        return report
    }

    /// The probe as named pipeline stages: open the file, walk its headers, open the demuxer,
    /// gather each video stream's evidence, scan packets, pair Dolby Vision layers, classify and
    /// keep what signalling needs. A stage that cannot go on ends the probe with a failure report.
    private func analyse(path probePath: ProbePath, memory: (bytes: [UInt8], logicalSize: Int?)?, frames collected: inout [Int: [DynamicMetadataFrame]]?) -> ProbeReport {
        let run = ProbeAttempt(path: probePath.display, start: Clock.nowNanoseconds())
        do throws(ProbeFailure) {
            let file = try openFile(probePath, memory: memory, run: run)
            let head = file.read(at: 0, count: 8192)
            let headers = ContainerHeaders.read(file, head: head)
            var container = ContainerInfo(format: Self.format(signature: headers.signature, demuxer: nil, head: head),
                                          brands: headers.fileType?.brands ?? [], demuxer: nil)
            // A Dolby Vision RPU file (dovi_tool's output): RPUs, no container.
            if !Self.imageSignatures.contains(headers.signature), DolbyVisionRPUFile.matches(head) {
                return rpuFileReport(path: run.path, file: file, start: run.start, frames: &collected)
            }
            let demuxer = try openDemuxer(file: file, headers: headers, head: head, container: container, run: run)
            container.demuxer = demuxer.formatName
            container.format = Self.format(signature: headers.signature, demuxer: demuxer.formatName, head: head)
            // A fragmented MP4 declares no movie duration: the longest audio or video stream's, as
            // libavformat's update_stream_timings derives the format's from its streams (text
            // tracks aside; it also counts start offsets, which this leaves out).
            // An MP4's is its `mvhd` duration, read by hdrprobe's own box walk (libavformat's
            // reading of damaged files differs between FFmpeg versions).
            let duration = Self.movieDuration(headers) ?? demuxer.formatDuration
                ?? demuxer.streams.filter { $0.kind == .video || $0.kind == .audio }.compactMap(\.durationSeconds).max()
            container.duration = duration.map { ($0 * 1000).rounded() / 1000 }
            container.bitRate = Self.overallBitRate(declared: demuxer.formatBitRate, duration: duration, fileSize: file.size)
            container.fileSize = file.size
            try checkStreams(demuxer, headers: headers, container: container, file: file, run: run)
            var findings = Self.containerFindings(headers)
            var (evidence, scanners) = gatherEvidence(demuxer: demuxer, headers: headers, memory: memory)
            // MPEG-TS has no audio headers: an audio stream's facts come from its first packet.
            var audioPackets = AudioFirstPackets(wanted: headers.signature == .mpegts
                                                 ? Set(demuxer.streams.filter { $0.kind == .audio }.map(\.index)) : [])
            if !scanners.isEmpty || !audioPackets.wanted.isEmpty,
               scanPackets(demuxer: demuxer, file: file, headers: headers, scanners: &scanners, evidence: &evidence, audio: &audioPackets) {
                findings.append(ProbeCondition.frameScanTimedOut(seconds: options.timeout).finding)
            }
            if let stop = demuxer.readBudgetStop { findings.append(unreadableTail(file: file, stop: stop)) }
            for key in Array(scanners.keys) { scanners[key]?.finish() }
            for (index, scanner) in scanners { evidence[index]?.scan = scanner.scan }
            let layerPairs = Self.pairLayers(demuxer: demuxer, evidence: &evidence)
            let classified = classifyStreams(demuxer: demuxer, headers: headers, evidence: evidence, layerPairs: layerPairs,
                                             fileSize: file.size, audioPackets: audioPackets.data, frames: &collected)
            var report = ProbeReport(tool: Self.tool(libavformatUsed: demuxer.usesLibavformat), path: run.path, status: .ok, error: nil,
                                     container: container, streams: classified.streams, findings: findings + classified.findings,
                                     probe: stats(start: run.start, bytes: file.bytesRead, frames: classified.framesScanned))
            report.signallingEvidence = classified.signallingEvidence
            return report
        } catch {
            return error.report
        }
    }

    /// Stage 1: the file, read-only, with the probe's deadline.
    private func openFile(_ probePath: ProbePath, memory: (bytes: [UInt8], logicalSize: Int?)?,
                      run: ProbeAttempt) throws(ProbeFailure) -> MediaFile {
        let deadline = run.start + UInt64(max(0, min(options.timeout, 86_400)) * 1e9)
        do throws(MediaFile.OpenError) {
            if let memory {
                return try MediaFile(name: run.path, bytes: memory.bytes, logicalSize: memory.logicalSize, deadline: deadline)
            }
            return try MediaFile(path: probePath, deadline: deadline)
        } catch {
            let reason: ReportError
            switch error { case .failed(let r): reason = r }
            throw ProbeFailure(.failure(path: run.path, tool: Self.tool(libavformatUsed: false), error: reason,
                                        probe: stats(start: run.start, bytes: 0, frames: nil)))
        }
    }

    static let imageSignatures: Set<ContainerSignature> = [.png, .jpeg, .gif]

    /// Stage 2: libavformat on the file; an image, a demuxer failure (named from what hdrprobe's
    /// own header walk saw) or a media segment without its init ends the probe.
    private func openDemuxer(file: MediaFile, headers: ContainerHeaders, head: [UInt8], container: ContainerInfo,
                             run: ProbeAttempt) throws(ProbeFailure) -> any ContainerDemux {
        func fail(_ reason: ProbeFailureReason, _ container: ContainerInfo, libavformatUsed: Bool = true) -> ProbeFailure {
            failure(reason, container: container, file: file, run: run, libavformatUsed: libavformatUsed)
        }
        if Self.imageSignatures.contains(headers.signature) {
            throw fail(.image(path: run.path, format: headers.signature.rawValue), .unknown, libavformatUsed: false)
        }
        if options.ownContainerReaders, let own = Self.ownContainer(file: file, headers: headers, options: options) {
            return own
        }
        #if FFmpeg
        let demuxer: Demuxer
        do throws(Demuxer.OpenFailure) {
            demuxer = try Demuxer(file: file, signature: headers.signature, head: head, probeBytes: options.probeBytes,
                                  masks: headers.libavformatMasks, readBudget: options.readBudget)
        } catch {
            switch error {
            case let .failed(code, messages):
                throw fail(Self.demuxFailure(detail: messages.first ?? Self.describe(code), headers: headers), container)
            case .timedOut:
                throw fail(.openTimedOut(seconds: options.timeout), container)
            case let .unavailable(reason):
                throw fail(FFmpegLibrary.unavailable(reason), container, libavformatUsed: false)
            }
        }
        if headers.isMediaSegment && !headers.hasMovieBox { throw fail(.mediaSegmentWithoutInit, container) }
        return demuxer
        #else
        if headers.isMediaSegment && !headers.hasMovieBox { throw fail(.mediaSegmentWithoutInit, container) }
        throw fail(.ffmpegNotBuiltIn, container, libavformatUsed: false)
        #endif
    }

    /// hdrprobe's own reader of the file's container, when one covers it (no FFmpeg needed); nil
    /// leaves the file to libavformat. Each own reader declines what it is not sure of.
    static func ownContainer(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> (any ContainerDemux)? {
        if let r = ISOBMFFContainerDemux.open(file: file, headers: headers, options: options) { return r }
        if let r = MatroskaContainerDemux.open(file: file, headers: headers, options: options) { return r }
        if let ts = MPEGTSContainerDemux.open(file: file, headers: headers, options: options) { return ts }
        if let ivf = IVFContainerDemux.open(file: file, headers: headers, options: options) { return ivf }
        if let raw = AnnexBElementaryStreamDemux.open(file: file, headers: headers, options: options) { return raw }
        return nil
    }

    /// Why libavformat could not open the file, in the terms of what the header walk found.
    static func demuxFailure(detail: String, headers: ContainerHeaders) -> ProbeFailureReason {
        if headers.isMediaSegment && !headers.hasMovieBox { return .mediaSegmentWithoutInit }
        if !headers.signature.isMedia { return .notMedia(detail: detail) }
        if let truncation = headers.truncation { return .truncated(truncation, detail: detail) }
        if headers.signature == .isobmff && headers.hasMovieBox {
            return .movieHeaderUnreadable(firstIssue: headers.issues.first, detail: detail)
        }
        if headers.signature == .matroska || headers.signature == .isobmff { return .headersUnreadable(detail: detail) }
        return .demuxFailed(detail: detail)
    }

    /// Stage 3: a file libavformat opened but that holds nothing to analyse.
    private func checkStreams(_ demuxer: any ContainerDemux, headers: ContainerHeaders, container: ContainerInfo, file: MediaFile,
                              run: ProbeAttempt) throws(ProbeFailure) {
        if !headers.signature.isMedia && !demuxer.streams.contains(where: { $0.kind == .video || $0.kind == .audio }) {
            throw failure(.noAudioOrVideo, container: .unknown, file: file, run: run, libavformatUsed: demuxer.usesLibavformat)
        }
        if demuxer.streams.isEmpty {
            throw failure(headers.issues.first.map { .noReadableStreams(firstIssue: $0) } ?? .noStreams,
                          container: container, file: file, run: run, libavformatUsed: demuxer.usesLibavformat)
        }
    }

    /// A stage's failure once the file is open: the report with the container seen so far.
    private func failure(_ reason: ProbeFailureReason, container: ContainerInfo, file: MediaFile, run: ProbeAttempt,
                         libavformatUsed: Bool) -> ProbeFailure {
        ProbeFailure(.failure(path: run.path, tool: Self.tool(libavformatUsed: libavformatUsed), error: reason.error, container: container,
                              probe: stats(start: run.start, bytes: file.bytesRead, frames: nil)))
    }

    /// The header walk's truncation and (at most four) structure issues.
    static func containerFindings(_ headers: ContainerHeaders) -> [Finding] {
        containerConditions(headers).map(\.finding)
    }

    static func containerConditions(_ headers: ContainerHeaders) -> [ProbeCondition] {
        (headers.truncation.map { [ProbeCondition.truncated($0)] } ?? []) + headers.issues.prefix(4).map(ProbeCondition.malformed)
    }

    /// Stage 4: each video stream's evidence from the container, and its prepared packet scanner.
    private func gatherEvidence(demuxer: any ContainerDemux, headers: ContainerHeaders, memory: (bytes: [UInt8], logicalSize: Int?)?)
        -> ([Int: VideoEvidence], [Int: BitstreamScanner]) {
        var evidence: [Int: VideoEvidence] = [:]
        var scanners: [Int: BitstreamScanner] = [:]
        for s in demuxer.streams where s.kind == .video {
            let track = headers.track(forStreamID: s.id, index: s.index)
            var (e, scanner) = StreamEvidenceBuilder.build(stream: s, entry: track?.sampleEntries.first,
                                                           matroskaTrack: headers.matroskaTrack(forStreamIndex: s.index),
                                                           signature: headers.signature, programMap: headers.programMap,
                                                           protectionSystems: headers.movie?.protectionSystemIDs ?? [])
            e.bitstreamTimingFirst = Self.rawElementaryDemuxers.contains(demuxer.formatName)
            e.samplesComplete = headers.truncation == nil && (memory.map { ($0.logicalSize ?? $0.bytes.count) <= $0.bytes.count } ?? true)
            evidence[s.index] = e
            scanner.regroupAccessUnits = demuxer.formatName == "hevc"
            scanner.countsByteStream = ["hevc", "h264"].contains(demuxer.formatName)
            scanners[s.index] = scanner
        }
        return (evidence, scanners)
    }

    /// Stage 5: the bounded packet scan, with the BlockAdditions of hdrprobe's own Cluster walk.
    /// Returns true when the deadline stopped it.
    private func scanPackets(demuxer: any ContainerDemux, file: MediaFile, headers: ContainerHeaders,
                             scanners: inout [Int: BitstreamScanner], evidence: inout [Int: VideoEvidence],
                             audio: inout AudioFirstPackets) -> Bool {
        var blockAdditions = Self.blockAdditions(file, headers: headers, demuxer: demuxer, scanners: scanners, options: options)
        let source = ownSampleSource(file: file, headers: headers, demuxer: demuxer, scanners: scanners, evidence: evidence) ?? demuxer
        return scan(source: source, file: file, scanners: &scanners, evidence: &evidence, audio: &audio, blockAdditions: &blockAdditions)
    }

    /// The first packet of each audio stream whose facts only its bitstream gives (MPEG-TS), taken
    /// from the packet scan: while the video scan runs, and for at most ``extraPackets`` packets
    /// after it (or in a file without video) — a stream that has none by then is left unread.
    struct AudioFirstPackets {
        let wanted: Set<Int>
        var data: [Int: [UInt8]] = [:]
        static let extraPackets = 1024
        var complete: Bool { data.count >= wanted.count }
        func wants(_ index: Int) -> Bool { wanted.contains(index) && data[index] == nil }
    }

    /// hdrprobe's own ISO BMFF sample reader for the scanned streams, nil when it does not cover
    /// them (then libavformat reads the packets).
    private func ownSampleSource(file: MediaFile, headers: ContainerHeaders, demuxer: any ContainerDemux,
                                 scanners: [Int: BitstreamScanner], evidence: [Int: VideoEvidence]) -> SampleSource? {
        guard options.ownSampleAccess, demuxer.formatName.hasPrefix("mov") else { return nil }
        let streams = demuxer.streams.compactMap { s -> ISOBMFFSampleReader.Stream? in
            guard let scanner = scanners[s.index] else { return nil }
            var stream = ISOBMFFSampleReader.Stream(index: s.index, id: s.id, encrypted: evidence[s.index]?.encryption != nil)
            if case .lengthPrefixed(let size) = scanner.framing, scanner.codec == .hevc || scanner.codec == .h264 {
                stream.nalLengthSize = size
                stream.isVCL = scanner.codec == .hevc ? LengthPrefixedSampleRead.isHEVCVCL : LengthPrefixedSampleRead.isAVCVCL
            }
            return stream
        }
        return ISOBMFFSampleReader.make(file: file, headers: headers, streams: streams, limit: options.frames,
                                        fragments: (demuxer as? ISOBMFFContainerDemux)?.fragments)
    }

    /// The read budget (``ProbeOptions/readBudget``) stopped libavformat at `stop`, before the end
    /// of the file: what lies after it was not read. Whether the last bytes read were zeros tells
    /// a preallocated download from junk.
    private func unreadableTail(file: MediaFile, stop: Int) -> Finding {
        let before = file.read(at: max(0, stop - 4096), count: min(stop, 4096))
        return ProbeCondition.unreadableTail(stop: stop, fileSize: file.size, budget: options.readBudget,
                                             zerosBefore: !before.isEmpty && before.allSatisfy { $0 == 0 }).finding
    }

    /// Stage 6: Dolby Vision on two PIDs — the base-layer stream carries the presentation.
    /// Returns the pairs, enhancement-layer index → base-layer index.
    static func pairLayers(demuxer: any ContainerDemux, evidence: inout [Int: VideoEvidence]) -> [Int: Int] {
        let layerPairs = DolbyVisionLayerPairing.pairs(demuxer.streams.compactMap { s in
            evidence[s.index].map { DolbyVisionLayerPairing.Candidate(index: s.index, id: s.id, evidence: $0) }
        })
        for (el, bl) in layerPairs {
            if let base = evidence[bl], let enhancement = evidence[el] {
                evidence[bl] = DolbyVisionLayerPairing.presentation(base: base, enhancement: enhancement)
            }
        }
        return layerPairs
    }

    /// Stage 7: every stream in container order — video classified, with the evidence its
    /// signalling is planned from afterwards (``SignallingEvidence``), the others described.
    private func classifyStreams(demuxer: any ContainerDemux, headers: ContainerHeaders, evidence: [Int: VideoEvidence],
                                 layerPairs: [Int: Int], fileSize: Int, audioPackets: [Int: [UInt8]],
                                 frames collected: inout [Int: [DynamicMetadataFrame]]?)
        -> (streams: [StreamReport], findings: [Finding], framesScanned: Int?, signallingEvidence: [Int: SignallingEvidence]) {
        let classifier = VideoStreamClassifier(policy: options.policy)
        var signallingEvidence: [Int: SignallingEvidence] = [:]
        var streams: [StreamReport] = []
        var findings: [Finding] = []
        var framesScanned: Int?
        let audio = demuxer.streams.filter { $0.kind == .audio }
        // Each audio stream's facts, read once: its report and its CODECS token both use them.
        let audioFacts = Dictionary(uniqueKeysWithValues: audio.map { ($0.index, StreamMediaFacts.audio($0, headers: headers, firstPacket: audioPackets[$0.index])) })
        let audioInputs = audio.map { Self.audioInput($0, facts: audioFacts[$0.index]) }
        let chosenAudio = AudioCodecString.firstPlayableIndex(audioInputs).map { audio[$0] }
        for s in demuxer.streams {
            guard var e = evidence[s.index] else {
                streams.append(Self.describe(s, headers: headers, audio: audioFacts[s.index]))
                continue
            }
            if e.encryption != nil, e.scan.framesScanned > 0 { e.encryption?.sampleData = .clearRangesRead }
            if e.profileName == nil, let idc = e.scan.profileIDC {
                e.profileName = CodecProfileName.name(codec: s.codec, profile: Int32(idc))
            }
            framesScanned = (framesScanned ?? 0) + e.scan.framesScanned
            var (report, streamFindings) = classifier.classify(e)
            report.language = StreamMediaFacts.language(s, headers: headers)
            if let base = layerPairs[s.index] {
                streams.append(Self.enhancementLayer(report, dependsOn: base))
                continue
            }
            if collected != nil { collected?[s.index] = VideoStreamClassifier.displayOrderedFrames(e) }
            let variant = Self.bandwidth(video: s, audio: chosenAudio, demuxer: demuxer, fileSize: fileSize,
                                         scan: e.scan, fps: report.frameRate?.value)
            let videoAlone = chosenAudio == nil ? variant
                : Self.bandwidth(video: s, audio: nil, demuxer: demuxer, fileSize: fileSize, scan: e.scan, fps: report.frameRate?.value)
            signallingEvidence[s.index] = SignallingEvidence(video: e, audio: audioInputs, variantBandwidth: variant,
                                                             representationBandwidth: videoAlone, policy: options.policy)
            streams.append(report)
            findings += streamFindings
        }
        return (streams, findings, framesScanned, signallingEvidence)
    }

    /// A stream that is not video: codec, the stored sample entry and its encryption, profile.
    static func describe(_ s: DemuxedStream, headers: ContainerHeaders, audio: AudioReport?) -> StreamReport {
        var report = StreamReport(index: s.index, kind: s.kind, codec: s.codecName)
        let entry = headers.track(forStreamID: s.id, index: s.index)?.sampleEntries.first
        let isEntry = headers.signature == .isobmff && s.kind != .attachment
        report.sampleEntry = isEntry ? (entry?.originalFormat ?? entry?.fourCC ?? s.codecTag) : nil
        // A subtitle entry the demuxer read as data with no codec (`stpp` under FFmpeg 5.1).
        if isEntry, s.kind == .data || s.kind == .subtitle, s.codecName == nil,
           let name = SubtitleSampleEntry.codecName(report.sampleEntry) {
            report.kind = .subtitle
            report.codec = name
        }
        if let entry, isEntry {
            report.encryption = EncryptionReport(entry: entry, systemIDs: headers.movie?.protectionSystemIDs ?? [],
                                                 sampleData: .notRead)
        }
        report.profile = s.profileName ?? CodecProfileName.name(codec: s.codec, profile: s.profile)
        if s.kind != .attachment { report.language = StreamMediaFacts.language(s, headers: headers) }
        if report.kind == .audio { report.audio = audio ?? AudioReport() }
        return report
    }

    /// A Dolby Vision enhancement-layer stream: described, not classified or signalled — the
    /// base-layer stream it depends on carries the presentation (``DolbyVisionLayerPairing``).
    static func enhancementLayer(_ classified: StreamReport, dependsOn base: Int) -> StreamReport {
        var report = classified
        report.role = DolbyVisionLayerPairing.enhancementLayerRole
        report.dependsOn = base
        report.hdr = nil
        report.dolbyVision = nil
        report.hls = nil
        report.dash = nil
        return report
    }

    /// The `mvhd` duration in seconds, when the movie declares one (a fragmented file's is 0).
    static func movieDuration(_ headers: ContainerHeaders) -> Double? {
        guard headers.signature == .isobmff, let movie = headers.movie, let d = movie.movieDuration, d > 0,
              let scale = movie.movieTimescale, scale > 0 else { return nil }
        return Double(d) / Double(scale)
    }

    /// `container.bitRate`: the container's declared rate, else libavformat's own estimate once it
    /// knows the duration (`update_stream_timings`: file size × 8 over the duration in its
    /// microsecond time base, truncated), which is what ffprobe prints as the format's `bit_rate`.
    static func overallBitRate(declared: Int?, duration: Double?, fileSize: Int) -> Int? {
        if let declared { return declared }
        guard let duration, duration > 0, fileSize > 0 else { return nil }
        let microseconds = (duration * 1_000_000).rounded()
        return Int((Double(fileSize) * 8 * 1_000_000 / microseconds).rounded(.down))
    }

    /// What the audio-token rules (`docs/rules/hls-signalling.md` §8) need about an audio stream.
    /// Dolby Atmos (JOC) comes from the `dec3` hdrprobe reads (``StreamMediaFacts``), whichever
    /// reader demuxed the file.
    static func audioInput(_ s: DemuxedStream, facts: AudioReport?) -> AudioCodecInput {
        let joc = s.codecName == "eac3" && facts?.objectAudio == AudioReport.eac3JOC
        return AudioCodecInput(codecName: s.codecName ?? "unknown",
                               audioSpecificConfig: s.codecName == "aac" && !s.extradata.isEmpty ? s.extradata : nil,
                               ffmpegProfile: s.profile >= 0 ? Int(s.profile) : nil, jointObjectCoding: joc, isDefault: s.isDefault)
    }

    /// AVERAGE-BANDWIDTH / BANDWIDTH of the variant (`docs/rules/hls-signalling.md` §13): measured from the
    /// container's sample index where it has one (MP4/MOV); otherwise the declared or file-level
    /// average bit rate with BANDWIDTH estimated as twice that (under-declaring fails playback with
    /// CoreMedia -12318; over-declaring only wastes headroom).
    static func bandwidth(video: DemuxedStream, audio: DemuxedStream?, demuxer: any ContainerDemux, fileSize: Int,
                          scan: BitstreamScan, fps: Double?) -> HLSBandwidth? {
        let streams = [video] + (audio.map { [$0] } ?? [])
        if let measured = measuredBandwidth(video: video, audio: audio, demuxer: demuxer) { return measured }
        let declared = streams.compactMap(\.bitRate)
        var average = declared.count == streams.count ? declared.reduce(0, +) : demuxer.formatBitRate
        if average == nil, let duration = demuxer.formatDuration, duration > 0, fileSize > 0 {
            average = Int((Double(fileSize) * 8 / duration).rounded(.up))
        }
        // Raw elementary streams declare no duration: the scanned frames' bytes at the frame rate.
        if average == nil, scan.framesScanned > 0, let fps, fps > 0 {
            average = Int((Double(scan.bytesScanned) * 8 * fps / Double(scan.framesScanned)).rounded(.up))
        }
        return average.map { HLSBandwidth(average: $0, peak: 2 * $0) }
    }

    /// The measured part of ``bandwidth(video:audio:demuxer:fileSize:scan:fps:)``: straight from the
    /// MP4/MOV sample tables where the reader describes its index by them, else from the index.
    static func measuredBandwidth(video: DemuxedStream, audio: DemuxedStream?, demuxer: any ContainerDemux) -> HLSBandwidth? {
        let duration = video.durationSeconds ?? demuxer.formatDuration
        guard let tracks = demuxer.sampleTableTracks(video: video.index, audio: audio?.index) else {
            return indexedBandwidth(video: video, audio: audio, demuxer: demuxer)
        }
        return duration.flatMap { SampleTableBandwidth.measure(video: tracks.video, audio: tracks.audio, duration: $0) }
    }

    /// The measurement from the sample index (``ContainerDemux/indexSamples(stream:)``): the
    /// reference ``SampleTableBandwidth`` gives the same values as.
    static func indexedBandwidth(video: DemuxedStream, audio: DemuxedStream?, demuxer: any ContainerDemux) -> HLSBandwidth? {
        let videoSamples = demuxer.indexSamples(stream: video.index)
        let samples = HLSBandwidth.merged(videoSamples, audio.map { demuxer.indexSamples(stream: $0.index) } ?? [])
        guard !videoSamples.isEmpty, samples.contains(where: { $0.size > 0 }),
              let duration = video.durationSeconds ?? demuxer.formatDuration else { return nil }
        return HLSBandwidth.measure(samples: samples, duration: duration)
    }

    /// Reads packets until every video stream has its frame budget and every wanted audio stream
    /// its first packet (``AudioFirstPackets``), or the data ends. Returns true when the deadline
    /// stopped the scan.
    private func scan(source: SampleSource, file: MediaFile, scanners: inout [Int: BitstreamScanner],
                      evidence: inout [Int: VideoEvidence], audio: inout AudioFirstPackets,
                      blockAdditions: inout MatroskaClusterWalk) -> Bool {
        var done = Set<Int>()
        var packetsRead = 0
        var packetsAfterVideo = 0
        let packetCap = options.readWindow(.scanPackets) ?? Int.max
        while done.count < scanners.count || !audio.complete && packetsAfterVideo < AudioFirstPackets.extraPackets, packetsRead < packetCap {
            guard let packet = source.readPacket(wantsData: { scanners[$0] != nil && !done.contains($0) || audio.wants($0) }) else {
                return file.timedOut
            }
            packetsRead += 1
            if done.count >= scanners.count { packetsAfterVideo += 1 }
            if audio.wants(packet.streamIndex) {
                audio.data[packet.streamIndex] = packet.data
                continue
            }
            guard var scanner = scanners[packet.streamIndex], !done.contains(packet.streamIndex) else { continue }
            if evidence[packet.streamIndex]?.encryption != nil {
                // Encrypted: only the clear ranges of a subsample map are read (none without a map).
                scanner.consume(protectedAccessUnit: packet.data, pts: packet.pts,
                                map: SubsampleEncryption(subsamples: packet.subsamples ?? []))
            } else {
                let more = blockAdditions.isEmpty ? [] : blockAdditions.take(stream: packet.streamIndex, timestamp: packet.pts)
                scanner.consume(accessUnit: packet.data, pts: packet.pts, blockAdditions: more, storedSize: packet.storedSize)
            }
            if let pts = packet.pts { evidence[packet.streamIndex]?.sampledPTS.append(pts) }
            if let frames = options.frames,
               scanner.scan.framesScanned + scanner.scan.encryptedSamplesUnread >= frames
                || scanner.scan.bytesScanned >= options.maxScanBytes {
                done.insert(packet.streamIndex)
            }
            scanners[packet.streamIndex] = scanner
        }
        return file.timedOut
    }

    /// The BlockAdditions of the VP9/AV1 Matroska tracks being scanned, from hdrprobe's own walk of
    /// the first Clusters.
    static func blockAdditions(_ file: MediaFile, headers: ContainerHeaders, demuxer: any ContainerDemux,
                               scanners: [Int: BitstreamScanner], options: ProbeOptions) -> MatroskaClusterWalk {
        guard let clusters = headers.matroskaClusters else { return MatroskaClusterWalk() }
        var tracks: [UInt64: Int] = [:]
        for s in demuxer.streams where [.vp9, .av1].contains(scanners[s.index]?.codec) {
            if let number = headers.matroskaTrack(forStreamIndex: s.index)?.number { tracks[number] = s.index }
        }
        guard !tracks.isEmpty else { return MatroskaClusterWalk() }
        // The scan counts packet bytes (block data less its 4-byte header): walk a little further.
        return MatroskaClusterWalk.read(file, from: clusters.lowerBound, end: clusters.upperBound, tracks: tracks,
                                        frames: options.frames, maxBytes: options.maxScanBytes + (1 << 20))
    }

    func stats(start: UInt64, bytes: Int, frames: Int?) -> ProbeStatistics {
        let ms = Double(Clock.nowNanoseconds() - start) / 1e6
        return ProbeStatistics(bytesRead: bytes, analysisMs: (ms * 1000).rounded() / 1000, framesScanned: frames)
    }

    /// The contract's `container.format` from the demuxer name (and the sniffed signature).
    /// `container.format` (docs/report-contract.md): hdrprobe's name for the container, from the
    /// demuxer that read it or, before one is open, from the signature. An IVF file is named by
    /// what it carries: `av1` for AV1 (with raw OBU streams), `ivf` for the VP8 and VP9 files
    /// libvpx writes.
    static func format(signature: ContainerSignature, demuxer: String?, head: [UInt8] = []) -> String? {
        switch demuxer {
        case let d? where d.hasPrefix("mov"): return "mp4"
        case let d? where d.hasPrefix("matroska"): return "matroska"
        case "mpegts"?: return "mpegts"
        case "hevc"?: return "hevc"
        case "h264"?: return "h264"
        case "ivf"?: return IVFFileHeader.parse(head[...]).map { $0.fourCC == "AV01" ? "av1" : "ivf" } ?? "ivf"
        case "obu"?: return "av1"
        case let d?: return d
        case nil:
            switch signature {
            case .isobmff: return "mp4"
            case .matroska: return "matroska"
            case .mpegts: return "mpegts"
            default: return nil
            }
        }
    }

    static func describe(_ code: Int32) -> String {
        #if FFmpeg
        var buffer = [CChar](repeating: 0, count: 256)
        hdrprobe_av_strerror(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        return "error \(code)"
        #endif
    }
}

/// One probe's name for the report and its start time (the statistics and the deadline).
struct ProbeAttempt {
    let path: String
    let start: UInt64
}

/// A pipeline stage that cannot go on: the failure report the probe returns.
struct ProbeFailure: Error {
    let report: ProbeReport
    init(_ report: ProbeReport) { self.report = report }
}
