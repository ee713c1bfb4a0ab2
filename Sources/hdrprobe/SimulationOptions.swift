import ArgumentParser
import HDRProbeCore
import HDRProbeEngine

/// `--target NAME…` and `--targets FILE`, shared by simulate and matrix.
struct SimulationOptions: ParsableArguments {
    @Option(name: .customLong("target"), help: ArgumentHelp("A target id (see 'hdrprobe devices'); repeat for several.",
                                                           valueName: "NAME"))
    var targetIDs: [String] = []

    @Option(help: ArgumentHelp("A YAML/JSON file adding devices, displays and targets to the built-in catalogue.",
                               valueName: "FILE"))
    var targets: String?

    func catalog() throws -> DeviceCatalog {
        do { return try DeviceCatalogLoader.load(userFile: targets) } catch {
            throw ValidationError("--targets \(error)")
        }
    }

    /// The requested targets; all of the catalogue's when none is named (`defaultAll`).
    func resolve(_ catalog: DeviceCatalog, defaultAll: Bool) throws -> [PlaybackTarget] {
        if targetIDs.isEmpty {
            if defaultAll { return catalog.targets }
            throw ValidationError("name at least one --target (see 'hdrprobe devices')")
        }
        return try targetIDs.map { id in
            guard let t = catalog.target(id) else {
                throw ValidationError("unknown target '\(id)'; known: \(catalog.targets.map(\.id).joined(separator: ", "))")
            }
            return t
        }
    }
}
