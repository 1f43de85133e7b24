// Request routing of the portal.
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteReply, SiteRequest} from '../../types.js'
import {submitStep} from './forms/apply.js'
import {bookAppointment, cancelAppointment} from './forms/booking.js'
import {confirmationPage, trackPage} from './pages/application.js'
import {STEPS, showStep} from './pages/apply.js'
import {appointmentsPage, bookingConfirmationPage} from './pages/appointments.js'
import {bookingPage} from './pages/booking.js'
import {cataloguePage, categoryPage, searchPage} from './pages/catalogue.js'
import {homePage} from './pages/home.js'
import {officePage, officesPage} from './pages/offices.js'
import {servicePage} from './pages/service.js'
import {nav} from './pages/shell.js'
import type {Context, PortalModel, Service} from './types.js'

export function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  const {model} = context
  if (path === '/') return htmlReply(homePage(context))
  if (path === '/services') return htmlReply(cataloguePage(context))
  if (path === '/search') return htmlReply(searchPage(request.query.get('q') ?? '', context))
  if (path === '/offices') return htmlReply(officesPage(request.query.get('day') ?? '', context))
  if (path === '/appointments') return htmlReply(appointmentsPage(context))
  if (path === '/appointments/book' && method === 'POST') return bookAppointment(request.form, context)
  if (path === '/appointments/book') return htmlReply(bookingPage(request.query, context, {}))
  if (path === '/track') return htmlReply(trackPage(request.query.get('number') ?? '', context))
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(),
        `${context.site.name} is the official online service portal of the City of ${model.city}. Apply for permits and licences, claim support, book appointments and find your nearest service office.`,
      ),
    )
  const category = route(path, '/services/:id')
  const categoryFound = category && model.categories.find((c) => c.id === category.id)
  if (categoryFound) return htmlReply(categoryPage(categoryFound, context))
  const service = route(path, '/service/:slug')
  const serviceFound = service && model.services.find((s) => s.slug === service.slug)
  if (serviceFound) return htmlReply(servicePage(serviceFound, context))
  const office = route(path, '/offices/:id')
  const officeFound = office && model.offices.find((o) => o.id === office.id)
  if (officeFound) return htmlReply(officePage(officeFound, context))
  const applyStart = route(path, '/apply/:slug')
  if (applyStart && onlineService(model, applyStart.slug))
    return redirect(`/apply/${applyStart.slug}/${STEPS[0].id}`, 302)
  const apply = route(path, '/apply/:slug/:step')
  const applyService = apply && onlineService(model, apply.slug)
  const step = apply && STEPS.find((s) => s.id === apply.step)
  if (applyService && step)
    return method === 'POST'
      ? submitStep(applyService, step.id, request.form, context)
      : showStep(applyService, step.id, context)
  const application = route(path, '/application/:number')
  const applicationFound = application && context.state.applications.find((a) => a.number === application.number)
  if (applicationFound) return htmlReply(confirmationPage(applicationFound, context))
  const cancel = route(path, '/appointments/booking/:ref/cancel')
  if (cancel && method === 'POST') return cancelAppointment(cancel.ref, context)
  const booking = route(path, '/appointments/booking/:ref')
  const bookingFound = booking && context.state.appointments.find((a) => a.reference === booking.ref)
  if (bookingFound) return htmlReply(bookingConfirmationPage(bookingFound, context))
  return htmlReply(notFoundPage(context.site, nav()), 404)
}

function onlineService(model: PortalModel, slug: string): Service | undefined {
  return model.services.find((s) => s.slug === slug && s.online)
}
