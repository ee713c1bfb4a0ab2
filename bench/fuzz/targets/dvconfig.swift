import HDRProbeParse
import HDRProbeModel

// The Dolby Vision decoder configuration record (`dvcC`/`dvvC`/`dvwC` payload, Matroska
// BlockAddIDExtraData) and the codec strings built from it.
func fuzzTarget(_ data: [UInt8]) {
    guard let record = try? DOVIDecoderConfigurationRecord.parse(data) else {
        invariant(data.count < 4, "a record of \(data.count) bytes was refused")
        return
    }
    invariant(record.storedSize == data.count, "storedSize")
    consume(DolbyVisionCodecString(record: record))
    consume(DolbyVisionCodecString(record: record, sampleEntry: "dvh1"))
    consume(DolbyVisionCodecString.resolve(profile: record.profile, level: record.level))
}
