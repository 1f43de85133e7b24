// The page shell (navigation, header search, watchlist link) and internal links rendered as HTML.
import {html, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import {articleHref} from '../format.js'
import type {Context, Segment} from '../types.js'
import {WIKI_CSS} from './style.js'

export function nav(): NavLink[] {
  return [
    {href: '/', label: 'Main page'},
    {href: '/categories', label: 'Categories'},
    {href: '/all-articles', label: 'All articles'},
    {href: '/random', label: 'Random article'},
    {href: '/watchlist', label: 'Watchlist'},
    {href: '/about', label: 'About'},
  ]
}

export function shell(context: Context, title: string, body: Html, q = '', script?: string): string {
  const watched = context.state.watchlist.length
  return page(context.site, {
    title,
    body,
    nav: nav(),
    search: {action: '/search', name: 'q', placeholder: `Search ${context.site.name}`, value: q},
    headerExtras: html`<a class="watchlist-link" href="/watchlist">★ Watchlist (<span class="watch-count">${watched}</span>)</a>`,
    css: WIKI_CSS,
    script,
  })
}

export function segments(items: Segment[]): Html {
  return html`${items.map((segment) => (typeof segment === 'string' ? segment : html`<a class="wiki-link" href="${articleHref(segment.slug)}">${segment.text}</a>`))}`
}
