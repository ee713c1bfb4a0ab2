import HDRProbeParse
import HDRProbeContainers

/// Whether an MPEG-TS segment's video starts with a key frame (`docs/rules/hls-presentation.md` §3):
/// the first video PES of the program's H.264 or HEVC stream, its first picture's NAL unit type — an
/// IDR (H.264 type 5) or an IRAP picture (HEVC types 16–23: BLA, IDR, CRA) is a key frame. nil when
/// the head holds no PAT/PMT or no video PES (nothing is said then).
enum TransportSegmentKeyFrame {
    static func startsWithKeyFrame(_ bytes: [UInt8]) -> Bool? {
        guard let file = try? MediaFile(name: "segment", bytes: bytes, deadline: .max) else { return nil }
        let headers = ContainerHeaders.read(file, head: Array(bytes.prefix(8192)))
        guard headers.signature == .mpegts, let map = headers.programMap,
              let video = map.streams.first(where: { MPEGTSContainerDemux.videoCodecs[$0.streamType] != nil }),
              let codec = MPEGTSContainerDemux.videoCodecs[video.streamType] else { return nil }
        let reader = TransportStreamPESReader(file: file, pid: video.pid, allowed: MPEGTSContainerDemux.tablePIDs.union([map.pmtPID]))
        guard let pes = reader.next() else { return nil }
        let isHEVC = codec.id == .hevc
        let units = NALUnitSplitter.split(pes.payload[...], framing: .annexB, limit: 64, header: isHEVC ? .hevc : .avc)
        // The first picture's slice: HEVC VCL types are 0–31, H.264 coded slices 1 and 5.
        guard let slice = units.first(where: { isHEVC ? $0.type < 32 : ($0.type == 1 || $0.type == 5) }) else { return nil }
        return isHEVC ? (16...23).contains(slice.type) : slice.type == 5
    }
}
