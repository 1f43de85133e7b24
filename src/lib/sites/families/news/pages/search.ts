// The search page with section and sort facets.
import {html, queryString} from '../../../html.js'
import {pagination} from '../../../layout.js'
import type {SiteRequest} from '../../../types.js'
import {KIND_LABELS, SECTION_INFO} from '../labels.js'
import {authorOf} from '../lookups.js'
import type {Context} from '../types.js'
import {storyList, withSidebar} from './parts.js'
import {shell} from './shell.js'

function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

export function searchPage(request: SiteRequest, context: Context): string {
  const {model} = context
  const q = request.query.get('q') ?? ''
  const sectionFilter = model.sections.find((s) => s === request.query.get('section'))
  const newest = request.query.get('sort') === 'newest'
  const words = searchWords(q)
  const scored = model.articles
    .map((a) => {
      const headline = new Set(searchWords(a.headline))
      const text = new Set(
        searchWords(
          `${a.headline} ${a.standfirst} ${authorOf(model, a).name} ${SECTION_INFO[a.section].label} ${KIND_LABELS[a.kind]}`,
        ),
      )
      return {a, hit: words.every((w) => text.has(w)), score: words.filter((w) => headline.has(w)).length}
    })
    .filter((r) => r.hit && (!sectionFilter || r.a.section === sectionFilter))
  const ordered = newest ? scored.map((r) => r.a) : [...scored].sort((x, y) => y.score - x.score).map((r) => r.a)
  const pageSize = model.layout.pageSize
  const pages = Math.max(1, Math.ceil(ordered.length / pageSize))
  const current = Math.min(pages, Math.max(1, Number.parseInt(request.query.get('page') ?? '1', 10) || 1))
  const fields = {q, section: sectionFilter, sort: newest ? 'newest' : undefined}
  const href = (changes: Record<string, string | number | undefined>) =>
    `/search${queryString({...fields, ...changes})}`
  const title = q ? `Search results for “${q}”` : 'Search'
  const facets = html`<section class="aside-box search-facets"><h3>Section</h3><ul>
    <li>${sectionFilter ? html`<a href="${href({section: undefined, page: undefined})}">All sections</a>` : html`<strong>All sections</strong>`}</li>
    ${model.sections.map((s) => html`<li>${s === sectionFilter ? html`<strong>${SECTION_INFO[s].label}</strong>` : html`<a class="facet-section" href="${href({section: s, page: undefined})}">${SECTION_INFO[s].label}</a>`}</li>`)}
  </ul><h3>Sort by</h3><ul><li>${newest ? html`<a href="${href({sort: undefined, page: undefined})}">Relevance</a>` : html`<strong>Relevance</strong>`}</li><li>${newest ? html`<strong>Newest first</strong>` : html`<a class="sort-newest" href="${href({sort: 'newest', page: undefined})}">Newest first</a>`}</li></ul></section>`
  const results = ordered.slice((current - 1) * pageSize, current * pageSize)
  const main = html`<h1>${title}</h1>
    <p class="muted result-count">${words.length === 0 ? 'Type a word or a phrase in the search box above.' : `${ordered.length} ${ordered.length === 1 ? 'result' : 'results'}`}</p>
    ${words.length > 0 && ordered.length === 0 ? html`<p class="card">No articles match your search. Check the spelling or try fewer words.</p>` : ''}
    <div class="search-results">${storyList(model, results)}</div>
    ${pagination(current, pages, (p) => href({page: p}))}`
  return shell(context, request, title, withSidebar(model, main, facets), {q})
}
