import {html, raw, type Html} from './html.js'
import type {SiteInfo} from './types.js'
import type {Theme} from './theme.js'

export interface NavLink {
  href: string
  label: string
}

export interface PageOptions {
  title: string
  body: Html
  /** Main navigation; the site name links home. */
  nav?: NavLink[]
  /** A header search box: GET `action` with the `name` field. */
  search?: {action: string; name: string; placeholder: string; value?: string}
  /** Items shown at the right of the header, e.g. a cart link with a count. */
  headerExtras?: Html
  /** Overlays (cookie banner, modal) placed after the page. */
  overlays?: Html
  /** Extra CSS for this family. */
  css?: string
  /** Inline script, e.g. a widget's behaviour. */
  script?: string
}

/** A complete HTML document in the site's theme: header, navigation, main, footer. */
export function page(site: SiteInfo, options: PageOptions): string {
  const {theme} = site
  const nav = options.nav ?? []
  const search = options.search
  return `<!doctype html>${
    html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} | ${site.name}</title>
<link rel="icon" href="/img/logo/${site.slug}.svg">
<style>${raw(baseCss(theme))}${raw(options.css ?? '')}</style>
</head>
<body class="header-${theme.header}">
<header class="site-header">
  <div class="wrap header-row">
    <a class="brand" href="/">${raw(logoMark(site))}<span>${site.name}</span></a>
    ${
      search
        ? html`<form class="header-search" role="search" method="get" action="${search.action}">
      <input type="search" name="${search.name}" placeholder="${search.placeholder}" value="${search.value ?? ''}" aria-label="${search.placeholder}">
      <button type="submit" class="btn btn-primary">Search</button>
    </form>`
        : ''
    }
    <div class="header-extras">${options.headerExtras ?? ''}</div>
  </div>
  ${nav.length > 0 ? html`<nav class="main-nav"><div class="wrap">${nav.map((link) => html`<a href="${link.href}">${link.label}</a>`)}</div></nav>` : ''}
</header>
<main class="wrap main">${options.body}</main>
<footer class="site-footer">
  <div class="wrap footer-grid">
    <div><strong>${site.name}</strong><p>© 2026 ${site.name}. All rights reserved.</p></div>
    <div><strong>Company</strong><a href="/about">About us</a><a href="/about#careers">Careers</a><a href="/about#press">Press</a></div>
    <div><strong>Help</strong><a href="/about#contact">Contact</a><a href="/about#privacy">Privacy policy</a><a href="/about#terms">Terms of use</a></div>
  </div>
</footer>
${options.overlays ?? ''}
${options.script ? raw(`<script>${options.script}</script>`) : ''}
</body>
</html>`.markup
  }`
}

/** The family-independent "About us" page every site has. */
export function aboutPage(site: SiteInfo, nav: NavLink[], blurb: string): string {
  return page(site, {
    title: 'About us',
    nav,
    body: html`<article class="prose card">
      <h1>About ${site.name}</h1>
      <p>${blurb}</p>
      <h2 id="careers">Careers</h2><p>We are not hiring at the moment. Check back in the spring.</p>
      <h2 id="press">Press</h2><p>For press enquiries, write to our communications team.</p>
      <h2 id="contact">Contact</h2><p>Our help desk answers on weekdays from 9:00 to 17:00.</p>
      <h2 id="privacy">Privacy policy</h2><p>We keep only the data needed to run this site. We never sell it.</p>
      <h2 id="terms">Terms of use</h2><p>Using this site means accepting these terms.</p>
    </article>`,
  })
}

export function notFoundPage(site: SiteInfo, nav: NavLink[]): string {
  return page(site, {
    title: 'Page not found',
    nav,
    body: html`<section class="card prose"><h1>Page not found</h1><p>The page you asked for does not exist or has moved.</p><p><a class="btn btn-primary" href="/">Back to the home page</a></p></section>`,
  })
}

/** Page links 1..pages, keeping the other query fields. */
export function pagination(current: number, pages: number, hrefFor: (page: number) => string): Html {
  if (pages <= 1) return html``
  const items: Html[] = []
  if (current > 1) items.push(html`<a class="page-link" href="${hrefFor(current - 1)}" rel="prev">‹ Previous</a>`)
  for (let p = 1; p <= pages; p++)
    items.push(
      p === current
        ? html`<span class="page-link current" aria-current="page">${p}</span>`
        : html`<a class="page-link" href="${hrefFor(p)}">${p}</a>`,
    )
  if (current < pages) items.push(html`<a class="page-link" href="${hrefFor(current + 1)}" rel="next">Next ›</a>`)
  return html`<nav class="pagination" aria-label="Pages">${items}</nav>`
}

export function breadcrumb(links: NavLink[], current: string): Html {
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">${links.map((link) => html`<a href="${link.href}">${link.label}</a><span class="sep">›</span>`)}<span>${current}</span></nav>`
}

