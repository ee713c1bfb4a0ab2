import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe devices`: the catalogue's devices, displays and targets.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the device catalogue: players, displays and named targets.",
        discussion: """
        Capabilities cite their source; '?' marks a cell the sources do not establish (docs/rules/devices.md, \
        docs/rules/players.md). --target and --player list only those targets with their devices, players and displays.
        """
    )

    @OptionGroup var simulation: SimulationOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        var catalogue = try simulation.playbackTargets()
        // --target / --player narrow the listing to those targets and what they are made of; an
        // unknown name is a usage error, as in simulate and matrix.
        if !simulation.targetIDs.isEmpty || !simulation.playerIDs.isEmpty {
            catalogue = catalogue.narrowed(to: try simulation.selection(in: catalogue, allWhenNoneNamed: true))
        }
        print(json ? try catalogue.json() : catalogue.text, terminator: json ? "\n" : "")
    }
}
