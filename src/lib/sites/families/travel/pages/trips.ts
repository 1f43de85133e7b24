// Travel pages of the session: saved trips and my trips.
import {html, queryString} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {clock, shortDate} from '../dates.js'
import {capitalise, money, stopsText} from '../format.js'
import {modeOf} from '../model.js'
import {tripById} from '../timetable.js'
import type {Context, Trip} from '../types.js'
import {shell} from './shell.js'

export function savedPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const trips = context.state.saved.map((id) => tripById(model, id)).filter((trip): trip is Trip => trip !== undefined)
  return shell(
    context,
    'Saved trips',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Saved')}
    <h1>Saved trips</h1>
    ${
      trips.length === 0
        ? html`<div class="card"><p>You have not saved any ${mode.nouns} yet. Tap ♡ Save on a search result to keep it here.</p><a class="btn btn-dark" href="/">Search ${mode.nouns}</a></div>`
        : html`<table class="card saved-table"><thead><tr><th>${capitalise(mode.noun)}</th><th>Route</th><th>Date</th><th>Departs</th><th>From</th><th></th></tr></thead>
      <tbody>${trips.map(
        (
          trip,
        ) => html`<tr class="saved-row" data-trip="${trip.id}"><td><strong>${trip.number}</strong><div class="muted">${trip.carrier.name}</div></td><td>${trip.from.name} → ${trip.to.name}</td><td>${shortDate(trip.date)}</td><td>${clock(trip.depart)} · ${stopsText(mode, trip)}</td><td class="price">${money(model, trip.basePrice)}</td>
        <td><a class="btn" href="/results${queryString({from: trip.from.code, to: trip.to.code, date: trip.date, adults: 1, cabin: mode.cabins[0]!.id})}">View</a> <form class="inline" method="post" action="/saved"><input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="back" value="/saved"><button class="btn remove-saved" type="submit">Remove</button></form></td></tr>`,
      )}</tbody></table>`
    }`,
  )
}

export function tripsPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const {bookings} = context.state
  return shell(
    context,
    'My trips',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'My trips')}
    <h1>My trips</h1>
    ${
      bookings.length === 0
        ? html`<div class="card"><p>No bookings in this session yet.</p><a class="btn btn-dark" href="/">Find a ${mode.noun}</a></div>`
        : html`<table class="card"><thead><tr><th>Reference</th><th>${capitalise(mode.noun)}</th><th>Date</th><th>Travellers</th><th>Total</th></tr></thead>
      <tbody>${bookings.map((b) => {
        const trip = tripById(model, b.tripId)
        return html`<tr><td><a href="/booking/${b.reference}"><strong>${b.reference}</strong></a></td><td>${trip ? `${trip.number} ${trip.from.name} → ${trip.to.name}` : b.tripId}</td><td>${trip ? shortDate(trip.date) : ''}</td><td>${b.passengers.map((p) => `${p.first} ${p.last}`).join(', ')}</td><td>${money(model, b.total)}</td></tr>`
      })}</tbody></table>`
    }`,
  )
}
