// The appointments start page, the booking progress steps and the booking confirmation page.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {BOOKING_WINDOW_DAYS} from '../data.js'
import {displayTime, longDate} from '../dates.js'
import type {Appointment, Context} from '../types.js'
import {shell} from './shell.js'

export function appointmentsPage(context: Context): string {
  const {model} = context
  const booked = context.state.appointments.filter((a) => a.status === 'booked')
  return shell(
    context,
    'Book an appointment',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Book an appointment')}
    <h1>Book an appointment</h1>
    ${bookingSteps(1)}
    <p>Choose what your appointment is for. You can book up to ${BOOKING_WINDOW_DAYS / 7} weeks ahead.</p>
    <div class="reason-grid">${model.reasons.map((r) => html`<a class="card reason-link" data-reason="${r.id}" href="/appointments/book?reason=${r.id}"><strong>${r.name}</strong><span class="muted">${r.description}</span><span class="small">${r.minutes} minutes</span></a>`)}</div>
    ${booked.length > 0 ? html`<section class="card"><h2>Your appointments</h2><ul>${booked.map((a) => html`<li><a href="/appointments/booking/${a.reference}">${a.reference}</a> — ${model.reasons.find((r) => r.id === a.reasonId)?.name}, ${longDate(a.date)} at ${displayTime(model, timeMinutes(a.time))}</li>`)}</ul></section>` : ''}`,
  )
}

export function bookingSteps(current: number): Html {
  const names = ['Reason', 'Office', 'Date and time', 'Your details']
  return html`<ol class="steps steps-circles booking-steps" aria-label="Booking progress">${names.map((n, i) => html`<li class="${i + 1 < current ? 'done' : i + 1 === current ? 'current' : ''}"><span class="step-no">${i + 1 < current ? '✓' : i + 1}</span><span class="step-name">${n}</span></li>`)}</ol>`
}

export function timeMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number)
  return h! * 60 + m!
}

export function bookingConfirmationPage(booking: Appointment, context: Context): string {
  const {model} = context
  const reason = model.reasons.find((r) => r.id === booking.reasonId)!
  const office = model.offices.find((o) => o.id === booking.officeId)!
  const cancelled = booking.status === 'cancelled'
  return shell(
    context,
    cancelled ? 'Appointment cancelled' : 'Appointment booked',
    html`<section class="confirmation-panel${cancelled ? ' cancelled' : ''}"><h1>${cancelled ? 'Appointment cancelled' : 'Appointment booked'}</h1><p>Booking reference</p><p class="confirmation-number booking-reference">${booking.reference}</p></section>
    <section class="card prose">
      <table class="summary-table"><tbody>
        <tr><th>Reason</th><td>${reason.name}</td></tr>
        <tr><th>Office</th><td>${office.name}, ${office.street}, ${model.city} ${office.zip}</td></tr>
        <tr><th>Date</th><td>${longDate(booking.date)}</td></tr>
        <tr><th>Time</th><td>${displayTime(model, timeMinutes(booking.time))} (${reason.minutes} minutes)</td></tr>
        <tr><th>Name</th><td>${booking.name}</td></tr>
        <tr><th>Email</th><td>${booking.email}</td></tr>
      </tbody></table>
      ${
        cancelled
          ? html`<p><a class="btn btn-dark" href="/appointments">Book a new appointment</a></p>`
          : html`<p>Please arrive 10 minutes early and bring your documents and this reference.</p>
      <form method="post" action="/appointments/booking/${booking.reference}/cancel"><button class="btn cancel-booking" type="submit">Cancel this appointment</button></form>`
      }
    </section>`,
  )
}
