// The listings results page: map, refine form, categories, chips, active filters, sort and pagination.
import {html, type Html} from '../../../html.js'
import {breadcrumb, pagination} from '../../../layout.js'
import {
  applyFilters,
  emptyFilters,
  filtersHref,
  readFilters,
  sortListings,
  sortOptions,
  toggled,
  type Filters,
} from '../filters.js'
import {termsFor} from '../terms.js'
import type {Context, ListingsModel, RangeOption, TypeOption} from '../types.js'
import {shell} from './shell.js'
import {areaMap, countByArea, listingCard} from './widgets.js'

function resultsTitle(model: ListingsModel, f: Filters): string {
  const place =
    f.areas.length === 1
      ? model.areas.find((a) => a.id === f.areas[0])!.name
      : f.areas.length > 1
        ? `${f.areas.length} ${termsFor(model).areasWord.toLowerCase()}`
        : model.city
  if (f.q) return `${model.kind === 'jobs' ? 'Jobs' : 'Homes'} matching “${f.q}”`
  if (f.cat)
    return model.kind === 'jobs'
      ? `${f.cat} jobs in ${place}`
      : `${f.cat}s ${model.market === 'sale' ? 'for sale' : 'to rent'} in ${place}`
  return model.kind === 'jobs'
    ? `${f.areas.length > 0 ? 'Jobs' : 'All jobs'} in ${place}`
    : `${model.market === 'sale' ? 'Homes for sale' : 'Homes to rent'} in ${place}`
}

function chipBar(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const rangeChip = (r: RangeOption) =>
    html`<a class="chip chip-range${f.range === r.id ? ' active' : ''}" data-range="${r.id}" aria-pressed="${f.range === r.id ? 'true' : 'false'}" href="${filtersHref(model, f, {range: f.range === r.id ? '' : r.id})}">${r.label}</a>`
  const typeChip = (t: TypeOption) =>
    html`<a class="chip chip-type${f.type === t.id ? ' active' : ''}" data-type="${t.id}" aria-pressed="${f.type === t.id ? 'true' : 'false'}" href="${filtersHref(model, f, {type: f.type === t.id ? '' : t.id})}">${t.label}</a>`
  return html`<div class="chip-bar card">
    <div class="chip-row"><span class="chip-title">${terms.rangeTitle}</span>${model.ranges.map(rangeChip)}</div>
    <div class="chip-row"><span class="chip-title">${terms.typeTitle}</span>${model.types.map(typeChip)}</div>
  </div>`
}

function activeFilters(model: ListingsModel, f: Filters): Html {
  const items: Html[] = []
  for (const id of f.areas)
    items.push(
      html`<a class="active-filter" href="${filtersHref(model, f, {areas: f.areas.filter((a) => a !== id)})}">${model.areas.find((a) => a.id === id)?.name} ✕</a>`,
    )
  const range = model.ranges.find((r) => r.id === f.range)
  if (range)
    items.push(html`<a class="active-filter" href="${filtersHref(model, f, {range: ''})}">${range.label} ✕</a>`)
  const type = model.types.find((t) => t.id === f.type)
  if (type) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {type: ''})}">${type.label} ✕</a>`)
  if (f.cat) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {cat: ''})}">${f.cat} ✕</a>`)
  if (f.where)
    items.push(html`<a class="active-filter" href="${filtersHref(model, f, {where: ''})}">Near “${f.where}” ✕</a>`)
  if (items.length === 0) return html``
  return html`<div class="active-filters"><span class="muted">Active filters:</span> ${items} <a class="clear-all" href="${filtersHref(model, emptyFilters(), {q: f.q})}">Clear all</a></div>`
}

function refineForm(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const keep = {
    areas: f.areas.join(','),
    range: f.range,
    type: f.type,
    cat: f.cat,
    sort: f.sort === 'newest' ? '' : f.sort,
  }
  return html`<form class="refine card" method="get" action="${terms.base}">
    <h3>Refine search</h3>
    <div class="field"><label for="what">Keywords</label><input id="what" name="q" value="${f.q}" style="width:100%"></div>
    <div class="field"><label for="where">Location</label><input id="where" name="where" value="${f.where}" placeholder="${terms.areaWord} or ${model.city}" style="width:100%"></div>
    ${Object.entries(keep).map(([name, value]) => (value ? html`<input type="hidden" name="${name}" value="${value}">` : ''))}
    <button type="submit" class="btn btn-dark refine-submit">Update results</button>
  </form>`
}

function categoryList(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const item = (label: string, cat: string) =>
    html`<li><a class="facet-category${f.cat === cat ? ' active' : ''}" href="${filtersHref(model, f, {cat})}">${f.cat === cat ? '✓ ' : ''}${label}</a></li>`
  return html`<div class="card facets"><h3>${terms.categoryTitle}</h3><ul>${item(`All ${terms.many}`, '')}${model.categories.map((c) => item(c, c))}</ul></div>`
}

export function resultsPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const f = readFilters(query, model)
  const results = sortListings(applyFilters(model, f), f.sort)
  const pageSize = model.layout.results === 'grid' ? 12 : 10
  const pages = Math.max(1, Math.ceil(results.length / pageSize))
  const current = Math.min(f.page, pages)
  const shown = results.slice((current - 1) * pageSize, current * pageSize)
  const here = filtersHref(model, f, {page: current})
  const counts = countByArea(applyFilters(model, {...f, areas: []}))
  const map = areaMap(context, {
    selected: f.areas,
    counts,
    hrefFor: (area) =>
      filtersHref(model, f, {
        areas: toggled(
          f.areas,
          area.id,
          model.areas.map((a) => a.id),
        ),
      }),
    caption: html`<strong>${terms.areasWord} of ${model.city}</strong> <span class="muted">— click to add or remove a ${terms.areaWord.toLowerCase()}</span>`,
  })
  const title = resultsTitle(model, f)
  const sorts = sortOptions(model)
  const sortBar = html`<div class="sort-bar"><span class="muted">Sort by:</span> ${sorts.map((s) => (s.id === f.sort ? html`<strong class="sort-option active">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${filtersHref(model, f, {sort: s.id})}">${s.label}</a>`))}</div>`
  return shell(
    context,
    title,
    html`${breadcrumb([{href: '/', label: 'Home'}], model.kind === 'jobs' ? 'Jobs' : 'Homes')}
    ${model.layout.map === 'above' ? map : ''}
    <div class="row results-row sidebar-${model.layout.sidebar}">
      <aside class="sidebar">${refineForm(model, f)}${categoryList(model, f)}</aside>
      <section class="content">
        ${model.layout.map === 'content' ? map : ''}
        ${chipBar(model, f)}
        <div class="toolbar"><h1>${title}</h1><span class="muted result-count">${results.length} ${results.length === 1 ? terms.one : terms.many}</span></div>
        ${activeFilters(model, f)}
        ${sortBar}
        ${shown.length === 0 ? html`<p class="card no-results">No ${terms.many} match these filters. Try removing a filter or choosing another ${terms.areaWord.toLowerCase()}.</p>` : html`<div class="results ${model.layout.results}-view">${shown.map((l) => listingCard(l, context, here))}</div>`}
        ${pagination(current, pages, (p) => filtersHref(model, f, {page: p}))}
      </section>
    </div>`,
    f.q,
  )
}
