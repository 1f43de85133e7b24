// Form posts of appointments: booking and cancelling.
import {htmlReply, redirect} from '../../../reply.js'
import type {SiteReply} from '../../../types.js'
import {clockTime} from '../dates.js'
import {bookingReference, digitsOf} from '../numbers.js'
import {BOOKING_FIELDS, bookingPage, readBookingChoice} from '../pages/booking.js'
import type {Context} from '../types.js'
import {field, requireFields} from './validate.js'

export function bookAppointment(form: URLSearchParams, context: Context): SiteReply {
  const choice = readBookingChoice(form, context)
  if (!choice.reason || !choice.office || !choice.date || choice.time === undefined)
    return htmlReply(bookingPage(form, context, {time: 'That time is no longer available. Choose another time.'}), 422)
  const errors = requireFields(form, BOOKING_FIELDS)
  const email = field(form, 'email')
  if (!errors.email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email))
    errors.email = 'Enter an email address in the correct format, like name@example.com'
  const phone = field(form, 'phone')
  if (phone && digitsOf(phone).length < 10) errors.phone = 'Enter a phone number with 10 digits, or leave it empty'
  if (Object.keys(errors).length > 0) return htmlReply(bookingPage(form, context, errors), 422)
  const details = {
    reasonId: choice.reason.id,
    officeId: choice.office.id,
    date: choice.date,
    time: clockTime(choice.time),
    name: field(form, 'full_name'),
    email: email.toLowerCase(),
    phone,
  }
  const reference = bookingReference(context.site, details)
  const existing = context.state.appointments.find((a) => a.reference === reference)
  if (existing) existing.status = 'booked'
  else context.state.appointments.push({reference, ...details, status: 'booked'})
  return redirect(`/appointments/booking/${reference}`)
}

export function cancelAppointment(reference: string, context: Context): SiteReply {
  const booking = context.state.appointments.find((a) => a.reference === reference)
  if (booking) booking.status = 'cancelled'
  return redirect(booking ? `/appointments/booking/${reference}` : '/appointments')
}
