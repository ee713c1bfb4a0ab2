import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine

extension MediaProbe {
    /// The limits of one probe and the Dolby Vision policy it applies; the defaults are those of
    /// the `hdrprobe probe` command.
    public struct Options: Sendable, Equatable {
        /// The engine's options these limits are stored in: one set of fields, so the library's
        /// options and the command line's (`hdrprobe probe --frames --timeout`) cannot drift apart.
        /// Its `policy` is replaced by the loaded ``policy`` in ``engineOptions()``.
        var engine: ProbeOptions

        /// Video frames (access units) scanned per stream; `nil` scans the whole stream.
        public var frames: Int? {
            get { engine.frames }
            set { engine.frames = newValue }
        }
        /// Video packet bytes scanned per stream before the scan stops (when ``frames`` is set).
        public var maxScanBytes: Int {
            get { engine.maxScanBytes }
            set { engine.maxScanBytes = newValue }
        }
        /// The time limit of one probe, in seconds; a probe that reaches it reports the error
        /// code `probe.timeout`.
        public var timeLimit: Double {
            get { engine.timeout }
            set { engine.timeout = newValue }
        }
        /// The Dolby Vision policy that decides the verdict (accept or refuse) of each profile.
        public var policy: Policy
        /// Bytes fetched from the start of an `http(s)` URL (``MediaProbe/probe(url:)``).
        public var remoteByteLimit: Int

        /// Video frames scanned per stream unless told otherwise (`--frames`).
        public static let defaultFrames = ProbeLimits.frames
        /// The time limit of one probe unless told otherwise, in seconds (`--timeout`).
        public static let defaultTimeLimit = ProbeLimits.timeout

        /// Options with the given limits; every parameter has the `hdrprobe probe` default (32
        /// frames, 8 MiB, 30 s, 16 MiB: the engine's `ProbeLimits`, defined once).
        public init(frames: Int? = ProbeLimits.frames, maxScanBytes: Int = ProbeLimits.maxScanBytes,
                    timeLimit: Double = ProbeLimits.timeout, policy: Policy = .standard,
                    remoteByteLimit: Int = ProbeLimits.remoteBytes) {
            engine = ProbeOptions(frames: frames, maxScanBytes: maxScanBytes, timeout: timeLimit)
            self.policy = policy
            self.remoteByteLimit = remoteByteLimit
        }

        /// Checks that the options can be used: the limits are positive and the policy loads.
        /// Throws ``HDRProbeError/invalidOption(_:)`` or ``HDRProbeError/policy(_:)`` with the reason,
        /// as every probe with these options would.
        public func validate() throws(HDRProbeError) {
            _ = try engineOptions()
        }

        /// The engine's options with the policy loaded; a policy file that cannot be read or a
        /// limit that is not positive is an ``HDRProbeError``.
        package func engineOptions() throws(HDRProbeError) -> ProbeOptions {
            try checkLimits()
            let document: PolicyDocument
            do { document = try PolicyLoader.load(policy.argument) } catch {
                throw .policy("\(error)")
            }
            return try engineOptions(with: document)
        }

        /// ``engineOptions()`` with a policy document already loaded (a library scan loads the
        /// check policy once and takes its Dolby Vision part from it).
        package func engineOptions(with document: PolicyDocument) throws(HDRProbeError) -> ProbeOptions {
            try checkLimits()
            var options = engine
            options.policy = document.dolbyVision
            return options
        }

        private func checkLimits() throws(HDRProbeError) {
            guard timeLimit > 0, timeLimit.isFinite else { throw .invalidOption("timeLimit must be a positive number of seconds") }
            guard frames.map({ $0 > 0 }) ?? true else { throw .invalidOption("frames must be positive (nil: the whole stream)") }
            guard maxScanBytes > 0, remoteByteLimit > 0 else { throw .invalidOption("byte limits must be positive") }
        }
    }

    /// Which Dolby Vision profiles a player is taken to accept (docs/policy.md).
    public enum Policy: Sendable, Equatable {
        /// The built-in default policy (`--policy default`).
        case standard
        /// Apple's HLS authoring rules (`--policy apple-hls`).
        case appleHLS
        /// A YAML policy file (docs/policy.md), by path.
        case file(String)

        /// The policy a command-line argument names (`--policy default|apple-hls|FILE`).
        public init(argument: String) {
            switch argument {
            case "default": self = .standard
            case "apple-hls": self = .appleHLS
            default: self = .file(argument)
            }
        }

        /// The command-line argument that names the policy (``init(argument:)``'s inverse).
        public var argument: String {
            switch self {
            case .standard: return "default"
            case .appleHLS: return "apple-hls"
            case .file(let path): return path
            }
        }
    }
}
