import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests

/// Fetches a Representation's initialization and first media segment (bounded by
/// ``HLSPlaylistChecker/Limits``, through ``HLSResourceFetcher``): for SegmentBase the `sidx` at
/// `@indexRange` is read first to find the first media segment's byte range
/// (`docs/rules/dash-manifests.md` §2). For a dynamic (live) MPD whose first listed segment cannot be
/// fetched (it may have left the time-shift window) the last listed one is tried.
struct DASHSegmentFetcher {
    var limits: HLSPlaylistChecker.Limits
    var deadline: UInt64
    /// Reads the run's `http(s)` resources (its kept-alive connections and budgets).
    var client: HTTPResourceClient = .shared

    struct Fetched {
        var segments: RepresentationSegments
        var initialization: String?
        var firstSegment: String
        /// Initialization + first media segment bytes, joined.
        var bytes: [UInt8]
        var logicalSize: Int?
        var segmentBitRate: Int?
    }

    struct Failure: Error {
        var reason: MediaUnavailable
        var line: Int?
    }

    /// Every segment of the Representation (the `sidx` read for SegmentBase).
    func segments(_ context: RepresentationContext) -> Result<RepresentationSegments, Failure> {
        let segments: RepresentationSegments
        do throws(RepresentationSegments.Error) { segments = try RepresentationSegments(context) } catch {
            return .failure(Failure(reason: .addressing(error: error.description), line: error.line))
        }
        guard let index = segments.index else { return .success(segments) }
        return indexed(segments, index: index)
    }

    func firstMedia(_ context: RepresentationContext, dynamic: Bool) -> Result<Fetched, Failure> {
        let segments: RepresentationSegments
        switch self.segments(context) {
        case let .failure(f): return .failure(f)
        case let .success(s): segments = s
        }
        guard let first = segments.media.first else {
            return .failure(Failure(reason: .noRepresentationSegment, line: nil))
        }
        let result = fetch(segments, media: first)
        if dynamic, case .failure = result, let last = segments.media.last, segments.media.count > 1 {
            return fetch(segments, media: last)
        }
        return result
    }

    private func fetch(_ segments: RepresentationSegments, media: SegmentReference) -> Result<Fetched, Failure> {
        var bytes: [UInt8] = []
        var initDescription: String?
        if let initialization = segments.initialization {
            initDescription = describe(initialization)
            switch HLSResourceFetcher.fetch(initialization.location, range: initialization.range?.hls, maxBytes: limits.initSection, deadline: deadline, client: client) {
            case let .failure(error): return .failure(Failure(reason: .initialization(error: error.message), line: initialization.line))
            case let .success(fetched):
                if fetched.truncated {
                    return .failure(Failure(reason: .initializationTooLarge(description: initDescription ?? "", limit: limits.initSection), line: initialization.line))
                }
                bytes = fetched.bytes
            }
        }
        var result = Fetched(segments: segments, initialization: initDescription, firstSegment: describe(media), bytes: [], logicalSize: nil)
        switch HLSResourceFetcher.fetch(media.location, range: media.range?.hls, maxBytes: limits.segment, deadline: deadline, client: client) {
        case let .failure(error): return .failure(Failure(reason: .firstMediaSegment(error: error.message), line: media.line))
        case let .success(fetched):
            if let total = fetched.totalSize {
                result.logicalSize = bytes.count + total
                if let duration = media.duration, duration > 0 { result.segmentBitRate = Int((Double(total) * 8 / duration).rounded()) }
            }
            result.bytes = bytes + fetched.bytes
        }
        return .success(result)
    }

    private func indexed(_ segments: RepresentationSegments, index: SegmentReference) -> Result<RepresentationSegments, Failure> {
        switch HLSResourceFetcher.fetch(index.location, range: index.range?.hls, maxBytes: 1 << 20, deadline: deadline, client: client) {
        case let .failure(error): return .failure(Failure(reason: .segmentIndex(error: error.message), line: index.line))
        case let .success(fetched):
            do throws(SegmentIndexBox.ParseError) {
                return .success(segments.withIndex(try SegmentIndexBox.parse(fetched.bytes)))
            } catch {
                return .failure(Failure(reason: .segmentIndexUnreadable(range: index.range?.description ?? "", location: "\(index.location)", error: "\(error)"),
                                        line: index.line))
            }
        }
    }

    private func describe(_ reference: SegmentReference) -> String {
        reference.location.description + (reference.range.map { " [\($0)]" } ?? "")
    }
}
