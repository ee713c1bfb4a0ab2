import HDRProbeModel
import HDRProbeConfig
import HDRProbeClassify

/// The device catalogue: devices, player software, displays and named targets with the sources
/// behind every capability (`docs/rules/devices.md`, `docs/rules/players.md`). The built-in
/// catalogue is a resource file of the engine (`devices.yaml`); users add devices, players,
/// displays and targets with a YAML or JSON file of the same shape (`--targets FILE`), merged over
/// it. Every error names the line and key path.
package struct DeviceCatalog: Sendable, Equatable, Encodable {
    package var version: Int
    package var sources: [String: String]
    package var devices: [PlayerDevice]
    package var players: [PlaybackPlayer]
    package var displays: [DisplayProfile]
    package var targets: [PlaybackTarget]

    package init(version: Int = 1, sources: [String: String] = [:], devices: [PlayerDevice] = [], players: [PlaybackPlayer] = [],
                displays: [DisplayProfile] = [], targets: [PlaybackTarget] = []) {
        self.version = version
        self.sources = sources
        self.devices = devices
        self.players = players
        self.displays = displays
        self.targets = targets
    }

    package func device(_ id: String) -> PlayerDevice? { devices.first { $0.id == id } }
    package func player(_ id: String) -> PlaybackPlayer? { players.first { $0.id == id } }
    package func display(_ id: String) -> DisplayProfile? { displays.first { $0.id == id } }

    /// A named target, or `TARGET@PLAYER`: the named target played by another player (nil when
    /// either is unknown or the player does not run on the target's device).
    package func target(_ id: String) -> PlaybackTarget? {
        if let t = targets.first(where: { $0.id == id }) { return t }
        guard let t = composed(id), playerProblem(t) == nil else { return nil }
        return t
    }

    /// `TARGET@PLAYER` as a target, whether or not that player can play it (``playerProblem(_:)``
    /// says); nil when the id names no target before its last `@`.
    package func composed(_ id: String) -> PlaybackTarget? {
        guard let at = id.lastIndex(of: PlaybackTarget.playerSeparator),
              let base = targets.first(where: { $0.id == id[..<at] }) else { return nil }
        return base.played(by: String(id[id.index(after: at)...]))
    }

    /// Why a target's player cannot play on its device (unknown player, another platform); nil when it can.
    package func playerProblem(_ t: PlaybackTarget) -> String? {
        guard let player = player(t.player) else {
            return "unknown player '\(t.player)'; known: \(players.map(\.id).joined(separator: ", "))"
        }
        if let device = device(t.device), !player.runs(on: device) {
            return "player '\(player.id)' does not run on \(device.name) (\(device.platform.rawValue)); players there: "
                + players.filter { $0.runs(on: device) }.map(\.id).joined(separator: ", ")
        }
        return nil
    }

    /// Parses a catalogue document. `base` is the catalogue it extends (sources, devices, players
    /// and displays a user file may refer to); entries with an existing id replace it.
    package static func parse(_ text: String, extending base: DeviceCatalog? = nil) throws(ConfigError) -> DeviceCatalog {
        let root = try ConfigNode.parse(text)
        var catalog = base ?? DeviceCatalog()
        for (key, value) in try root.mapping(allowed: ["version", "sources", "devices", "players", "displays", "targets"]) {
            switch key {
            case "version": catalog.version = try value.int(in: 1...1)
            case "sources":
                for (k, v) in try value.freeMapping() { catalog.sources[k] = try v.string() }
            case "devices":
                for item in try value.sequence() { upsert(&catalog.devices, try device(item, sources: catalog.sources), id: \.id) }
            case "players":
                for item in try value.sequence() { upsert(&catalog.players, try player(item, sources: catalog.sources), id: \.id) }
            case "displays":
                for item in try value.sequence() { upsert(&catalog.displays, try display(item, sources: catalog.sources), id: \.id) }
            default:
                for item in try value.sequence() {
                    let t = try target(item)
                    guard catalog.device(t.device) != nil else {
                        throw item.error("unknown device '\(t.device)'; known: \(catalog.devices.map(\.id).joined(separator: ", "))")
                    }
                    guard catalog.display(t.display) != nil else {
                        throw item.error("unknown display '\(t.display)'; known: \(catalog.displays.map(\.id).joined(separator: ", "))")
                    }
                    if let problem = catalog.playerProblem(t) { throw item.error(problem) }
                    upsert(&catalog.targets, t, id: \.id)
                }
            }
        }
        return catalog
    }

    private static func upsert<T>(_ list: inout [T], _ item: T, id: KeyPath<T, String>) {
        if let i = list.firstIndex(where: { $0[keyPath: id] == item[keyPath: id] }) { list[i] = item } else { list.append(item) }
    }

    // MARK: - entries

    private static func fields(_ node: ConfigNode, required: [String], optional: [String] = []) throws(ConfigError) -> [String: ConfigNode] {
        var out: [String: ConfigNode] = [:]
        for (k, v) in try node.mapping(allowed: required + optional) { out[k] = v }
        for key in required where out[key] == nil { throw node.error("missing key '\(key)'") }
        return out
    }

    private static func capability<T>(_ node: ConfigNode, sources: [String: String],
                                      _ read: (ConfigNode) throws(ConfigError) -> T) throws(ConfigError) -> Capability<T> {
        let f = try fields(node, required: ["value", "source"], optional: ["uncertain"])
        let source = try f["source"]!.string()
        guard sources[source] != nil else {
            throw f["source"]!.error("unknown source '\(source)'; add it under 'sources'")
        }
        return Capability(try read(f["value"]!), source: source, uncertain: try f["uncertain"]?.bool() ?? false)
    }

    private static func enumValue<E: RawRepresentable & CaseIterable>(_ node: ConfigNode, _: E.Type) throws(ConfigError) -> E where E.RawValue == String {
        let text = try node.string()
        guard let value = E(rawValue: text) else {
            throw node.error("'\(text)' is not one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    private static func identifier(_ node: ConfigNode) throws(ConfigError) -> String {
        let text = try node.string()
        guard !text.isEmpty, text.count <= 64,
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_+./".unicodeScalars.contains($0)) })
        else { throw node.error("ids are 1–64 characters of letters, digits and - _ + . /") }
        return text
    }

    package static func device(_ node: ConfigNode, sources: [String: String]) throws(ConfigError) -> PlayerDevice {
        let keys = ["id", "name", "kind", "output", "hevcHardware", "av1Hardware", "dolbyVision", "dvPrimaryProfiles",
                    "dvSupplementalProfiles", "dvMaxLevel", "hdr", "hdr10Plus", "hlg", "maxDecode", "matchContent"]
        let f = try fields(node, required: keys, optional: ["vp9Hardware"])
        func bool(_ k: String) throws(ConfigError) -> Capability<Bool> { try capability(f[k]!, sources: sources) { n throws(ConfigError) in try n.bool() } }
        func profiles(_ k: String) throws(ConfigError) -> Capability<[String]> {
            try capability(f[k]!, sources: sources) { n throws(ConfigError) in
                var out: [String] = []
                for p in try n.sequence() {
                    let text = try p.string()
                    guard DolbyVisionPolicy.profileClasses.contains(text) else { throw p.error("'\(text)' is not a Dolby Vision profile class (5, 8.1, 8.4, 10.0, 10.1, 10.4, 20, …)") }
                    out.append(text)
                }
                return out
            }
        }
        return PlayerDevice(
            id: try identifier(f["id"]!), name: try f["name"]!.string(), kind: try enumValue(f["kind"]!, PlayerDevice.Kind.self),
            output: try enumValue(f["output"]!, PlayerDevice.Output.self),
            hevcHardware: try bool("hevcHardware"), av1Hardware: try bool("av1Hardware"),
            vp9Hardware: try f["vp9Hardware"].map { _ throws(ConfigError) in try bool("vp9Hardware") } ?? Capability(false, source: "devices.md §9", uncertain: true),
            dolbyVision: try bool("dolbyVision"),
            dvPrimaryProfiles: try profiles("dvPrimaryProfiles"), dvSupplementalProfiles: try profiles("dvSupplementalProfiles"),
            dvMaxLevel: try capability(f["dvMaxLevel"]!, sources: sources) { n throws(ConfigError) in try n.int(in: 0...13) },
            hdr: try bool("hdr"), hdr10Plus: try bool("hdr10Plus"), hlg: try bool("hlg"),
            maxDecode: try capability(f["maxDecode"]!, sources: sources) { n throws(ConfigError) in
                let d = try fields(n, required: ["width", "height", "fps", "hdrFps"])
                return PlayerDevice.Decode(width: try d["width"]!.int(in: 1...16384), height: try d["height"]!.int(in: 1...16384),
                                           fps: try d["fps"]!.int(in: 1...480), hdrFps: try d["hdrFps"]!.int(in: 0...480))
            },
            matchContent: try capability(f["matchContent"]!, sources: sources) { n throws(ConfigError) in
                try enumValue(n, PlayerDevice.MatchContent.self)
            })
    }

    package static func player(_ node: ConfigNode, sources: [String: String]) throws(ConfigError) -> PlaybackPlayer {
        let f = try fields(node, required: ["id", "name", "kind", "version", "platforms", "dvProfile7", "dvContradictedRecord",
                                            "baseLayerOnly", "dvContainers", "softwareDecode"])
        func bool(_ k: String) throws(ConfigError) -> Capability<Bool> { try capability(f[k]!, sources: sources) { n throws(ConfigError) in try n.bool() } }
        func list<E: RawRepresentable & CaseIterable>(_ n: ConfigNode, _ type: E.Type) throws(ConfigError) -> [E] where E.RawValue == String {
            var out: [E] = []
            for item in try n.sequence() { out.append(try enumValue(item, type)) }
            return out
        }
        return PlaybackPlayer(
            id: try identifier(f["id"]!), name: try f["name"]!.string(), kind: try enumValue(f["kind"]!, PlaybackPlayer.Kind.self),
            version: try f["version"]!.string(), platforms: try list(f["platforms"]!, PlayerDevice.Platform.self),
            dvProfile7: try capability(f["dvProfile7"]!, sources: sources) { n throws(ConfigError) in try enumValue(n, PlaybackPlayer.Profile7.self) },
            dvContradictedRecord: try bool("dvContradictedRecord"), baseLayerOnly: try bool("baseLayerOnly"),
            dvContainers: try capability(f["dvContainers"]!, sources: sources) { n throws(ConfigError) in try list(n, ContainerFamily.self) },
            softwareDecode: try capability(f["softwareDecode"]!, sources: sources) { n throws(ConfigError) in try list(n, VideoCodec.self) })
    }

    package static func display(_ node: ConfigNode, sources: [String: String]) throws(ConfigError) -> DisplayProfile {
        let f = try fields(node, required: ["id", "name", "kind", "modes", "hdr10Plus", "refreshRates"])
        func rate(_ n: ConfigNode) throws(ConfigError) -> Double {
            let text = try n.string()
            guard let v = Double(text), v > 0, v <= 480 else { throw n.error("expected a refresh rate in Hz, found '\(text)'") }
            return v
        }
        return DisplayProfile(
            id: try identifier(f["id"]!), name: try f["name"]!.string(), kind: try enumValue(f["kind"]!, DisplayProfile.Kind.self),
            modes: try capability(f["modes"]!, sources: sources) { n throws(ConfigError) in
                var modes: [String: Double] = [:]
                for (k, v) in try n.freeMapping() {
                    guard let range = OutputRange(rawValue: k), range != .hdr10Plus else {
                        throw v.error("mode '\(k)' is not one of: DolbyVision, HDR10, HLG, SDR")
                    }
                    modes[range.rawValue] = try rate(v)
                }
                guard !modes.isEmpty else { throw n.error("a display needs at least one mode") }
                return modes
            },
            hdr10Plus: try capability(f["hdr10Plus"]!, sources: sources) { n throws(ConfigError) in try n.bool() },
            refreshRates: try capability(f["refreshRates"]!, sources: sources) { n throws(ConfigError) in
                var out: [Double] = []
                for r in try n.sequence() { out.append(try rate(r)) }
                return out
            })
    }

    package static func target(_ node: ConfigNode) throws(ConfigError) -> PlaybackTarget {
        let f = try fields(node, required: ["id", "device", "display"],
                           optional: ["player", "matchDynamicRange", "matchFrameRate", "dolbyVisionHandling"])
        return PlaybackTarget(id: try identifier(f["id"]!), device: try f["device"]!.string(), display: try f["display"]!.string(),
                              player: try f["player"]?.string() ?? PlaybackTarget.defaultPlayer,
                              matchDynamicRange: try f["matchDynamicRange"]?.bool() ?? false,
                              matchFrameRate: try f["matchFrameRate"]?.bool() ?? false,
                              dolbyVisionHandling: try f["dolbyVisionHandling"].map { n throws(ConfigError) in
                                  try enumValue(n, PlaybackTarget.DolbyVisionHandling.self)
                              } ?? .automatic)
    }
}
