import ArgumentParser
import HDRProbe

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

    /// The catalogue: the built-in one plus `--targets FILE`.
    func playbackTargets() throws -> PlaybackTargets {
        do throws(HDRProbeError) { return try PlaybackTargets.load(addingFile: targets) } catch {
            if case .catalogue(let text) = error { throw ValidationError("--targets \(text)") }
            throw ValidationError(error.description)
        }
    }

    /// The requested targets, each played by every `--player` (a target's own player when none is
    /// named); all of the catalogue's when no target is named (`allWhenNoneNamed`), then without the
    /// players that do not run on a target's device.
    func selection(in catalogue: PlaybackTargets, allWhenNoneNamed: Bool) throws -> PlaybackTargets.Selection {
        do throws(HDRProbeError) {
            return try catalogue.select(targets: targetIDs, players: playerIDs, allWhenNoneNamed: allWhenNoneNamed)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
