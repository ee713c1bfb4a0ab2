import Foundation  // pow only

/// PQ ↔ luminance for Dolby Vision's 12-bit PQ codes: SMPTE ST 2084, as
/// `docs/rules/dolby-vision.md` §10.3 states it (both dovi_tool and hdrprobe): m1 = 2610/16384,
/// m2 = 2523/4096 × 128, c1 = 3424/4096, c2 = 2413/4096 × 32, c3 = 2392/4096 × 32, peak 10000 cd/m²;
/// a 12-bit code's PQ signal is code / 4095; nits → code = round(pq × 4095), halves away from zero.
package enum DolbyVisionPQ {
    package static let m1 = 2610.0 / 16384
    package static let m2 = 2523.0 / 4096 * 128
    package static let c1 = 3424.0 / 4096
    package static let c2 = 2413.0 / 4096 * 32
    package static let c3 = 2392.0 / 4096 * 32
    package static let peakNits = 10000.0

    /// ST 2084 EOTF: normalised PQ signal (0…1, clamped) → cd/m².
    package static func nits(signal: Double) -> Double {
        let e = min(max(signal, 0), 1)
        let p = pow(e, 1 / m2)
        let num = max(p - c1, 0)
        let den = c2 - c3 * p
        return peakNits * pow(num / den, 1 / m1)
    }

    /// A 12-bit PQ code (L1 min/max/avg, source_min/max_pq, L2 target_max_pq…) → cd/m².
    /// Codes above 4095 are clamped.
    package static func nits(code: UInt16) -> Double { nits(signal: Double(min(code, 4095)) / 4095) }

    /// ST 2084 inverse EOTF: cd/m² (clamped to 0…10000) → normalised PQ signal.
    package static func signal(nits: Double) -> Double {
        let y = min(max(nits, 0), peakNits) / peakNits
        let p = pow(y, m1)
        return pow((c1 + c2 * p) / (1 + c3 * p), m2)
    }

    /// cd/m² → 12-bit PQ code, rounded half away from zero.
    package static func code(nits: Double) -> UInt16 { UInt16((signal(nits: nits) * 4095).rounded(.toNearestOrAwayFromZero)) }
}
