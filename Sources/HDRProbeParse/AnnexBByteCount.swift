/// Bytes of a raw Annex B byte stream (H.264 / H.265 Annex B) cut into packets by a demuxer, counted
/// so that where the demuxer cut does not matter: from the stream's first start code prefix
/// (`00 00 01`) on, each run of zero bytes between NAL units counted with the NAL unit after it (the
/// `zero_byte` of a 4-byte start code belongs to the next byte_stream_nal_unit, Annex B.2).
/// FFmpeg 5.1's and 7.1's raw demuxers leave those zero bytes on different sides of a packet
/// boundary, and 7.1 drops the stream's first zero_byte; counted this way both give the same bytes.
/// The zeros after the last packet counted (nothing follows them yet) are not counted.
package struct AnnexBByteCount: Sendable, Equatable {
    package private(set) var bytes = 0
    private var started = false
    private var pendingZeros = 0

    package init() {}

    /// Adds one packet; returns the bytes it added.
    @discardableResult
    package mutating func add(_ data: [UInt8]) -> Int {
        var leading = 0
        while leading < data.count, data[leading] == 0 { leading += 1 }
        guard leading < data.count else {
            if started { pendingZeros += data.count }
            return 0
        }
        var trailing = 0
        while data[data.count - 1 - trailing] == 0 { trailing += 1 }
        var added = data.count - leading - trailing
        if started {
            added += pendingZeros + leading
        } else {
            // The first start code prefix's two zero bytes; a zero_byte before it is not counted.
            added += min(leading, 2)
            started = true
        }
        pendingZeros = trailing
        bytes += added
        return added
    }
}
