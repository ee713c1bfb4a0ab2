import HDRProbeModel

extension MediaReport {
    /// A code of hdrprobe's code catalogue (docs/findings.md): a finding's, a failure's or a Dolby
    /// Vision verdict's. Only catalogued codes exist; `rawValue` is the dotted name the JSON writes.
    ///
    /// ```swift
    /// if report.failure?.code == .ffmpegUnavailable { /* an FFmpeg-free build met a file it needs FFmpeg for */ }
    /// for code in report.findingCodes where code.severity == .error { print(code, code.fix ?? "") }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        let code: FindingCode

        init(_ code: FindingCode) { self.code = code }

        /// A catalogued code by its name (`dv.accepted`, `io.notFound`, `hls.frameRateMissing`, …); nil otherwise.
        public init?(rawValue: String) {
            guard let code = FindingCode(rawValue: rawValue) else { return nil }
            self.code = code
        }

        /// The dotted name, as the report's JSON and docs/findings.md write it.
        public var rawValue: String { code.rawValue }
        public var description: String { code.rawValue }
        /// The default severity (a check policy may change it); failures are errors, verdicts information.
        public var severity: Severity { Severity(code.severity) }
        /// What to do about it, for people; nil where the catalogue's documentation is the fix.
        public var fix: String? { code.fix }
        /// Every catalogued code, in the order of docs/findings.md.
        public static var all: [Code] {
            var seen = Set<FindingCode>()
            return FindingCode.catalogue.compactMap { seen.insert($0.code).inserted ? Code($0.code) : nil }
        }

        /// How much a finding matters.
        public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
            /// Worth knowing; nothing to fix.
            case info
            /// Plays, but not as intended somewhere.
            case warning
            /// Fails somewhere, or could not be analysed.
            case error

            init(_ severity: Finding.Severity) {
                switch severity {
                case .info: self = .info
                case .warning: self = .warning
                case .error: self = .error
                }
            }

            public static func < (a: Severity, b: Severity) -> Bool {
                allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
            }
        }

        // The Dolby Vision verdict codes (docs/findings.md, "Dolby Vision verdict codes").
        /// Profile 5, 8.1, 8.4, 10.0, 10.1 or 10.4, accepted.
        public static let accepted = Code(.accepted)
        /// Profile 7 or 4: a dual-layer stream; the base plays.
        public static let dualLayer = Code(.dualLayer)
        /// 8.2 / 10.2: an SDR base layer without an Apple playback route.
        public static let sdrBase = Code(.sdrBase)
        /// Refused by the active policy although the default policy accepts it.
        public static let refusedByPolicy = Code(.refusedByPolicy)
        /// `dv_level` above the policy's cap for the profile.
        public static let levelAboveCap = Code(.levelAboveCap)
        /// `dv_level` 0 or above 13 under a policy that requires a valid level.
        public static let invalidLevel = Code(.invalidLevel)
        /// Profile 8 or 10 with a compatibility id outside the specification.
        public static let invalidCompatibility = Code(.invalidCompatibility)
        /// Profile 9, 20, one not defined for the codec, or one that cannot be determined.
        public static let unsupportedProfile = Code(.unsupportedProfile)
        /// A Dolby Vision RPU file: metadata without the video it describes.
        public static let metadataOnly = Code(.metadataOnly)

        // The failure codes (docs/findings.md, "Error codes").
        /// The path does not exist.
        public static let notFound = Code(.notFound)
        /// The path is a folder.
        public static let isDirectory = Code(.isDirectory)
        /// The file cannot be opened for reading.
        public static let permissionDenied = Code(.permissionDenied)
        /// The file is empty.
        public static let empty = Code(.empty)
        /// Reading failed part way.
        public static let readFailed = Code(.readFailed)
        /// No container hdrprobe or libavformat recognises.
        public static let unrecognized = Code(.unrecognized)
        /// The container's structure is broken.
        public static let containerMalformed = Code(.containerMalformed)
        /// The file ends before its headers do.
        public static let containerTruncated = Code(.containerTruncated)
        /// A media segment without its initialization segment.
        public static let mediaSegmentWithoutInit = Code(.mediaSegmentWithoutInit)
        /// The container holds no stream.
        public static let noStreams = Code(.noStreams)
        /// The probe reached its time limit.
        public static let timeout = Code(.timeout)
        /// libavformat could not read the file.
        public static let demuxFailed = Code(.demuxFailed)
        /// The file needs libavformat, and FFmpeg cannot be loaded or is not built in.
        public static let ffmpegUnavailable = Code(.ffmpegUnavailable)
        /// The worker process probing the file crashed (library scans).
        public static let crashed = Code(.crashed)
    }

    /// A video codec, by the name the report's JSON writes (FFmpeg's codec names).
    public enum Codec: Hashable, Sendable, CustomStringConvertible {
        /// HEVC (H.265).
        case hevc
        /// AVC (H.264).
        case h264
        /// AV1.
        case av1
        /// VP9.
        case vp9
        /// VVC (H.266).
        case vvc
        /// Any other codec, by its FFmpeg name (`mpeg2video`, `prores`, …).
        case other(String)

        init(_ name: String) {
            switch name {
            case "hevc": self = .hevc
            case "h264": self = .h264
            case "av1": self = .av1
            case "vp9": self = .vp9
            case "vvc": self = .vvc
            default: self = .other(name)
            }
        }

        /// The codec's name as the report's JSON writes it.
        public var name: String {
            switch self {
            case .hevc: "hevc"
            case .h264: "h264"
            case .av1: "av1"
            case .vp9: "vp9"
            case .vvc: "vvc"
            case .other(let name): name
            }
        }

        public var description: String { name }
    }
}
