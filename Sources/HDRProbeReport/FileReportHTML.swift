import Foundation  // String(format:)
import HDRProbeModel
import HDRProbeSimulate

/// One file's HDR report as a self-contained HTML page (`hdrprobe report`, `docs/report-pages.md`):
/// the verdict and fallback first, then the brightness over time and the colour volume pictures,
/// the streams, the findings with their fixes, the HLS and DASH signalling, and the playback
/// simulation on the chosen targets. Nothing is fetched (a Content-Security-Policy forbids it): the
/// pictures are inline SVG, the one script only adds the hover read-out over the brightness
/// picture and the theme switch. Every string from the file or its report is escaped.
package enum FileReportHTML {
    /// What the page shows: the report (with its `playback` simulated), the per-frame dynamic
    /// metadata of its first video stream, and how to name devices and displays.
    package struct Input {
        package var report: ProbeReport
        package var frames: [DynamicMetadataFrame]
        package var catalog: DeviceCatalog?
        /// The index page, when the page is one of several (`report --output DIR`).
        package var indexLink: String?

        package init(report: ProbeReport, frames: [DynamicMetadataFrame], catalog: DeviceCatalog?, indexLink: String? = nil) {
            self.report = report
            self.frames = frames
            self.catalog = catalog
            self.indexLink = indexLink
        }
    }

    package static func e(_ s: String) -> String { LibraryMatrixHTML.escape(s) }

    /// The page of the `index`-th file (0-based) in a report folder: `001-NAME.html`, the name's
    /// characters other than letters, digits, `.`, `_` and `-` replaced by `_` (a file name from
    /// any path, never a path of its own).
    package static func pageName(index: Int, path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? "file"
        let safe = String(base.unicodeScalars.prefix(80).map { c -> Character in
            c.isASCII && (c.properties.isAlphabetic || c.properties.numericType != nil || ".-_".unicodeScalars.contains(c)) ? Character(c) : "_"
        })
        let number = String(index + 1)
        return String(repeating: "0", count: max(0, 3 - number.count)) + number + "-" + (safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe) + ".html"
    }

    /// The stream the pictures and the verdict describe: the first video stream, or the RPU stream of
    /// a Dolby Vision RPU file.
    package static func video(_ r: ProbeReport) -> StreamReport? {
        r.streams.first { $0.kind == .video && $0.role == nil } ?? r.streams.first { $0.dolbyVision != nil }
    }

    /// The brightness picture of a report's first video stream (nil without dynamic metadata).
    package static func timeline(_ r: ProbeReport, frames: [DynamicMetadataFrame]) -> BrightnessTimeline? {
        let v = video(r)
        return BrightnessTimeline(frames: frames, frameRate: v?.frameRate?.value, hdr: v?.hdr)
    }

    package static func render(_ input: Input) -> String {
        let r = input.report
        let name = r.path.split(separator: "/").last.map(String.init) ?? r.path
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        h += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(e(name)) — hdrprobe report</title>\n"
        h += "<style>\n\(ReportPageStyle.css)\(style)</style></head><body>\n<header>"
        if let index = input.indexLink { h += "<a class=\"back\" href=\"\(e(index))\">← all files</a>" }
        h += "<button id=\"theme\" type=\"button\" aria-label=\"switch light and dark theme\">◐</button>"
        h += "<h1 class=\"file\">\(e(name))</h1><p class=\"path file\">\(e(r.path))</p></header>\n"
        h += verdict(r)
        let timeline = timeline(r, frames: input.frames)
        h += brightness(r, timeline)
        h += colourVolume(r)
        h += trims(input.frames)
        h += streams(r)
        h += findings(r)
        h += signalling(r)
        h += playback(r, catalog: input.catalog)
        h += footer(r)
        if let t = timeline { h += "<script type=\"application/json\" id=\"brightness-data\">" + hoverData(t) + "</script>\n" }
        h += "<script>\n\(script)</script>\n</body></html>\n"
        return h
    }

    // MARK: - Sections

    package static func verdict(_ r: ProbeReport) -> String {
        var h = "<section id=\"verdict\">"
        if r.status == .error {
            let code = r.error?.code.rawValue ?? "error"
            return h + "<p class=\"badge fails\">error</p><p><strong>\(e(code))</strong>: \(e(r.error?.message ?? ""))</p></section>\n"
        }
        guard let v = video(r) else {
            return h + "<p class=\"badge na\">no video</p><p>The file has no video stream to judge.</p></section>\n"
        }
        let range = v.hdr?.videoRangeType.rawValue ?? "unknown"
        if let dv = v.dolbyVision {
            let ok = dv.verdict.decision == .accept
            h += "<p class=\"badge \(ok ? "plays" : "fails")\">Dolby Vision \(e(dv.profileName)): \(ok ? "accepted" : "refused")</p>"
            h += "<p class=\"why\">\(e(dv.verdict.reason)) <span class=\"code\">\(e(dv.verdict.code.rawValue))</span></p>"
            h += "<p>Fallback: <strong>\(e(dv.verdict.fallback ?? "none"))</strong></p>"
        } else {
            h += "<p class=\"badge \(range == "SDR" ? "na" : "plays")\">\(e(range))</p>"
        }
        var facts = ["range type \(range)"]
        if let formats = v.hdr?.formats, !formats.isEmpty { facts.append("HDR formats " + formats.joined(separator: ", ")) }
        if let c = v.codec { facts.append([c, v.profile].compactMap { $0 }.joined(separator: " ")) }
        if let w = v.width, let hh = v.height { facts.append("\(w)×\(hh)") }
        if let fps = v.frameRate?.value { facts.append(String(format: "%.3f fps", fps)) }
        let worst = r.findings.map(\.severity).max()
        facts.append(worst.map { "worst finding: \($0.rawValue)" } ?? "no findings")
        return h + "<p class=\"facts\">" + facts.map(e).joined(separator: " · ") + "</p></section>\n"
    }

    package static func brightness(_ r: ProbeReport, _ t: BrightnessTimeline?) -> String {
        var h = "<section id=\"brightness\"><h2>Brightness over time</h2>"
        guard let t else {
            let scanned = r.probe?.framesScanned.map { " in the \(CountText.of($0, "scanned frame"))" } ?? ""
            return h + "<p class=\"none\">No dynamic metadata (Dolby Vision RPU level 1 or HDR10+)\(scanned): nothing to draw.</p></section>\n"
        }
        var line = "\(CountText.of(t.frameCount, "frame")) over \(BrightnessTimelineSVG.clock(t.duration))"
        if t.isEnvelope { line += ", drawn as \(t.columns.count) columns of each run's lowest and highest value" }
        for s in t.series { if let p = t.peak(of: s) { line += " · \(s.label) peak \(BrightnessTimelineSVG.nits(p))" } }
        if !t.sceneCuts.isEmpty { line += " · \(CountText.of(t.sceneCuts.count, "scene cut"))" }
        h += "<p>\(e(line))</p><div class=\"plot-wrap\">" + BrightnessTimelineSVG.render(t)
        h += "<div id=\"readout\" class=\"readout\" hidden></div></div>"
        let refs = t.references.map { "\($0.0.label) \(BrightnessTimelineSVG.nits($0.1))" }
        if !refs.isEmpty { h += "<p class=\"note\">Dashed: " + e(refs.joined(separator: ", ")) + " (static metadata).</p>" }
        return h + "</section>\n"
    }

    package static func colourVolume(_ r: ProbeReport) -> String {
        var h = "<section id=\"colour\"><h2>Colour volume</h2>"
        guard let v = video(r) else { return h + "<p class=\"none\">No video stream.</p></section>\n" }
        let mastering = v.hdr?.masteringDisplay
        let measured = mastering.map { [ChromaticityGamut(masteringDisplay: $0)] } ?? []
        h += "<div class=\"colour\">" + ChromaticityDiagramSVG.render(measured: measured) + "<div>"
        var rows: [(String, String)] = []
        if let c = v.color {
            rows.append(("colour description", [c.primaries, c.transfer, c.matrix, c.range].map { $0 ?? "–" }.joined(separator: " / ")))
        }
        if let m = mastering {
            let near = ChromaticityGamut(masteringDisplay: m).nearestReference.map { " (≈ \($0.name))" } ?? ""
            rows.append(("mastering display", "\(m.source.rawValue)\(near)"))
            rows.append(("primaries", String(format: "R (%.4f, %.4f) G (%.4f, %.4f) B (%.4f, %.4f)", m.redX, m.redY, m.greenX, m.greenY, m.blueX, m.blueY)))
            rows.append(("white point", String(format: "(%.4f, %.4f)", m.whiteX, m.whiteY)))
            rows.append(("luminance", "\(BrightnessTimelineSVG.nits(m.minLuminance)) – \(BrightnessTimelineSVG.nits(m.maxLuminance))"))
        } else {
            rows.append(("mastering display", "none signalled"))
        }
        if let cll = v.hdr?.contentLightLevel {
            rows.append(("content light level", "MaxCLL \(cll.maxCLL) cd/m², MaxFALL \(cll.maxFALL) cd/m² (\(cll.source.rawValue))"))
        }
        if let l6 = v.dolbyVision?.rpu.summary?.level6 {
            rows.append(("Dolby Vision L6", "mastering \(l6.maxDisplayMasteringLuminance) cd/m², MaxCLL \(l6.maxContentLightLevel), MaxFALL \(l6.maxFrameAverageLightLevel)"))
        }
        if let hp = v.hdr?.hdr10Plus, hp.present {
            rows.append(("HDR10+", "\(hp.profile.map { "profile \($0), " } ?? "")\(hp.framesWithMetadata) of \(hp.framesScanned) frames"))
        }
        h += table(rows) + "</div></div></section>\n"
        return h
    }

    /// The Dolby Vision L2/L8 trims of the first RPU that has any, and how often they change.
    package static func trims(_ frames: [DynamicMetadataFrame]) -> String {
        let sets = frames.compactMap { $0.rpu?.trims }.filter { !$0.isEmpty }
        guard let first = sets.first else { return "" }
        var h = "<section id=\"trims\"><h3>Dolby Vision trims</h3><p>Target displays the RPUs carry trims for (first set"
        h += sets.count > 1 ? "; the trims change \(CountText.of(sets.count - 1, "time")) in the scanned frames)" : ")"
        h += ". Values as coded, 2048 = no change.</p><table class=\"grid trims\"><thead><tr><th>level</th><th>target display</th><th>slope</th>"
        h += "<th>offset</th><th>power</th><th>chroma weight</th><th>saturation gain</th><th>ms weight</th></tr></thead><tbody>"
        for t in first {
            var target = t.targetNits.map { BrightnessTimelineSVG.nits($0) } ?? ""
            if let i = t.targetDisplayIndex { target = "index \(i)" + (target.isEmpty ? "" : ", \(target)") }
            let cells = ["L\(t.level.rawValue)", target] + [t.slope, t.offset, t.power, t.chromaWeight, t.saturationGain, t.msWeight].map(String.init)
            h += "<tr data-level=\"\(t.level.rawValue)\">" + cells.map { "<td>\(e($0))</td>" }.joined() + "</tr>"
        }
        return h + "</tbody></table></section>\n"
    }

    package static func streams(_ r: ProbeReport) -> String {
        var h = "<section id=\"streams\"><h2>Streams</h2><table class=\"grid\"><thead><tr><th>#</th><th>kind</th><th>codec</th><th>picture</th>"
        h += "<th>colour</th><th>range type</th><th>Dolby Vision</th><th>HDR10+</th><th>sample entry</th></tr></thead><tbody>"
        for s in r.streams {
            let codec = [s.codec, s.profile, s.level.map { "L\($0)" }].compactMap { $0 }.joined(separator: " ")
            var picture = [String]()
            if let w = s.width, let hh = s.height { picture.append("\(w)×\(hh)") }
            if let d = s.bitDepth { picture.append("\(d)-bit") }
            if let c = s.chromaSubsampling { picture.append(c) }
            if let f = s.frameRate?.value { picture.append(String(format: "%.3f fps", f)) }
            let colour = s.color.map { c in [c.primaries, c.transfer, c.matrix].map { $0 ?? "–" }.joined(separator: "/") } ?? ""
            var dv = ""
            if let d = s.dolbyVision {
                dv = "\(d.profileName) \(d.verdict.decision.rawValue), RPU in \(d.rpu.framesWithRpu)/\(d.rpu.framesScanned)"
                if let el = d.rpu.enhancementLayer { dv += ", \(el)" }
            }
            let hp = s.hdr.map { $0.hdr10Plus.present ? "\($0.hdr10Plus.framesWithMetadata)/\($0.hdr10Plus.framesScanned) frames" : "" } ?? ""
            let cells = [String(s.index), s.role ?? s.kind.rawValue, codec, picture.joined(separator: ", "), colour,
                         s.hdr?.videoRangeType.rawValue ?? "", dv, hp, s.sampleEntry ?? ""]
            h += "<tr>" + cells.map { "<td>\(e($0))</td>" }.joined() + "</tr>"
        }
        return h + "</tbody></table></section>\n"
    }

    package static func findings(_ r: ProbeReport) -> String {
        var h = "<section id=\"findings\"><h2>Findings</h2>"
        guard !r.findings.isEmpty else { return h + "<p class=\"none\">No findings.</p></section>\n" }
        h += "<ul class=\"findings\">"
        for f in r.findings.sorted(by: { $0.severity > $1.severity }) {
            h += "<li class=\"sev-\(f.severity.rawValue)\"><span class=\"sev\">\(f.severity.rawValue)</span> <span class=\"code\">\(e(f.code.rawValue))</span>"
            if let s = f.stream { h += " <span class=\"stream\">#\(s)</span>" }
            h += "<div>\(e(f.message))</div>"
            if let fix = f.code.fix { h += "<div class=\"fix\">Fix: \(e(fix))</div>" }
            h += "</li>"
        }
        return h + "</ul></section>\n"
    }

    package static func signalling(_ r: ProbeReport) -> String {
        var h = "<section id=\"signalling\"><h2>Streaming signalling</h2>"
        let planned = r.streams.filter { $0.hls != nil || $0.dash != nil }
        guard !planned.isEmpty else { return h + "<p class=\"none\">No video stream to signal.</p></section>\n" }
        for s in planned {
            if let hls = s.hls {
                var rows: [(String, String)] = [("CODECS", hls.codecs)]
                if let sc = hls.supplementalCodecs { rows.append(("SUPPLEMENTAL-CODECS", sc)) }
                rows.append(("VIDEO-RANGE", hls.videoRange.rawValue))
                if let fr = hls.frameRate { rows.append(("FRAME-RATE", fr.string)) }
                rows.append(("RESOLUTION", hls.resolution))
                rows.append(("sample entry", hls.sampleEntry))
                if let plan = hls.plan {
                    rows.append(("plan", plan.isCopyAsIs ? "copy as is" : (plan.steps.map { "\($0.code.rawValue): \($0.detail)" }
                        + (plan.dolbyVisionRecord.map { ["Dolby Vision record: \($0.action.rawValue)"] } ?? [])).joined(separator: "; ")))
                }
                h += "<h3>HLS, stream #\(s.index)</h3>" + table(rows) + "<pre class=\"line\">\(e(hls.streamInf))</pre>"
            }
            if let dash = s.dash {
                var rows: [(String, String)] = [("mimeType", dash.mimeType)]
                if let c = dash.codecs { rows.append(("@codecs", c)) }
                if let sc = dash.supplementalCodecs { rows.append(("scte214:supplementalCodecs", sc)) }
                if let sp = dash.supplementalProfiles { rows.append(("scte214:supplementalProfiles", sp)) }
                if let fr = dash.frameRate { rows.append(("@frameRate", fr)) }
                h += "<h3>DASH, stream #\(s.index)</h3>" + table(rows)
            }
        }
        return h + "</section>\n"
    }

    package static func playback(_ r: ProbeReport, catalog: DeviceCatalog?) -> String {
        var h = "<section id=\"playback\"><h2>Playback</h2>"
        guard let outcomes = r.playback, !outcomes.isEmpty else {
            return h + "<p class=\"none\">Not simulated (no video stream, or no target named).</p></section>\n"
        }
        h += "<table class=\"grid playback\"><thead><tr><th>target</th><th>device · player → display</th><th>outcome</th><th>path</th><th>reasons</th></tr></thead><tbody>"
        for p in outcomes {
            let device = catalog?.device(p.device)?.name ?? p.device, display = catalog?.display(p.display)?.name ?? p.display
            let player = catalog?.player(p.player)?.name ?? p.player
            var path = "decode \(p.decode.rawValue), pipeline \(p.pipeline.rawValue)"
            if let c = p.conversion {
                path += ", converted Dolby Vision \(c.from) → \(c.to)" + (c.lossless ? " (lossless)" : " (the enhancement layer's refinement is lost)")
            }
            if let s = p.sampleEntry { path += ", \(s)" }
            if let sc = p.supplementalCodecs { path += ", SUPPLEMENTAL-CODECS \(sc)" }
            let reasons = p.reasons.map { "<li>\(e($0))</li>" }.joined() + p.uncertain.map { "<li class=\"none\">uncertain: \(e($0))</li>" }.joined()
            h += "<tr class=\"\(p.status.rawValue)\" data-target=\"\(e(p.target))\"><td>\(e(p.target))</td><td>\(e(device)) · \(e(player)) → \(e(display))</td>"
            h += "<td class=\"cell \(p.status.rawValue)\">\(e(p.outcome))</td><td>\(e(path))</td><td><ul>\(reasons)</ul></td></tr>"
        }
        return h + "</tbody></table></section>\n"
    }

    package static func footer(_ r: ProbeReport) -> String {
        var parts = ["hdrprobe \(r.tool.version)"]
        if let p = r.probe {
            if let n = p.framesScanned { parts.append("\(CountText.of(n, "frame")) scanned") }
            parts.append("\(CountText.of(p.bytesRead, "byte")) read")
        }
        parts.append(r.tool.libavformatUsed == true ? "read with libavformat" : "read by hdrprobe's own container reader")
        return "<footer>" + e(parts.joined(separator: " · ")) + "</footer>\n"
    }

    package static func table(_ rows: [(String, String)]) -> String {
        "<table class=\"kv\">" + rows.map { "<tr><th>\(e($0.0))</th><td>\(e($0.1))</td></tr>" }.joined() + "</table>"
    }

    /// The hover read-out's data: the series ids and one row per column, `[first frame, last frame,
    /// seconds, low₀, high₀, low₁, high₁, …]` (values in cd/m² to 0.1, `null` where absent).
    package static func hoverData(_ t: BrightnessTimeline) -> String {
        func n(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "null" }
        var s = "{\"series\":[" + t.series.map { "[\"\($0.rawValue)\",\"\($0.label)\"]" }.joined(separator: ",") + "],\"envelope\":\(t.isEnvelope),\"columns\":["
        s.reserveCapacity(t.columns.count * (16 + 12 * t.series.count))
        for (i, c) in t.columns.enumerated() {
            if i > 0 { s += "," }
            s += "[\(c.firstFrame),\(c.lastFrame),\(String(format: "%.3f", c.start))"
            for k in t.series.indices { s += ",\(n(c.low[k])),\(n(c.high[k]))" }
            s += "]"
        }
        return s + "]}"
    }

    package static let style = """
    #verdict .badge{display:inline-block;font-size:18px;font-weight:600;padding:4px 12px;border-radius:4px;margin:.2em 0}
    .why{margin:.3em 0} .facts{color:var(--muted)} .code{font-family:ui-monospace,monospace;font-size:12px;color:var(--muted)}
    .plot-wrap{position:relative;max-width:960px} .plot-wrap svg,.colour svg{max-width:100%;height:auto}
    .readout{position:absolute;top:36px;right:186px;background:var(--bg);border:1px solid var(--grid);padding:4px 8px;font-size:12px;pointer-events:none;white-space:pre}
    .colour{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
    ul.findings{list-style:none;padding:0} ul.findings li{border-left:4px solid var(--grid);padding:2px 8px;margin:6px 0}
    li.sev-error{border-color:#c92a2a} li.sev-warning{border-color:#e8a317} li.sev-info{border-color:#1971c2}
    .sev{font-weight:600;text-transform:uppercase;font-size:11px} .fix{color:var(--muted)} .stream{color:var(--muted)}
    pre.line{white-space:pre-wrap;word-break:break-all;background:var(--code-bg);padding:6px;font-size:12px}
    table.playback ul{margin:0;padding-left:1.1em} footer{margin-top:2em;color:var(--muted);font-size:12px}
    header .back{float:left;margin-right:1em} #theme{float:right}
    svg .bg{fill:var(--plot-bg)} svg text{fill:var(--muted)} svg .grid{stroke:var(--grid)} svg .locus{fill:var(--locus-fill);stroke:var(--fg)}
    svg .cursor{stroke:var(--fg)}

    """

    /// Hover: the column under the pointer (an envelope's run, or the nearest frame) is read out
    /// with its frames, time and every series' value; the theme button toggles `data-theme`.
    package static let script = #"""
    (function(){
      var root = document.documentElement, key = 'hdrprobe-theme';
      try { var saved = localStorage.getItem(key); if (saved) root.dataset.theme = saved; } catch (e) {}
      document.getElementById('theme').addEventListener('click', function(){
        var dark = root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
        root.dataset.theme = dark ? 'light' : 'dark';
        try { localStorage.setItem(key, root.dataset.theme); } catch (e) {}
      });
      var data = document.getElementById('brightness-data'), svg = document.querySelector('svg.brightness');
      if (data && svg) {
        var D = JSON.parse(data.textContent), C = D.columns, out = document.getElementById('readout'), cursor = svg.querySelector('.cursor');
        var left = +svg.dataset.left, width = +svg.dataset.plotWidth, duration = +svg.dataset.duration;
        function fmt(v){ return v === null ? '–' : v >= 100 ? Math.round(v) : v.toFixed(1); }
        function at(x){
          var f = (x - left) / width;
          if (f < 0 || f > 1) return -1;
          if (D.envelope) return Math.min(C.length - 1, Math.floor(f * C.length));
          var t = f * duration, lo = 0, hi = C.length - 1;
          while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (C[mid][2] <= t) lo = mid; else hi = mid - 1; }
          if (lo + 1 < C.length && C[lo + 1][2] - t < t - C[lo][2]) lo++;
          return lo;
        }
        // The read-out of column i, with the cursor at x (viewBox units).
        function show(i, x){
          var c = C[i], lines = [(c[0] === c[1] ? 'frame ' + c[0] : 'frames ' + c[0] + '–' + c[1]) + ' · ' + c[2].toFixed(3) + ' s'];
          D.series.forEach(function(s, k){
            var lo = c[3 + 2 * k], hi = c[4 + 2 * k];
            lines.push(s[1] + ': ' + (lo === hi ? fmt(hi) : fmt(lo) + '–' + fmt(hi)) + ' cd/m²');
          });
          out.textContent = lines.join('\n'); out.hidden = false; out.dataset.column = i;
          cursor.setAttribute('x1', x); cursor.setAttribute('x2', x); cursor.setAttribute('visibility', 'visible');
        }
        function xOf(i){ return D.envelope ? left + (i + 0.5) * width / C.length : left + (duration > 0 ? C[i][2] / duration : 0.5) * width; }
        svg.addEventListener('mousemove', function(ev){
          var box = svg.getBoundingClientRect(), x = (ev.clientX - box.left) * (svg.viewBox.baseVal.width / box.width), i = at(x);
          if (i < 0) { out.hidden = true; cursor.setAttribute('visibility', 'hidden'); return; }
          show(i, x);
        });
        // #hover=N shows column N's read-out as the pointer would (a link to a moment; the browser check uses it).
        var m = /(?:^#|&)hover=(\d+)/.exec(location.hash);
        if (m && +m[1] < C.length) show(+m[1], xOf(+m[1]));
        svg.addEventListener('mouseleave', function(){ out.hidden = true; cursor.setAttribute('visibility', 'hidden'); });
      }
      document.body.dataset.ready = 'true';
      document.body.dataset.renderMs = String(Math.round(performance.now()));
    })();

    """#
}
