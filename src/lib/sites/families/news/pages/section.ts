// A section's page with type filters and pagination, and an author's page.
import {html, queryString} from '../../../html.js'
import {breadcrumb, pagination} from '../../../layout.js'
import {hashString} from '../../../random-pick.js'
import type {SiteRequest} from '../../../types.js'
import {KIND_LABELS, SECTION_INFO} from '../labels.js'
import type {ArticleKind, Author, Context, SectionId} from '../types.js'
import {sectionHref} from '../urls.js'
import {mostReadBox, newsletterPromo, storyList, withSidebar} from './parts.js'
import {shell} from './shell.js'

export function sectionPage(id: SectionId, request: SiteRequest, context: Context): string {
  const {model} = context
  const info = SECTION_INFO[id]
  const all = model.articles.filter((a) => a.section === id)
  const kind = (Object.keys(KIND_LABELS) as ArticleKind[]).find((k) => k === request.query.get('kind'))
  const shown = kind ? all.filter((a) => a.kind === kind) : all
  const pageSize = model.layout.pageSize
  const pages = Math.max(1, Math.ceil(shown.length / pageSize))
  const current = Math.min(pages, Math.max(1, Number.parseInt(request.query.get('page') ?? '1', 10) || 1))
  const kinds = (Object.keys(KIND_LABELS) as ArticleKind[]).filter((k) => all.some((a) => a.kind === k))
  const tab = (k: ArticleKind | undefined, label: string, count: number) =>
    k === kind
      ? html`<span class="kind-filter active">${label} (${count})</span>`
      : html`<a class="kind-filter" data-kind="${k ?? 'all'}" href="/section/${id}${queryString({kind: k})}">${label} (${count})</a>`
  const main = html`<header class="section-header"><h1>${info.label}</h1><p class="muted">${info.blurb}</p></header>
    <nav class="kind-filters" aria-label="Filter by type">${tab(undefined, 'All', all.length)}${kinds.map((k) => tab(k, KIND_LABELS[k], all.filter((a) => a.kind === k).length))}</nav>
    <p class="muted result-count">Showing ${(current - 1) * pageSize + 1}–${Math.min(shown.length, current * pageSize)} of ${shown.length} ${kind ? KIND_LABELS[kind].toLowerCase() : ''} articles, newest first</p>
    ${storyList(model, shown.slice((current - 1) * pageSize, current * pageSize))}
    ${pagination(current, pages, (p) => sectionHref(id, kind, p))}`
  return shell(
    context,
    request,
    info.label,
    html`${breadcrumb([{href: '/', label: 'Home'}], info.label)}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}`)}`,
  )
}

export function authorPage(author: Author, request: SiteRequest, context: Context): string {
  const {model} = context
  const written = model.articles.filter((a) => a.authorId === author.id)
  return shell(
    context,
    request,
    author.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: `/section/${author.desk}`, label: SECTION_INFO[author.desk].label},
      ],
      author.name,
    )}
    <section class="card author-card"><img src="/img/portrait/author-${author.id}-${hashString(author.name)}.svg" alt="${author.name}" width="120" height="90">
      <div><h1>${author.name}</h1><p class="muted">${author.title}</p><p>${author.bio}</p></div></section>
    <h2 class="block-title">Latest from ${author.name} (${written.length})</h2>
    ${storyList(model, written)}`,
  )
}
