import CFFmpeg
import HDRProbeBytes
import HDRProbeParse
import HDRProbeModel
import HDRProbeSignal
import HDRProbeContainers

/// The thin wrapper over `AVFormatContext`: open with hdrprobe's I/O and limits, describe the
/// streams, read packets. Holds no analysis logic.
package final class Demuxer {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private let bridge: AVIOBridge
    private let packet: UnsafeMutablePointer<AVPacket>
    package let formatName: String
    package let streams: [DemuxedStream]

    package enum OpenFailure: Error {
        case failed(code: Int32, messages: [String])
        case timedOut
        /// FFmpeg's libraries could not be loaded (``FFmpegLibrary``): why.
        case unavailable(String)
    }

    /// The libavformat demuxer for a container whose first bytes leave no doubt (ISO BMFF box,
    /// EBML magic, TS sync pattern, IVF "DKIF"). Opening with it skips `av_probe_input_buffer`,
    /// which otherwise runs every demuxer's probe function (MP3 frame search, libopenmpt, …) over
    /// a growing buffer for each file. Annex B start codes stay probed: H.264, HEVC, VVC and MPEG
    /// video all begin that way.
    package static func demuxerName(for signature: ContainerSignature) -> String? {
        switch signature {
        case .isobmff: return "mov"
        case .matroska: return "matroska"
        case .mpegts: return "mpegts"
        case .ivf: return "ivf"
        case .annexB, .png, .jpeg, .gif, .text, .unknown: return nil
        }
    }

    /// The demuxer for a file with this signature and first bytes: for Annex B, the raw demuxer
    /// the first NAL unit's header names (``AnnexBStreamCodec``), else ``demuxerName(for:)``.
    package static func demuxerName(for signature: ContainerSignature, head: [UInt8]) -> String? {
        signature == .annexB ? AnnexBStreamCodec.sniff(head)?.rawValue : demuxerName(for: signature)
    }

    /// The demuxers ``demuxerName(for:head:)`` names, looked up once (`av_find_input_format` walks
    /// every registered demuxer by name). The pointers are libavformat's own constant demuxer
    /// descriptions, never written.
    nonisolated(unsafe) private static let inputFormats: [String: UnsafePointer<AVInputFormat>?] = {
        var table: [String: UnsafePointer<AVInputFormat>?] = [:]
        for name in [ContainerSignature.isobmff, .matroska, .mpegts, .ivf].compactMap(demuxerName) + ["hevc", "h264"] {
            table[name] = hdrprobe_av_find_input_format(name)
        }
        return table
    }()

    /// Opens `file` with the demuxer `signature` names (probing the format when it names none);
    /// runs `avformat_find_stream_info` (bounded) when the container's headers do not describe
    /// the streams (raw elementary streams, MPEG-TS). Once the headers are read
    /// (`avformat_open_input` returned), libavformat reads at most `readBudget` more bytes
    /// (``ProbeOptions/readBudget``; nil: no limit).
    package init(file: MediaFile, signature: ContainerSignature, head: [UInt8] = [], probeBytes: Int,
         masks: [ByteMask] = [], readBudget: Int? = nil) throws(OpenFailure) {
        if let reason = FFmpegLibrary.loadFailure { throw .unavailable(reason) }
        _ = FFmpegLog.drain()
        guard let bridge = AVIOBridge(file: file, masks: masks), let packet = hdrprobe_av_packet_alloc() else {
            throw .failed(code: hdrprobe_averror_eio(), messages: ["cannot allocate I/O context"])
        }
        self.bridge = bridge
        self.packet = packet
        var ctx = hdrprobe_avformat_alloc_context()
        guard ctx != nil else { throw .failed(code: hdrprobe_averror_eio(), messages: ["cannot allocate format context"]) }
        ctx!.pointee.pb = bridge.context
        ctx!.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        ctx!.pointee.interrupt_callback.callback = AVIOBridge.interrupt
        ctx!.pointee.interrupt_callback.opaque = Unmanaged.passUnretained(bridge).toOpaque()
        var options: OpaquePointer?
        hdrprobe_av_dict_set(&options, "probesize", String(max(32, probeBytes)), 0)
        // The file name only helps format probing by extension; all reads go through `bridge`.
        let format = Self.demuxerName(for: signature, head: head).flatMap { Self.inputFormats[$0] ?? nil }
        let rc = hdrprobe_avformat_open_input(&ctx, file.path, format, &options)
        hdrprobe_av_dict_free(&options)
        if rc < 0 {
            av_packet_free_wrapper(packet)
            if file.timedOut { throw .timedOut }
            throw .failed(code: rc, messages: FFmpegLog.drain())
        }
        self.context = ctx
        bridge.limitReads(to: readBudget)
        let c = ctx!.pointee
        formatName = c.iformat.map { String(cString: $0.pointee.name) } ?? "unknown"
        let needsAnalysis = !(formatName.hasPrefix("mov") || formatName.hasPrefix("matroska"))
        if needsAnalysis {
            ctx!.pointee.probesize = Int64(max(32, probeBytes))
            ctx!.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
            // hdrprobe never decodes pictures: the video decoders libavformat opens to complete
            // the stream parameters discard every frame. Dimensions, bit depth, chroma and colour
            // then come from hdrprobe's own parameter-set parsing (the scan), frame rates from
            // the timestamps as before; audio decoders still run (channel layout).
            let streamCount = Int(ctx!.pointee.nb_streams)
            var decoderOptions = [OpaquePointer?](repeating: nil, count: max(1, streamCount))
            for i in 0..<streamCount where ctx!.pointee.streams[i]?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
                hdrprobe_av_dict_set(&decoderOptions[i], "skip_frame", "all", 0)
            }
            _ = decoderOptions.withUnsafeMutableBufferPointer { hdrprobe_avformat_find_stream_info(ctx, $0.baseAddress) }
            for i in 0..<streamCount { hdrprobe_av_dict_free(&decoderOptions[i]) }
            if file.timedOut {
                hdrprobe_avformat_close_input(&ctx)
                av_packet_free_wrapper(packet)
                throw .timedOut
            }
        }
        var list: [DemuxedStream] = []
        let count = Int(ctx!.pointee.nb_streams)
        for i in 0..<count {
            guard let st = ctx!.pointee.streams[i] else { continue }
            list.append(Self.describe(st, index: i, mergeContainerColour: !needsAnalysis))
        }
        streams = list
        _ = FFmpegLog.drain()
    }

    /// Where the read budget stopped libavformat before the end of the file; nil when it did not.
    package var readBudgetStop: Int? { bridge.budgetStop }

    deinit {
        if context != nil { hdrprobe_avformat_close_input(&context) }
        av_packet_free_wrapper(packet)
    }

    /// Reads the next packet; nil at the end of the data, on error or after the deadline.
    /// The payload is copied only for streams `wantsData` accepts (the scan needs no audio bytes).
    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        guard let context else { return nil }
        let rc = hdrprobe_av_read_frame(context, packet)
        guard rc >= 0 else { return nil }
        defer { hdrprobe_av_packet_unref(packet) }
        let p = packet.pointee
        let size = Int(p.size)
        let wanted = wantsData(Int(p.stream_index))
        let data: [UInt8] = (wanted && size > 0 && p.data != nil) ? Array(UnsafeBufferPointer(start: p.data, count: size)) : []
        let pts = p.pts == hdrprobe_av_nopts_value() ? (p.dts == hdrprobe_av_nopts_value() ? nil : p.dts) : p.pts
        return DemuxedPacket(streamIndex: Int(p.stream_index), pts: pts, data: data,
                             subsamples: wanted ? Self.subsamples(packet) : nil)
    }

    /// The subsample list of a packet's encryption info side data, nil when it has none.
    private static func subsamples(_ packet: UnsafeMutablePointer<AVPacket>) -> [SubsampleEncryption.Subsample]? {
        var size: Int = 0
        guard let raw = hdrprobe_av_packet_get_side_data(packet, AV_PKT_DATA_ENCRYPTION_INFO, &size), size > 0,
              let info = hdrprobe_av_encryption_info_get_side_data(raw, size) else { return nil }
        defer { hdrprobe_av_encryption_info_free(info) }
        let count = Int(info.pointee.subsample_count)
        guard count > 0, let list = info.pointee.subsamples else { return [] }
        return (0..<min(count, 65_536)).map {
            SubsampleEncryption.Subsample(clearBytes: Int(list[$0].bytes_of_clear_data),
                                          protectedBytes: Int(list[$0].bytes_of_protected_data))
        }
    }

    private static func describe(_ st: UnsafeMutablePointer<AVStream>, index: Int, mergeContainerColour: Bool) -> DemuxedStream {
        let par = st.pointee.codecpar.pointee
        let kind = kind(of: st)
        let name = par.codec_id == AV_CODEC_ID_NONE ? nil : String(cString: hdrprobe_avcodec_get_name(par.codec_id))
        let tag = par.codec_tag == 0 ? nil : FourCC.string([
            UInt8(par.codec_tag & 0xFF), UInt8((par.codec_tag >> 8) & 0xFF),
            UInt8((par.codec_tag >> 16) & 0xFF), UInt8((par.codec_tag >> 24) & 0xFF)])
        let (depth, chroma) = kind == .video ? pixelFormat(par) : (nil, nil)
        var extradata: [UInt8] = []
        if par.extradata_size > 0, let p = par.extradata {
            extradata = Array(UnsafeBufferPointer(start: p, count: Int(min(par.extradata_size, 1 << 20))))
        }
        func rational(_ r: AVRational) -> FrameRate? { FrameRate(numerator: Int(r.num), denominator: Int(r.den)) }
        let tb = Double(st.pointee.time_base.num) / Double(max(1, st.pointee.time_base.den))
        let duration = st.pointee.duration == hdrprobe_av_nopts_value() || st.pointee.duration <= 0 ? nil : Double(st.pointee.duration) * tb
        let codec = name.flatMap(StreamCodec.init(rawValue:))
        // libavcodec names the profiles of the codecs hdrprobe's own table does not list.
        var profileName: String?
        if codec.flatMap({ CodecProfileName.table[$0] }) == nil, par.profile >= 0,
           let p = hdrprobe_avcodec_profile_name(par.codec_id, par.profile) {
            profileName = String(cString: p)
        }
        return DemuxedStream(
            index: index, id: Int(st.pointee.id), kind: kind, codecName: name, codec: codec, codecTag: tag,
            profile: par.profile, level: par.level,
            width: par.width > 0 ? Int(par.width) : nil, height: par.height > 0 ? Int(par.height) : nil,
            bitDepth: depth, chromaSubsampling: chroma,
            colour: mergeContainerColour ? colour(par) : ColourCodes(),
            extradata: extradata, avgFrameRate: rational(st.pointee.avg_frame_rate),
            realFrameRate: rational(st.pointee.r_frame_rate),
            timeBase: (Int(st.pointee.time_base.num), Int(st.pointee.time_base.den)),
            doviRecord: doviRecord(st), mastering: mastering(st), contentLight: contentLight(st),
            bitRate: par.bit_rate > 0 ? Int(par.bit_rate) : nil, durationSeconds: duration,
            isDefault: st.pointee.disposition & AV_DISPOSITION_DEFAULT != 0,
            channels: par.ch_layout.nb_channels > 0 ? Int(par.ch_layout.nb_channels) : nil, profileName: profileName)
    }

    private static func kind(of st: UnsafeMutablePointer<AVStream>) -> StreamReport.Kind {
        switch st.pointee.codecpar.pointee.codec_type {
        // Cover art (an MP4 `covr` item, a Matroska image attachment) reaches libavformat's users as
        // a one-picture video stream with the attached-picture disposition: it is an attachment.
        case AVMEDIA_TYPE_VIDEO: return st.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 ? .attachment : .video
        case AVMEDIA_TYPE_AUDIO: return .audio
        case AVMEDIA_TYPE_SUBTITLE: return .subtitle
        case AVMEDIA_TYPE_ATTACHMENT: return .attachment
        default: return .data
        }
    }

    /// Bit depth and chroma subsampling of a video stream's pixel format.
    private static func pixelFormat(_ par: AVCodecParameters) -> (Int?, String?) {
        guard par.format >= 0, let desc = hdrprobe_av_pix_fmt_desc_get(AVPixelFormat(rawValue: par.format)) else { return (nil, nil) }
        let chroma: String?
        switch (desc.pointee.log2_chroma_w, desc.pointee.log2_chroma_h) {
        case (1, 1): chroma = "4:2:0"
        case (1, 0): chroma = "4:2:2"
        case (0, 0): chroma = desc.pointee.nb_components >= 3 ? "4:4:4" : "4:0:0"
        default: chroma = nil
        }
        return (Int(desc.pointee.comp.0.depth), chroma)
    }

    private static func colour(_ par: AVCodecParameters) -> ColourCodes {
        ColourCodes(
            primaries: par.color_primaries == AVCOL_PRI_UNSPECIFIED ? nil : Int(par.color_primaries.rawValue),
            transfer: par.color_trc == AVCOL_TRC_UNSPECIFIED ? nil : Int(par.color_trc.rawValue),
            matrix: par.color_space == AVCOL_SPC_UNSPECIFIED ? nil : Int(par.color_space.rawValue),
            fullRange: par.color_range == AVCOL_RANGE_JPEG ? true : par.color_range == AVCOL_RANGE_MPEG ? false : nil)
    }

    /// libavformat's Dolby Vision configuration (stream side data).
    private static func doviRecord(_ st: UnsafeMutablePointer<AVStream>) -> DOVIDecoderConfigurationRecord? {
        var size: Int = 0
        guard let raw = hdrprobe_stream_side_data(st, AV_PKT_DATA_DOVI_CONF, &size),
              size >= MemoryLayout<AVDOVIDecoderConfigurationRecord>.size else { return nil }
        let r = raw.withMemoryRebound(to: AVDOVIDecoderConfigurationRecord.self, capacity: 1) { $0.pointee }
        return DOVIDecoderConfigurationRecord(
            versionMajor: Int(r.dv_version_major), versionMinor: Int(r.dv_version_minor),
            profile: Int(r.dv_profile), level: Int(r.dv_level),
            rpuPresent: r.rpu_present_flag != 0, elPresent: r.el_present_flag != 0, blPresent: r.bl_present_flag != 0,
            compatibilityId: Int(r.dv_bl_signal_compatibility_id), mdCompression: 0, dependencyPID: nil,
            storedSize: DOVIDecoderConfigurationRecord.fullSize, issues: [])
    }

    /// libavformat's mastering display metadata (stream side data), with primaries and luminance.
    private static func mastering(_ st: UnsafeMutablePointer<AVStream>) -> MasteringDisplay? {
        var size: Int = 0
        guard let raw = hdrprobe_stream_side_data(st, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
              size >= MemoryLayout<AVMasteringDisplayMetadata>.size else { return nil }
        let m = raw.withMemoryRebound(to: AVMasteringDisplayMetadata.self, capacity: 1) { $0.pointee }
        guard m.has_primaries != 0 && m.has_luminance != 0 else { return nil }
        func q(_ r: AVRational) -> Double { r.den == 0 ? 0 : Double(r.num) / Double(r.den) }
        return MasteringDisplay(
            redX: q(m.display_primaries.0.0), redY: q(m.display_primaries.0.1),
            greenX: q(m.display_primaries.1.0), greenY: q(m.display_primaries.1.1),
            blueX: q(m.display_primaries.2.0), blueY: q(m.display_primaries.2.1),
            whiteX: q(m.white_point.0), whiteY: q(m.white_point.1),
            minLuminance: q(m.min_luminance), maxLuminance: q(m.max_luminance), source: .container).roundedToCoding()
    }

    /// libavformat's content light level (stream side data).
    private static func contentLight(_ st: UnsafeMutablePointer<AVStream>) -> ContentLightLevel? {
        var size: Int = 0
        guard let raw = hdrprobe_stream_side_data(st, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size),
              size >= MemoryLayout<AVContentLightMetadata>.size else { return nil }
        let l = raw.withMemoryRebound(to: AVContentLightMetadata.self, capacity: 1) { $0.pointee }
        return ContentLightLevel(maxCLL: Int(l.MaxCLL), maxFALL: Int(l.MaxFALL), source: .container)
    }

    /// Index entries read per stream for bandwidth measurement (about 4.6 hours at 120 fps).
    package static let maxIndexSamples = ContainerIndex.maxSamples

    /// Sample sizes and times from the demuxer's index of one stream (MP4/MOV sample tables,
    /// already in memory with the movie header; nothing is read from the file). Empty where the
    /// container has no per-sample sizes (Matroska cues, TS). Built only when asked for.
    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] {
        guard let context, index >= 0, index < Int(context.pointee.nb_streams),
              let st = context.pointee.streams[index] else { return [] }
        let tb = Double(st.pointee.time_base.num) / Double(max(1, st.pointee.time_base.den))
        let count = max(0, min(Int(hdrprobe_avformat_index_get_entries_count(st)), Self.maxIndexSamples))
        var samples: [HLSBandwidth.Sample] = []
        samples.reserveCapacity(count)
        for i in 0..<count {
            guard let entry = hdrprobe_avformat_index_get_entry(st, Int32(i)) else { break }
            samples.append(HLSBandwidth.Sample(time: Double(entry.pointee.timestamp) * tb, size: Int(entry.pointee.size),
                                               isKeyframe: entry.pointee.flags & AVINDEX_KEYFRAME != 0))
        }
        return samples
    }

    /// Container duration in seconds and overall bit rate, when declared.
    package var formatDuration: Double? {
        guard let c = context?.pointee, c.duration > 0, c.duration != hdrprobe_av_nopts_value() else { return nil }
        return Double(c.duration) / Double(AV_TIME_BASE)
    }

    package var formatBitRate: Int? {
        guard let c = context?.pointee, c.bit_rate > 0 else { return nil }
        return Int(c.bit_rate)
    }
}

private func av_packet_free_wrapper(_ p: UnsafeMutablePointer<AVPacket>) {
    var ptr: UnsafeMutablePointer<AVPacket>? = p
    hdrprobe_av_packet_free(&ptr)
}
