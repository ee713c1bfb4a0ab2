import HDRProbeParse

/// What libavformat (FFmpeg 5.1) takes from the first AV1 temporal unit of a stream it analyses:
/// the extradata its `extract_extradata` filter makes (the sequence header and metadata OBUs of
/// the first packet holding a sequence header, each as stored: header, size and payload, in
/// stream order) and the stream fields its AV1 parser sets from the sequence header (profile,
/// level, pixel format). nil when the packet has no sequence header hdrprobe can read, or OBUs
/// that do not fill it exactly.
package struct AV1SequenceConfiguration {
    package var sequence: AV1SequenceHeader
    package var extradata: [UInt8]

    package init?(firstPacket data: [UInt8]) {
        let obus = AV1OBU.split(data[...])
        guard let last = obus.last, last.payload.endIndex == data.endIndex else { return nil }
        var start = data.startIndex
        var extradata: [UInt8] = []
        var sequence: AV1SequenceHeader?
        for obu in obus {
            if obu.type == AV1OBU.sequenceHeader || obu.type == AV1OBU.metadata {
                extradata += data[start..<obu.payload.endIndex]
            }
            if obu.type == AV1OBU.sequenceHeader, sequence == nil {
                guard let parsed = try? AV1SequenceHeader.parse(obu.payload) else { return nil }
                sequence = parsed
            }
            start = obu.payload.endIndex
        }
        guard let sequence else { return nil }
        self.sequence = sequence
        self.extradata = extradata
    }

    /// The chroma subsampling of the pixel format libavformat's AV1 parser sets (grey for
    /// monochrome, else from subsampling_x/y), as ``Demuxer`` names pixel formats.
    package var chromaSubsampling: String {
        if sequence.monochrome { return "4:0:0" }
        switch (sequence.subsamplingX, sequence.subsamplingY) {
        case (true, true): return "4:2:0"
        case (true, false): return "4:2:2"
        default: return "4:4:4"
        }
    }
}
