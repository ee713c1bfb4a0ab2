import ArgumentParser
import Foundation
import HDRProbeReport

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
        var catalog = try simulation.catalog()
        // --target / --player narrow the listing to those targets and what they are made of; an
        // unknown name is a usage error, as in simulate and matrix.
        if !simulation.targetIDs.isEmpty || !simulation.playerIDs.isEmpty {
            let targets = try simulation.resolve(catalog, defaultAll: true)
            catalog.targets = targets
            catalog.devices = catalog.devices.filter { d in targets.contains { $0.device == d.id } }
            catalog.players = catalog.players.filter { p in targets.contains { $0.player == p.id } }
            catalog.displays = catalog.displays.filter { d in targets.contains { $0.display == d.id } }
        }
        if json {
            print(try ReportEncoder.json(catalog))
        } else {
            print(DeviceCatalogListing.text(catalog), terminator: "")
        }
    }
}
