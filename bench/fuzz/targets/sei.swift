import HDRProbeParse

// SEI RBSPs (HEVC 2-byte and AVC 1-byte NAL headers) and the static-metadata payloads hdrprobe
// reads from them: mastering display (137), content light level (144), alternative transfer (147).
func fuzzTarget(_ data: [UInt8]) {
    for headerSize in [2, 1] {
        let messages = SEIMessageParser.parse(rbsp: data, headerSize: headerSize)
        invariant(messages.count <= SEIMessageParser.maxMessages, "message count")
        for m in messages {
            consume(try? MasteringDisplayColourVolumeSEI.parse(m.payload).report())
            consume(try? ContentLightLevelInfoSEI.parse(m.payload).report())
            consume(try? AlternativeTransferCharacteristicsSEI.parse(m.payload))
            consume(ST2094_40Metadata.isHDR10Plus(t35: m.payload))
        }
    }
    consume(try? MasteringDisplayColourVolumeSEI.parse(data))
    consume(try? ContentLightLevelInfoSEI.parse(data))
}
