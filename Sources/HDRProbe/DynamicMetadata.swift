import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeEngine

extension MediaProbe {
    /// ``report(for:)`` that also keeps each scanned frame's dynamic HDR metadata (Dolby Vision
    /// RPU level 1, HDR10+) in display order, for ``MediaReport/dynamicMetadata``,
    /// ``MediaReport/brightnessPlotSVG`` and ``ReportPages``: what `hdrprobe metadata`, `plot` and
    /// `report` read. Synchronous, on the caller's thread.
    public func reportWithDynamicMetadata(for file: InputFile) throws(HDRProbeError) -> MediaReport {
        let engine = ProbeEngine(options: try engineOptions())
        let (report, frames) = switch file.source {
        case .path(let path): engine.probeWithFrames(path: path)
        case .standardInput: engine.probeWithFrames(name: InputFile.standardInputArgument, bytes: InputFile.readStandardInput())
        }
        return MediaReport(report, frames: frames)
    }
}

/// One stream's dynamic HDR metadata, a row per scanned frame in display order: Dolby Vision
/// level 1 minimum, maximum and average (12-bit PQ codes and cd/m²), the scene-refresh flag, and
/// HDR10+ peak maxscl and average maxrgb (cd/m²) — the data of a brightness plot.
public struct DynamicMetadata: Sendable {
    let path: String
    /// The stream's index in the container.
    public let stream: Int
    let frames: [DynamicMetadataFrame]

    /// The number of frames described.
    public var frameCount: Int { frames.count }
    /// Whether any frame carries Dolby Vision or HDR10+ dynamic metadata.
    public var isEmpty: Bool { !frames.contains { $0.rpu != nil || $0.hdr10Plus != nil } }

    /// The table for people (`hdrprobe metadata`).
    public var text: String { DynamicMetadataTable.text(path: path, stream: stream, frames: frames) }
    /// CSV with a header row (`hdrprobe metadata --csv`).
    public var csv: String { DynamicMetadataTable.csv(frames) }
    /// `{path, stream, frames: [...]}` (`hdrprobe metadata --json`).
    public func json() throws -> String { try DynamicMetadataTable.json(path: path, stream: stream, frames: frames) }
}

extension MediaReport {
    /// The dynamic metadata of the first video stream (or of the RPUs of a Dolby Vision RPU file);
    /// nil when the file has no such stream or was probed without collecting it.
    public var dynamicMetadata: DynamicMetadata? {
        guard let frames, let video = FileReportHTML.video(report) else { return nil }
        return DynamicMetadata(path: report.path, stream: video.index, frames: frames[video.index] ?? [])
    }

    /// The brightness-over-time picture (`hdrprobe plot`) as an SVG document of
    /// ``brightnessPlotSize`` user units; nil without dynamic metadata to draw.
    public var brightnessPlotSVG: String? {
        guard let video = FileReportHTML.video(report),
              let timeline = FileReportHTML.timeline(report, frames: frames?[video.index] ?? []) else { return nil }
        return BrightnessTimelineSVG.render(timeline, title: (report.path as NSString).lastPathComponent)
    }

    /// The plot's size in SVG user units (1 unit is a pixel at scale 1).
    public static var brightnessPlotSize: (width: Double, height: Double) {
        (BrightnessTimelineSVG.width, BrightnessTimelineSVG.height)
    }

    /// The number of frames the probe scanned per stream, summed; nil when it scanned none.
    public var framesScanned: Int? { report.probe?.framesScanned }
}

/// Writing what hdrprobe makes (pages, pictures, playlists) as a reader should see it: whole or
/// not at all. Each file is written beside its destination and renamed over it, so a failure
/// leaves the destination as it was.
public enum OutputFile {
    /// Why a file could not be written; `description` names it.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The destination.
        public var path: String
        /// Why, for people.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes `text` (UTF-8) to `path` atomically.
    public static func write(_ text: String, to path: String) throws(Failure) {
        do throws(PictureFile.Failure) { try PictureFile.write(text: text, to: path) } catch {
            throw Failure(path: error.path, reason: error.reason)
        }
    }

    /// Renders the SVG document of `width` × `height` user units as a PNG at `scale` pixels a
    /// unit through librsvg and cairo (loaded at first use; Debian `librsvg2-2`), written
    /// atomically to `path`. Their absence is this error, not a crash.
    public static func writePNG(svg: String, width: Double, height: Double, scale: Double, to path: String) throws(Failure) {
        do throws(PictureFile.Failure) {
            try PictureFile.writePNG(svg: svg, width: width, height: height, scale: scale, to: path)
        } catch {
            throw Failure(path: error.path, reason: error.reason)
        }
    }
}
