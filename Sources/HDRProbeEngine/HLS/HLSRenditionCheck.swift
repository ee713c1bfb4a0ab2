import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers

/// A rendition of a whole-presentation check (`docs/rules/hls-presentation.md` §2, §7): its Media
/// Playlist read, every segment sized (the byte range, or the resource's size: no media is read),
/// so that the variants naming its group count its bit rates (Apple 9.13), and an audio rendition's
/// `CHANNELS` compared with its init section (``RenditionChannels``).
struct HLSRenditionCheck {
    let presentation: HLSPresentationCheck

    /// What checking one rendition gave: the report's entry, its bit rates (nil when a segment or the
    /// playlist could not be sized) and where each of its findings is.
    struct Checked {
        var entry: HLSCheckReport.Rendition
        var rates: HLSMeasuredBitRates?
        var locations: [FindingLocation]
    }

    func check(_ rendition: HLSRendition, uri: String, master: HLSResourceLocation) -> Checked {
        var checked = Checked(entry: HLSCheckReport.Rendition(line: rendition.line, type: rendition.type ?? "", groupID: rendition.groupID,
                                                              name: rendition.name, uri: uri), rates: nil, locations: [])
        checked.entry.channels = rendition.channels
        let at = FindingLocation(playlist: master.lastComponent, line: rendition.line)
        func finding(_ code: FindingCode, _ text: String, _ location: FindingLocation) {
            checked.entry.findings.append(Finding(HLSSignalIssue(code, text), stream: nil))
            checked.locations.append(location)
        }
        let deadline = presentation.deadline
        guard let location = try? master.resolve(uri) else {
            finding(.presentationPlaylistUnreadable, "\(uri) (\(master.lastComponent) line \(rendition.line)): the URI cannot be resolved", at)
            return checked
        }
        checked.entry.mediaPlaylist = location.description
        let playlist: HLSMediaPlaylist
        switch HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes, deadline: deadline, client: presentation.client) {
        case let .failure(error):
            finding(.presentationPlaylistUnreadable, "\(uri) (\(master.lastComponent) line \(rendition.line)): \(error.message)", at)
            return checked
        case let .success(fetched):
            do throws(HLSPlaylistError) { playlist = try HLSMediaPlaylist.parse(bytes: fetched.bytes) } catch {
                finding(.presentationPlaylistUnreadable, "\(uri) (\(master.lastComponent) line \(rendition.line)): \(error)",
                        FindingLocation(playlist: uri, line: error.line))
                return checked
            }
        }
        var summary = HLSCheckReport.Presentation(segments: playlist.segments.count)
        let methods = Set(playlist.segments.map(\.keyMethod)).subtracting(["NONE"]).sorted()
        summary.encryption = methods.isEmpty ? nil : methods.joined(separator: ", ")
        var measured: [HLSMeasuredBitRates.Segment] = []
        var sized = true
        let listed = Array(playlist.segments.prefix(presentation.limits.segments))
        // A segment without a byte range is asked for one byte (its size), in parallel over http(s).
        let sizes = HLSSegmentPrefetcher(segments: listed.map { s in
            HLSPresentationCheck.Segment(uri: s.uri, line: s.line, duration: s.duration,
                                         location: s.byteRange == nil ? try? location.resolve(s.uri) : nil, range: nil, initName: nil,
                                         initLocation: nil, initRange: nil, discontinuity: s.discontinuity, gap: s.gap)
        }, client: presentation.client, initSectionLimit: presentation.limits.initSection, timeout: presentation.options.timeout, sizesOnly: true)
        defer { sizes.finish() }
        for (position, segment) in listed.enumerated() where !segment.gap {
            func missing(_ why: String) {
                sized = false
                finding(.presentationSegmentMissing, "\(segment.uri) (\(location.lastComponent) line \(segment.line)): \(why)",
                        FindingLocation(playlist: uri, line: segment.line, segment: segment.uri))
            }
            guard (try? location.resolve(segment.uri)) != nil else { missing("the URI cannot be resolved"); continue }
            var size = segment.byteRange?.length
            if size == nil {
                switch sizes.head(position) {
                case let .failure(error): missing(error.message); continue
                case let .success(head): size = head.totalSize
                }
            }
            guard let size else { missing("its size is unknown"); continue }
            summary.segmentsRead += 1
            measured.append(.init(bytes: size, duration: segment.duration, discontinuity: segment.discontinuity))
        }
        if sized, !measured.isEmpty {
            let rates = HLSMeasuredBitRates(segments: measured, targetDuration: Double(playlist.targetDuration ?? 0))
            checked.rates = rates
            summary.measuredPeak = rates.peak
            summary.measuredAverage = rates.average
        }
        // The audio's channels, from the first init section.
        if rendition.type == "AUDIO", let map = playlist.segments.first?.map ?? playlist.mapInForce, let mapLocation = try? location.resolve(map.uri),
           case let .success(fetched) = HLSResourceFetcher.fetch(mapLocation, range: map.byteRange, maxBytes: presentation.limits.initSection, deadline: deadline,
                                                                 client: presentation.client),
           let movie = HLSPresentationCheck.movieBox(fetched.bytes),
           let entry = (movie.tracks.first { $0.handler == "soun" } ?? movie.tracks.first)?.sampleEntries.first {
            summary.bytesRead += fetched.bytes.count
            checked.entry.codec = entry.originalFormat ?? entry.fourCC
            checked.entry.mediaChannels = RenditionChannels.value(entry)
        }
        if let declared = rendition.channels, let media = checked.entry.mediaChannels, !Self.same(declared, media) {
            finding(.presentationChannelsMismatch,
                    "\(uri) (\(master.lastComponent) line \(rendition.line)): CHANNELS=\"\(declared)\" but the media's is \"\(media)\"", at)
        }
        summary.finish()
        checked.entry.presentation = summary
        return checked
    }

    /// CHANNELS agrees when its count (and, for joint object coding, its `/JOC`) is the media's;
    /// further parameters (`/BINAURAL`, spatial audio) are not compared.
    static func same(_ declared: String, _ media: String) -> Bool {
        let d = declared.split(separator: "/").map(String.init), m = media.split(separator: "/").map(String.init)
        guard d.first == m.first else { return false }
        return m.count < 2 || d.dropFirst().contains(m[1])
    }
}
