// The booking page: office choice, calendar of free days, time slots and the details form.
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {firstBookableMonth, freeSlots} from '../availability.js'
import {BOOKING_WINDOW_DAYS, DAY_NAMES} from '../data.js'
import {addDays, clockTime, displayTime, isoDate, longDate, monthLabel, shiftMonth, weekdayOf} from '../dates.js'
import type {Context, Office, PortalModel, Reason} from '../types.js'
import {appointmentsPage, bookingSteps, timeMinutes} from './appointments.js'
import {type Errors, type TextField, errorSummary, textField} from './form-parts.js'
import {shell} from './shell.js'

interface BookingChoice {
  reason?: Reason
  office?: Office
  month: string
  date?: string
  time?: number
}

export function readBookingChoice(values: URLSearchParams, context: Context): BookingChoice {
  const {model, site} = context
  const reason = model.reasons.find((r) => r.id === values.get('reason'))
  const office = reason && model.offices.find((o) => o.id === values.get('office') && o.reasonIds.includes(reason.id))
  const first = firstBookableMonth(model)
  const last = addDays(model.today, BOOKING_WINDOW_DAYS).slice(0, 7)
  const asked = values.get('month') ?? ''
  const month = /^\d{4}-\d{2}$/.test(asked) && asked >= first && asked <= last ? asked : first
  const date = values.get('date') ?? ''
  const slots = office && /^\d{4}-\d{2}-\d{2}$/.test(date) ? freeSlots(site, model, office, date) : []
  const validDate = slots.length > 0 ? date : undefined
  const time = /^\d{2}:\d{2}$/.test(values.get('time') ?? '') ? timeMinutes(values.get('time')!) : NaN
  return {
    reason,
    office,
    month: validDate ? validDate.slice(0, 7) : month,
    date: validDate,
    time: slots.includes(time) ? time : undefined,
  }
}

/** A link to the booking page with some choices changed; `anchor` scrolls to the part that needs the next choice. */
function bookingHref(
  choice: BookingChoice,
  changes: Partial<Record<'office' | 'month' | 'date' | 'time', string>>,
  anchor = 'when',
): string {
  return `/appointments/book${queryString({reason: choice.reason?.id, office: choice.office?.id, month: choice.month, date: choice.date, time: choice.time === undefined ? undefined : clockTime(choice.time), ...changes})}#${anchor}`
}

function calendar(choice: BookingChoice, context: Context): Html {
  const {model, site} = context
  const office = choice.office!
  const [y, m] = choice.month.split('-').map(Number)
  const first = isoDate(y!, m!, 1)
  const daysInMonth = new Date(Date.UTC(y!, m!, 0)).getUTCDate()
  const blanks = weekdayOf(first)
  const cells: Html[] = Array.from({length: blanks}, () => html`<span class="cal-cell empty"></span>`)
  for (let d = 1; d <= daysInMonth; d++) {
    const date = isoDate(y!, m!, d)
    const free = freeSlots(site, model, office, date).length
    const label = `${longDate(date)}${free > 0 ? `, ${free} free times` : ', no free times'}`
    cells.push(
      date === choice.date
        ? html`<span class="cal-cell cal-day selected" aria-current="date" aria-label="${label}">${d}</span>`
        : free > 0
          ? html`<a class="cal-cell cal-day available" data-date="${date}" href="${bookingHref(choice, {date, month: '', time: ''})}" aria-label="${label}">${d}</a>`
          : html`<span class="cal-cell unavailable" aria-label="${label}">${d}</span>`,
    )
  }
  const prev = shiftMonth(choice.month, -1)
  const next = shiftMonth(choice.month, 1)
  const hasPrev = prev >= firstBookableMonth(model)
  const hasNext = next <= addDays(model.today, BOOKING_WINDOW_DAYS).slice(0, 7)
  return html`<div class="calendar" aria-label="Choose a day">
    <div class="cal-head">
      ${hasPrev ? html`<a class="cal-nav cal-prev" href="${bookingHref({...choice, date: undefined, time: undefined}, {month: prev})}" aria-label="Previous month">‹</a>` : html`<span class="cal-nav disabled">‹</span>`}
      <strong class="cal-month">${monthLabel(choice.month)}</strong>
      ${hasNext ? html`<a class="cal-nav cal-next" href="${bookingHref({...choice, date: undefined, time: undefined}, {month: next})}" aria-label="Next month">›</a>` : html`<span class="cal-nav disabled">›</span>`}
    </div>
    <div class="cal-grid">${DAY_NAMES.map((n) => html`<span class="cal-cell cal-dow">${n.slice(0, 3)}</span>`)}${cells}</div>
    <div class="cal-legend small"><span class="key available"></span> Free times <span class="key unavailable"></span> Fully booked or closed</div>
  </div>`
}

