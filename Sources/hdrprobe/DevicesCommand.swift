import ArgumentParser
import Foundation
import HDRProbeCore

/// `hdrprobe devices`: the catalogue's devices, displays and targets.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the device catalogue: players, displays and named targets.",
        discussion: "Capabilities cite their source; '?' marks a cell the sources do not establish (docs/rules/devices.md)."
    )

    @OptionGroup var simulation: SimulationOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let catalog = try simulation.catalog()
        if json {
            print(try ReportEncoder.json(catalog))
        } else {
            print(DeviceCatalogListing.text(catalog), terminator: "")
        }
    }
}
