import type {HazardKind} from './hazards.js'

// The hazards' side in the page (hazards.ts): a runtime script and the transforms of a family's HTML.

/** Request headers the runtime's fetches carry, so that the server knows what they are for. */
export const HAZARD_HEADERS = {
  /** A same-site link or back/forward loaded by fetch (pushstate). */
  swap: 'x-webgym-swap',
  /** A POST form sent by fetch (late-effect): the server holds its answer. */
  late: 'x-webgym-late',
  /** The content of a skeleton page: the value is the token the shell carried. */
  fragment: 'x-webgym-fragment',
} as const

/** The long-poll endpoint of every site (polling). */
export const POLL_PATH = '/__hazard/poll'

export interface RuntimeConfig {
  pushState?: boolean
  lateEffect?: boolean
  polling?: boolean
  /** The token of a skeleton shell's content. */
  fragment?: string
}

// In the page's <head>, once per document. Swaps a fetched page in (title, styles, body; the body's scripts run again)
// and falls back to an ordinary navigation when the answer is not a page of this site.
const RUNTIME = `(function () {
  var config = window.__webgymHazards || {}
  function swap(html, url, mode) {
    var doc = new DOMParser().parseFromString(html, 'text/html')
    document.title = doc.title
    var style = document.querySelector('head style'), next = doc.querySelector('head style')
    if (style && next && style.textContent !== next.textContent) style.textContent = next.textContent
    document.body.className = doc.body.className
    document.body.replaceChildren.apply(document.body, Array.prototype.slice.call(doc.body.childNodes))
    Array.prototype.forEach.call(document.body.querySelectorAll('script'), function (old) {
      var script = document.createElement('script')
      script.textContent = old.textContent
      old.replaceWith(script)
    })
    if (mode === 'push') history.pushState({webgym: 1}, '', url)
    else if (mode === 'replace') history.replaceState({webgym: 1}, '', url)
    if (mode !== 'none' || !config.fragment) scrollTo(0, 0)
  }
  function load(url, init, mode) {
    init.credentials = 'same-origin'
    return fetch(url, init).then(function (response) {
      var type = response.headers.get('content-type') || ''
      if (new URL(response.url).origin !== location.origin || type.indexOf('text/html') !== 0) { location.href = response.url; return }
      return response.text().then(function (html) { swap(html, response.url, mode) })
    })
  }
  function ready(fn) { if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn); else fn() }
  if (config.pushState) {
    document.addEventListener('click', function (event) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      var link = event.target && event.target.closest ? event.target.closest('a[href]') : null
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return
      var url = new URL(link.getAttribute('href'), location.href)
      if (url.origin !== location.origin || url.protocol.indexOf('http') !== 0) return
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return
      event.preventDefault()
      load(url.href, {headers: {'${HAZARD_HEADERS.swap}': '1'}}, 'push').catch(function () { location.href = url.href })
    })
    addEventListener('popstate', function () {
      load(location.href, {headers: {'${HAZARD_HEADERS.swap}': '1'}}, 'none').catch(function () { location.reload() })
    })
  }
  if (config.lateEffect) {
    document.addEventListener('submit', function (event) {
      var form = event.target
      if (event.defaultPrevented || String(form.method).toLowerCase() !== 'post') return
      var action = new URL(form.getAttribute('action') || location.href, location.href)
      if (action.origin !== location.origin) return
      event.preventDefault()
      var body = new URLSearchParams(new FormData(form, event.submitter || null))
      load(action.href, {method: 'POST', body: body, headers: {'${HAZARD_HEADERS.late}': '1'}}, 'push').catch(function () { location.reload() })
    })
  }
  if (config.fragment) {
    load(location.href, {headers: {'${HAZARD_HEADERS.fragment}': config.fragment}}, 'none').then(null, function () { location.reload() })
  }
  if (config.polling) {
    var poll = function () { fetch('${POLL_PATH}', {credentials: 'same-origin'}).then(function (r) { return r.text() }).then(poll, function () { setTimeout(poll, 1000) }) }
    ready(poll)
  }
})()`

