import HDRProbeParse
import HDRProbeModel

// AV1: OBU splitting (low-overhead format, leb128 sizes), sequence header OBUs, metadata OBUs
// (HDR CLL, MDCV, T.35), the av1C configuration record and the codec strings built from them.
func fuzzTarget(_ data: [UInt8]) {
    let obus = AV1OBU.split(data[...], limit: 64)
    invariant(obus.count <= 64, "limit")
    for obu in obus {
        invariant(obu.payload.endIndex <= data.count, "OBU past the input")
        if let seq = try? AV1SequenceHeader.parse(obu.payload) {
            consume(seq.bitDepth); consume(seq.colour)
            consume(AV1CodecString(sequenceHeader: seq))
        }
        if let m = try? AV1Metadata.parse(obuPayload: obu.payload) {
            consume(m.contentLightLevel()); consume(m.masteringDisplay())
            consume(ST2094_40Metadata.isHDR10Plus(t35: m.payload))
        }
    }
    consume(try? AV1SequenceHeader.parse(data[...]))
    if let record = try? AV1CodecConfigurationRecord.parse(data) {
        consume(AV1CodecString(record: record))
        consume(AV1OBU.split(record.configOBUs[...], limit: 16))
    }
    consume(AV1CodecString.fromConfigurationRecord(data))
    consume(try? VPCodecConfigurationRecord.parse(data))
}
