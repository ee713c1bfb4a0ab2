import HDRProbeModel

/// The library matrix as one self-contained HTML page (no network, no external asset): the summary
/// per target first (plays as authored / degraded / fails, with the top reasons), then the grouped
/// table — a row per group, or per file (`perFile`) — sortable by any column, filterable by target
/// and outcome, searchable by path; a group row opens its file list, a file opens the details
/// panel (every target's outcome and reasons, and the brightness plot, drawn then). The data is
/// embedded once, compactly (``data(_:order:)``): outcomes, reason texts, folders and brightness
/// series are tables that groups and files point into. The view state lives in the URL fragment
/// (`#q=…&t=…&o=…&s=…&d=…&open=…`), so a view can be linked and the browser check can drive it.
/// Every string from a file name or a report is escaped for HTML, or is JSON inside
/// `<script type="application/json">` with `<`, `>`, `&` and U+2028/9 escaped that the script
/// writes with `textContent` only.
package enum LibraryMatrixHTML {
    package static func escape(_ s: String) -> String {
        s.replacingAll(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])
    }

    /// A JSON string literal that is also safe inside a script element.
    package static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Interns strings into a table, handing out their index.
    package struct Table {
        package var items: [String] = []
        package var index: [String: Int] = [:]
        package mutating func id(_ s: String) -> Int {
            if let i = index[s] { return i }
            index[s] = items.count
            items.append(s)
            return items.count - 1
        }
        package var json: String { "[" + items.map(quoted).joined(separator: ",") + "]" }
    }

    package static let statuses: [PlaybackOutcome.Status] = [.plays, .degraded, .fails]

    /// The embedded data: `cols` [id, device, display]; `txt` reason texts; `out` distinct
    /// outcomes [status 0/1/2, outcome, decode, pipeline, sample entry, SUPPLEMENTAL-CODECS,
    /// reason ids, uncertain ids]; `groups` [files, codec, range type, Dolby Vision, rate, size,
    /// findings, error code, outcome id per column or -1]; `dirs` folders; `files` [folder id,
    /// name, group, series id or -1, error]; `series` brightness (``LibraryMatrix/brightnessText(_:)``).
    package static func data(_ m: LibraryMatrix, order: [Int], perFile: Bool) -> String {
        var txt = Table(), outs = Table(), dirs = Table(), series = Table()
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        var groups: [String] = []
        for gi in order {
            let g = m.groups[gi]
            let cells = g.cells.map { cell -> String in
                guard let o = cell else { return "-1" }
                let reasons = o.reasons.map { String(txt.id($0)) }.joined(separator: ",")
                let uncertain = o.uncertain.map { String(txt.id($0)) }.joined(separator: ",")
                let entry = "[\(statuses.firstIndex(of: o.status)!),\(quoted(o.outcome)),\(quoted(o.decode.rawValue)),\(quoted(o.pipeline.rawValue)),"
                    + "\(quoted(o.sampleEntry ?? "")),\(quoted(o.supplementalCodecs ?? "")),[\(reasons)],[\(uncertain)]]"
                return String(outs.id(entry))
            }
            let fields: [String?] = [g.codec, g.videoRangeType, g.dolbyVision, g.frameRate, g.resolution, g.findings.joined(separator: " "), g.errorCode]
            groups.append("[\(g.count)," + fields.map { quoted($0 ?? "") }.joined(separator: ",") + ",[" + cells.joined(separator: ",") + "]]")
        }
        var files = ""
        files.reserveCapacity(m.files.count * 48)
        for (i, f) in m.files.enumerated() {
            guard let g = position[f.group] else { continue }
            let slash = f.path.lastIndex(of: "/").map { f.path.index(after: $0) } ?? f.path.startIndex
            if i > 0 { files += "," }
            files += "[\(dirs.id(String(f.path[..<slash]))),\(quoted(String(f.path[slash...]))),\(g),\(f.brightness.map { series.id($0) } ?? -1)"
            files += f.error.map { "," + quoted($0) + "]" } ?? "]"
        }
        let cols = m.columns.map { "[\(quoted($0.id)),\(quoted($0.device)),\(quoted($0.display))]" }.joined(separator: ",")
        // Report page links, in file order ("" for none), only when some file has one.
        let links = m.files.contains { $0.link != nil }
            ? ",\"links\":[" + m.files.filter { position[$0.group] != nil }.map { quoted($0.link ?? "") }.joined(separator: ",") + "]" : ""
        return "{\"perFile\":\(perFile),\"cols\":[\(cols)],\"txt\":\(txt.json),\"out\":[\(outs.items.joined(separator: ","))],"
            + "\"groups\":[\(groups.joined(separator: ","))],\"dirs\":\(dirs.json),\"files\":[\(files)],\"series\":\(series.json)\(links)}"
    }

    package static func render(_ m: LibraryMatrix, perFile: Bool, title: String = "hdrprobe capability matrix") -> String {
        let order = m.orderedGroups
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        h += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>\(escape(title))</title>\n<style>\n\(style)</style></head><body>\n"
        h += "<h1>\(escape(title))</h1>\n"
        h += "<p>hdrprobe \(escape(m.tool.version)) · \(CountText.of(m.fileCount, "file")) in \(CountText.of(order.count, "group")) × \(CountText.of(m.columns.count, "target")). "
        h += "A group is files that behave the same on every target.</p>\n"
        h += summaryTable(m)
        h += "<h2>\(perFile ? "Files" : "Groups")</h2>\n<div id=\"controls\"><input id=\"q\" type=\"search\" placeholder=\"search paths\" aria-label=\"search paths\"> "
        h += "<label>target <select id=\"t\"><option value=\"\">any target</option>"
        for (i, c) in m.columns.enumerated() { h += "<option value=\"\(i)\">\(escape(c.id))</option>" }
        h += "</select></label> <label>outcome <select id=\"o\"><option value=\"\">any outcome</option><option value=\"plays\">plays as authored</option>"
        h += "<option value=\"degraded\">degraded</option><option value=\"fails\">fails</option><option value=\"na\">not simulated</option></select></label> "
        h += "<span id=\"shown\"></span></div>\n"
        h += "<table id=\"matrix\"><thead></thead><tbody></tbody></table><p id=\"more\"></p>\n"
        h += "<aside id=\"details\" hidden><button id=\"close\" type=\"button\" aria-label=\"close\">×</button><div id=\"detail-body\"></div></aside>\n"
        h += "<script type=\"application/json\" id=\"data\">" + data(m, order: order, perFile: perFile) + "</script>\n"
        h += "<script>\n\(script)</script>\n</body></html>\n"
        return h
    }

    package static func summaryTable(_ m: LibraryMatrix) -> String {
        var h = "<h2>Summary</h2>\n<table id=\"summary\"><thead><tr><th>target</th><th>plays as authored</th><th>degraded</th><th>fails</th><th>not simulated</th><th></th><th>top reasons</th></tr></thead><tbody>\n"
        let total = max(1, m.fileCount)
        for (c, s) in m.summary().enumerated() {
            let col = m.columns[c]
            let title = "\(col.device) → \(col.display)" + (col.player.map { ", player \($0)" } ?? "") + (col.matchDynamicRange ? ", Match Dynamic Range" : "") + (col.matchFrameRate ? ", Match Frame Rate" : "")
            h += "<tr><th scope=\"row\" title=\"\(escape(title))\">\(escape(s.target))</th><td class=\"n\">\(s.plays)</td><td class=\"n\">\(s.degraded)</td>"
            h += "<td class=\"n\">\(s.fails)</td><td class=\"n\">\(s.notSimulated)</td><td><div class=\"bar\">"
            for (n, cls) in [(s.plays, "plays"), (s.degraded, "degraded"), (s.fails, "fails"), (s.notSimulated, "na")] where n > 0 {
                h += "<i class=\"\(cls)\" style=\"width:\(String(format: "%.1f", Double(n) * 100 / Double(total)))%\"></i>"
            }
            h += "</div></td><td><ul>"
            for r in s.topReasons { h += "<li class=\"\(r.status.rawValue)\">\(r.files) × \(escape(r.reason))</li>" }
            h += "</ul></td></tr>\n"
        }
        return h + "</tbody></table>\n"
    }

    package static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#222}
    table{border-collapse:collapse;font-size:12px}
    th,td{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}
    #matrix th{background:#f3f3f3;cursor:pointer;position:sticky;top:0;z-index:2}
    #matrix{font-size:11px} #matrix td,#matrix th{padding:2px 3px} #matrix td{max-width:7em;overflow-wrap:anywhere}
    #matrix th.target{vertical-align:bottom;padding:4px 2px} #matrix th.target span{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;display:inline-block;max-height:12em;overflow:hidden;text-overflow:ellipsis}
    #matrix td.cell{min-width:3em;max-width:4em;font-size:10px;overflow-wrap:break-word}
    #matrix tr > :first-child{position:sticky;left:0;z-index:1;background:#fff} #matrix thead tr > :first-child{z-index:3;background:#f3f3f3}
    #matrix td.file{min-width:7em;max-width:12em;white-space:normal} a.report{margin-left:.3em;font-size:11px}
    th.sorted-asc::after{content:" ▲"} th.sorted-desc::after{content:" ▼"}
    td.n{text-align:right} #summary ul{margin:0;padding-left:1.2em} #summary li{background:none} #summary li.fails{color:#a00}
    .bar{display:flex;width:160px;height:12px;border:1px solid #bbb} .bar i{display:block;height:100%}
    .plays{background:#d9f2d9} .degraded{background:#fff1c2} .fails{background:#f8d0d0} .na{background:#eee;color:#777}
    tr.unit{cursor:pointer} tr.unit:hover td{filter:brightness(.96)} tr.members td{background:#fafafa}
    .file{font-family:ui-monospace,monospace;white-space:nowrap} button.f{font:12px ui-monospace,monospace;border:0;background:none;color:#124;cursor:pointer;text-decoration:underline;padding:1px 4px}
    #controls{margin:.5em 0} #details{position:fixed;right:0;top:0;bottom:0;width:min(46em,60vw);overflow:auto;background:#fff;border-left:2px solid #888;padding:1em;box-shadow:-4px 0 12px #0002}
    #close{float:right;font-size:18px} svg.plot polyline{stroke:#c60;stroke-width:1.5;fill:none} svg.plot line{stroke:#bbb;stroke-dasharray:2 2}
    svg.plot text{font-size:10px;fill:#666} .none{color:#999}

    """

    package static let script = #"""
    (function(){
      var D = JSON.parse(document.getElementById('data').textContent);
      var G = D.groups, F = D.files, O = D.out, C = D.cols, ST = ['plays', 'degraded', 'fails'], RANK = {plays: 0, degraded: 1, fails: 2, na: 3};
      var LIMIT = 500;
      var members = G.map(function(){ return []; });
      F.forEach(function(f, i){ members[f[2]].push(i); });
      var state = {q: '', t: '', o: '', s: -1, d: 1, open: -1};
      var table = document.getElementById('matrix'), body = table.tBodies[0], shown = document.getElementById('shown'), more = document.getElementById('more');
      var details = document.getElementById('details'), detailBody = document.getElementById('detail-body');
      var limit = LIMIT;
      function el(tag, cls, text){ var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
      function path(i){ var f = F[i]; return D.dirs[f[0]] + f[1]; }
      // A report page beside the matrix: only relative links of hdrprobe's own naming are followed.
      function link(i){ var l = D.links && D.links[i]; return l && /^[A-Za-z0-9._\/-]+\.html$/.test(l) && l.indexOf('..') < 0 ? l : ''; }
      function cellStatus(g, c){ var k = G[g][8][c]; return k < 0 ? 'na' : ST[O[k][0]]; }
      function cellText(g, c){ var k = G[g][8][c]; return k < 0 ? (G[g][7] ? 'not analysed' : 'no video') : O[k][1]; }
      function describe(g){ var x = G[g]; return [x[7] ? 'error ' + x[7] : x[1], x[2], x[3], x[4], x[5], x[6]]; }
      var heads = (D.perFile ? ['file', 'group'] : ['files']).concat(['codec', 'range type', 'Dolby Vision', 'rate', 'size', 'findings']);
      var lead = heads.length;
      // Rows: groups, or files; each row is [group, file or -1].
      function units(){
        var q = state.q.toLowerCase(), list = [];
        function wanted(g){
          if (state.o === '') return true;
          if (state.t !== '') return cellStatus(g, +state.t) === state.o;
          for (var c = 0; c < C.length; c++) if (cellStatus(g, c) === state.o) return true;
          return false;
        }
        if (D.perFile) {
          F.forEach(function(f, i){ if (wanted(f[2]) && (!q || path(i).toLowerCase().indexOf(q) >= 0)) list.push([f[2], i]); });
        } else {
          G.forEach(function(x, g){
            if (!wanted(g)) return;
            var hits = q ? members[g].filter(function(i){ return path(i).toLowerCase().indexOf(q) >= 0; }).length : x[0];
            if (hits > 0) list.push([g, -1, hits]);
          });
        }
        if (state.s >= 0) {
          var s = state.s, d = state.d;
          list.sort(function(a, b){
            var x, y;
            if (s >= lead) { var c = s - lead; x = RANK[cellStatus(a[0], c)]; y = RANK[cellStatus(b[0], c)];
              if (x === y) { x = cellText(a[0], c); y = cellText(b[0], c); } }
            else if (D.perFile && s === 0) { x = path(a[1]); y = path(b[1]); }
            else if (D.perFile && s === 1) { x = a[0]; y = b[0]; }
            else if (!D.perFile && s === 0) { x = a[2]; y = b[2]; }
            else { x = describe(a[0])[s - (D.perFile ? 2 : 1)]; y = describe(b[0])[s - (D.perFile ? 2 : 1)]; }
            return (x < y ? -1 : x > y ? 1 : a[0] - b[0] || a[1] - b[1]) * d;
          });
        }
        return list;
      }
      function header(){
        var tr = el('tr');
        heads.concat(C.map(function(c){ return c[0]; })).forEach(function(name, i){
          var th = el('th', (i === state.s ? (state.d > 0 ? 'sorted-asc' : 'sorted-desc') : '') + (i >= lead ? ' target' : ''));
          if (i >= lead) { th.appendChild(el('span', '', name)); th.title = name + ': ' + C[i - lead][1] + ' → ' + C[i - lead][2]; }
          else th.textContent = name;
          th.dataset.col = i;
          th.addEventListener('click', function(){ state.d = state.s === i ? -state.d : 1; state.s = i; limit = LIMIT; update(); });
          tr.appendChild(th);
        });
        table.tHead.textContent = ''; table.tHead.appendChild(tr);
      }
      function row(u){
        var g = u[0], tr = el('tr', 'unit');
        tr.dataset.group = g;
        if (D.perFile) {
          tr.dataset.file = u[1];
          var td0 = el('td', 'file');
          if (link(u[1])) { var a = el('a', '', path(u[1])); a.href = link(u[1]); a.addEventListener('click', function(e){ e.stopPropagation(); }); td0.appendChild(a); }
          else td0.textContent = path(u[1]);
          tr.appendChild(td0); tr.appendChild(el('td', 'n', String(g + 1)));
        }
        else tr.appendChild(el('td', 'n', u[2] === G[g][0] ? String(G[g][0]) : u[2] + ' / ' + G[g][0]));
        describe(g).forEach(function(t){ tr.appendChild(el('td', '', t)); });
        for (var c = 0; c < C.length; c++) { var td = el('td', 'cell ' + cellStatus(g, c), cellText(g, c)); td.title = C[c][0] + ': ' + cellText(g, c); tr.appendChild(td); }
        tr.addEventListener('click', function(){ if (D.perFile) openFile(u[1]); else toggle(tr, g); });
        return tr;
      }
      function toggle(tr, g){
        var next = tr.nextSibling;
        if (next && next.classList.contains('members')) { next.remove(); return; }
        var q = state.q.toLowerCase(), m = el('tr', 'members'), td = el('td');
        td.colSpan = lead + C.length;
        var list = members[g].filter(function(i){ return !q || path(i).toLowerCase().indexOf(q) >= 0; });
        list.slice(0, 1000).forEach(function(i){
          var b = el('button', 'f', path(i)); b.type = 'button'; b.dataset.file = i;
          b.addEventListener('click', function(e){ e.stopPropagation(); openFile(i); });
          td.appendChild(b);
          if (link(i)) { var a = el('a', 'report', 'report'); a.href = link(i); a.addEventListener('click', function(e){ e.stopPropagation(); }); td.appendChild(a); }
        });
        if (list.length > 1000) td.appendChild(el('span', 'none', ' … and ' + (list.length - 1000) + ' more (search to narrow)'));
        m.appendChild(td); tr.parentNode.insertBefore(m, tr.nextSibling);
      }
      // The plot is markup built from numbers only (parsed as SVG by the HTML parser); the label is set as an attribute.
      function plot(series){
        var w = 520, h = 140, pad = 34, peak = 0;
        var pts = series.slice(1).split(',').map(function(p){ var x = p.split(':'); return [+x[0] / 1000, +x[1] / 10]; });
        var span = Math.max(pts[pts.length - 1][0], 1e-6);
        function y(n){ return (h - 14 - (Math.log10(Math.min(Math.max(n, 0.1), 10000)) + 1) / 5 * (h - 20)).toFixed(1); }
        function x(t){ return (pts.length === 1 ? pad + (w - pad) / 2 : pad + t / span * (w - pad - 4)).toFixed(1); }
        var grid = [0.1, 1, 10, 100, 1000, 10000].map(function(n){
          return '<line x1="' + pad + '" x2="' + w + '" y1="' + y(n) + '" y2="' + y(n) + '"/><text x="0" y="' + (+y(n) + 3) + '">' + n + '</text>';
        }).join('');
        var line = pts.map(function(p){ peak = Math.max(peak, p[1]); return x(p[0]) + ',' + y(p[1]); }).join(' ');
        var wrap = el('div', 'brightness');
        var label = (series[0] === 'r' ? 'Dolby Vision L1 max' : 'HDR10+ peak maxscl') + ', peak ' + Math.round(peak) + ' cd/m², ' + pts.length + ' frames over ' + span.toFixed(2) + ' s (cd/m², log scale)';
        wrap.appendChild(el('div', '', label));
        var holder = el('div');
        holder.innerHTML = '<svg class="plot" role="img" width="' + w + '" height="' + h + '" viewBox="0 0 ' + w + ' ' + h + '">' + grid + '<polyline points="' + line + '"/></svg>';
        holder.firstChild.setAttribute('aria-label', label);
        wrap.appendChild(holder);
        return wrap;
      }
      function openFile(i){
        state.open = i; save();
        var f = F[i], g = f[2], x = G[g];
        detailBody.textContent = '';
        detailBody.appendChild(el('h3', 'file', path(i)));
        detailBody.appendChild(el('p', '', 'group ' + (g + 1) + ' (' + x[0] + ' files): ' + describe(g).filter(function(t){ return t; }).join(' · ')));
        if (f[4]) detailBody.appendChild(el('p', 'fails', f[4]));
        if (link(i)) { var p = el('p'), a = el('a', 'report', 'open the file\u2019s report'); a.href = link(i); p.appendChild(a); detailBody.appendChild(p); }
        detailBody.appendChild(f[3] >= 0 ? plot(D.series[f[3]]) : el('p', 'none', 'no brightness plot: no dynamic metadata in the scanned frames (or reports from probe --jsonl, which carry no per-frame data; scan --jsonl lines do)'));
        var ul = el('ul', 'targets');
        C.forEach(function(c, ci){
          var k = x[8][ci], li = el('li', cellStatus(g, ci));
          li.appendChild(el('strong', '', c[0] + ': ' + cellText(g, ci)));
          if (k >= 0) {
            var o = O[k];
            li.appendChild(el('div', '', c[1] + ' → ' + c[2] + ' — ' + ST[o[0]] + ', decode ' + o[2] + ', pipeline ' + o[3] + (o[4] ? ', sample entry ' + o[4] : '') + (o[5] ? ', SUPPLEMENTAL-CODECS ' + o[5] : '')));
            var r = el('ul'); o[6].forEach(function(t){ r.appendChild(el('li', '', D.txt[t])); }); o[7].forEach(function(t){ r.appendChild(el('li', 'none', 'uncertain: ' + D.txt[t])); });
            li.appendChild(r);
          }
          ul.appendChild(li);
        });
        detailBody.appendChild(ul);
        details.hidden = false;
      }
      function update(){
        header();
        var list = units(), frag = document.createDocumentFragment();
        list.slice(0, limit).forEach(function(u){ frag.appendChild(row(u)); });
        body.textContent = ''; body.appendChild(frag);
        shown.textContent = list.length + (D.perFile ? ' of ' + F.length + ' files' : ' of ' + G.length + ' groups');
        more.textContent = '';
        if (list.length > limit) {
          var b = el('button', '', 'show ' + Math.min(LIMIT, list.length - limit) + ' more of ' + (list.length - limit)); b.type = 'button';
          b.addEventListener('click', function(){ limit += LIMIT; update(); }); more.appendChild(b);
        }
        save();
      }
      function save(){
        var parts = [];
        ['q', 't', 'o', 's', 'd', 'open'].forEach(function(k){ var v = state[k]; if (v !== '' && v !== -1 && !(k === 'd' && v === 1)) parts.push(k + '=' + encodeURIComponent(v)); });
        try { history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search); } catch (e) {}
      }
      location.hash.slice(1).split('&').forEach(function(p){
        var kv = p.split('='), k = kv[0], v = decodeURIComponent(kv[1] || '');
        if (k === 'q' || k === 't' || k === 'o') state[k] = v;
        else if (k === 's' || k === 'd' || k === 'open') state[k] = parseInt(v, 10);
      });
      if (!(state.d === 1 || state.d === -1)) state.d = 1;
      var q = document.getElementById('q'), t = document.getElementById('t'), o = document.getElementById('o');
      q.value = state.q; t.value = state.t; o.value = state.o;
      q.addEventListener('input', function(){ state.q = q.value; limit = LIMIT; update(); });
      t.addEventListener('change', function(){ state.t = t.value; limit = LIMIT; update(); });
      o.addEventListener('change', function(){ state.o = o.value; limit = LIMIT; update(); });
      document.getElementById('close').addEventListener('click', function(){ details.hidden = true; state.open = -1; save(); });
      update();
      if (state.open >= 0 && state.open < F.length) openFile(state.open);
      document.body.dataset.ready = 'true';
      document.body.dataset.renderMs = String(Math.round(performance.now()));
      document.body.dataset.scrollWidth = String(document.documentElement.scrollWidth);
    })();

    """#
}
