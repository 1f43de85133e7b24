// The recipe listing: search, cuisine/diet/time/course filters, sorting and pagination.
import {normaliseAnswer} from '../../../check-helpers.js'
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb, pagination} from '../../../layout.js'
import {DIETS, PAGE_SIZE, TIME_LIMITS} from '../data.js'
import type {Context, Diet, Recipe, RecipesModel} from '../types.js'
import {recipeCard, shell} from './shell.js'

type Sort = 'popular' | 'rating' | 'quickest' | 'newest' | 'name'
const SORTS: readonly {id: Sort; label: string}[] = [
  {id: 'popular', label: 'Most popular'},
  {id: 'rating', label: 'Top rated'},
  {id: 'quickest', label: 'Quickest'},
  {id: 'newest', label: 'Newest'},
  {id: 'name', label: 'A–Z'},
]

interface ListingFilters {
  q: string
  cuisine: string
  course: string
  diets: Diet[]
  time: number
  sort: Sort | ''
  page: number
}

function filtersOf(query: URLSearchParams): ListingFilters {
  const diets = (query.get('diet') ?? '').split(',').filter((d): d is Diet => DIETS.some((known) => known.id === d))
  const time = Number(query.get('time'))
  return {
    q: (query.get('q') ?? '').trim(),
    cuisine: query.get('cuisine') ?? '',
    course: query.get('course') ?? '',
    diets,
    time: (TIME_LIMITS as readonly number[]).includes(time) ? time : 0,
    sort: SORTS.find((s) => s.id === query.get('sort'))?.id ?? '',
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  }
}

function listingHref(filters: ListingFilters, changes: Partial<ListingFilters>): string {
  const next = {...filters, page: 1, ...changes}
  return `/recipes${queryString({
    q: next.q,
    cuisine: next.cuisine,
    course: next.course,
    diet: DIETS.filter((d) => next.diets.includes(d.id))
      .map((d) => d.id)
      .join(','),
    time: next.time || '',
    sort: next.sort,
    page: next.page > 1 ? next.page : '',
  })}`
}

function searchText(recipe: Recipe): string {
  return normaliseAnswer(
    `${recipe.name} ${recipe.cuisine} ${recipe.course} ${recipe.ingredients.map((i) => i.name).join(' ')}`,
  )
}

function searchScore(recipe: Recipe, q: string): number {
  const name = normaliseAnswer(recipe.name)
  const query = normaliseAnswer(q)
  if (name === query) return 3
  return query.split(' ').every((word) => name.includes(word)) ? 2 : 0
}