/** Five stars, filled to the rating. */
export function stars(rating: number): Html {
  const full = Math.round(rating)
  return html`<span class="stars" title="${rating.toFixed(1)} out of 5"><span class="on">${'★'.repeat(full)}</span><span class="off">${'★'.repeat(5 - full)}</span></span>`
}

function logoMark(site: SiteInfo): string {
  const initial = site.name.charAt(0).toUpperCase()
  const {primary, accent} = site.theme
  const shape =
    site.variant % 3 === 0
      ? `<circle cx="16" cy="16" r="15" fill="${primary}"/>`
      : site.variant % 3 === 1
        ? `<rect x="1" y="1" width="30" height="30" rx="7" fill="${primary}"/>`
        : `<path d="M16 1 L31 16 L16 31 L1 16 Z" fill="${primary}"/>`
  return `<svg class="logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">${shape}<circle cx="25" cy="7" r="4" fill="${accent}"/><text x="16" y="21.5" text-anchor="middle" font-size="15" font-weight="700" fill="#fff" font-family="DejaVu Sans, sans-serif">${initial}</text></svg>`
}

function baseCss(t: Theme): string {
  const s = t.spacing
  return `
*{box-sizing:border-box}
html{scroll-behavior:auto}
body{margin:0;font-family:${t.font};font-size:15px;line-height:1.5;color:${t.text};background:${t.background}}
h1,h2,h3,h4{font-family:${t.headingFont};line-height:1.25;margin:0 0 ${s * 0.6}px}
h1{font-size:28px}h2{font-size:21px}h3{font-size:17px}
a{color:${t.primary};text-decoration:none}a:hover{text-decoration:underline}
.wrap{max-width:1180px;margin:0 auto;padding:0 ${s + 4}px}
.main{padding-top:${s * 1.5}px;padding-bottom:${s * 3}px;min-height:60vh}
.site-header{background:${t.header === 'bar' ? t.primary : t.surface};color:${t.header === 'bar' ? '#fff' : t.text};border-bottom:1px solid rgba(0,0,0,.08);box-shadow:0 1px 3px rgba(0,0,0,.06)}
.header-row{display:flex;align-items:center;gap:${s * 1.5}px;min-height:64px;${t.header === 'centered' ? 'flex-wrap:wrap;justify-content:center;padding:8px 0' : ''}}
.brand{display:flex;align-items:center;gap:10px;font-family:${t.headingFont};font-size:22px;font-weight:700;color:inherit;white-space:nowrap}
.brand:hover{text-decoration:none}
.header-centered .brand{width:100%;justify-content:center}
.header-search{display:flex;flex:1;max-width:560px;gap:6px}
.header-search input{flex:1}
.header-extras{margin-left:auto;display:flex;gap:${s}px;align-items:center}
.header-extras a{color:inherit;font-weight:600}
.main-nav{background:${t.header === 'bar' ? 'rgba(0,0,0,.18)' : t.background};border-top:1px solid rgba(0,0,0,.06)}
.main-nav .wrap{display:flex;gap:${s * 1.6}px;overflow-x:auto}
.main-nav a{display:block;padding:10px 0;color:${t.header === 'bar' ? '#fff' : t.text};font-weight:600;white-space:nowrap}
.site-footer{background:${t.text};color:#d9dde3;padding:${s * 2}px 0;margin-top:${s * 2}px;font-size:14px}
.site-footer a{color:#d9dde3;display:block;margin:4px 0}
.footer-grid{display:grid;grid-template-columns:2fr 1fr 1fr;gap:${s * 2}px}
.card{background:${t.surface};border:1px solid rgba(0,0,0,.08);border-radius:${t.radius}px;padding:${s + 4}px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:${s}px}
.row{display:flex;gap:${s}px;align-items:flex-start}
.sidebar{width:240px;flex:none}
.content{flex:1;min-width:0}
.btn{display:inline-block;border:1px solid rgba(0,0,0,.15);background:${t.surface};color:${t.text};padding:8px 16px;border-radius:${Math.min(t.radius, 8)}px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.btn:hover{text-decoration:none;filter:brightness(.96)}
.btn-primary{background:${t.accent};border-color:${t.accent};color:#111}
.btn-dark{background:${t.primary};border-color:${t.primary};color:#fff}
input,select,textarea{font:inherit;padding:8px 10px;border:1px solid #b8bec7;border-radius:${Math.min(t.radius, 6)}px;background:#fff;color:#111}
label{font-weight:600;display:block;margin-bottom:4px}
.field{margin-bottom:${s}px}
.field .hint{font-size:13px;color:${t.muted};margin-top:3px}
.field.invalid input,.field.invalid select{border-color:#c62828;background:#fff6f6}
.error-text{color:#c62828;font-size:13px;margin-top:3px}
.alert{padding:10px 14px;border-radius:${Math.min(t.radius, 6)}px;margin-bottom:${s}px}
.alert-error{background:#fdecea;color:#8a1c12;border:1px solid #f3b8b0}
.alert-ok{background:#e8f5e9;color:#1b5e20;border:1px solid #a5d6a7}
.muted{color:${t.muted}}
.price{font-weight:700;font-size:18px}
.badge{display:inline-block;font-size:12px;font-weight:700;padding:2px 8px;border-radius:10px;background:${t.accent};color:#111}
.stars .on{color:#f0a500}.stars .off{color:#c9ccd1}
.pagination{display:flex;gap:6px;margin:${s * 1.5}px 0;flex-wrap:wrap}
.page-link{padding:6px 12px;border:1px solid rgba(0,0,0,.15);border-radius:${Math.min(t.radius, 6)}px;background:${t.surface}}
.page-link.current{background:${t.primary};color:#fff;border-color:${t.primary}}
.breadcrumb{font-size:14px;color:${t.muted};margin-bottom:${s}px}.breadcrumb .sep{margin:0 6px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:7px 10px;border-bottom:1px solid rgba(0,0,0,.09);vertical-align:top}
th{background:rgba(0,0,0,.03)}
.prose{max-width:820px}.prose p{margin:0 0 ${s}px}
.overlay{position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:50}
.modal{background:#fff;max-width:480px;width:90%;border-radius:${Math.max(t.radius, 6)}px;padding:${s * 1.6}px;box-shadow:0 12px 40px rgba(0,0,0,.3)}
.banner{position:fixed;left:0;right:0;bottom:0;background:#1f2328;color:#f2f2f2;padding:${s}px ${s * 1.5}px;display:flex;gap:${s}px;align-items:center;justify-content:center;z-index:40;box-shadow:0 -4px 16px rgba(0,0,0,.25)}
img{max-width:100%;display:block}
`
}
