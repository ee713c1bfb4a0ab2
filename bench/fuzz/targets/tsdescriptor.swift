import HDRProbeParse
import HDRProbeModel

// MPEG-TS: the DOVI_video_stream_descriptor body (after tag and length) and packet-size detection.
func fuzzTarget(_ data: [UInt8]) {
    if let record = try? DOVIDecoderConfigurationRecord.parseTSDescriptorBody(data) {
        if let pid = record.dependencyPID { invariant(pid >= 0 && pid < 8192, "dependency_pid \(pid)") }
        consume(DolbyVisionCodecString(record: record))
    }
    if let layout = TransportStreamLayout.detect(data) {
        invariant([188, 192, 204].contains(layout.packetSize), "packet size \(layout.packetSize)")
        consume(layout.partialPacketBytes(fileSize: data.count))
    }
}
