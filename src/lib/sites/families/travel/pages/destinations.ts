// Travel pages about places and rules: the destinations list, a destination, and help & baggage.
import {html, queryString} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {CHILD_SHARE} from '../data.js'
import {durationText} from '../dates.js'
import {capitalise, money} from '../format.js'
import {modeOf} from '../model.js'
import {distanceKm} from '../timetable.js'
import type {City, Context} from '../types.js'
import {fareTable} from './results.js'
import {shell} from './shell.js'

export function destinationsPage(context: Context): string {
  const {model} = context
  return shell(
    context,
    'Destinations',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Destinations')}
    <h1>Where we go</h1>
    <div class="tiles cols-${model.layout.tileColumns}">${[...model.cities].sort((a, b) => a.name.localeCompare(b.name)).map((city) => html`<a class="card route-tile" href="/destinations/${city.code}"><img src="/img/photo/${city.code}-${city.name}.svg" alt="${city.name}" width="400" height="300"><div><strong>${city.name}</strong><span class="muted">${city.country} · ${city.hub} (${city.code})</span></div></a>`)}</div>`,
  )
}

export function destinationPage(city: City, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const others = model.cities.filter((c) => c !== city)
  return shell(
    context,
    city.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: '/destinations', label: 'Destinations'},
      ],
      city.name,
    )}
    <div class="row destination">
      <article class="content card prose">
        <img class="dest-photo" src="/img/photo/${city.code}-${city.name}.svg" alt="${city.name}" width="800" height="360">
        <h1>${city.name}, ${city.country}</h1>
        <p>${city.blurb}</p>
        <p>${capitalise(mode.nouns)} arrive at <strong>${city.hub}</strong> (${city.code}). The best time to visit is ${city.bestMonths}.</p>
        <h2>Getting to ${city.name}</h2>
        <table><thead><tr><th>From</th><th>Distance</th><th>Typical ${mode.direct.toLowerCase()} journey</th><th></th></tr></thead>
          <tbody>${others.map((other) => html`<tr><td>${other.name}</td><td>${Math.round(distanceKm(other, city)).toLocaleString('en-US')} km</td><td>${durationText(Math.round((mode.overheadMin + (distanceKm(other, city) * 1.15 * 60) / mode.speedKmh) / 5) * 5)}</td><td><a href="/${queryString({from: other.code, to: city.code})}">Search</a></td></tr>`)}</tbody></table>
      </article>
      <aside class="sidebar card"><h3>At a glance</h3><img src="/img/map/${city.code}.svg" alt="Map of ${city.name}" width="240" height="180"><p><strong>${capitalise(mode.hubWord)}:</strong> ${city.hub}</p><p><strong>Code:</strong> ${city.code}</p><p><strong>Country:</strong> ${city.country}</p></aside>
    </div>`,
  )
}

export function helpPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  return shell(
    context,
    'Help & baggage',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Help & baggage')}
    <article class="card prose help">
      <h1>Help & baggage</h1>
      <p>Every ${mode.noun} on ${context.site.name} is sold in three fare types. The cheapest is ${mode.fareNames.basic}; ${mode.fareNames.standard} and ${mode.fareNames.flex} add luggage and flexibility. Children aged 2–11 pay ${Math.round(CHILD_SHARE * 100)}% of the adult fare.</p>
      <h2>Fare rules by ${mode.carrierWord.toLowerCase()}</h2>
      ${model.carriers.map((carrier) => html`<h3>${carrier.name} (${carrier.code})</h3>${fareTable(model, carrier, null)}`)}
      <h2>Travel insurance</h2><p>Cover for cancellation, delays and lost luggage costs ${money(model, model.insurance)} per traveller and can be added while booking.</p>
      <h2>Extra luggage</h2><p>An extra ${mode.bagNoun} bought online costs ${money(model, model.extraBag)} per booking.</p>
    </article>`,
  )
}
