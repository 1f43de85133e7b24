// Request routing of the listings family, and its form posts: saving listings and sending a request.
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import {pad} from './format.js'
import {detailPage} from './pages/detail.js'
import {areasPage, homePage} from './pages/home.js'
import {confirmationPage, requestPage} from './pages/request.js'
import {resultsPage} from './pages/results.js'
import {savedPage} from './pages/saved.js'
import {nav} from './pages/shell.js'
import {isBookable, referenceFor, validateContact, wholeNumber} from './request.js'
import {termsFor} from './terms.js'
import type {Context, Listing, ListingsModel, Submission} from './types.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path} = request
  const {model} = context
  const terms = termsFor(model)
  if (path === '/') return htmlReply(homePage(context))
  if (path === terms.base) return htmlReply(resultsPage(request.query, context))
  if (path === '/areas') return htmlReply(areasPage(context))
  if (path === '/saved' && request.method === 'POST') return updateSaved(request.form, context)
  if (path === '/saved') return htmlReply(savedPage(context))
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(model), aboutBlurb(context)))
  const form = route(path, `${terms.base}/:id/${terms.formPath}`)
  if (form) {
    const listing = findListing(model, form.id)
    if (listing && request.method === 'POST') return submitRequest(listing, request.form, context)
    if (listing) return htmlReply(requestPage(listing, context, new URLSearchParams(), []))
  }
  const detail = route(path, `${terms.base}/:id`)
  if (detail) {
    const listing = findListing(model, detail.id)
    if (listing) return htmlReply(detailPage(listing, context, request.query.get('notice') ?? ''))
  }
  const confirmation = route(path, '/confirmation/:reference')
  if (confirmation) {
    const submission = context.state.submissions.find((s) => s.reference === confirmation.reference)
    if (submission) return htmlReply(confirmationPage(submission, context))
  }
  return htmlReply(notFoundPage(context.site, nav(model)), 404)
}

function findListing(model: ListingsModel, id: string): Listing | undefined {
  return model.listings.find((l) => String(l.id) === id)
}

function aboutBlurb(context: Context): string {
  const {model, site} = context
  return model.kind === 'jobs'
    ? `${site.name} has connected job seekers with employers across ${model.city} since 2011. Every vacancy is checked by our team before it goes live.`
    : `${site.name} lists homes ${model.market === 'sale' ? 'for sale' : 'to rent'} in every neighbourhood of ${model.city}, working with local agents since 2008.`
}

function updateSaved(form: URLSearchParams, context: Context): SiteReply {
  const listing = findListing(context.model, form.get('listing') ?? '')
  const back = form.get('back') ?? '/saved'
  const safeBack = back.startsWith('/') && !back.startsWith('//') ? back : '/saved'
  if (!listing) return redirect(safeBack)
  const {state} = context
  const remove = form.get('action') === 'remove'
  if (remove) state.saved = state.saved.filter((id) => id !== listing.id)
  else if (!state.saved.includes(listing.id)) state.saved.push(listing.id)
  const onDetail = safeBack === `${termsFor(context.model).base}/${listing.id}`
  return redirect(onDetail ? `${safeBack}?notice=${remove ? 'removed' : 'saved'}` : safeBack)
}

function submitRequest(listing: Listing, form: URLSearchParams, context: Context): SiteReply {
  const {model, site} = context
  const get = (name: string) => (form.get(name) ?? '').trim()
  const errors = validateContact(form)
  const date = listing.kind === 'jobs' ? get('start_date') : get('date')
  const dateValid =
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    date.startsWith(`${model.calendar.year}-${pad(model.calendar.month)}-`) &&
    isBookable(model, date)
  const person = {name: get('full_name'), email: get('email'), phone: get('phone')}
  let submission: Submission
  if (listing.kind === 'jobs') {
    const years = wholeNumber(get('years'), 0, 50)
    if (years === null) errors.push('Years of experience')
    if (!dateValid) errors.push('Start date')
    if (get('consent') !== 'yes') errors.push('Consent')
    if (errors.length > 0) return htmlReply(requestPage(listing, context, form, errors), 422)
    const reference = referenceFor(site, 'jobs', listing.id, person, [years!, date])
    submission = {
      kind: 'jobs',
      reference,
      listingId: listing.id,
      ...person,
      years: years!,
      startDate: date,
      note: get('note'),
    }
  } else {
    const attendees = wholeNumber(get('attendees'), 1, 6)
    const time = model.timeSlots.includes(get('time')) ? get('time') : ''
    if (!dateValid) errors.push('Date')
    if (!time) errors.push('Time')
    if (attendees === null) errors.push('Attendees')
    if (errors.length > 0) return htmlReply(requestPage(listing, context, form, errors), 422)
    const reference = referenceFor(site, 'homes', listing.id, person, [date, time, attendees!])
    submission = {
      kind: 'homes',
      reference,
      listingId: listing.id,
      ...person,
      date,
      time,
      attendees: attendees!,
      note: get('note'),
    }
  }
  if (!context.state.submissions.some((s) => s.reference === submission.reference))
    context.state.submissions.push(submission)
  return redirect(`/confirmation/${submission.reference}`)
}
