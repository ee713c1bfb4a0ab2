import Foundation

/// The capability matrix as one self-contained HTML page: no network, no external asset. A
/// sortable table (click a header), cells coloured by status, a detail panel with the reasons of
/// the clicked cell, and per file an inline SVG plot of brightness over time. Every string from
/// a file name or a report is escaped for HTML text and attributes; the data the script reads is
/// JSON inside `<script type="application/json">` with `<`, `>`, `&` and U+2028/9 escaped, and the
/// script writes it with `textContent` only.
public enum MatrixHTML {
    public static func escape(_ s: String) -> String {
        s.replacingAll(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])
    }

    /// JSON safe inside a script element.
    static func scriptJSON<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return text.replacingAll(["<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u{2028}": "\\u2028", "\u{2029}": "\\u2029"])
    }

    /// An inline SVG polyline of nits over time on a log scale (0.1 … 10,000 cd/m²).
    public static func brightnessSVG(_ points: [CapabilityMatrix.BrightnessPoint], source: String?) -> String {
        guard points.count >= 1, let t0 = points.first?.time else { return "<span class=\"none\">no dynamic metadata</span>" }
        let w = 160.0, h = 36.0
        let span = max((points.last?.time ?? t0) - t0, 1e-6)
        func y(_ nits: Double) -> Double {
            let l = log10(min(max(nits, 0.1), 10_000))   // -1 … 4
            return h - (l + 1) / 5 * h
        }
        let coords = points.map { p in
            String(format: "%.1f,%.1f", points.count == 1 ? w / 2 : (p.time - t0) / span * w, y(p.nits))
        }.joined(separator: " ")
        let peak = points.map(\.nits).max() ?? 0
        let label = escape("\(source == "rpu" ? "DV L1 max" : "HDR10+ maxscl"), peak \(Int(peak.rounded())) cd/m², \(points.count) frames")
        return "<svg class=\"plot\" width=\"\(Int(w))\" height=\"\(Int(h))\" viewBox=\"0 0 \(Int(w)) \(Int(h))\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title>"
            + "<line x1=\"0\" y1=\"\(String(format: "%.1f", y(100)))\" x2=\"\(Int(w))\" y2=\"\(String(format: "%.1f", y(100)))\" class=\"ref\"/>"
            + "<polyline points=\"\(coords)\" fill=\"none\"/></svg>"
    }

    public static func render(_ m: CapabilityMatrix, title: String = "hdrprobe capability matrix") -> String {
        var h: [String] = []
        h.append("<!DOCTYPE html>")
        h.append("<html lang=\"en\"><head><meta charset=\"utf-8\">")
        h.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">")
        h.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(escape(title))</title>")
        h.append("""
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
        table{border-collapse:collapse;font-size:12px}
        th,td{border:1px solid #ccc;padding:4px 6px;vertical-align:top}
        th{background:#f3f3f3;cursor:pointer;position:sticky;top:0}
        th.sorted-asc::after{content:" ▲"} th.sorted-desc::after{content:" ▼"}
        td.cell{cursor:pointer;min-width:8em}
        td.plays{background:#d9f2d9} td.degraded{background:#fff1c2} td.fails{background:#f8d0d0} td.na{background:#eee;color:#777}
        td.cell:focus,td.cell.selected{outline:2px solid #225;outline-offset:-2px}
        .file{font-family:ui-monospace,monospace;white-space:nowrap}
        svg.plot polyline{stroke:#c60;stroke-width:1.5} svg.plot line.ref{stroke:#bbb;stroke-dasharray:2 2} .none{color:#999}
        #detail{position:sticky;bottom:0;background:#fafafa;border-top:2px solid #888;padding:.6em 1em;margin-top:1em;min-height:4em}
        .legend span{display:inline-block;padding:2px 8px;margin-right:6px;border:1px solid #ccc}
        </style></head><body>
        """)
        h.append("<h1>\(escape(title))</h1>")
        h.append("<p>hdrprobe \(escape(m.tool.version)) · \(m.rows.count) files × \(m.columns.count) targets. Click a header to sort, a cell for its reasons.</p>")
        h.append("<p class=\"legend\"><span class=\"plays\" style=\"background:#d9f2d9\">plays as authored</span><span style=\"background:#fff1c2\">degraded (fallback, tone-mapped, software, judder)</span><span style=\"background:#f8d0d0\">fails</span><span style=\"background:#eee\">not analysed</span></p>")
        h.append("<table id=\"matrix\"><thead><tr><th data-type=\"text\">file</th><th data-type=\"text\">range type</th><th data-type=\"text\">brightness</th>")
        for c in m.columns {
            let title = "\(c.device) → \(c.display)" + (c.matchDynamicRange ? ", Match Dynamic Range" : "") + (c.matchFrameRate ? ", Match Frame Rate" : "")
            h.append("<th data-type=\"status\" title=\"\(escape(title))\">\(escape(c.id))</th>")
        }
        h.append("</tr></thead><tbody>")
        for (r, row) in m.rows.enumerated() {
            let name = row.file.split(separator: "/").last.map(String.init) ?? row.file
            h.append("<tr><td class=\"file\" title=\"\(escape(row.file))\">\(escape(name))</td>")
            h.append("<td>\(escape(row.videoRangeType ?? (row.status == .error ? "error" : "–")))</td>")
            h.append("<td>\(brightnessSVG(row.brightness, source: row.brightnessSource))</td>")
            for (c, cell) in row.cells.enumerated() {
                let status = cell?.status.rawValue ?? "na"
                let rank = cell.map { ["plays": 0, "degraded": 1, "fails": 2][$0.status.rawValue]! } ?? 3
                h.append("<td class=\"cell \(status)\" tabindex=\"0\" data-r=\"\(r)\" data-c=\"\(c)\" data-rank=\"\(rank)\">\(escape(CapabilityMatrix.cellText(row, c)))</td>")
            }
            h.append("</tr>")
        }
        h.append("</tbody></table>")
        h.append("<div id=\"detail\" aria-live=\"polite\"><em>Select a cell to see why.</em></div>")
        h.append("<script type=\"application/json\" id=\"data\">\(scriptJSON(m))</script>")
        h.append("""
        <script>
        (function(){
          var data = JSON.parse(document.getElementById('data').textContent);
          var detail = document.getElementById('detail');
          function el(tag, text){ var e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; }
          function show(td){
            document.querySelectorAll('td.selected').forEach(function(x){ x.classList.remove('selected'); });
            td.classList.add('selected');
            var row = data.rows[+td.dataset.r], col = data.columns[+td.dataset.c], cell = row.cells[+td.dataset.c];
            detail.textContent = '';
            detail.appendChild(el('strong', row.file + ' on ' + col.id));
            detail.appendChild(el('div', col.device + ' → ' + col.display));
            if (!cell) { detail.appendChild(el('div', row.error || 'no video stream')); return; }
            detail.appendChild(el('div', cell.outcome + ' [' + cell.status + '] — decode ' + cell.decode + ', pipeline ' + cell.pipeline +
              (cell.sampleEntry ? ', sample entry ' + cell.sampleEntry : '') + (cell.supplementalCodecs ? ', SUPPLEMENTAL-CODECS ' + cell.supplementalCodecs : '')));
            var ul = el('ul'); cell.reasons.forEach(function(x){ ul.appendChild(el('li', x)); }); detail.appendChild(ul);
            if (cell.uncertain.length) { var u = el('ul'); cell.uncertain.forEach(function(x){ u.appendChild(el('li', 'uncertain: ' + x)); }); detail.appendChild(u); }
          }
          document.querySelectorAll('td.cell').forEach(function(td){
            td.addEventListener('click', function(){ show(td); });
            td.addEventListener('keydown', function(e){ if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); show(td); } });
          });
          var table = document.getElementById('matrix');
          table.querySelectorAll('th').forEach(function(th, i){
            th.addEventListener('click', function(){
              var asc = !th.classList.contains('sorted-asc');
              table.querySelectorAll('th').forEach(function(x){ x.classList.remove('sorted-asc', 'sorted-desc'); });
              th.classList.add(asc ? 'sorted-asc' : 'sorted-desc');
              var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
              rows.sort(function(a, b){
                var x = a.cells[i], y = b.cells[i], d;
                if (th.dataset.type === 'status') d = (+x.dataset.rank) - (+y.dataset.rank) || x.textContent.localeCompare(y.textContent);
                else d = x.textContent.localeCompare(y.textContent);
                return asc ? d : -d;
              });
              rows.forEach(function(r){ body.appendChild(r); });
            });
          });
          document.body.setAttribute('data-ready', 'true');
        })();
        </script>
        """)
        h.append("</body></html>")
        return h.joined(separator: "\n") + "\n"
    }
}
