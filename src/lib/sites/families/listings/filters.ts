// Search and filters of the listings family: reading, linking, applying and sorting.
import {queryString} from '../../html.js'
import {areaOf, categoryOf, inRange, jobTypeLabel, rangeValue, typeMatches} from './format.js'
import {termsFor} from './terms.js'
import type {Listing, ListingsModel} from './types.js'

export type SortId = 'newest' | 'value-asc' | 'value-desc' | 'size-desc'

export interface Filters {
  q: string
  where: string
  areas: string[]
  range: string
  type: string
  cat: string
  sort: SortId
  page: number
}

export function sortOptions(model: ListingsModel): {id: SortId; label: string}[] {
  if (model.kind === 'jobs')
    return [
      {id: 'newest', label: 'Most recent'},
      {id: 'value-desc', label: 'Highest salary'},
      {id: 'value-asc', label: 'Lowest salary'},
    ]
  return [
    {id: 'newest', label: 'Newest'},
    {id: 'value-asc', label: 'Lowest price'},
    {id: 'value-desc', label: 'Highest price'},
    {id: 'size-desc', label: 'Largest first'},
  ]
}

export function readFilters(query: URLSearchParams, model: ListingsModel): Filters {
  const known = (value: string | null, ids: string[]) => (value && ids.includes(value) ? value : '')
  const areaIds = model.areas.map((a) => a.id)
  const areas = (query.get('areas') ?? '').split(',').filter((id) => areaIds.includes(id))
  const sort = sortOptions(model).find((s) => s.id === query.get('sort'))?.id ?? 'newest'
  return {
    q: (query.get('q') ?? '').trim(),
    where: (query.get('where') ?? '').trim(),
    areas: areaIds.filter((id) => areas.includes(id)),
    range: known(
      query.get('range'),
      model.ranges.map((r) => r.id),
    ),
    type: known(
      query.get('type'),
      model.types.map((t) => t.id),
    ),
    cat: known(query.get('cat'), model.categories),
    sort,
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  }
}

export function filtersHref(model: ListingsModel, filters: Filters, changes: Partial<Filters>): string {
  // Any change of filter starts again from the first page.
  const f: Filters = {...filters, page: 1, ...changes}
  return `${termsFor(model).base}${queryString({q: f.q, where: f.where, areas: f.areas.join(','), range: f.range, type: f.type, cat: f.cat, sort: f.sort === 'newest' ? '' : f.sort, page: f.page > 1 ? f.page : ''})}`
}

function searchText(model: ListingsModel, listing: Listing): string {
  const area = areaOf(model, listing).name
  const text =
    listing.kind === 'jobs'
      ? `${listing.title} ${listing.company} ${listing.category} ${jobTypeLabel(listing)} ${area}`
      : `${listing.address} ${listing.title} ${listing.propertyType} ${listing.features.join(' ')} ${area}`
  return text.toLowerCase()
}

/** Every query word must start a word of the listing's text. */
function matchesKeywords(text: string, query: string): boolean {
  const words = text.split(/[^a-z0-9]+/).filter(Boolean)
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .every((q) => words.some((w) => w.startsWith(q)))
}

function matchesWhere(model: ListingsModel, listing: Listing, where: string): boolean {
  if (!where) return true
  const place =
    `${areaOf(model, listing).name} ${model.city} ${listing.kind === 'homes' ? listing.address : ''}`.toLowerCase()
  return place.includes(where.toLowerCase())
}

export function applyFilters(model: ListingsModel, f: Filters): Listing[] {
  const range = model.ranges.find((r) => r.id === f.range)
  return model.listings.filter(
    (l) =>
      matchesKeywords(searchText(model, l), f.q) &&
      matchesWhere(model, l, f.where) &&
      (f.areas.length === 0 || f.areas.includes(l.areaId)) &&
      (!range || inRange(l, range)) &&
      (!f.type || typeMatches(l, f.type)) &&
      (!f.cat || categoryOf(l) === f.cat),
  )
}

export function sortListings(items: Listing[], sort: SortId): Listing[] {
  const sorted = [...items]
  const size = (l: Listing) => (l.kind === 'homes' ? l.size : 0)
  if (sort === 'newest') sorted.sort((a, b) => b.posted.localeCompare(a.posted) || a.id - b.id)
  if (sort === 'value-asc') sorted.sort((a, b) => rangeValue(a) - rangeValue(b) || a.id - b.id)
  if (sort === 'value-desc') sorted.sort((a, b) => rangeValue(b) - rangeValue(a) || a.id - b.id)
  if (sort === 'size-desc') sorted.sort((a, b) => size(b) - size(a) || a.id - b.id)
  return sorted
}

export function toggled(ids: string[], id: string, order: string[]): string[] {
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]
  return order.filter((x) => next.includes(x))
}

export function emptyFilters(): Filters {
  return {q: '', where: '', areas: [], range: '', type: '', cat: '', sort: 'newest', page: 1}
}
