import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport

extension PlaybackTargets {
    /// Targets chosen from a catalogue, each one device + player + display + settings (docs/rules/devices.md).
    public struct Selection: Sendable {
        package let targets: [PlaybackTarget]
        /// The chosen targets' ids, in catalogue order (`TARGET@PLAYER` where a player was asked for).
        public var ids: [String] { targets.map(\.id) }
    }

    /// The targets named by `targets` (ids or `TARGET@PLAYER`), each played by every player of
    /// `players` (a target's own player when none is named), as `simulate`, `matrix` and `devices`
    /// choose them. With no target named: every target when `allWhenNoneNamed`, then without the
    /// players that do not run on a target's device; otherwise an error. Throws
    /// ``HDRProbeError/targetSelection(_:)`` with the reason for an unknown name or a player that
    /// does not run on a named target.
    public func select(targets names: [String], players: [String] = [], allWhenNoneNamed: Bool) throws(HDRProbeError) -> Selection {
        for id in players where catalog.player(id) == nil {
            throw .targetSelection("unknown player '\(id)'; known: \(catalog.players.map(\.id).joined(separator: ", "))")
        }
        let named: [PlaybackTarget]
        if names.isEmpty {
            guard allWhenNoneNamed else { throw .targetSelection("name at least one --target (see 'hdrprobe devices')") }
            named = catalog.targets
        } else {
            named = try names.map { id throws(HDRProbeError) in try target(id) }
        }
        guard !players.isEmpty else { return Selection(targets: named) }
        var out: [PlaybackTarget] = []
        for target in named {
            for id in players {
                let played = target.player == id ? target : target.played(by: id)
                if let problem = catalog.playerProblem(played) {
                    if names.isEmpty { continue }
                    throw .targetSelection("--player \(id) on target '\(target.id)': \(problem)")
                }
                out.append(played)
            }
        }
        return Selection(targets: out)
    }

    /// A named target or `TARGET@PLAYER`, with the reason when it is neither.
    private func target(_ id: String) throws(HDRProbeError) -> PlaybackTarget {
        if let t = catalog.target(id) { return t }
        if let composed = catalog.composed(id), let problem = catalog.playerProblem(composed) {
            throw .targetSelection("target '\(id)': \(problem)")
        }
        throw .targetSelection("unknown target '\(id)'; known: \(catalog.targets.map(\.id).joined(separator: ", ")) (or TARGET@PLAYER)")
    }

    /// This catalogue narrowed to `selection`: its targets, and only the devices, players and
    /// displays they are made of (`hdrprobe devices --target …`).
    public func narrowed(to selection: Selection) -> PlaybackTargets {
        var c = catalog
        let targets = selection.targets
        c.targets = targets
        c.devices = c.devices.filter { d in targets.contains { $0.device == d.id } }
        c.players = c.players.filter { p in targets.contains { $0.player == p.id } }
        c.displays = c.displays.filter { d in targets.contains { $0.display == d.id } }
        return PlaybackTargets(catalog: c)
    }

    /// The catalogue for people, as `hdrprobe devices` prints it: each capability with its source,
    /// `?` where the sources do not establish a cell.
    public var text: String { DeviceCatalogListing.text(catalog) }

    /// The catalogue as JSON (`hdrprobe devices --json`).
    public func json() throws -> String { try ReportEncoder.json(catalog) }
}

extension MediaReport {
    /// The report with one playback prediction per target of `selection` (the report's
    /// `playback` array in its JSON, docs/report-contract.md): what `hdrprobe simulate` prints.
    /// A report without a playable video stream gets none (`playback` null).
    public func simulated(on selection: PlaybackTargets.Selection, in targets: PlaybackTargets) -> MediaReport {
        var copy = report
        copy.playback = PlaybackInput(report: report).map { input in
            selection.targets.compactMap { PlaybackSimulator.simulate(input, target: $0, catalog: targets.catalog) }
        }
        return MediaReport(copy, frames: frames)
    }

    /// The predictions of a simulated report (``simulated(on:in:)``), in target order.
    public var playback: [PlaybackPrediction] { (report.playback ?? []).map(PlaybackPrediction.init) }

    /// The predictions for people, as `hdrprobe simulate` prints them: per target the decode path,
    /// the pipeline, the panel's range and refresh rate, the outcome and its reasons.
    public func playbackText(in targets: PlaybackTargets) -> String { PlaybackSummary.render(report, catalog: targets.catalog) }
}