/** Puts the runtime, configured for this page, at the end of the page's <head> (a page without one is left alone). */
export function withRuntime(html: string, config: RuntimeConfig): string {
  const at = html.indexOf('</head>')
  if (at === -1) return html
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `${html.slice(0, at)}<script>window.__webgymHazards=${json};${RUNTIME}</script>${html.slice(at)}`
}

/**
 * The page as a skeleton screen: its <main> replaced by grey placeholder blocks and its body's scripts left out (they
 * come with the content). The runtime fetches the content with `token` and swaps it in.
 */
export function skeletonShell(html: string): string {
  const open = html.indexOf('<main')
  const close = html.lastIndexOf('</main>')
  if (open === -1 || close === -1) return html
  const start = html.indexOf('>', open) + 1
  const blocks = [78, 94, 60, 88, 70, 92, 54]
    .map(
      (width, i) =>
        `<div style="height:${i === 0 ? 34 : 16}px;width:${width}%;margin:${i === 0 ? '8px 0 22px' : '0 0 14px'};background:#e3e6ea;border-radius:4px"></div>`,
    )
    .join('')
  const shell = `${html.slice(0, start)}<div class="webgym-skeleton" aria-busy="true" aria-label="Loading">${blocks}<div style="display:flex;gap:16px;margin-top:26px">${'<div style="flex:1;height:150px;background:#eceef1;border-radius:6px"></div>'.repeat(3)}</div></div>${html.slice(close)}`
  const bodyAt = shell.indexOf('<body')
  return bodyAt === -1 ? shell : shell.slice(0, bodyAt) + shell.slice(bodyAt).replace(/<script>[\s\S]*?<\/script>/g, '')
}

/** Every image loads lazily. */
export function lazyImages(html: string): string {
  return html.replace(/<img(?![^>]*\bloading=)/g, '<img loading="lazy"')
}

/** An endlessly pulsing badge fixed in the viewport's corner; it takes no clicks. */
export function liveBadge(html: string): string {
  const badge = `<div class="webgym-live" aria-hidden="true" style="position:fixed;right:14px;bottom:14px;z-index:50;pointer-events:none;background:#c62828;color:#fff;font:600 13px 'DejaVu Sans',sans-serif;padding:4px 10px;border-radius:12px;animation:webgym-pulse 1.2s ease-in-out infinite">● Live</div><style>@keyframes webgym-pulse{0%,100%{opacity:1}50%{opacity:.35}}</style>`
  const at = html.lastIndexOf('</body>')
  return at === -1 ? html + badge : html.slice(0, at) + badge + html.slice(at)
}

/** The "one moment" page a redirecting load shows first: a progress bar, then the script moves on to `url`. */
export function redirectInterstitial(url: string, delayMs: number): string {
  const target = JSON.stringify(url).replace(/</g, '\\u003c')
  return `<!doctype html><html><head><meta charset="utf-8"><title>One moment…</title><style>body{font-family:'DejaVu Sans',sans-serif;background:#f6f7f9;color:#222;margin:0}.box{max-width:520px;margin:140px auto;padding:28px;background:#fff;border:1px solid #dde;border-radius:8px}.bar{height:8px;background:#e3e6ea;border-radius:4px;overflow:hidden}.fill{height:100%;width:0;background:#3f6fd8}</style></head><body><div class="box"><h1 style="font-size:22px">One moment…</h1><p>We are taking you to the page you asked for.</p><div class="bar"><div class="fill" id="fill"></div></div></div><script>(function(){var ms=${Math.round(delayMs)},t0=Date.now(),fill=document.getElementById('fill');var timer=setInterval(function(){var p=Math.min(1,(Date.now()-t0)/ms);fill.style.width=Math.round(p*100)+'%';if(p>=1){clearInterval(timer);location.replace(${target})}},100)})()</script></body></html>`
}

/** The runtime settings a page of a site with these traits needs (the skeleton token is added per shell). */
export function runtimeFor(traits: ReadonlySet<HazardKind>): RuntimeConfig {
  return {
    ...(traits.has('pushstate') ? {pushState: true} : {}),
    ...(traits.has('late-effect') ? {lateEffect: true} : {}),
    ...(traits.has('polling') ? {polling: true} : {}),
  }
}
