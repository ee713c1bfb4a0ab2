/// A video track's frame rate from its `DefaultDuration` (nanoseconds per frame, RFC 9559
/// §5.1.4.1.13) the way FFmpeg's matroska demuxer derives it (docs/ffmpeg-versions.md): the
/// average frame rate is 10⁹/DefaultDuration as the closest fraction with terms ≤ 30000
/// (libavutil's `av_reduce`, continued fractions), and the "real" frame rate the same when it lies
/// between 5 and 1000 frames per second.
package enum MatroskaDefaultDuration {
    /// (average, real) as (numerator, denominator); (0, 0) for "not set".
    package static func frameRates(defaultDuration: UInt64) -> (average: (Int, Int), real: (Int, Int)) {
        guard defaultDuration > 0 else { return ((0, 0), (0, 0)) }
        let div: UInt64 = defaultDuration <= UInt64(Int64.max) ? 1 : 2
        let average = reduce(Int64(1_000_000_000 / div), Int64(defaultDuration / div), max: 30000)
        let real = Int64(average.0) < Int64(average.1) * 1000 && Int64(average.0) > Int64(average.1) * 5 ? average : (0, 0)
        return (average, real)
    }

    /// The closest fraction to num/den with both terms ≤ `max` (num, den ≥ 0): the continued
    /// fraction's convergents, and the last semiconvergent when it is closer (libavutil `av_reduce`).
    package static func reduce(_ numerator: Int64, _ denominator: Int64, max: Int64) -> (Int, Int) {
        var (a0n, a0d): (Int64, Int64) = (0, 1)
        var (a1n, a1d): (Int64, Int64) = (1, 0)
        var num = numerator, den = denominator
        let g = gcd(num, den)
        if g != 0 { num /= g; den /= g }
        if num <= max && den <= max {
            (a1n, a1d) = (num, den)
            den = 0
        }
        while den != 0 {
            var x = num / den
            let nextDen = num - den * x
            let (a2n, a2d) = (x * a1n + a0n, x * a1d + a0d)
            if a2n > max || a2d > max {
                if a1n != 0 { x = (max - a0n) / a1n }
                if a1d != 0 { x = Swift.min(x, (max - a0d) / a1d) }
                if den * (2 * x * a1d + a0d) > num * a1d { (a1n, a1d) = (x * a1n + a0n, x * a1d + a0d) }
                break
            }
            (a0n, a0d) = (a1n, a1d)
            (a1n, a1d) = (a2n, a2d)
            num = den
            den = nextDen
        }
        return (Int(a1n), Int(a1d))
    }

    package static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