function slotPicker(choice: BookingChoice, context: Context): Html {
  const {model, site} = context
  if (!choice.date) return html`<p class="muted">Choose a day on the calendar to see free times.</p>`
  const slots = freeSlots(site, model, choice.office!, choice.date)
  return html`<h3>Free times on ${longDate(choice.date)}</h3><div class="slots">${slots.map((t) =>
    t === choice.time
      ? html`<span class="slot selected" aria-current="true">${displayTime(model, t)}</span>`
      : html`<a class="slot" data-time="${clockTime(t)}" href="${bookingHref(choice, {time: clockTime(t)}, 'details')}">${displayTime(model, t)}</a>`,
  )}</div>`
}

export const BOOKING_FIELDS: TextField[] = [
  {name: 'full_name', label: 'Full name', width: '360px'},
  {name: 'email', label: 'Email address', hint: 'We send your booking reference here', width: '420px'},
  {name: 'phone', label: 'Phone number', optional: true, width: '260px'},
]

export function bookingPage(values: URLSearchParams, context: Context, errors: Errors): string {
  const {model} = context
  const choice = readBookingChoice(values, context)
  if (!choice.reason) return appointmentsPage(context)
  const offices = model.offices.filter((o) => o.reasonIds.includes(choice.reason!.id))
  const step = !choice.office ? 2 : choice.time === undefined ? 3 : 4
  return shell(
    context,
    `Book: ${choice.reason.name}`,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: '/appointments', label: 'Book an appointment'},
      ],
      choice.reason.name,
    )}
    <h1>Book an appointment</h1>
    ${bookingSteps(step)}
    ${errors.time ? html`<div class="alert alert-error" role="alert">${errors.time}</div>` : ''}
    <div class="booking-layout">
      <section class="booking-main">
        <div class="card"><h2>1. Reason</h2><p><strong>${choice.reason.name}</strong> (${choice.reason.minutes} minutes) <a class="small" href="/appointments">Change</a></p></div>
        <div class="card"><h2>2. Office</h2><div class="office-choices">${offices.map((o) => html`<a class="office-choice${o.id === choice.office?.id ? ' selected' : ''}" data-office="${o.id}" href="${bookingHref({reason: choice.reason, month: choice.month}, {office: o.id})}"><strong>${o.name}</strong><span class="small muted">${o.street}</span></a>`)}</div></div>
        ${choice.office ? html`<div class="card" id="when"><h2>3. Date and time</h2><div class="date-time">${calendar(choice, context)}<div class="slot-panel">${slotPicker(choice, context)}</div></div></div>` : ''}
        ${choice.office && choice.date && choice.time !== undefined ? detailsForm(choice, values, errors, model) : ''}
      </section>
      <aside class="card booking-summary"><h3>Your appointment</h3><dl class="review-list">
        <dt>Reason</dt><dd>${choice.reason.name}</dd>
        <dt>Office</dt><dd>${choice.office?.name ?? '—'}</dd>
        <dt>Date</dt><dd>${choice.date ? longDate(choice.date) : '—'}</dd>
        <dt>Time</dt><dd>${choice.time === undefined ? '—' : displayTime(model, choice.time)}</dd>
      </dl></aside>
    </div>`,
  )
}

function detailsForm(choice: BookingChoice, values: URLSearchParams, errors: Errors, model: PortalModel): Html {
  return html`<form class="card booking-form" id="details" method="post" action="/appointments/book" novalidate>
    <h2>4. Your details</h2>
    ${errorSummary(errors)}
    <input type="hidden" name="reason" value="${choice.reason!.id}"><input type="hidden" name="office" value="${choice.office!.id}"><input type="hidden" name="date" value="${choice.date!}"><input type="hidden" name="time" value="${clockTime(choice.time!)}">
    ${BOOKING_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}
    <p class="small muted">Your appointment: ${longDate(choice.date!)} at ${displayTime(model, choice.time!)}, ${choice.office!.name}.</p>
    <button class="btn btn-primary confirm-booking" type="submit">Confirm booking</button>
  </form>`
}
