import HDRProbeSimulate

/// `hdrprobe devices`: the catalogue as text (one line per device, player, display and target, `?`
/// after an uncertain cell); `--json` encodes ``DeviceCatalog`` itself.
package enum DeviceCatalogListing {
    package static func mark<T>(_ cap: Capability<T>, _ text: String) -> String { cap.uncertain ? text + "?" : text }

    package static func text(_ c: DeviceCatalog) -> String {
        var out = ["Devices (catalogue v\(c.version); '?' = uncertain in the sources)"]
        for d in c.devices {
            let dv = d.dolbyVision.value
                ? "DV " + mark(d.dvPrimaryProfiles, d.dvPrimaryProfiles.value.joined(separator: "/")) + "+" + mark(d.dvSupplementalProfiles, d.dvSupplementalProfiles.value.joined(separator: "/")) + " ≤L\(d.dvMaxLevel.value)"
                : mark(d.dolbyVision, "no DV")
            let m = d.maxDecode.value
            var parts = [mark(d.hevcHardware, d.hevcHardware.value ? "HEVC hw" : "HEVC sw"),
                         mark(d.av1Hardware, d.av1Hardware.value ? "AV1 hw" : "AV1 sw"), dv]
            parts.append(mark(d.hdr, d.hdr.value ? "HDR" : "SDR only"))
            if d.hdr10Plus.value || d.hdr10Plus.uncertain { parts.append(mark(d.hdr10Plus, d.hdr10Plus.value ? "HDR10+" : "no HDR10+")) }
            if d.hlg.value || d.hlg.uncertain { parts.append(mark(d.hlg, d.hlg.value ? "HLG" : "no HLG")) }
            parts.append(mark(d.maxDecode, "\(m.width)x\(m.height)@\(m.fps)" + (m.hdrFps > 0 && m.hdrFps != m.fps ? " (HDR @\(m.hdrFps))" : "")))
            parts.append("\(d.output.rawValue)" + (d.output == .hdmi ? ", Match Content \(d.matchContent.value.rawValue)" : ""))
            out.append("  \(d.id.padded(18)) \(d.name)")
            out.append("  \("".padded(18)) " + parts.joined(separator: " · "))
        }
        out.append("")
        out.append("Players (TARGET@PLAYER plays a target with another player; --player NAME does it for every target)")
        for p in c.players {
            let profile7: String
            switch p.dvProfile7.value {
            case .baseLayer: profile7 = "P7 base layer"
            case .convertTo81: profile7 = "P7 → 8.1"
            case .device: profile7 = "P7 to the device"
            }
            var parts = [mark(p.dvProfile7, profile7)]
            if p.dvContradictedRecord.value || p.dvContradictedRecord.uncertain {
                parts.append(mark(p.dvContradictedRecord, p.dvContradictedRecord.value ? "P5 record → RPU's profile" : "P5 record believed"))
            }
            if p.baseLayerOnly.value { parts.append(mark(p.baseLayerOnly, "baseLayerOnly")) }
            parts.append(mark(p.dvContainers, "DV from " + (p.dvContainers.value.isEmpty ? "none" : p.dvContainers.value.map(\.rawValue).joined(separator: "/"))))
            parts.append(mark(p.softwareDecode, p.softwareDecode.value.isEmpty ? "no SW decoders"
                : "SW " + p.softwareDecode.value.map { $0.rawValue.uppercased() }.joined(separator: "/")))
            out.append("  \(p.id.padded(18)) \(p.name) \(p.version) (\(p.platforms.map(\.rawValue).joined(separator: ", ")))")
            out.append("  \("".padded(18)) " + parts.joined(separator: " · "))
        }
        out.append("")
        out.append("Displays")
        for d in c.displays {
            let modes = d.modes.value.sorted { $0.key < $1.key }.map { "\($0.key)@\(Int($0.value))" }.joined(separator: " ")
            out.append("  \(d.id.padded(18)) \(d.name): \(mark(d.modes, modes))" + (d.hdr10Plus.value ? " +HDR10+" : ""))
        }
        out.append("")
        out.append("Targets (device + display, Match Dynamic Range / Match Frame Rate; the player when not \(PlaybackTarget.defaultPlayer))")
        for t in c.targets {
            out.append("  \(t.id.padded(30)) \(t.device) + \(t.display)" + (t.matchDynamicRange || t.matchFrameRate
                ? ", match \([t.matchDynamicRange ? "range" : nil, t.matchFrameRate ? "rate" : nil].compactMap { $0 }.joined(separator: "+"))" : "")
                + (t.player == PlaybackTarget.defaultPlayer ? "" : ", player \(t.player)")
                + (t.dolbyVisionHandling == .automatic ? "" : ", DV \(t.dolbyVisionHandling.rawValue)"))
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    package func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
