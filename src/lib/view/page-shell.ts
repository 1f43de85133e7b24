import {createHash} from 'node:crypto'
import {html, raw, type Html} from './html.js'

// One stylesheet for every page of a report, written once beside index.html as report.css (a report of 100,000
// trajectories would otherwise carry it 100,000 times).
export const STYLESHEET_FILE = 'report.css'

export const REPORT_STYLE = `
:root{--fg:#1d2433;--muted:#5d6675;--line:#dfe3ea;--bg:#f6f7f9;--card:#fff;--ok:#1f8a4c;--bad:#c23b3b;--warn:#b7791f;--accent:#2f6fde}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1400px;margin:0 auto;padding:24px}
h1{font-size:20px;margin:0 0 4px}
h2{font-size:16px;margin:28px 0 10px}
h3{font-size:14px;margin:0 0 6px}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
.muted{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:14px 16px;margin:0 0 14px}
table{border-collapse:collapse;width:100%;background:var(--card)}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.03em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:hover{background:#f0f4fb}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;background:#e8ebf0;color:var(--fg)}
.badge.ok{background:#dcf3e5;color:var(--ok)}
.badge.bad{background:#f8e0e0;color:var(--bad)}
.badge.warn{background:#fbf0d9;color:var(--warn)}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:0 0 12px}
.filters label{display:flex;gap:6px;align-items:center;color:var(--muted)}
.filters select{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px;background:#fff;max-width:260px}
.charts{display:flex;flex-wrap:wrap;gap:14px}
.charts .card{flex:1 1 380px;margin:0}
svg text{font:12px system-ui,sans-serif;fill:var(--fg)}
svg .bar{fill:var(--accent)}
svg .track{fill:#e8ebf0}
svg .axis{stroke:var(--line)}
ul.rubric{list-style:none;margin:0;padding:0}
ul.rubric li{padding:6px 0;border-top:1px solid var(--line)}
ul.rubric li:first-child{border-top:0}
.step{display:grid;grid-template-columns:minmax(0,3fr) minmax(260px,2fr);gap:16px}
@media (max-width:900px){.step{grid-template-columns:1fr}}
.shot{position:relative;width:100%;max-width:960px;border:1px solid var(--line);background:#eef0f3}
.shot img{display:block;width:100%;height:auto}
.shot .missing{display:flex;align-items:center;justify-content:center;aspect-ratio:5/3;color:var(--muted);padding:16px;text-align:center;overflow-wrap:anywhere}
.marker{position:absolute;width:22px;height:22px;margin:0;border:3px solid #ff2d55;border-radius:50%;transform:translate(-50%,-50%);box-shadow:0 0 0 2px #fff,0 0 8px rgba(0,0,0,.5);pointer-events:none}
.marker::after{content:"";position:absolute;left:50%;top:50%;width:4px;height:4px;margin:-2px 0 0 -2px;border-radius:50%;background:#ff2d55}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
.action{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f0f4fb;padding:4px 8px;border-radius:6px;overflow-wrap:anywhere}
.error{color:var(--bad)}
details summary{cursor:pointer;color:var(--muted)}
.swatch{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;vertical-align:baseline}
.legend{display:flex;flex-wrap:wrap;gap:16px;margin:0 0 12px}
th button.sort{all:unset;cursor:pointer}
th button.sort:hover{color:var(--fg)}
th[aria-sort=ascending] button.sort::after{content:" \\25B2"}
th[aria-sort=descending] button.sort::after{content:" \\25BC"}
.filters input[type=search]{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px;width:180px}
.pager{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:10px 0}
.pager button,.labels button{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:#fff;cursor:pointer}
.pager button:disabled{opacity:.45;cursor:default}
button.mark{padding:1px 7px;margin-right:4px;border:1px solid var(--line);border-radius:6px;background:#fff;cursor:pointer;font:inherit}
button.mark[aria-pressed=true].yes{background:#dcf3e5;color:var(--ok);border-color:var(--ok)}
button.mark[aria-pressed=true].no{background:#f8e0e0;color:var(--bad);border-color:var(--bad)}
.labels textarea{width:100%;min-height:120px;font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
.runs td .swatch{margin-right:8px}
`

/**
 * The whole document around a page body. The Content-Security-Policy lets the page load only the report's own
 * images, stylesheet and (with `loadsScripts`, the table's row chunks) scripts, and run only the inline script given
 * here (by hash), so an escaping slip in record data could not fetch or execute anything from elsewhere. `root` is
 * the way from the page to the report folder ('' or '../').
 */
export function renderPage(options: {
  title: string
  body: Html
  script?: string
  root?: string
  loadsScripts?: boolean
  dataset?: Record<string, string>
}): string {
  const sources = [
    options.script ? `'sha256-${createHash('sha256').update(options.script).digest('base64')}'` : null,
    options.loadsScripts ? "'self' file:" : null,
  ].filter((source) => source !== null)
  const scriptSrc = sources.length > 0 ? sources.join(' ') : "'none'"
  // The policy is this module's constant (its quotes must stay quotes), so it goes in raw.
  const policy = `default-src 'none'; img-src 'self' file: data:; style-src 'self' file: 'unsafe-inline'; script-src ${scriptSrc}; base-uri 'none'; form-action 'none'`
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${raw(policy)}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${options.title}</title>
<link rel="stylesheet" href="${options.root ?? ''}${STYLESHEET_FILE}">
</head>
<body>
<main${dataAttributes(options.dataset ?? {})}>
${options.body}
</main>
${options.script ? html`<script>${raw(options.script)}</script>` : null}
</body>
</html>
`.markup
}

// <main>'s data-* attributes (what the page's script reads about the page), from camelCase names.
function dataAttributes(dataset: Record<string, string>): Html {
  return html`${Object.entries(dataset).map(([name, value]) => html` data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${value}"`)}`
}
