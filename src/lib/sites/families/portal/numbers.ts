// Numbers an agent reports: application numbers, booking references and application totals.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import type {Application, Appointment, PortalModel, Service, ServiceOptions} from './types.js'

export function normalised(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase()
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
}

/** The confirmation number of an application: derived from its content, so a task can know it in advance. */
export function applicationNumber(
  site: SiteInfo,
  model: PortalModel,
  application: Omit<Application, 'number' | 'total'>,
): string {
  const {applicant: a, address: d, options: o} = application
  const key = JSON.stringify([
    site.slug,
    application.serviceSlug,
    ...[a.firstName, a.lastName, a.dob, a.email, d.street, d.unit, d.city, d.zip, o.choice, o.processing].map(
      normalised,
    ),
    digitsOf(a.phone),
    [...o.extras].sort(),
  ])
  const service = model.services.find((s) => s.slug === application.serviceSlug)
  return `${model.cityCode}-${service?.code ?? 'GEN'}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

export function bookingReference(site: SiteInfo, booking: Omit<Appointment, 'reference' | 'status'>): string {
  const key = JSON.stringify([
    site.slug,
    booking.reasonId,
    booking.officeId,
    booking.date,
    booking.time,
    normalised(booking.name),
    normalised(booking.email),
  ])
  return `APT-${String(hashString(key) % 10_000_000).padStart(7, '0')}`
}

export function applicationTotal(service: Service, options: ServiceOptions): number {
  const choice = service.option.choices.find((c) => c.label === options.choice)?.fee ?? 0
  const expedited = options.processing === 'expedited' ? (service.expeditedFee ?? 0) : 0
  const extras = service.extras.filter((e) => options.extras.includes(e.id)).reduce((sum, e) => sum + e.fee, 0)
  return choice + expedited + extras
}
