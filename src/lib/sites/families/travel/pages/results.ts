// The travel results page: route summary, date strip, filters, sort and trip cards with their fare tables.
import {html, queryString, raw, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {SORTS, TIME_WINDOWS} from '../data.js'
import {addDays, clock, durationText, inWindow, shortDate, windowOf} from '../dates.js'
import {baggageText, capitalise, changeText, money, passengerSummary, refundText, stopsText} from '../format.js'
import {modeOf} from '../model.js'
import {passesFilters, resultsHref, sortTrips, type ResultsQuery} from '../search.js'
import {adultPrice, cheapestOn, partyPrice, tripsFor} from '../timetable.js'
import type {Carrier, Context, TravelModel, Trip} from '../types.js'
import {shell} from './shell.js'

export function resultsPage(q: ResultsQuery, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const all = tripsFor(model, q.from, q.to, q.date)
  const shown = sortTrips(
    all.filter((trip) => passesFilters(trip, q)),
    q.sort,
  )
  const cheapest = shown.length ? Math.min(...shown.map((t) => t.basePrice)) : 0
  const fastest = shown.length ? Math.min(...shown.map((t) => t.duration)) : 0
  const filterLink = (
    cls: string,
    attr: string,
    value: string,
    label: string,
    active: boolean,
    href: string,
    tally?: number,
    note = '',
  ) =>
    html`<li><a class="${cls}${active ? ' active' : ''}" ${raw(attr)}="${value}" href="${href}"><span class="check" aria-hidden="true">${active ? '☑' : '☐'}</span> ${label}${tally === undefined ? '' : html` <span class="muted">(${tally})</span>`}${note ? html`<small class="muted range">${note}</small>` : ''}</a></li>`
  const title = `${q.from.name} to ${q.to.name}`
  return shell(
    context,
    `${capitalise(mode.nouns)} ${title}`,
    html`${breadcrumb([{href: '/', label: 'Home'}], title)}
    <section class="route-summary card">
      <div><h1>${q.from.name} <span class="arrow">→</span> ${q.to.name}</h1>
      <p class="muted">${shortDate(q.date)} · One-way · ${passengerSummary(q.adults, q.children)} · ${q.cabin.label}</p></div>
      <a class="btn change-search" href="/${queryString({from: q.from.code, to: q.to.code, date: q.date, adults: q.adults, children: q.children || '', cabin: q.cabin.id})}">Change search</a>
    </section>
    ${model.layout.showDateStrip ? dateStrip(q, model) : ''}
    <div class="row results-layout${model.layout.filtersRight ? ' filters-right' : ''}">
      <aside class="sidebar card filters">
        <h3>${capitalise(mode.stopsWord)}</h3>
        <ul>${filterLink('filter-stops', 'data-stops', 'any', 'Any number', q.stops === '', resultsHref(q, {stops: ''}))}
          ${filterLink('filter-stops', 'data-stops', '0', `${mode.direct} only`, q.stops === '0', resultsHref(q, {stops: '0'}), all.filter((t) => t.via.length === 0).length)}
          ${filterLink('filter-stops', 'data-stops', '1', `1 ${mode.stopWord} at most`, q.stops === '1', resultsHref(q, {stops: '1'}), all.filter((t) => t.via.length <= 1).length)}</ul>
        <h3>Departure time</h3>
        <ul>${filterLink('filter-time', 'data-time', 'any', 'Any time', q.time === '', resultsHref(q, {time: ''}))}
          ${TIME_WINDOWS.map((w) => filterLink('filter-time', 'data-time', w.id, w.label, q.time === w.id, resultsHref(q, {time: w.id}), all.filter((t) => windowOf(t.depart) === w.id).length, `${clock(w.from)}–${clock(w.to)}`))}</ul>
        <h3>${mode.carrierWord}</h3>
        <ul>${filterLink('filter-carrier', 'data-carrier', 'any', `All`, q.carrier === '', resultsHref(q, {carrier: ''}))}
          ${model.carriers.map((c) => filterLink('filter-carrier', 'data-carrier', c.code, c.name, q.carrier === c.code, resultsHref(q, {carrier: c.code}), all.filter((t) => t.carrier === c).length))}</ul>
        <img class="route-map" src="/img/map/${q.from.code}-${q.to.code}.svg" alt="Route map ${q.from.name} to ${q.to.name}" width="240" height="180">
      </aside>
      <section class="content">
        <div class="toolbar"><strong class="result-count">${shown.length} ${shown.length === 1 ? mode.noun : mode.nouns}</strong>
          <span class="sort-bar">Sort by: ${SORTS.map((s) => (s.id === q.sort ? html`<strong class="sort-option active" data-sort="${s.id}">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${resultsHref(q, {sort: s.id === 'recommended' ? '' : s.id})}">${s.label}</a>`))}</span></div>
        <p class="muted price-note">Prices are per adult for the ${mode.fareNames.basic} fare in ${q.cabin.label}, taxes included. Totals are for ${passengerSummary(q.adults, q.children)}.</p>
        ${shown.length === 0 ? html`<div class="card empty"><h3>No ${mode.nouns} match these filters</h3><p>Try another departure time or allow ${mode.stopsWord}. <a href="${resultsHref(q, {stops: '', time: '', carrier: ''})}">Clear all filters</a></p></div>` : html`<div class="trip-list style-${model.layout.resultStyle}">${shown.map((trip) => tripCard(trip, q, context, {cheapest: trip.basePrice === cheapest, fastest: trip.duration === fastest}))}</div>`}
      </section>
    </div>`,
  )
}

function dateStrip(q: ResultsQuery, model: TravelModel): Html {
  const days = [-3, -2, -1, 0, 1, 2, 3].map((offset) => addDays(q.date, offset)).filter((day) => inWindow(model, day))
  return html`<nav class="date-strip" aria-label="Nearby dates">${days.map((day) => {
    const price = money(model, Math.round(cheapestOn(model, q.from, q.to, day) * q.cabin.multiplier))
    const label = html`<span>${shortDate(day).slice(0, -5)}</span><strong>${price}</strong>`
    return day === q.date
      ? html`<span class="strip-day current" aria-current="date">${label}</span>`
      : html`<a class="strip-day" data-date="${day}" href="${resultsHref(q, {date: day})}">${label}</a>`
  })}</nav>`
}

function tripCard(trip: Trip, q: ResultsQuery, context: Context, badges: {cheapest: boolean; fastest: boolean}): Html {
  const {model} = context
  const mode = modeOf(model)
  const arrival = trip.depart + trip.duration
  const dayShift = Math.floor(arrival / 1440)
  const saved = context.state.saved.includes(trip.id)
  const price = adultPrice(trip, q.cabin, 'basic')
  return html`<article class="card trip" data-trip="${trip.id}">
    <div class="trip-main">
      <div class="carrier"><img src="/img/logo/${trip.carrier.name}.svg" alt="" width="40" height="40"><div><strong>${trip.carrier.name}</strong><span class="muted trip-number">${capitalise(mode.noun)} ${trip.number}</span></div></div>
      <div class="times">
        <div class="time"><strong class="dep-time">${clock(trip.depart)}</strong><span>${trip.from.code}</span></div>
        <div class="line"><span class="duration">${durationText(trip.duration)}</span><span class="track${trip.via.length ? ' with-stops' : ''}"></span><span class="stops${trip.via.length ? ' has-stops' : ''}">${stopsText(mode, trip)}${trip.via.length ? html` · via ${trip.via.map((c) => c.code).join(', ')}` : ''}</span></div>
        <div class="time"><strong class="arr-time">${clock(arrival)}${dayShift > 0 ? html`<sup>+${dayShift}</sup>` : ''}</strong><span>${trip.to.code}</span></div>
      </div>
      <div class="price-box">
        ${badges.cheapest ? html`<span class="badge badge-cheap">Cheapest</span>` : ''}${badges.fastest ? html`<span class="badge badge-fast">Fastest</span>` : ''}
        <span class="price trip-price">${money(model, price)}</span>
        <span class="muted">per adult</span>
        <span class="party-total">${money(model, partyPrice(trip, q.cabin, 'basic', q.adults, q.children))} total</span>
      </div>
      <form class="save-form" method="post" action="/saved"><input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="back" value="${resultsHref(q)}">
        <button type="submit" class="save-trip${saved ? ' is-saved' : ''}" data-trip="${trip.id}" aria-pressed="${saved ? 'true' : 'false'}" title="${saved ? 'Remove from saved' : 'Save this trip'}">${saved ? '♥ Saved' : '♡ Save'}</button></form>
    </div>
    <details class="fares" data-trip="${trip.id}"><summary class="fares-toggle">Fare options and rules</summary>
      <p class="muted fare-meta">${trip.carrier.name} · ${trip.from.hub} → ${trip.to.hub} · on time ${trip.carrier.onTimePercent}% of the time</p>
      ${fareTable(model, trip.carrier, {trip, q})}
    </details>
  </article>`
}

/** A carrier's three fares with their rules; with a trip, also prices and Select links. */
export function fareTable(model: TravelModel, carrier: Carrier, priced: {trip: Trip; q: ResultsQuery} | null): Html {
  const mode = modeOf(model)
  return html`<table class="fare-table"><thead><tr><th>Fare</th><th>${capitalise(mode.bagNouns)}</th><th>Hand luggage</th><th>Changes</th><th>Refunds</th><th>Seats</th>${priced ? html`<th>Per adult</th><th>Total</th><th></th>` : ''}</tr></thead>
    <tbody>${carrier.fares.map(
      (
        fare,
      ) => html`<tr class="fare-row" data-fare="${fare.id}"><th scope="row">${fare.name}</th><td class="fare-bags">${baggageText(mode, fare)}</td><td>${fare.handLuggage}</td><td class="fare-change">${changeText(model, fare)}</td><td class="fare-refund">${refundText(model, fare.refund)}</td><td>${fare.seats}</td>
      ${
        priced
          ? html`<td class="price">${money(model, adultPrice(priced.trip, priced.q.cabin, fare.id))}</td><td>${money(model, partyPrice(priced.trip, priced.q.cabin, fare.id, priced.q.adults, priced.q.children))}</td>
        <td><a class="btn btn-primary select-fare" data-trip="${priced.trip.id}" data-fare="${fare.id}" href="/book${queryString({trip: priced.trip.id, cabin: priced.q.cabin.id, fare: fare.id, adults: priced.q.adults, children: priced.q.children || ''})}">Select</a></td>`
          : ''
      }</tr>`,
    )}</tbody></table>`
}
