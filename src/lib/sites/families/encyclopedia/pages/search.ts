// The search results page.
import {normaliseAnswer} from '../../../check-helpers.js'
import {html, queryString} from '../../../html.js'
import {breadcrumb, pagination} from '../../../layout.js'
import {articleHref, fmt} from '../format.js'
import {KIND_LABELS, RESULTS_PER_PAGE} from '../labels.js'
import {search, snippet} from '../search.js'
import type {Context} from '../types.js'
import {shell} from './shell.js'

export function searchPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const q = (query.get('q') ?? '').trim()
  const results = search(model, q)
  const current = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1)
  const pages = Math.max(1, Math.ceil(results.length / RESULTS_PER_PAGE))
  const shown = results.slice((current - 1) * RESULTS_PER_PAGE, current * RESULTS_PER_PAGE)
  const exact = results.find((a) => normaliseAnswer(a.title) === normaliseAnswer(q))
  const from = (current - 1) * RESULTS_PER_PAGE + 1
  return shell(
    context,
    q ? `Search results for “${q}”` : 'Search',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Search')}
    <section class="card search-card">
      <h1>Search results</h1>
      <form class="search-page-form" method="get" action="/search"><input type="search" name="q" value="${q}" aria-label="Search terms"> <button class="btn btn-primary" type="submit">Search</button></form>
      ${exact ? html`<p class="exact-hint">There is a page named “<a href="${articleHref(exact.slug)}">${exact.title}</a>” on ${context.site.name}.</p>` : ''}
      ${q === '' ? html`<p class="muted">Type words to search the full text of every article.</p>` : results.length === 0 ? html`<p class="no-results">There were no results matching the query “${q}”. Check the spelling, or try fewer words.</p>` : html`<p class="muted result-count">Showing results ${from}–${from + shown.length - 1} of ${results.length} for “${q}”</p>`}
      <ul class="search-results${model.layout.resultImages ? ' with-images' : ''}">${shown.map(
        (
          a,
        ) => html`<li class="search-result">${model.layout.resultImages ? html`<img src="/img/${a.image.kind}/${a.image.name}.svg" alt="" width="80" height="60">` : ''}<div>
          <a class="result-link" data-article="${a.slug}" href="${articleHref(a.slug)}">${a.title}</a>
          <div class="snippet">${snippet(a, q)}</div>
          <div class="result-meta muted">${KIND_LABELS[a.kind].one} · ${fmt(a.plain.split(/\s+/).length)} words · last edited ${a.lastEdited}</div></div></li>`,
      )}</ul>
      ${pagination(current, pages, (p) => `/search${queryString({q, page: p})}`)}
    </section>`,
    q,
  )
}
