// Travel home page with the search form and popular routes, and the deals page.
import {html, queryString} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {CHILD_SHARE} from '../data.js'
import {addDays, shortDate} from '../dates.js'
import {money} from '../format.js'
import {cityByCode, memo, modeOf} from '../model.js'
import type {SearchErrors, SearchValues} from '../search.js'
import {cheapestOn, distanceKm} from '../timetable.js'
import type {City, Context, TravelModel} from '../types.js'
import {searchForm} from './search-form.js'
import {shell} from './shell.js'

export function homePage(context: Context, values: SearchValues, errors: SearchErrors): string {
  const {model, site} = context
  const mode = modeOf(model)
  const routes = model.popular
    .slice(0, model.layout.tileColumns * 2)
    .map((pair) => popularRoute(model, pair.from, pair.to))
  return shell(
    context,
    `Cheap ${mode.nouns}`,
    html`<section class="hero hero-${model.layout.heroStyle}"${model.layout.heroStyle === 'photo' ? html` style="background-image:url('/img/photo/hero-${site.slug}.svg')"` : ''}>
      <div class="hero-text"><h1>${model.tagline}</h1><p>${mode.heroLine}</p></div>
      ${searchForm(model, values, errors)}
    </section>
    <section class="section"><h2>Popular routes</h2>
      <div class="tiles cols-${model.layout.tileColumns}">${routes.map((r) => html`<a class="card route-tile" href="${r.href}"><img src="/img/photo/${r.to.code}-${r.to.name}.svg" alt="${r.to.name}" width="400" height="300"><div><strong>${r.from.name} → ${r.to.name}</strong><span class="muted">${shortDate(r.date)}</span><span class="from-price">from ${money(model, r.price)}</span></div></a>`)}</div>
    </section>
    <section class="section features">
      <div class="card feature"><span class="feature-icon">✓</span><h3>No booking fees</h3><p class="muted">The price you see is the price you pay, taxes included.</p></div>
      <div class="card feature"><span class="feature-icon">⇆</span><h3>Flexible fares</h3><p class="muted">Every result shows its baggage, change and refund rules before you book.</p></div>
      <div class="card feature"><span class="feature-icon">☎</span><h3>Help around the clock</h3><p class="muted">Our travel team answers within the hour, every day of the year.</p></div>
    </section>
    <section class="section"><h2>Explore destinations</h2>
      <div class="city-strip">${model.cities.slice(0, 6).map((city) => html`<a class="city-chip" href="/destinations/${city.code}"><img src="/img/photo/${city.code}-${city.name}.svg" alt="" width="64" height="48"><span>${city.name}<small>${city.country}</small></span></a>`)}</div>
    </section>
    <section class="section card faq"><h2>Frequently asked questions</h2>
      <details><summary>Do children travel for less?</summary><p>Yes. Children aged 2 to 11 pay ${Math.round(CHILD_SHARE * 100)}% of the adult fare on every ${mode.noun}.</p></details>
      <details><summary>What do the fare types include?</summary><p>${mode.fareNames.basic} is the cheapest and most restrictive fare, ${mode.fareNames.standard} adds a ${mode.bagNoun} and paid changes, and ${mode.fareNames.flex} includes free changes and full refunds. Exact rules depend on the ${mode.carrierWord.toLowerCase()}: open “Fare options and rules” on any result.</p></details>
      <details><summary>Can I hold a booking?</summary><p>Save a trip with the heart button and find it later under Saved.</p></details>
    </section>`,
  )
}

interface PopularRoute {
  from: City
  to: City
  date: string
  price: number
  href: string
}

function popularRoute(model: TravelModel, fromCode: string, toCode: string): PopularRoute {
  return memo(model, `popular/${fromCode}/${toCode}`, () => makePopularRoute(model, fromCode, toCode))
}

function makePopularRoute(model: TravelModel, fromCode: string, toCode: string): PopularRoute {
  const from = cityByCode(model, fromCode)!
  const to = cityByCode(model, toCode)!
  let best = {date: model.defaultDate, price: Number.POSITIVE_INFINITY}
  for (let offset = 0; offset < 14; offset++) {
    const date = addDays(model.defaultDate, offset)
    const price = cheapestOn(model, from, to, date)
    if (price < best.price) best = {date, price}
  }
  const href = `/results${queryString({from: from.code, to: to.code, date: best.date, adults: 1, cabin: modeOf(model).cabins[0]!.id})}`
  return {from, to, ...best, href}
}

export function dealsPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const deals = model.popular.map((pair) => popularRoute(model, pair.from, pair.to)).sort((a, b) => a.price - b.price)
  return shell(
    context,
    'Deals',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Deals')}
    <h1>This fortnight’s lowest fares</h1>
    <p class="muted">Lowest one-way ${mode.fareNames.basic} fares per adult in ${mode.cabins[0]!.label}, for departures between ${shortDate(model.defaultDate)} and ${shortDate(addDays(model.defaultDate, 13))}.</p>
    <table class="card deals-table"><thead><tr><th>Route</th><th>Cheapest date</th><th>Distance</th><th>From</th><th></th></tr></thead>
      <tbody>${deals.map((d) => html`<tr><td><strong>${d.from.name} → ${d.to.name}</strong><div class="muted">${d.from.hub} to ${d.to.hub}</div></td><td>${shortDate(d.date)}</td><td>${Math.round(distanceKm(d.from, d.to)).toLocaleString('en-US')} km</td><td class="price">${money(model, d.price)}</td><td><a class="btn btn-dark" href="${d.href}">See ${mode.nouns}</a></td></tr>`)}</tbody></table>`,
  )
}
