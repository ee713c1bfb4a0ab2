import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeEngine

/// Probes media files: hdrprobe's whole analysis of one file — container headers, a bounded scan
/// of the first frames, Dolby Vision, HDR10+ and static HDR metadata, the range type, the Dolby
/// Vision verdict and the HLS signalling — as a ``MediaReport``.
///
/// ```swift
/// let probe = MediaProbe()
/// let report = try await probe.probe(path: "/movies/film.mkv")
/// print(report.videoRangeType?.rawValue ?? "no video", report.dolbyVision?.verdict.code ?? "no Dolby Vision")
/// ```
///
/// A file that cannot be analysed (missing, truncated, not media) is not an error of the call: it
/// gives a report whose ``MediaReport/failure`` says why, exactly as the `hdrprobe probe` command
/// reports it. The call throws only when the task is cancelled (`CancellationError`) or the
/// options cannot be used (``HDRProbeError``).
///
/// Each probe runs on a thread of its own, never on the caller's executor; probe several files
/// at once with a task group.
public struct MediaProbe: Sendable {
    /// How much of each file is read, for how long, and under which Dolby Vision policy.
    public var options: Options
    /// The engine options with the policy loaded, made at the first probe and kept for the next
    /// ones while ``options`` stays the same: a policy file is read once per run, not once per file.
    private var loaded = LoadedOptions()

    /// A probe with the given options (the defaults of `hdrprobe probe` when none are given).
    public init(options: Options = Options()) {
        self.options = options
    }

    /// ``Options/engineOptions()``, loaded once per ``MediaProbe`` value and options.
    package func engineOptions() throws(HDRProbeError) -> ProbeOptions {
        try loaded.value(for: options)
    }

    /// The version of hdrprobe's analysis (the `tool.version` of every report).
    public static var version: String { ProbeEngine.version }

    /// What `hdrprobe --version` prints: the version, then the FFmpeg libraries this process runs
    /// with and was built with (or that FFmpeg is not built in).
    public static var versionDescription: String { ProbeEngine.versionDescription }

    /// Probes the file at `path`.
    ///
    /// Honours task cancellation: a cancelled task stops the probe at its next read and the call
    /// throws `CancellationError`.
    public func probe(path: String) async throws -> MediaReport {
        let engine = ProbeEngine(options: try engineOptions())
        return try await Self.runCancellable { engine.probe(path: path) }
    }

    /// Probes a `file:` URL, or the beginning of an `http:`/`https:` URL (its first
    /// ``Options/remoteByteLimit`` bytes, one ranged request through `URLSession`, in every build).
    ///
    /// Honours task cancellation like ``probe(path:)``. Throws ``HDRProbeError/unsupportedURL(_:)``
    /// for any other scheme.
    public func probe(url: URL) async throws -> MediaReport {
        let engine = ProbeEngine(options: try engineOptions())
        if url.isFileURL { return try await Self.runCancellable { engine.probe(path: url.path) } }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HDRProbeError.unsupportedURL(url.absoluteString)
        }
        let limit = options.remoteByteLimit
        return try await Self.runCancellable { engine.probe(remoteURL: url.absoluteString, maxBytes: limit) }
    }

    /// Probes media held in memory — an upload, a download's first bytes, standard input — named
    /// `name` in the report. The bytes are all hdrprobe reads: a file whose index lies beyond them
    /// (an MP4 with `moov` at the end) reports what is missing.
    ///
    /// ```swift
    /// let head = try FileHandle(forReadingFrom: url).read(upToCount: 8 << 20) ?? Data()
    /// let report = try await MediaProbe().probe(data: head, name: url.lastPathComponent)
    /// ```
    ///
    /// Honours task cancellation like ``probe(path:)``.
    public func probe(data: Data, name: String) async throws -> MediaReport {
        let engine = ProbeEngine(options: try engineOptions())
        let bytes = [UInt8](data)
        return try await Self.runCancellable { engine.probe(name: name, bytes: bytes) }
    }

    /// The report of `file`, probed synchronously on the caller's thread: what `hdrprobe probe`
    /// prints for it. For command-line tools and scripts; an app uses the `async` probes.
    /// Throws only when the options cannot be used.
    public func report(for file: InputFile) throws(HDRProbeError) -> MediaReport {
        MediaReport(try engineReport(for: file))
    }

    /// Probes `files` in order on the caller's thread, telling `progress` which file is next and
    /// handing each report to `body` as soon as it is made: the loop behind every command that
    /// probes a list of files. A file that cannot be analysed is a report, not an error; the call
    /// throws what `body` throws, or ``HDRProbeError`` when the options cannot be used.
    ///
    /// ```swift
    /// try MediaProbe().reports(for: InputFile.commandLine(paths), progress: { i, file in print("[\(i + 1)] \(file)") }) { _, report in
    ///     print(report.text)
    /// }
    /// ```
    public func reports(for files: [InputFile], progress: ((Int, InputFile) -> Void)? = nil,
                        _ body: (Int, MediaReport) throws -> Void) throws {
        let engine = ProbeEngine(options: try engineOptions())
        for (i, file) in files.enumerated() {
            progress?(i, file)
            try body(i, MediaReport(Self.probe(file, with: engine)))
        }
    }

    /// The report of `file` as the engine makes it.
    package func engineReport(for file: InputFile) throws(HDRProbeError) -> ProbeReport {
        Self.probe(file, with: ProbeEngine(options: try engineOptions()))
    }

    static func probe(_ file: InputFile, with engine: ProbeEngine) -> ProbeReport {
        switch file.source {
        case .path(let path): engine.probe(path: path)
        case .standardInput: engine.probe(name: InputFile.standardInputArgument, bytes: InputFile.readStandardInput())
        }
    }

    /// Runs a synchronous probe on a thread of its own, with a cancellation token the task's
    /// cancellation handler sets; a probe that was cancelled throws `CancellationError`.
    static func runCancellable(_ work: @escaping @Sendable () -> ProbeReport) async throws -> MediaReport {
        try Task.checkCancellation()
        let token = ProbeCancellation()
        let report = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ProbeReport, Never>) in
                Thread.detachNewThread {
                    continuation.resume(returning: ProbeCancellation.withToken(token, work))
                }
            }
        } onCancel: {
            token.cancel()
        }
        if token.isCancelled { throw CancellationError() }
        return MediaReport(report)
    }
}

/// The options a ``MediaProbe`` loaded, shared by its copies (a reference, so that a probe value
/// passed to several tasks loads its policy once).
private final class LoadedOptions: @unchecked Sendable {
    private let lock = NSLock()
    private var cached: (options: MediaProbe.Options, engine: ProbeOptions)?

    func value(for options: MediaProbe.Options) throws(HDRProbeError) -> ProbeOptions {
        lock.lock()
        defer { lock.unlock() }
        if let cached, cached.options == options { return cached.engine }
        let engine = try options.engineOptions()
        cached = (options, engine)
        return engine
    }
}
