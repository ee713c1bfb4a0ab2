import ArgumentParser
import HDRProbeSimulate
import HDRProbeEngine

/// `--target NAME…`, `--player NAME…` and `--targets FILE`, shared by simulate and matrix.
struct SimulationOptions: ParsableArguments {
    @Option(name: .customLong("target"), help: ArgumentHelp("A target id, or TARGET@PLAYER (see 'hdrprobe devices'); repeat for several.",
                                                           valueName: "NAME"))
    var targetIDs: [String] = []

    @Option(name: .customLong("player"), help: ArgumentHelp("A player id (see 'hdrprobe devices'): each target played by it; repeat for several.",
                                                           valueName: "NAME"))
    var playerIDs: [String] = []

    @Option(help: ArgumentHelp("A YAML/JSON file adding devices, players, displays and targets to the built-in catalogue.",
                               valueName: "FILE"))
    var targets: String?

    func catalog() throws -> DeviceCatalog {
        do { return try DeviceCatalogLoader.load(userFile: targets) } catch {
            throw ValidationError("--targets \(error)")
        }
    }

    /// The requested targets, each played by every `--player` (a target's own player when none is
    /// named); all of the catalogue's when no target is named (`defaultAll`), then without the
    /// players that do not run on a target's device.
    func resolve(_ catalog: DeviceCatalog, defaultAll: Bool) throws -> [PlaybackTarget] {
        for id in playerIDs where catalog.player(id) == nil {
            throw ValidationError("unknown player '\(id)'; known: \(catalog.players.map(\.id).joined(separator: ", "))")
        }
        let named: [PlaybackTarget]
        if targetIDs.isEmpty {
            guard defaultAll else { throw ValidationError("name at least one --target (see 'hdrprobe devices')") }
            named = catalog.targets
        } else {
            named = try targetIDs.map { try Self.target($0, in: catalog) }
        }
        guard !playerIDs.isEmpty else { return named }
        var out: [PlaybackTarget] = []
        for target in named {
            for id in playerIDs {
                let played = target.player == id ? target : target.played(by: id)
                if let problem = catalog.playerProblem(played) {
                    if targetIDs.isEmpty { continue }
                    throw ValidationError("--player \(id) on target '\(target.id)': \(problem)")
                }
                out.append(played)
            }
        }
        return out
    }

    /// A named target or `TARGET@PLAYER`, with the reason when it is neither.
    static func target(_ id: String, in catalog: DeviceCatalog) throws -> PlaybackTarget {
        if let t = catalog.target(id) { return t }
        if let composed = catalog.composed(id), let problem = catalog.playerProblem(composed) {
            throw ValidationError("target '\(id)': \(problem)")
        }
        throw ValidationError("unknown target '\(id)'; known: \(catalog.targets.map(\.id).joined(separator: ", ")) (or TARGET@PLAYER)")
    }
}
