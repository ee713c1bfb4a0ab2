import HDRProbeModel
import HDRProbeReport
import Testing

/// The sentences of `hls.check.mediaUnavailable` / `dash.check.mediaUnavailable`, byte for byte
/// as the HLS and DASH checkers wrote them before the engine handed over typed reasons.
struct MediaUnavailableTests {
    @Test func sentences() {
        let cases: [(MediaUnavailable, String)] = [
            (.variantURI(line: 4, error: "bad"), "Line 4: bad"),
            (.noMediaSegment(playlist: "http://h/v.m3u8"), "http://h/v.m3u8 lists no media segment."),
            (.playlistURI(playlist: "v.m3u8", line: 7, error: "bad"), "v.m3u8 line 7: bad"),
            (.initSection(error: "Cannot fetch x"), "Init section: Cannot fetch x"),
            (.initSectionTooLarge(location: "init.mp4", limit: 1024), "Init section init.mp4 is larger than 1024 bytes."),
            (.firstSegment(error: "e"), "First segment: e"),
            (.noRepresentationSegment, "The Representation addresses no media segment."),
            (.initialization(error: "e"), "Initialization: e"),
            (.initializationTooLarge(description: "init.mp4", limit: 9), "Initialization init.mp4 is larger than 9 bytes."),
            (.firstMediaSegment(error: "e"), "First media segment: e"),
            (.segmentIndex(error: "e"), "Segment index (@indexRange): e"),
            (.segmentIndexUnreadable(range: "0-99", location: "v.mp4", error: "truncated"),
             "@indexRange 0-99 of v.mp4 does not hold a readable sidx (truncated)."),
            (.notAnalysed(media: "seg1.m4s", error: nil), "The first media (seg1.m4s) cannot be analysed: unknown error."),
            (.noVideo(media: "seg1.m4s"), "The first media (seg1.m4s) has no video stream hdrprobe can signal."),
        ]
        for (reason, sentence) in cases { #expect(reason.sentence == sentence) }
    }

    /// The fetcher's report errors (codes and sentences as HLSResourceFetcher wrote them).
    @Test func fetchFailures() {
        #expect(ResourceFetchFailure.rangePastEnd(path: "a.mp4", size: 10, range: "20@0").error
                == ReportError(.containerTruncated, "a.mp4 is 10 bytes; the byte range 20@0 reaches past its end"))
        #expect(ResourceFetchFailure.shortRead(path: "a.mp4", got: 3, wanted: 8, timedOut: true).error
                == ReportError(.timeout, "Cannot read a.mp4 (3 of 8 bytes)"))
        #expect(ResourceFetchFailure.shortRead(path: "a.mp4", got: 3, wanted: 8, timedOut: false).error.code == .readFailed)
        #expect(ResourceFetchFailure.timedOut(url: "http://h/x").error == ReportError(.timeout, "Time limit reached while fetching http://h/x"))
        #expect(ResourceFetchFailure.cannotFetch(url: "http://h/x", detail: "HTTP error 404 Not Found").error
                == ReportError(.readFailed, "Cannot fetch http://h/x: HTTP error 404 Not Found"))
        #expect(ResourceFetchFailure.cannotRead(url: "u", detail: "d").error == ReportError(.readFailed, "Cannot read u: d"))
        #expect(ResourceFetchFailure.noData(url: "u").error == ReportError(.empty, "u returned no data"))
    }

    /// The check-level sentences of hls --check / dash --check / hls --from-dash.
    @Test func manifestCheckMessages() {
        #expect(ManifestCheckMessage.playlistMalformed(argument: "v.m3u8", error: "line 1: e", isMediaPlaylist: true).sentence
                == "v.m3u8: line 1: e (give the Multivariant Playlist that lists it)")
        #expect(ManifestCheckMessage.playlistMalformed(argument: "m.m3u8", error: "e", isMediaPlaylist: false).sentence == "m.m3u8: e")
        #expect(ManifestCheckMessage.variantLimit(checked: 16, total: 20).sentence == "Only the first 16 of 20 variants were checked.")
        #expect(ManifestCheckMessage.representationLimit(checked: 16, total: 17).sentence
                == "Only the first 16 of 17 video Representations were checked.")
        #expect(ManifestCheckMessage.mediaPlaylistUnreadable(location: "v.m3u8", error: "No such file: v.m3u8").sentence
                == "Media playlist v.m3u8: No such file: v.m3u8")
        #expect(ManifestCheckMessage.mediaPlaylistMalformed(location: "v.m3u8", error: "line 2: e").sentence == "Media playlist v.m3u8, line 2: e")
        #expect(ManifestCheckMessage.representationSkipped(id: "v1", reason: .noRepresentationSegment).sentence
                == "Representation \"v1\": The Representation addresses no media segment.")
        #expect(ManifestCheckMessage.unresolvableArgument(argument: "ftp://x", error: "e").sentence == "ftp://x: e")
    }
}
