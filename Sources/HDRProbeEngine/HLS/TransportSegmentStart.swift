import HDRProbeParse
import HDRProbeContainers

/// How an MPEG-TS segment's video starts (`docs/rules/hls-presentation.md` §3), from the first
/// video PES of the program's H.264 or HEVC stream: whether its first picture is a key frame — an
/// IDR (H.264 type 5) or an IRAP picture (HEVC types 16–23: BLA, IDR, CRA) — and that PES's
/// presentation time, for the segment durations and the timeline. nil when the head holds no
/// PAT/PMT or no video PES (nothing is said then).
struct TransportSegmentStart {
    /// nil when the PES holds no slice to tell.
    var keyFrame: Bool?
    /// The PES's PTS, seconds on the 90 kHz clock (33 bits; ``unwrapped(_:after:)`` handles the wrap).
    var time: Double?

    static let clock = 90_000.0
    static let wrap = Double(1 << 33) / clock

    init?(_ bytes: [UInt8]) {
        guard let file = try? MediaFile(name: "segment", bytes: bytes, deadline: .max) else { return nil }
        let headers = ContainerHeaders.read(file, head: Array(bytes.prefix(8192)))
        guard headers.signature == .mpegts, let map = headers.programMap,
              let video = map.streams.first(where: { MPEGTSContainerDemux.videoCodecs[$0.streamType] != nil }),
              let codec = MPEGTSContainerDemux.videoCodecs[video.streamType] else { return nil }
        let reader = TransportStreamPESReader(file: file, pid: video.pid, allowed: MPEGTSContainerDemux.tablePIDs.union([map.pmtPID]))
        guard let pes = reader.next() else { return nil }
        time = pes.header.pts.map { Double($0) / Self.clock }
        let isHEVC = codec.id == .hevc
        let units = NALUnitSplitter.split(pes.payload[...], framing: .annexB, limit: 64, header: isHEVC ? .hevc : .avc)
        // The first picture's slice: HEVC VCL types are 0–31, H.264 coded slices 1 and 5.
        keyFrame = units.first(where: { isHEVC ? $0.type < 32 : ($0.type == 1 || $0.type == 5) }).map { slice in
            isHEVC ? (16...23).contains(slice.type) : slice.type == 5
        }
    }

    /// `time` on the timeline of `previous` (the segment before): a PTS that wrapped past 2^33
    /// ticks (26.5 hours) continues from it rather than going back.
    static func unwrapped(_ time: Double, after previous: Double) -> Double {
        var t = time
        while previous - t > wrap / 2 { t += wrap }
        return t
    }
}
