import HDRProbeParse
import HDRProbeModel

// HEVC parameter sets: SPS (profile_tier_level, scaling lists, short-term RPS, VUI), PPS, and the
// hvcC configuration record with its codec string. The input is an RBSP with its 2-byte header.
func fuzzTarget(_ data: [UInt8]) {
    if let sps = try? HEVCSequenceParameterSet.parse(data) {
        consume(sps.width); consume(sps.height); consume(sps.subWidthC); consume(sps.subHeightC)
        consume(HEVCCodecString(profileTierLevel: sps.profileTierLevel))
    }
    consume(try? HEVCPictureParameterSet.parse(data))
    if data.count > 2 { consume(try? HEVCProfileTierLevel.parse(Array(data.dropFirst(2)), maxSubLayersMinus1: Int(data[0] & 7))) }
    if let record = try? HEVCDecoderConfigurationRecord.parse(data) {
        consume(HEVCCodecString(record: record))
        for array in record.arrays { for unit in array.units { consume(try? HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(unit))) } }
    }
    consume(HEVCCodecString.fromConfigurationRecord(data))
}
