
/// Where the frame scan's packets come from: libavformat (``Demuxer``), or hdrprobe's own reader of
/// ISO BMFF sample tables (``ISOBMFFSampleReader``) when it covers the file. Both give the scanned
/// video streams' packets in decode order with the same bytes and timestamps.
package protocol SampleSource: AnyObject {
    /// The next packet; nil at the end, on error or after the deadline. Payloads are copied only
    /// for streams `wantsData` accepts.
    func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket?
}

