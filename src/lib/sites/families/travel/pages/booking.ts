// Travel booking pages: the traveller details form and the booking confirmation.
import {html, queryString} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {passengerTypes, type BookingErrors, type BookingRequest} from '../booking.js'
import {SEATS} from '../data.js'
import {arrivalText, clock, durationText, longDate, shortDate} from '../dates.js'
import {baggageText, changeText, money, refundText, stopsText} from '../format.js'
import {modeOf} from '../model.js'
import {adultPrice, cabinOf, childPrice, fareOf, partyPrice, tripById} from '../timetable.js'
import type {Booking, Context} from '../types.js'
import {BOOKING_SCRIPT} from './scripts.js'
import {shell} from './shell.js'

export function bookingPage(
  request: BookingRequest,
  context: Context,
  values: URLSearchParams,
  errors: BookingErrors,
): string {
  const {model} = context
  const mode = modeOf(model)
  const {trip, cabin} = request
  const fare = fareOf(trip, request.fare)
  const travellers = request.adults + request.children
  const base = partyPrice(trip, cabin, request.fare, request.adults, request.children)
  const seat = SEATS.find((s) => s.id === values.get('seat'))?.id ?? 'any'
  const input = (id: string, label: string, type: string, hint = '') =>
    html`<div class="field${errors[id] ? ' invalid' : ''}"><label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${values.get(id) ?? ''}">${hint ? html`<div class="hint">${hint}</div>` : ''}${errors[id] ? html`<div class="error-text">${errors[id]}</div>` : ''}</div>`
  const checkbox = (id: string, name: string, label: string) =>
    html`<div class="field check-field${errors[name] ? ' invalid' : ''}"><input type="checkbox" id="${id}" name="${name}" value="1"${values.get(name) === '1' ? html` checked` : ''}> <label for="${id}">${label}</label>${errors[name] ? html`<div class="error-text">${errors[name]}</div>` : ''}</div>`
  return shell(
    context,
    'Traveller details',
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {
          href: `/results${queryString({from: trip.from.code, to: trip.to.code, date: trip.date, adults: request.adults, children: request.children || '', cabin: cabin.id})}`,
          label: `${trip.from.name} to ${trip.to.name}`,
        },
      ],
      'Traveller details',
    )}
    <ol class="steps"><li class="done">Search</li><li class="done">Choose fare</li><li class="current">Traveller details</li><li>Confirmation</li></ol>
    ${Object.keys(errors).length > 0 ? html`<div class="alert alert-error" role="alert">Please correct the highlighted fields (${Object.keys(errors).length}).</div>` : ''}
    <div class="row booking-layout">
      <form class="content card booking-form" method="post" action="/book" novalidate data-base="${base}" data-insurance="${model.insurance * travellers}" data-bag="${model.extraBag}" data-currency="${mode.currency}">
        <input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="cabin" value="${cabin.id}"><input type="hidden" name="fare" value="${fare.id}"><input type="hidden" name="adults" value="${request.adults}"><input type="hidden" name="children" value="${request.children}">
        <h1>Who is travelling?</h1>
        <p class="muted">Enter names exactly as they appear on each traveller’s passport or ID.</p>
        ${passengerTypes(request).map((type, i) => html`<fieldset class="pax"><legend>Traveller ${i + 1} · ${type === 'adult' ? 'Adult' : 'Child (2–11)'}</legend><div class="pax-grid">${input(`pax-${i + 1}-first`, 'First name', 'text')}${input(`pax-${i + 1}-last`, 'Last name', 'text')}</div></fieldset>`)}
        <h2>Contact details</h2>
        <div class="pax-grid">${input('email', 'Email address', 'email', 'We send the e-ticket here.')}${input('phone', 'Mobile phone (optional)', 'tel', 'For delay and platform alerts.')}</div>
        <h2>Seat preference</h2>
        <div class="seat-options">${SEATS.map((s) => html`<input type="radio" class="visually-hidden" id="seat-${s.id}" name="seat" value="${s.id}"${s.id === seat ? html` checked` : ''}><label class="seat-option" for="seat-${s.id}">${s.label}</label>`)}</div>
        <h2>Extras</h2>
        ${checkbox('opt-insurance', 'insurance', `Travel insurance (${money(model, model.insurance)} per traveller)`)}
        ${checkbox('opt-bag', 'extra_bag', `Extra ${mode.bagNoun} (${money(model, model.extraBag)})`)}
        <h2>Review</h2>
        ${checkbox('opt-terms', 'terms', `I have read the ${fare.name} fare rules and accept the terms of carriage`)}
        <button type="submit" class="btn btn-primary confirm-booking">Confirm booking</button>
      </form>
      <aside class="sidebar card booking-summary">
        <h3>Your ${mode.noun}</h3>
        <p><strong>${trip.from.name} → ${trip.to.name}</strong><br>${shortDate(trip.date)}<br>${clock(trip.depart)} – ${arrivalText(trip)} · ${durationText(trip.duration)}<br>${trip.carrier.name} ${trip.number} · ${stopsText(mode, trip)}</p>
        <p><strong>${fare.name}</strong> fare · ${cabin.label}</p>
        <ul class="rules"><li>${baggageText(mode, fare)}</li><li>${changeText(model, fare)}</li><li>${refundText(model, fare.refund)}</li></ul>
        <table class="price-lines"><tr><td>${request.adults} × adult</td><td>${money(model, adultPrice(trip, cabin, fare.id) * request.adults)}</td></tr>
          ${request.children > 0 ? html`<tr><td>${request.children} × child</td><td>${money(model, childPrice(adultPrice(trip, cabin, fare.id)) * request.children)}</td></tr>` : ''}
          <tr class="total"><td>Total</td><td class="summary-total">${money(model, base)}</td></tr></table>
        <p class="muted">Extras are added to the total when you select them.</p>
      </aside>
    </div>`,
    BOOKING_SCRIPT,
  )
}

export function confirmationPage(booking: Booking, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const trip = tripById(model, booking.tripId)!
  const fare = fareOf(trip, booking.fare)
  return shell(
    context,
    'Booking confirmed',
    html`<ol class="steps"><li class="done">Search</li><li class="done">Choose fare</li><li class="done">Traveller details</li><li class="current">Confirmation</li></ol>
    <section class="card confirmation">
      <div class="confirm-head"><span class="confirm-icon" aria-hidden="true">✓</span><div><h1>Your booking is confirmed</h1><p class="muted">We sent your e-tickets to ${booking.email}.</p></div>
        <div class="reference-box">Booking reference<strong class="booking-ref">${booking.reference}</strong></div></div>
      <h2>${trip.from.name} → ${trip.to.name}</h2>
      <p>${longDate(trip.date)} · departs ${clock(trip.depart)} from ${trip.from.hub}, arrives ${arrivalText(trip)} at ${trip.to.hub} · ${trip.carrier.name} ${trip.number} · ${stopsText(mode, trip)}</p>
      <table class="booking-details">
        <tr><th>Fare</th><td>${fare.name}, ${cabinOf(model, booking.cabin).label}</td></tr>
        <tr><th>Travellers</th><td>${booking.passengers.map((p) => `${p.first} ${p.last} (${p.type})`).join(', ')}</td></tr>
        <tr><th>Seat preference</th><td>${SEATS.find((s) => s.id === booking.seat)!.label}</td></tr>
        <tr><th>Luggage</th><td>${baggageText(mode, fare)}${booking.extraBag ? ` + 1 extra ${mode.bagNoun}` : ''}</td></tr>
        <tr><th>Travel insurance</th><td>${booking.insurance ? 'Included' : 'Not added'}</td></tr>
        <tr><th>Changes and refunds</th><td>${changeText(model, fare)} · ${refundText(model, fare.refund)}</td></tr>
        <tr><th>Total paid</th><td class="price">${money(model, booking.total)}</td></tr>
      </table>
      <p><a class="btn btn-dark" href="/trips">Go to My trips</a> <a class="btn" href="/">Book another ${mode.noun}</a></p>
    </section>`,
  )
}