function filteredRecipes(model: RecipesModel, filters: ListingFilters): Recipe[] {
  const words = normaliseAnswer(filters.q).split(' ').filter(Boolean)
  const hits = model.recipes.filter(
    (r) =>
      words.every((word) => searchText(r).includes(word)) &&
      (!filters.cuisine || r.cuisine === filters.cuisine) &&
      (!filters.course || r.course === filters.course) &&
      filters.diets.every((d) => r.diets.includes(d)) &&
      (!filters.time || r.total <= filters.time),
  )
  const order: Record<Sort, (a: Recipe, b: Recipe) => number> = {
    popular: (a, b) => b.ratingCount - a.ratingCount,
    rating: (a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount,
    quickest: (a, b) => a.total - b.total,
    newest: (a, b) => b.publishedDay - a.publishedDay,
    name: (a, b) => a.name.localeCompare(b.name),
  }
  const sort = filters.sort || 'popular'
  const relevance = (a: Recipe, b: Recipe) =>
    filters.q && !filters.sort ? searchScore(b, filters.q) - searchScore(a, filters.q) : 0
  return [...hits].sort((a, b) => relevance(a, b) || order[sort](a, b) || a.id - b.id)
}

function facetLink(label: string, active: boolean, href: string, cls: string, data: Html, count?: number): Html {
  return html`<li><a class="facet ${cls}${active ? ' active' : ''}" ${data} href="${href}"><span class="check" aria-hidden="true">${active ? '✓' : ''}</span>${label}${count === undefined ? '' : html` <span class="muted">(${count})</span>`}</a></li>`
}

export function listingPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const filters = filtersOf(query)
  const results = filteredRecipes(model, filters)
  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE))
  const current = Math.min(filters.page, pages)
  const shown = results.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const title = filters.q
    ? `Recipes matching “${filters.q}”`
    : filters.cuisine
      ? `${filters.cuisine} recipes`
      : filters.course
        ? `${filters.course} recipes`
        : 'All recipes'
  const anyFilter = Boolean(filters.cuisine || filters.course || filters.diets.length || filters.time)
  const countWith = (changes: Partial<ListingFilters>) => filteredRecipes(model, {...filters, ...changes}).length
  const toggleDiet = (diet: Diet) =>
    filters.diets.includes(diet) ? filters.diets.filter((d) => d !== diet) : [...filters.diets, diet]
  const sidebar = html`<aside class="sidebar card filters">
    <div class="filters-head"><h2>Filters</h2>${anyFilter ? html`<a class="clear-filters" href="${listingHref(filters, {cuisine: '', course: '', diets: [], time: 0})}">Clear all</a>` : ''}</div>
    <h3>Cuisine</h3><ul>${facetLink('All cuisines', !filters.cuisine, listingHref(filters, {cuisine: ''}), 'facet-cuisine', html`data-cuisine=""`)}${model.cuisines.map((c) => facetLink(c, c === filters.cuisine, listingHref(filters, {cuisine: c}), 'facet-cuisine', html`data-cuisine="${c}"`, countWith({cuisine: c})))}</ul>
    <h3>Diet</h3><ul class="checkbox-list">${DIETS.map((d) => facetLink(d.label, filters.diets.includes(d.id), listingHref(filters, {diets: toggleDiet(d.id)}), 'facet-diet', html`data-diet="${d.id}"`))}</ul>
    <h3>Total time</h3><ul class="radio-list">${facetLink('Any time', !filters.time, listingHref(filters, {time: 0}), 'facet-time', html`data-time="0"`)}${TIME_LIMITS.map((t) => facetLink(t === 60 ? '1 hour or less' : `${t} minutes or less`, t === filters.time, listingHref(filters, {time: t}), 'facet-time', html`data-time="${t}"`, countWith({time: t})))}</ul>
    <h3>Meal type</h3><ul>${facetLink('All meals', !filters.course, listingHref(filters, {course: ''}), 'facet-course', html`data-course=""`)}${model.courses.map((c) => facetLink(c, c === filters.course, listingHref(filters, {course: c}), 'facet-course', html`data-course="${c}"`))}</ul>
  </aside>`
  const chips = [
    ...(filters.cuisine ? [{label: filters.cuisine, href: listingHref(filters, {cuisine: ''})}] : []),
    ...(filters.course ? [{label: filters.course, href: listingHref(filters, {course: ''})}] : []),
    ...filters.diets.map((d) => ({
      label: DIETS.find((x) => x.id === d)!.label,
      href: listingHref(filters, {diets: toggleDiet(d)}),
    })),
    ...(filters.time ? [{label: `≤ ${filters.time} min`, href: listingHref(filters, {time: 0})}] : []),
  ]
  const layout = model.layout.listing
  const content = html`<section class="content">
    <div class="toolbar"><h1>${title}</h1><span class="muted result-count">${results.length} ${results.length === 1 ? 'recipe' : 'recipes'}</span></div>
    ${chips.length > 0 ? html`<div class="active-chips">${chips.map((c) => html`<a class="chip" href="${c.href}" title="Remove filter">${c.label} ✕</a>`)}</div>` : ''}
    <div class="sort-bar">Sort by: ${SORTS.map((s) => ((filters.sort || (filters.q ? '' : 'popular')) === s.id ? html`<strong class="sort-option active">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${listingHref(filters, {sort: s.id})}">${s.label}</a>`))}</div>
    ${shown.length === 0 ? html`<div class="card empty"><h2>No recipes found</h2><p>Try removing a filter or searching for a single ingredient.</p></div>` : html`<div class="recipe-grid ${layout === 'list' ? 'as-list' : layout === 'grid4' ? 'cols-4' : 'cols-3'}">${shown.map((r) => recipeCard(r, layout === 'list'))}</div>`}
    ${pagination(current, pages, (p) => listingHref(filters, {page: p}))}
  </section>`
  return shell(
    context,
    title,
    html`${breadcrumb([{href: '/', label: 'Home'}], title)}
    <div class="row listing sidebar-${model.layout.sidebar}">${model.layout.sidebar === 'left' ? html`${sidebar}${content}` : html`${content}${sidebar}`}</div>`,
    {q: filters.q},
  )
}
