extension MatroskaTrackEntry {
    /// The `TrackEntry` fields a container reader turns into a stream's description (RFC 9559
    /// §5.1.4.1): default flag, codec private data, frame duration, timestamp scale, codec delay, the
    /// `Video` pixel size and `Audio` channel count, and which elements hdrprobe's own reader does
    /// not interpret (it leaves such tracks to libavformat). Defaults are the specification's.
    package struct Stream: Sendable, Equatable {
        package var flagDefault: UInt64 = 1        // FlagDefault 0x88
        package var codecPrivate: [UInt8]?         // CodecPrivate 0x63A2
        package var defaultDuration: UInt64?       // DefaultDuration 0x23E383 (ns)
        package var trackTimestampScale: Double?   // TrackTimestampScale 0x23314F
        package var codecDelay: UInt64 = 0         // CodecDelay 0x56AA (ns)
        package var pixelWidth: UInt64?            // PixelWidth 0xB0
        package var pixelHeight: UInt64?           // PixelHeight 0xBA
        package var channels: UInt64 = 1           // Channels 0x9F (in Audio 0xE1)
        package var samplingFrequency: Double?     // SamplingFrequency 0xB5 (in Audio 0xE1; default 8000)
        package var outputSamplingFrequency: Double? // OutputSamplingFrequency 0x78B5 (in Audio 0xE1)
        package var language: String?              // Language 0x22B59C (ISO 639-2; default "eng")
        package var languageBCP47: String?         // LanguageBCP47 0x22B59D (overrides Language)
        /// ContentEncodings 0x6D80 (compression, encryption) is present.
        package var hasContentEncodings = false
        /// Video elements that change what a demuxer derives (FrameRate 0x2383E3, ColourSpace
        /// 0x2EB524, StereoMode 0x53B8, Projection 0x7670): present.
        package var hasVideoExtras = false

        package init() {}

        package mutating func read(_ child: EBMLElement, in bytes: [UInt8]) {
            switch child.id {
            case 0x88: flagDefault = child.unsigned(in: bytes) ?? 1
            case 0x63A2: codecPrivate = child.data(in: bytes)
            case 0x23E383: defaultDuration = child.unsigned(in: bytes)
            case 0x23314F: trackTimestampScale = child.float(in: bytes)
            case 0x56AA: codecDelay = child.unsigned(in: bytes) ?? 0
            case 0x6D80: hasContentEncodings = true
            case 0xE1:
                for a in EBMLElement.children(of: child.dataStart..<child.dataEnd, in: bytes, limit: 64) {
                    switch a.id {
                    case 0x9F: channels = a.unsigned(in: bytes) ?? 1
                    case 0xB5: samplingFrequency = a.float(in: bytes)
                    case 0x78B5: outputSamplingFrequency = a.float(in: bytes)
                    default: break
                    }
                }
            case 0x22B59C: language = child.string(in: bytes)
            case 0x22B59D: languageBCP47 = child.string(in: bytes)
            default: break
            }
        }

        package mutating func readVideo(_ video: [EBMLElement], in bytes: [UInt8]) {
            for v in video {
                switch v.id {
                case 0xB0: pixelWidth = v.unsigned(in: bytes)
                case 0xBA: pixelHeight = v.unsigned(in: bytes)
                case 0x2383E3, 0x2EB524, 0x53B8, 0x7670: hasVideoExtras = true
                default: break
                }
            }
        }
    }
}
