// Request routing of the travel family, and its form submissions: search, saved trips and bookings.
import {queryString} from '../../html.js'
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import {bookingReference, cleanName, parseBookingRequest, passengerTypes, type BookingErrors} from './booking.js'
import {MAX_PASSENGERS, SEATS} from './data.js'
import {inWindow, shortDate} from './dates.js'
import {cityByCode, modeOf, resolveCity} from './model.js'
import {bookingPage, confirmationPage} from './pages/booking.js'
import {destinationPage, destinationsPage, helpPage} from './pages/destinations.js'
import {dealsPage, homePage} from './pages/home.js'
import {resultsPage} from './pages/results.js'
import {nav} from './pages/shell.js'
import {savedPage, tripsPage} from './pages/trips.js'
import {count, parseResultsQuery, searchValuesFromCodes, type SearchErrors, type SearchValues} from './search.js'
import {cabinOf, partyPrice, tripById} from './timetable.js'
import type {Booking, Context, Passenger} from './types.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, query, form, method} = request
  if (path === '/') return htmlReply(homePage(context, searchValuesFromCodes(context.model, query), {}))
  if (path === '/search') return submitSearch(query, context)
  if (path === '/results') return resultsReply(query, context)
  if (path === '/saved' && method === 'POST') return toggleSaved(form, context)
  if (path === '/saved') return htmlReply(savedPage(context))
  if (path === '/book' && method === 'POST') return submitBooking(form, context)
  if (path === '/book') return bookingFormReply(query, context)
  if (path === '/trips') return htmlReply(tripsPage(context))
  if (path === '/deals') return htmlReply(dealsPage(context))
  if (path === '/destinations') return htmlReply(destinationsPage(context))
  if (path === '/help') return htmlReply(helpPage(context))
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(context.model),
        `${context.site.name} has helped travellers find good-value ${modeOf(context.model).nouns} since 2011. We compare ${context.model.carriers.length} ${modeOf(context.model).carrierWord.toLowerCase()}s and never add hidden booking fees.`,
      ),
    )
  const destination = route(path, '/destinations/:code')
  if (destination) {
    const city = cityByCode(context.model, destination.code.toUpperCase())
    if (city) return htmlReply(destinationPage(city, context))
  }
  const booking = route(path, '/booking/:reference')
  if (booking) {
    const found = context.state.bookings.find((b) => b.reference === booking.reference)
    if (found) return htmlReply(confirmationPage(found, context))
  }
  return htmlReply(notFoundPage(context.site, nav(context.model)), 404)
}

function submitSearch(query: URLSearchParams, context: Context): SiteReply {
  const {model} = context
  const values: SearchValues = {
    origin: query.get('from') ?? '',
    destination: query.get('to') ?? '',
    date: query.get('date') ?? '',
    adults: count(query.get('adults'), 1),
    children: count(query.get('children'), 0),
    cabin: cabinOf(model, query.get('cabin')).id,
  }
  const errors: SearchErrors = {}
  const from = resolveCity(model, values.origin)
  const to = resolveCity(model, values.destination)
  if (!values.origin.trim()) errors.from = 'Enter where you are leaving from.'
  else if (!from) errors.from = `We could not find “${values.origin.trim()}”. Choose a city from the suggestions.`
  if (!values.destination.trim()) errors.to = 'Enter where you are going.'
  else if (!to) errors.to = `We could not find “${values.destination.trim()}”. Choose a city from the suggestions.`
  else if (from === to) errors.to = 'Origin and destination must be different.'
  if (!inWindow(model, values.date))
    errors.date = `Pick a departure date between ${shortDate(model.today)} and ${shortDate(model.lastDate)}.`
  if (values.adults < 1 || values.children < 0 || values.adults + values.children > MAX_PASSENGERS)
    errors.passengers = `Bookings are for 1 to ${MAX_PASSENGERS} travellers, with at least one adult.`
  if (Object.keys(errors).length > 0 || !from || !to) {
    const shown = {
      ...values,
      date: inWindow(model, values.date) ? values.date : model.defaultDate,
      adults: Math.max(1, Math.min(MAX_PASSENGERS, values.adults)),
      children: Math.max(0, Math.min(MAX_PASSENGERS - 1, values.children)),
    }
    return htmlReply(homePage(context, shown, errors), 422)
  }
  return redirect(
    `/results${queryString({from: from.code, to: to.code, date: values.date, adults: values.adults, children: values.children || '', cabin: values.cabin})}`,
    302,
  )
}

function resultsReply(query: URLSearchParams, context: Context): SiteReply {
  const q = parseResultsQuery(context.model, query)
  if (!q) return redirect('/', 302)
  return htmlReply(resultsPage(q, context))
}

function toggleSaved(form: URLSearchParams, context: Context): SiteReply {
  const id = form.get('trip') ?? ''
  const back = form.get('back') ?? ''
  if (tripById(context.model, id)) {
    const {saved} = context.state
    if (saved.includes(id)) context.state.saved = saved.filter((s) => s !== id)
    else saved.push(id)
  }
  return redirect(back.startsWith('/results?') || back === '/saved' ? back : '/saved')
}

function bookingFormReply(query: URLSearchParams, context: Context): SiteReply {
  const request = parseBookingRequest(context.model, query)
  if (!request) return redirect('/', 302)
  return htmlReply(bookingPage(request, context, new URLSearchParams(), {}))
}

function submitBooking(form: URLSearchParams, context: Context): SiteReply {
  const {model, site} = context
  const request = parseBookingRequest(model, form)
  if (!request) return redirect('/', 303)
  const errors: BookingErrors = {}
  const passengers: Passenger[] = passengerTypes(request).map((type, i) => {
    const first = cleanName(form.get(`pax-${i + 1}-first`) ?? '')
    const last = cleanName(form.get(`pax-${i + 1}-last`) ?? '')
    if (!/^[\p{L}][\p{L}' -]*$/u.test(first))
      errors[`pax-${i + 1}-first`] = first ? 'Use letters only.' : 'Enter a first name.'
    if (!/^[\p{L}][\p{L}' -]*$/u.test(last))
      errors[`pax-${i + 1}-last`] = last ? 'Use letters only.' : 'Enter a last name.'
    return {first, last, type}
  })
  const email = (form.get('email') ?? '').trim()
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email))
    errors.email = email ? 'Enter a valid email address.' : 'Enter an email address.'
  const phone = (form.get('phone') ?? '').trim()
  if (phone && !/^\+?[\d\s()-]{6,20}$/.test(phone)) errors.phone = 'Enter a valid phone number or leave it empty.'
  if (form.get('terms') !== '1') errors.terms = 'Please accept the fare rules to continue.'
  if (Object.keys(errors).length > 0) return htmlReply(bookingPage(request, context, form, errors), 422)
  const insurance = form.get('insurance') === '1'
  const extraBag = form.get('extra_bag') === '1'
  const travellers = passengers.length
  const total =
    partyPrice(request.trip, request.cabin, request.fare, request.adults, request.children) +
    (insurance ? model.insurance * travellers : 0) +
    (extraBag ? model.extraBag : 0)
  const details = {tripId: request.trip.id, cabin: request.cabin.id, fare: request.fare, passengers, email}
  const booking: Booking = {
    reference: bookingReference(site, details),
    ...details,
    phone,
    seat: SEATS.find((s) => s.id === form.get('seat'))?.id ?? 'any',
    insurance,
    extraBag,
    total,
  }
  context.state.bookings = [...context.state.bookings.filter((b) => b.reference !== booking.reference), booking]
  return redirect(`/booking/${booking.reference}`)
}
