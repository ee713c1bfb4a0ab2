import HDRProbeSimulate
import HDRProbeEngine

/// The playback targets a report can be simulated on: device + player + display + settings
/// combinations from hdrprobe's built-in device catalogue (`hdrprobe devices` lists them),
/// optionally extended by a catalogue file of your own (YAML or JSON, the format of the `--targets`
/// option). `TARGET@PLAYER` names a target played by another player (`atv4k-2022+lg-oled@aetherengine`).
public struct PlaybackTargets: Sendable {
    package let catalog: DeviceCatalog

    /// The built-in catalogue.
    public static func builtIn() throws(HDRProbeError) -> PlaybackTargets {
        try PlaybackTargets(file: nil)
    }

    /// The built-in catalogue plus the devices, displays and targets of the file at `path`.
    public init(addingFile path: String) throws(HDRProbeError) {
        try self.init(file: path)
    }

    init(catalog: DeviceCatalog) { self.catalog = catalog }

    /// The built-in catalogue, plus the devices, players, displays and targets of the file at
    /// `path` when one is given (the `--targets FILE` of the command line).
    public static func load(addingFile path: String?) throws(HDRProbeError) -> PlaybackTargets {
        try PlaybackTargets(file: path)
    }

    private init(file: String?) throws(HDRProbeError) {
        do { catalog = try DeviceCatalogLoader.load(userFile: file) } catch {
            throw .catalogue("\(error)")
        }
    }

    /// Every target id, in catalogue order (e.g. `appletv4k-lgc2-mdr`).
    public var ids: [String] { catalog.targets.map(\.id) }
}

extension MediaReport {
    /// What the target with id `targetID` (or `TARGET@PLAYER`) does with the file's first video stream: decode path,
    /// pipeline, the range the panel ends up in, the refresh rate and a one-line outcome.
    ///
    /// Throws ``HDRProbeError/unknownTarget(_:)`` for an id the catalogue does not have and
    /// ``HDRProbeError/notAnalysed(_:)`` for a report without a playable video stream.
    public func simulate(on targetID: String, in targets: PlaybackTargets) throws(HDRProbeError) -> PlaybackPrediction {
        guard let target = targets.catalog.target(targetID) else { throw .unknownTarget(targetID) }
        guard let input = PlaybackInput(report: report),
              let outcome = PlaybackSimulator.simulate(input, target: target, catalog: targets.catalog) else {
            throw .notAnalysed(path)
        }
        return PlaybackPrediction(outcome)
    }
}
