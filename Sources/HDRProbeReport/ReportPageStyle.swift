/// The look the HTML pages share (`hdrprobe report` and the matrix): colours as CSS variables with
/// a light and a dark theme — the system's choice, or `data-theme` on the root element when the
/// reader picked one — the status colours of outcomes, and a print layout (light, no controls).
package enum ReportPageStyle {
    package static let css = """
    :root{--bg:#fff;--fg:#222;--muted:#555;--grid:#d0d0d0;--plot-bg:#fff;--code-bg:#f4f4f4;--locus-fill:#f4f1ea;--link:#124;
      --plays:#d9f2d9;--degraded:#fff1c2;--fails:#f8d0d0;--na:#eee;color-scheme:light}
    @media (prefers-color-scheme: dark){:root:not([data-theme=light]){--bg:#16181c;--fg:#e6e6e6;--muted:#a8adb3;--grid:#3a3f45;--plot-bg:#1d2025;
      --code-bg:#23262b;--locus-fill:#2a2a26;--link:#8cb4ff;--plays:#1f4424;--degraded:#4d4216;--fails:#5a2323;--na:#2c2f33;color-scheme:dark}}
    :root[data-theme=dark]{--bg:#16181c;--fg:#e6e6e6;--muted:#a8adb3;--grid:#3a3f45;--plot-bg:#1d2025;--code-bg:#23262b;--locus-fill:#2a2a26;
      --link:#8cb4ff;--plays:#1f4424;--degraded:#4d4216;--fails:#5a2323;--na:#2c2f33;color-scheme:dark}
    body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:var(--fg);background:var(--bg)}
    a{color:var(--link)} h1{font-size:20px;margin:.2em 0} h2{font-size:16px;margin:1.4em 0 .4em;border-bottom:1px solid var(--grid)}
    h3{font-size:14px;margin:1em 0 .3em} .file{font-family:ui-monospace,monospace;word-break:break-all} .path{color:var(--muted);margin:0}
    table.grid,table.kv{border-collapse:collapse;font-size:12px} table.grid th,table.grid td,table.kv th,table.kv td{border:1px solid var(--grid);padding:3px 6px;text-align:left;vertical-align:top}
    table.kv th{font-weight:600;white-space:nowrap}
    .plays{background:var(--plays)} .degraded{background:var(--degraded)} .fails{background:var(--fails)} .na{background:var(--na);color:var(--muted)}
    .none{color:var(--muted)} button{background:var(--bg);color:var(--fg);border:1px solid var(--grid);border-radius:3px;cursor:pointer}
    @media print{:root,:root:not([data-theme=light]),:root[data-theme]{--bg:#fff;--fg:#000;--muted:#444;--plot-bg:#fff;--grid:#bbb;--code-bg:#f4f4f4;--locus-fill:#f4f1ea;--plays:#d9f2d9;--degraded:#fff1c2;--fails:#f8d0d0;--na:#eee;color-scheme:light}
      button,#controls,.back{display:none}
      section{break-inside:avoid} body{margin:0}}

    """
}
