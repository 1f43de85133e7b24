// Listings home page with hero search, map and latest listings, and the areas page.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {emptyFilters, filtersHref, sortListings} from '../filters.js'
import {dollars, kebab} from '../format.js'
import {termsFor} from '../terms.js'
import type {Context, Home, ListingsModel} from '../types.js'
import {shell} from './shell.js'
import {areaMap, countByArea, listingCard} from './widgets.js'

function heroSearch(model: ListingsModel): Html {
  const terms = termsFor(model)
  return html`<form class="hero-search" method="get" action="${terms.base}">
    <div class="hero-field"><label for="hero-what">${model.kind === 'jobs' ? 'What' : 'Keywords'}</label><input id="hero-what" name="q" placeholder="${model.kind === 'jobs' ? 'e.g. nurse, accountant, Bluepeak' : 'e.g. garden, Linden Street'}"></div>
    <div class="hero-field"><label for="hero-where">Where</label><input id="hero-where" name="where" placeholder="${model.kind === 'jobs' ? 'Region or city' : 'Neighbourhood or city'}"></div>
    <button type="submit" class="btn btn-primary hero-submit">Search ${terms.many}</button>
  </form>`
}

export function homePage(context: Context): string {
  const {model, site} = context
  const terms = termsFor(model)
  const latest = sortListings(model.listings, 'newest').slice(0, model.layout.results === 'grid' ? 6 : 5)
  const counts = countByArea(model.listings)
  const hero = html`<section class="hero card hero-${model.layout.hero}">
    <div class="hero-text"><h1>${model.tagline}</h1><p class="muted">${model.listings.length} ${terms.many} in ${model.areas.length} ${terms.areasWord.toLowerCase()}, updated every morning.</p>${heroSearch(model)}</div>
    ${model.layout.hero === 'photo' ? html`<img src="/img/${model.kind === 'jobs' ? 'photo' : 'house'}/hero-${site.slug}.svg" alt="" width="340" height="255">` : ''}
  </section>`
  return shell(
    context,
    model.kind === 'jobs' ? 'Jobs' : 'Homes',
    html`${hero}
    ${areaMap(context, {selected: [], counts, hrefFor: (area) => filtersHref(model, emptyFilters(), {areas: [area.id]}), caption: html`<h2>Browse by ${terms.areaWord.toLowerCase()}</h2><span class="muted">Click a ${terms.areaWord.toLowerCase()} on the map of ${model.city} to see its ${terms.many}.</span>`})}
    <div class="row home-columns">
      <section class="content">
        <h2>${model.kind === 'jobs' ? 'Latest jobs' : 'New on the market'}</h2>
        <div class="results ${model.layout.results}-view">${latest.map((l) => listingCard(l, context, '/'))}</div>
        <p><a class="btn btn-dark" href="${terms.base}">See all ${model.listings.length} ${terms.many}</a></p>
      </section>
      <aside class="sidebar home-aside">${model.kind === 'jobs' ? topEmployers(model) : priceTable(model)}${tipsCard(model)}</aside>
    </div>`,
  )
}

function topEmployers(model: ListingsModel): Html {
  const counts = new Map<string, number>()
  for (const l of model.listings) if (l.kind === 'jobs') counts.set(l.company, (counts.get(l.company) ?? 0) + 1)
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 6)
  return html`<div class="card"><h3>Top employers</h3><ul class="plain-list">${top.map(([company, n]) => html`<li><img src="/img/logo/${kebab(company)}.svg" alt="" width="28" height="21" class="mini-logo"><a href="${filtersHref(model, emptyFilters(), {q: company})}">${company}</a> <span class="muted">${n} open</span></li>`)}</ul></div>`
}

function priceTable(model: ListingsModel): Html {
  const rows = model.areas.map((area) => {
    const homes = model.listings.filter((l): l is Home => l.kind === 'homes' && l.areaId === area.id)
    const average = homes.length === 0 ? 0 : Math.round(homes.reduce((s, h) => s + h.price / h.size, 0) / homes.length)
    return {area, count: homes.length, average}
  })
  return html`<div class="card"><h3>Asking ${model.market === 'sale' ? 'price' : 'rent'} per m²</h3><table class="compact"><tr><th>${termsFor(model).areaWord}</th><th>Avg.</th></tr>${rows.map((r) => html`<tr><td>${r.area.name}</td><td>${r.count === 0 ? '–' : dollars(r.average)}</td></tr>`)}</table></div>`
}

function tipsCard(model: ListingsModel): Html {
  const tips =
    model.kind === 'jobs'
      ? [
          'Tailor your CV to each vacancy',
          'Five questions to ask at the end of an interview',
          'How to negotiate your starting salary',
        ]
      : ['What to check at a first viewing', 'A first-time buyer’s guide to offers', 'Understanding energy labels']
  return html`<div class="card tips"><h3>${model.kind === 'jobs' ? 'Career advice' : 'Guides'}</h3>${tips.map((t, i) => html`<p><strong>${t}</strong><br><span class="muted">${i + 3} min read</span></p>`)}</div>`
}

export function areasPage(context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const counts = countByArea(model.listings)
  return shell(
    context,
    terms.areasWord,
    html`${breadcrumb([{href: '/', label: 'Home'}], terms.areasWord)}
    <h1>${terms.areasWord} of ${model.city}</h1>
    ${areaMap(context, {selected: [], counts, hrefFor: (area) => filtersHref(model, emptyFilters(), {areas: [area.id]}), caption: html`<span class="muted">Click a ${terms.areaWord.toLowerCase()} to see its ${terms.many}.</span>`})}
    <div class="area-guide">${model.areas.map((area) => html`<div class="card"><h3>${area.name}</h3><p>${area.blurb}</p><a href="${filtersHref(model, emptyFilters(), {areas: [area.id]})}">${counts.get(area.id) ?? 0} ${terms.many} in ${area.name} ›</a></div>`)}</div>`,
  )
}
