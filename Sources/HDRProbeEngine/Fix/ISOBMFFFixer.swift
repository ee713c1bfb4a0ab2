import HDRProbeBytes
import HDRProbeParse
import HDRProbeFix
import HDRProbeContainers

/// `hdrprobe fix IN OUT`: probes IN with the policy, turns its `hls.plan` into `moov` edits
/// (``FixPlanner``), rewrites `moov` (``MovieBoxRewriter``) and writes OUT as IN's bytes with the
/// new `moov` in place of the old one: media data is copied in chunks, never changed, never held
/// whole (`docs/rules/isobmff-rewrite.md`, `docs/fix.md`).
package struct ISOBMFFFixer: Sendable {
    package var options: ProbeOptions
    /// The policy's name as given (`default`, `apple-hls`, a file), for the report.
    package var policyName: String
    package var target: String?

    /// Largest `moov` read into memory (the probe's own bound).
    package static let maxMovieBoxBytes = 64 << 20
    /// Largest `moof`/`mfra` read to move its offsets.
    static let maxFragmentBoxBytes = 16 << 20

    package init(options: ProbeOptions, policyName: String, target: String? = nil) {
        self.options = options
        self.policyName = policyName
        self.target = target
    }

    /// One top-level box of IN.
    struct TopBox {
        var type: String
        var range: Range<Int>
        var headerSize: Int
        var truncated: Bool
    }

    /// Fixes `input` into `output`; with `dryRun` nothing is written.
    package func fix(input: ProbePath, output: ProbePath, dryRun: Bool) -> FixReport {
        var report = FixReport(input: input.display, output: output.display, status: .error, policy: policyName, target: target)
        func fail(_ failure: FixReport.Failure) -> FixReport {
            report.status = .error
            report.error = failure
            return report
        }
        let file: FixInputFile
        switch FixInputFile.openReadOnly(input) {
        case .success(let f): file = f
        case .failure(let failure): return fail(failure)
        }
        defer { file.release() }
        if let failure = FixOutputFile.check(output, input: file) { return fail(failure) }

        if file.size == 0 { return fail(FixReport.Failure(code: .fixNotISOBMFF, message: "\(input.display) is empty (0 bytes)")) }
        // What IN is: ISO BMFF, or a container to remux first, or neither.
        let head = file.read(at: 0, count: 4096)
        switch ContainerSignature.sniff(head) {
        case .isobmff: break
        case .matroska, .mpegts:
            let format = ContainerSignature.sniff(head) == .matroska ? "Matroska" : "MPEG-TS"
            report.status = .refused
            report.refused = [FixCommands.remuxToMP4(input: input.display, format: format)]
            report.error = FixReport.Failure(code: .fixRemuxNeeded, message: "\(format) is not ISO BMFF; remux it to MP4 first")
            return report
        default:
            return fail(FixReport.Failure(code: .fixNotISOBMFF, message: "\(input.display) is not an ISO BMFF file (MP4, MOV, fMP4 init segment)"))
        }
        let boxes: [TopBox]
        switch topLevelBoxes(file) {
        case .success(let b): boxes = b
        case .failure(let failure): return fail(failure)
        }
        guard let moovIndex = boxes.firstIndex(where: { $0.type == "moov" }) else {
            if let cut = boxes.first(where: \.truncated) {
                return fail(FixReport.Failure(code: .fixFileTruncated,
                                              message: "the \(cut.type) box at \(cut.range.lowerBound) runs past the end of the file (\(file.size) bytes), with no moov before it"))
            }
            return fail(FixReport.Failure(code: .fixMovieBoxMissing, message: "\(input.display) has no moov box"))
        }
        let moov = boxes[moovIndex]
        if moov.truncated {
            return fail(FixReport.Failure(code: .fixMovieBoxTruncated,
                                          message: "moov at \(moov.range.lowerBound) declares more bytes than the file has (\(file.size))"))
        }
        if let cut = boxes.first(where: \.truncated) {
            return fail(FixReport.Failure(code: .fixFileTruncated,
                                          message: "the \(cut.type) box at \(cut.range.lowerBound) runs past the end of the file (\(file.size) bytes)"))
        }
        guard moov.range.count <= Self.maxMovieBoxBytes else {
            return fail(FixReport.Failure(code: .fixMovieBoxTooLarge,
                                          message: "moov is \(moov.range.count) bytes, more than the \(Self.maxMovieBoxBytes >> 20) MiB fix reads"))
        }
        let moovBytes = file.read(at: moov.range.lowerBound, count: moov.range.count)
        guard moovBytes.count == moov.range.count else {
            return fail(FixReport.Failure(code: .fixInputUnreadable, message: "reading moov failed"))
        }
        let movie = MovieBox.parse(Array(moovBytes[moov.headerSize...]))
        let hasMedia = boxes.contains { $0.type == "mdat" || $0.type == "moof" }
        report.kind = hasMedia ? "file" : "init"

        // The plan, from the same analysis `hdrprobe probe` makes.
        let probed = ProbeEngine(options: options).probe(path: input)
        if probed.status == .error {
            let why = probed.error.map { "\($0.code.rawValue): \($0.message)" } ?? "the analysis failed"
            return fail(FixReport.Failure(code: .fixProbeFailed, message: why))
        }
        let plan = FixPlanner.plan(report: probed, movie: movie, input: input.display)
        report.streams = plan.streams
        if !plan.refusals.isEmpty {
            report.status = .refused
            let steps = plan.refusals.map(\.step).joined(separator: ", ")
            report.error = FixReport.Failure(code: .fixStepUnsupported, message: "a step needs another tool: \(steps)")
            return report
        }

        // The new moov, first to learn its size, then with the offsets behind it moved.
        var newMoov: [UInt8]
        var shift: FileOffsetShift?
        do throws(MovieBoxRewriteError) {
            newMoov = try MovieBoxRewriter.rewrite(moovBytes, edits: plan.tracks, shift: nil)
            let delta = newMoov.count - moovBytes.count
            if delta != 0 && moov.range.upperBound < file.size {
                shift = FileOffsetShift(from: UInt64(moov.range.upperBound), delta: Int64(delta))
                newMoov = try MovieBoxRewriter.rewrite(moovBytes, edits: plan.tracks, shift: shift)
            }
        } catch {
            return fail(FixReport.Failure(code: .fixMovieBoxUnrewritable, message: error.description))
        }
        if let failure = verify(old: movie, new: newMoov) { return fail(failure) }
        let tables = movie.tracks.filter { $0.sampleTableBoxTypes.contains("stco") || $0.sampleTableBoxTypes.contains("co64") }.count
        let fragments = boxes[(moovIndex + 1)...].filter { $0.type == "moof" || $0.type == "mfra" }.count
        report.movieBox = FixReport.MovieBoxChange(offset: moov.range.lowerBound, oldSize: moovBytes.count, newSize: newMoov.count,
                                                   offsetShift: Int(shift?.delta ?? 0),
                                                   shiftedTables: shift == nil ? 0 : tables + fragments)
        if dryRun {
            report.status = .planned
            return report
        }
        if let failure = write(file, boxes: boxes, moovIndex: moovIndex, newMoov: newMoov, shift: shift, to: output) {
            return fail(failure)
        }
        report.status = plan.isEmpty ? .unchanged : .fixed
        return report
    }

    /// The top-level boxes (ISO/IEC 14496-12 §4.2), each header read on its own; a size running past
    /// the file marks the box truncated and ends the walk.
    private func topLevelBoxes(_ file: FixInputFile) -> Result<[TopBox], FixReport.Failure> {
        var boxes: [TopBox] = []
        var offset = 0
        while offset + 8 <= file.size {
            guard boxes.count < 1 << 20 else {
                return .failure(FixReport.Failure(code: .fixMovieBoxUnrewritable, message: "more than \(1 << 20) top-level boxes"))
            }
            let header = file.read(at: offset, count: 16)
            var r = ByteReader(header)
            guard let size32 = try? r.u32(), let type = try? r.fourCC() else { break }
            var size = UInt64(size32)
            var headerSize = 8
            if size32 == 1 {
                guard let large = try? r.u64() else {
                    boxes.append(TopBox(type: type, range: offset..<file.size, headerSize: 16, truncated: true)); break
                }
                size = large
                headerSize = 16
            } else if size32 == 0 {
                size = UInt64(file.size - offset)
            }
            guard size >= UInt64(headerSize) else {
                return .failure(FixReport.Failure(code: .fixMovieBoxUnrewritable,
                                                  message: "the \(type) box at \(offset) declares \(size) bytes, fewer than its header"))
            }
            if size > UInt64(file.size - offset) {
                boxes.append(TopBox(type: type, range: offset..<file.size, headerSize: headerSize, truncated: true))
                break
            }
            boxes.append(TopBox(type: type, range: offset..<(offset + Int(size)), headerSize: headerSize, truncated: false))
            offset += Int(size)
        }
        // Fewer than 8 bytes after the last box: kept as they are (copied with the tail).
        return .success(boxes)
    }

    /// The rewritten `moov` parses without issues and keeps every track and its sample count.
    private func verify(old: MovieBox, new: [UInt8]) -> FixReport.Failure? {
        let walk = ISOBoxWalker.walk(new)
        guard let box = walk.boxes.first, walk.issues.isEmpty, box.payload.upperBound == new.count else {
            return FixReport.Failure(code: .fixMovieBoxUnrewritable, message: "the rewritten moov does not parse")
        }
        let parsed = MovieBox.parse(Array(new[box.payload]))
        let same = parsed.issues.count <= old.issues.count && parsed.tracks.count == old.tracks.count
            && zip(parsed.tracks, old.tracks).allSatisfy { $0.trackID == $1.trackID && $0.sampleTable?.sampleCount == $1.sampleTable?.sampleCount }
        return same ? nil : FixReport.Failure(code: .fixMovieBoxUnrewritable, message: "the rewritten moov lost a track or samples")
    }

    /// OUT: the bytes before `moov`, the new `moov`, then the rest: `moof`/`mfra` with their offsets
    /// moved when `moov` changed size, every other box copied in chunks.
    private func write(_ file: FixInputFile, boxes: [TopBox], moovIndex: Int, newMoov: [UInt8], shift: FileOffsetShift?,
                       to output: ProbePath) -> FixReport.Failure? {
        let out: FixOutputFile
        switch FixOutputFile.create(output) {
        case .success(let o): out = o
        case .failure(let failure): return failure
        }
        let moov = boxes[moovIndex]
        func run() -> FixReport.Failure? {
            if let f = out.copy(file, 0..<moov.range.lowerBound) { return f }
            if let f = out.append(newMoov) { return f }
            var at = moov.range.upperBound
            for box in boxes[(moovIndex + 1)...] {
                if let shift, box.type == "moof" || box.type == "mfra", box.range.count <= Self.maxFragmentBoxBytes {
                    let bytes = file.read(at: box.range.lowerBound, count: box.range.count)
                    do throws(MovieBoxRewriteError) {
                        let moved = box.type == "moof" ? try MovieFragmentOffsetShift.moof(bytes, shift: shift)
                                                       : try MovieFragmentOffsetShift.mfra(bytes, shift: shift)
                        if let f = out.append(moved) { return f }
                    } catch {
                        return FixReport.Failure(code: .fixMovieBoxUnrewritable, message: error.description)
                    }
                } else if let shift, shift.delta != 0, box.type == "moof" || box.type == "mfra" {
                    return FixReport.Failure(code: .fixMovieBoxUnrewritable, message: "a \(box.type) of \(box.range.count) bytes is too large to move its offsets")
                } else if let f = out.copy(file, box.range) {
                    return f
                }
                at = box.range.upperBound
            }
            return out.copy(file, at..<file.size)
        }
        if let failure = run() {
            out.discard()
            return failure
        }
        if let failure = out.commit() {
            out.removeTemporary()
            return failure
        }
        return nil
    }
}
