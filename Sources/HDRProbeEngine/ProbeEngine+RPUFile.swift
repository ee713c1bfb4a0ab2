import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import HDRProbeReport
import HDRProbeContainers

extension ProbeEngine {
    /// The report of a Dolby Vision RPU file (``DolbyVisionRPUFile``: dovi_tool `extract-rpu`
    /// output, no video, so no libavformat): its first `frames` RPUs (every RPU without a frame
    /// budget) go through the same scanner as the NAL 62 units of an HEVC stream, one RPU per
    /// frame in file order; the report holds one `data` stream with the `dolbyVision` facts
    /// (``VideoStreamClassifier/classify(rpuFile:)``) and `metadata` gets the per-RPU rows.
    func rpuFileReport(path: String, file: MediaFile, start: UInt64,
                       frames collected: inout [Int: [DynamicMetadataFrame]]?) -> ProbeReport {
        let bytes = readRPUs(file)
        // A unit cut by the end of what was read is left out.
        let complete = DolbyVisionRPUFile.completeUnitCount(bytes[...], atEnd: bytes.count >= file.size)
        var scanner = BitstreamScanner(codec: .hevc, framing: .annexB)
        for payload in DolbyVisionRPUFile.payloads(bytes[...], limit: min(options.frames ?? Int.max, complete)) {
            scanner.consume(accessUnit: [0, 0, 0, 1] + DolbyVisionRPUFile.unspec62Header + payload)
        }
        let (stream, findings) = VideoStreamClassifier(policy: options.policy).classify(rpuFile: scanner.scan)
        if collected != nil { collected?[stream.index] = scanner.scan.frames }
        var timeout: [Finding] = []
        if file.timedOut {
            timeout.append(ProbeCondition.rpuReadTimedOut(seconds: options.timeout).finding)
        }
        return ProbeReport(tool: Self.tool(libavformatUsed: false), path: path, status: .ok, error: nil,
                           container: ContainerInfo(format: DolbyVisionRPUFile.containerFormat, brands: [], demuxer: nil),
                           streams: [stream], findings: timeout + findings,
                           probe: stats(start: start, bytes: file.bytesRead, frames: scanner.scan.framesScanned))
    }

    /// The file's bytes up to one RPU past the frame budget (the whole file without a budget):
    /// read in 1 MiB steps, stopping at the scan byte limit when there is a budget.
    private func readRPUs(_ file: MediaFile) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < file.size, !file.timedOut {
            let chunk = file.read(at: bytes.count, count: 1 << 20)
            if chunk.isEmpty { break }
            bytes += chunk
            guard let budget = options.frames else { continue }
            let atEnd = bytes.count >= file.size
            if bytes.count >= options.maxScanBytes
                || DolbyVisionRPUFile.completeUnitCount(bytes[...], atEnd: atEnd) >= budget { break }
        }
        return bytes
    }
}
