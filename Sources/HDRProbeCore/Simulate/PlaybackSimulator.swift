/// Decides what a target does with a stream, following `docs/rules/apple-playback.md` (§1
/// Dolby Vision routes and refusals, §4 VIDEO-RANGE, §5 frame-rate snapping, §6 display criteria,
/// §7 native vs software decode) and `docs/rules/devices.md` (§1–§5 device rows, §7 what an
/// Apple TV does with each TV family, §8 Match Content semantics). Each reason names its rule.
public enum PlaybackSimulator {
    public static func simulate(_ input: PlaybackInput, target: PlaybackTarget, catalog: DeviceCatalog) -> PlaybackOutcome? {
        guard let device = catalog.device(target.device), let display = catalog.display(target.display) else { return nil }
        return simulate(input, target: target, device: device, display: display)
    }

    public static func simulate(_ input: PlaybackInput, target: PlaybackTarget, device: PlayerDevice,
                                display: DisplayProfile) -> PlaybackOutcome {
        var reasons: [String] = []
        var causes: [Int] = []
        var uncertain: [String] = []
        /// A reason; `cause` when it explains a status other than `plays` (``PlaybackOutcome/causes``).
        func note(_ text: String, cause: Bool = true) {
            if cause { causes.append(reasons.count) }
            reasons.append(text)
        }
        func rely<T>(_ cap: Capability<T>, _ what: String) {
            if cap.uncertain { uncertain.append("\(device.name): \(what) (\(cap.source))") }
        }
        func relyDisplay<T>(_ cap: Capability<T>, _ what: String) {
            if cap.uncertain { uncertain.append("\(display.name): \(what) (\(cap.source))") }
        }
        var outcome = PlaybackOutcome(target: target.id, device: device.id, display: display.id, decode: .hardware,
                                      pipeline: .native, sampleEntry: nil, supplementalCodecs: nil, output: nil, criteria: nil,
                                      status: .plays, outcome: "", reasons: [], uncertain: [])
        func fail(_ line: String) -> PlaybackOutcome {
            outcome.status = .fails
            outcome.outcome = line
            outcome.reasons = reasons
            outcome.causes = causes
            outcome.uncertain = uncertain
            return outcome
        }

        // 1. Decode (docs/rules/apple-playback.md §7.1; docs/rules/devices.md §1–§5 hardware rows).
        let fps = input.framesPerSecond ?? 30
        let contentIsHDR = input.videoRange != .sdr || (input.dolbyVision != nil && input.dolbyVisionAccepted)
        let decodeCap = device.maxDecode.value
        let hdrDecode = contentIsHDR && device.hdr.value && decodeCap.hdrFps > 0
        let fpsLimit = Double(hdrDecode ? decodeCap.hdrFps : decodeCap.fps)
        let profile = (input.profileName ?? "").lowercased()
        var decode: PlaybackOutcome.Decode
        switch input.codec {
        case "hevc":
            rely(device.hevcHardware, "HEVC hardware decode")
            if profile.contains("rext") || (input.bitDepth ?? 8) > 10 || (input.chroma.map { $0 != "4:2:0" } ?? false) {
                decode = .software
                note("HEVC range extensions (\(input.profileName ?? "RExt"), \(input.chroma ?? "?"), \(input.bitDepth.map { "\($0)-bit" } ?? "")) are not decoded in hardware; the exact-format VideoToolbox probe sends them to the software path (apple-playback.md §7.1).")
            } else if device.hevcHardware.value {
                decode = .hardware
            } else {
                decode = .software
                note("\(device.name) has no HEVC hardware decoder (devices.md §1: A8 predates hardware HEVC).")
            }
        case "h264":
            if (input.bitDepth ?? 8) > 8 || (input.chroma.map { $0 != "4:2:0" } ?? false) {
                decode = .software
                note("H.264 \(input.profileName ?? "") \(input.chroma ?? "") \(input.bitDepth.map { "\($0)-bit" } ?? "") is outside the hardware decoder (apple-playback.md §7.1: High 4:2:2/4:4:4/High 10 go to software).")
            } else {
                decode = .hardware
            }
        case "av1":
            rely(device.av1Hardware, "AV1 hardware decode")
            if device.av1Hardware.value {
                decode = .hardware
            } else {
                decode = .software
                note("No hardware AV1 on \(device.name) (devices.md: A17 Pro / M3 and later only); AVPlayer's HLS path cannot take it, so it decodes in software.")
            }
        case "vp9":
            decode = .software
            note("VP9 is not an Apple HLS codec (AVPlayer rejects vp09); software decode only (apple-playback.md §7.1, devices.md §4).")
        default:
            return fail("won't play: no decoder for \(input.codec)")
        }
        rely(device.maxDecode, "maximum decode")
        if input.width * input.height > decodeCap.width * decodeCap.height || fps > fpsLimit + 0.01 {
            decode = .impossible
            note("\(input.width)x\(input.height)@\(HLSFrameRate(framesPerSecond: fps)?.string ?? "?") exceeds \(device.name)'s decode limit \(decodeCap.width)x\(decodeCap.height)@\(Int(fpsLimit))\(hdrDecode ? " for HDR" : "") (devices.md §1).")
        }
        outcome.decode = decode
        if decode == .impossible { return fail("won't play: beyond \(device.name)'s decoder") }

        // 2. Dolby Vision route (docs/rules/apple-playback.md §1.2–§1.5; docs/rules/devices.md dvPrimary/Supplemental).
        var dvEngageable = false
        var dvNote: String?
        if let dv = input.dolbyVision {
            let cls = DolbyVisionPolicy.profileClass(of: dv)
            let hasBase = ![5, 20].contains(dv.profile) && !(dv.profile == 10 && dv.compatibilityId == 0)
            if [4, 9, 20].contains(dv.profile) && input.codec == "hevc" && !(dv.profile == 20 && device.dvPrimaryProfiles.value.contains("20")) {
                note("AVPlayer refuses HEVC with a Dolby Vision \(dv.string) record: 'unsupported Dolby Vision profile' (apple-playback.md §1.4).")
                outcome.pipeline = .refused
                return fail("won't play: Dolby Vision \(dv.string) refused")
            }
            if !hasBase && decode == .software {
                note("Dolby Vision \(dv.string) has no compatible base layer and cannot be colour-correctly decoded on the software path (apple-playback.md §1.4).")
                outcome.pipeline = .refused
                return fail("won't play: DV \(dv.string) needs hardware")
            }
            if !hasBase && !device.dolbyVision.value {
                rely(device.dolbyVision, "Dolby Vision decoder")
                note("Without a Dolby Vision decoder the IPT-PQ-c2 picture of profile \(dv.string) is read as YCbCr: green/purple (apple-playback.md §1.3, #176).")
                outcome.pipeline = .native
                outcome.output = PlaybackOutcome.Output(range: .sdr, toneMapped: false)
                return fail("won't play correctly: green/purple (no DV decoder)")
            }
            if !input.dolbyVisionAccepted {
                dvNote = "DV refused: \(cls)"
                note("Dolby Vision \(dv.string) is refused by the policy (\(input.dolbyVisionVerdict ?? "refused")); the base layer plays (apple-playback.md §1.3).")
            } else if !input.hasDolbyVisionRecord {
                dvNote = "no DV record"
                note("Only RPUs, no configuration record: Apple players never engage Dolby Vision (apple-playback.md §1.1).")
            } else {
                rely(device.dolbyVision, "Dolby Vision decoder")
                let routes = device.dvPrimaryProfiles.value + device.dvSupplementalProfiles.value
                rely(hasBase ? device.dvSupplementalProfiles : device.dvPrimaryProfiles, "Dolby Vision \(cls) route")
                if !device.dolbyVision.value {
                    dvNote = "no DV decoder"
                    note("\(device.name) has no Dolby Vision decoder (devices.md); the \(input.videoRange.rawValue) base layer plays.")
                } else if !routes.contains(cls) {
                    dvNote = "DV \(cls) not supported"
                    note("\(device.name) takes Dolby Vision \(routes.joined(separator: ", ")) but not \(cls) (devices.md, APPLE rule 1.9).")
                } else if let level = input.dolbyVisionLevel, level > device.dvMaxLevel.value {
                    rely(device.dvMaxLevel, "Dolby Vision level cap")
                    dvNote = "DV level \(level) > \(device.dvMaxLevel.value)"
                    note("Dolby Vision level \(level) is above \(device.name)'s cap of \(device.dvMaxLevel.value) (APPLE rule 1.9).")
                } else if decode != .hardware {
                    dvNote = "DV needs hardware"
                    note("Dolby Vision engages only on the native hardware path (apple-playback.md §1.5).")
                } else {
                    dvEngageable = true
                }
            }
        }

        // 3. Pipeline and what the native path signals (docs/rules/apple-playback.md §1.3, §2.1, §3).
        outcome.pipeline = decode == .hardware ? .native : .software
        if outcome.pipeline == .native {
            outcome.sampleEntry = input.sampleEntry
            let panelDV = display.supports(.dolbyVision) || device.output == .builtIn
            outcome.supplementalCodecs = dvEngageable && panelDV ? input.supplementalCodecs
                : input.supplementalCodecs.flatMap { $0.contains("cdm4") && !$0.contains("dvh1") && !$0.contains("dav1") ? $0 : nil }
            if dvEngageable && !panelDV && input.supplementalCodecs != nil {
                note("The panel has no Dolby Vision: the player strips the record and SUPPLEMENTAL-CODECS (the fallback variant; hvc1 + dvvC fails with -11868, apple-playback.md §1.3).")
            }
        } else {
            note("Software decode (\(input.codec)): played by the app's own decoder, not AVPlayer's native HLS path (apple-playback.md §7).")
        }

        // 4. The range the content asks for, then what the device and panel make of it.
        var content: OutputRange
        switch input.videoRange {
        case .pq: content = .hdr10
        case .hlg: content = .hlg
        case .sdr: content = .sdr
        }
        let baseRange = content
        let p5 = input.dolbyVision.map { $0.profile == 5 || ($0.profile == 10 && $0.compatibilityId == 0) } ?? false
        if dvEngageable { content = .dolbyVision } else if p5 { content = .hdr10 }
        rely(device.hdr10Plus, "HDR10+")
        relyDisplay(display.hdr10Plus, "HDR10+")
        if content == .hdr10 && input.hdr10Plus && device.hdr10Plus.value && outcome.pipeline == .native { content = .hdr10Plus }
        if content == .hlg {
            rely(device.hlg, "HLG output")
            if !device.hlg.value && device.hdr.value {
                content = .hdr10
                note("\(device.name) has no HLG output: HLG is converted to PQ (devices.md §7: tvOS converts HLG to PQ internally).", cause: false)
            }
        }
        if content != .sdr && !device.hdr.value {
            note("\(device.name) has no HDR output: AVPlayer tone-maps to SDR (devices.md §2, §7).")
            content = .sdr
            outcome.output = PlaybackOutcome.Output(range: .sdr, toneMapped: true)
        }
        let contentRange = content

        // The panel's best match for a range: DV → HDR10 (static) without DV; HDR10+ → HDR10
        // without HDR10+; HLG → HDR10 (PQ) without HLG; HDR → SDR tone-mapped (docs/rules/devices.md §7).
        func onPanel(_ r: OutputRange) -> OutputRange {
            if display.supports(r) { return r }
            switch r {
            case .dolbyVision where baseRange == .hlg && display.supports(.hlg): return .hlg
            case .dolbyVision, .hdr10Plus: return display.supports(.hdr10) ? .hdr10 : (display.supports(.hlg) ? .hlg : .sdr)
            case .hlg: return display.supports(.hdr10) ? .hdr10 : .sdr
            case .hdr10: return .sdr
            case .sdr: return .sdr
            }
        }

        var shown = onPanel(contentRange)
        relyDisplay(display.modes, "modes")
        if device.output == .hdmi {
            let match = device.matchContent.value
            rely(device.matchContent, "Match Content")
            let rangeMatching = target.matchDynamicRange && match == .rangeAndRate
            let rateMatching = target.matchFrameRate && match != .none
            let snapped = FrameRateSnap.snap(fps) ?? fps
            var mode: OutputRange
            var requestedRange: OutputRange?
            if rangeMatching {
                requestedRange = contentRange.mode
                mode = onPanel(contentRange).mode
                if let top = display.maxRefresh(mode), snapped > top + 0.01, mode == .dolbyVision {
                    mode = .hdr10
                    note("\(display.name) takes Dolby Vision only up to \(Int(top)) Hz; \(HLSFrameRate(framesPerSecond: fps)?.string ?? "") fps content gets HDR10 (HT208288).")
                }
                note("Match Dynamic Range: the player asks for \(contentRange.mode.rawValue); the display takes \(mode.rawValue) (devices.md §8).", cause: mode != contentRange.mode)
            } else {
                mode = display.defaultMode.range
                note("Match Dynamic Range \(match == .rangeAndRate ? "off" : "absent"): the Apple TV stays in the format with the highest refresh rate, \(mode.rawValue) at \(Int(display.defaultMode.refresh)) Hz (HT208288, devices.md §8).", cause: mode != contentRange.mode)
            }
            shown = contentRange == .dolbyVision && mode != .dolbyVision
                ? Self.shown(baseRange == .sdr ? .hdr10 : baseRange, in: mode, display: display)
                : Self.shown(contentRange, in: mode, display: display)
            if contentRange == .dolbyVision && mode != .dolbyVision {
                note("Dolby Vision content on a \(mode.rawValue) mode plays as \(shown == .sdr ? "SDR" : "its \(shown.rawValue) base (static metadata)"); tvOS does not convert Dolby Vision to HDR10+ (devices.md §7, MR).")
            }
            var refresh = display.maxRefresh(mode) ?? display.defaultMode.refresh
            var requestedRefresh: Double?
            relyDisplay(display.refreshRates, "refresh rates")
            if rateMatching {
                requestedRefresh = snapped
                if display.refreshRates.value.contains(where: { abs($0 - snapped) < 0.01 }), snapped <= refresh + 0.01 {
                    refresh = snapped
                    note("Match Frame Rate: the display switches to \(Self.hz(snapped)) (apple-playback.md §5.2 snap).", cause: false)
                } else {
                    note("Match Frame Rate asks for \(Self.hz(snapped)) but \(display.name) has no such mode in \(mode.rawValue); it stays at \(Self.hz(refresh)).")
                }
            } else if !rangeMatching {
                refresh = display.defaultMode.refresh
            } else {
                note("Match Frame Rate off: the refresh rate stays at \(Self.hz(refresh)).", cause: false)
            }
            let ratio = refresh / fps
            let judder = abs(ratio - ratio.rounded()) > 0.005 || ratio < 0.99
            if judder {
                note("\(HLSFrameRate(framesPerSecond: fps)?.string ?? "?") fps at \(Self.hz(refresh)) is uneven (judder).")
            }
            outcome.criteria = PlaybackOutcome.Criteria(requestedRange: requestedRange, requestedRefresh: requestedRefresh,
                                                        mode: mode, refresh: refresh, judder: judder)
        } else {
            if shown != contentRange {
                note("The built-in panel shows \(shown.rawValue) for \(contentRange.rawValue) content (it engages HDR on demand; devices.md §2).")
            } else if contentRange != .sdr {
                note("The built-in panel engages \(contentRange.rawValue) on demand (devices.md §2).", cause: false)
            }
        }
        if p5 && contentRange == .hdr10 && device.dolbyVision.value && input.dolbyVisionAccepted {
            note("Profile 5 on a panel without Dolby Vision: the system Dolby Vision decoder tone-maps it to HDR10 (apple-playback.md §1.3, device-verified on tvOS/iOS 26.5).")
        }

        // 5. Status and the one line.
        let toneMapped = (shown == .sdr && contentRange != .sdr) || (p5 && shown != .dolbyVision)
            || outcome.output?.toneMapped == true
        outcome.output = PlaybackOutcome.Output(range: shown, toneMapped: toneMapped)
        var line = shown.label + (toneMapped ? " tone-mapped" : "")
        if let dvNote, input.dolbyVision != nil { line += " (\(dvNote))" }
        if contentRange == .dolbyVision && [.hdr10, .hlg].contains(shown) && !p5 { line += " (DV on a non-DV mode)" }
        if outcome.pipeline == .software { line = "SW decode · " + line }
        if let c = outcome.criteria { line += " · \(Self.hz(c.refresh))" + (c.judder ? " judder" : "") }
        outcome.outcome = line
        let degraded = toneMapped || outcome.pipeline == .software || dvNote != nil || outcome.criteria?.judder == true
            || (contentRange == .dolbyVision && shown != .dolbyVision)
        outcome.status = degraded ? .degraded : .plays
        outcome.reasons = reasons
        outcome.causes = causes
        outcome.uncertain = Array(Set(uncertain)).sorted()
        return outcome
    }

    /// What a display mode makes of a content range (docs/rules/devices.md §7): Dolby Vision outside a Dolby
    /// Vision mode is static HDR10; HDR10+ needs a panel that renders it; HLG in a PQ mode is
    /// converted to PQ; anything HDR in an SDR mode is tone-mapped to SDR; SDR stays SDR.
    static func shown(_ content: OutputRange, in mode: OutputRange, display: DisplayProfile) -> OutputRange {
        if mode == .sdr { return .sdr }
        switch content {
        case .dolbyVision: return mode == .dolbyVision ? .dolbyVision : .hdr10
        case .hdr10Plus: return mode == .hlg ? .hlg : (display.hdr10Plus.value ? .hdr10Plus : .hdr10)
        case .hlg: return mode == .hlg ? .hlg : .hdr10
        case .hdr10, .sdr: return content
        }
    }

    static func hz(_ rate: Double) -> String {
        let r = (rate * 1000).rounded() / 1000
        return r == r.rounded() ? "\(Int(r)) Hz" : "\(HLSFrameRate(framesPerSecond: r)?.string ?? "\(r)") Hz"
    }
}
