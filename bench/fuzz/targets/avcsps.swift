import HDRProbeParse
import HDRProbeModel

// H.264: the SPS (high-profile fields, scaling matrices, frame cropping, VUI) from an RBSP with
// its 1-byte NAL header, and the avcC configuration record with its codec string.
func fuzzTarget(_ data: [UInt8]) {
    if let sps = try? AVCSequenceParameterSet.parse(data) {
        consume(sps.width); consume(sps.height)
        consume(AVCCodecString(sps: sps))
    }
    if let record = try? AVCDecoderConfigurationRecord.parse(data) {
        consume(AVCCodecString(record: record))
    }
    consume(AVCCodecString.fromConfigurationRecord(data))
}
