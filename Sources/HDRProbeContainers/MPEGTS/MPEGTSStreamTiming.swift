import HDRProbeParse

/// The stream-level timing libavformat's TS demuxer (FFmpeg 5.1, `avformat_find_stream_info` and
/// its end-of-file duration estimate) gives a constant-rate video stream, derived from the same
/// PES timestamps (docs/ts-reader.md). Only what this reader can be sure of: a stream whose
/// decode-time steps do not settle within 0.1 % of one of libavformat's standard frame rates is
/// left to libavformat.
package enum MPEGTSStreamTiming {
    /// libavformat's standard frame rates, each `n / (12 × 1001)` frames per second: every 1/12
    /// frame per second up to 30, whole rates 31–60, 80, 120, 240, and 24, 30, 60, 12, 15, 48
    /// multiplied by 1000/1001.
    package static let standardRates: [Int] = (1...360).map { $0 * 1001 } + (31...60).map { $0 * 12 * 1001 }
        + [80, 120, 240].map { $0 * 12 * 1001 } + [24, 30, 60, 12, 15, 48].map { $0 * 12 * 1000 }

    /// Whether `rate` is exactly one of the standard rates.
    package static func isStandard(_ rate: FrameRate) -> Bool {
        standardRates.contains { $0 * rate.denominator == rate.numerator * 12 * 1001 }
    }

    /// The standard rate nearest (relative error) to `fps`, when it is within `tolerance`.
    package static func standardRate(near fps: Double, tolerance: Double) -> FrameRate? {
        var best: (error: Double, numerator: Int)?
        for n in standardRates {
            let error = abs(fps / (Double(n) / (12 * 1001)) - 1)
            if error < tolerance, error < (best?.error ?? .infinity) { best = (error, n) }
        }
        return best.flatMap { FrameRate(numerator: $0.numerator, denominator: 12 * 1001) }
    }

    /// The frame rate of decode timestamps (90 kHz) in file order: their mean step, when it is
    /// within 0.1 % of a standard rate and every step within one tick of the mean (constant rate).
    package static func frameRate(decodeTimes: [Int64]) -> FrameRate? {
        guard decodeTimes.count >= 3, let first = decodeTimes.first, let last = decodeTimes.last, last > first else { return nil }
        let mean = Double(last - first) / Double(decodeTimes.count - 1)
        for (a, b) in zip(decodeTimes, decodeTimes.dropFirst()) where abs(Double(b - a) - mean) > 1 { return nil }
        return standardRate(near: 90_000 / mean, tolerance: 0.001)
    }

    /// A video packet's duration in 90 kHz ticks at `rate`, rounded down as libavformat does when it
    /// estimates the duration from the last packets.
    package static func packetTicks(_ rate: FrameRate) -> Int64 {
        Int64(rate.denominator) * 90_000 / Int64(rate.numerator)
    }

    /// The stream's duration from the PES timestamps near the end (presentation time plus one frame,
    /// less the stream's start), with libavformat's rule: after the first, a value replaces the
    /// duration only when it is larger and within 60 s of the value before it.
    package static func duration(tailPresentationTimes: [Int64], start: Int64, frame: Int64) -> Int64? {
        var duration: Int64?
        var last: Int64 = 0
        for pts in tailPresentationTimes {
            let d = pts + frame - start
            guard d > 0 else { continue }
            if duration == nil || last <= 0 || (duration! < d && abs(d - last) < 60 * 90_000) { duration = d }
            last = d
        }
        return duration
    }

    /// 90 kHz ticks → microseconds, rounded to nearest (libavformat's AV_TIME_BASE).
    package static func microseconds(_ ticks: Int64) -> Int64 { (ticks * 1_000_000 + 45_000) / 90_000 }

    /// The file's bit rate from its size and duration (microseconds), truncated as libavformat's
    /// double-to-integer assignment does.
    package static func bitRate(fileSize: Int, durationMicroseconds us: Int64) -> Int? {
        guard us > 0, fileSize > 0 else { return nil }
        return Int(Double(fileSize) * 8.0 * 1_000_000 / Double(us))
    }
}
