// Apply / request-a-viewing logic: contact fields, bookable days, validation and the deterministic reference.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {digits, weekdayOf} from './format.js'
import type {Kind, ListingsModel, Person} from './types.js'

interface TextField {
  name: string
  label: string
  type: string
}

export const CONTACT_FIELDS: readonly TextField[] = [
  {name: 'full_name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'phone', label: 'Phone number', type: 'tel'},
]

export function isBookable(model: ListingsModel, iso: string): boolean {
  const day = weekdayOf(iso)
  return model.kind === 'jobs' ? day !== 0 && day !== 6 : day !== 0
}

export function validateContact(form: URLSearchParams): string[] {
  const errors = CONTACT_FIELDS.filter((f) => !(form.get(f.name) ?? '').trim()).map((f) => f.label)
  const email = (form.get('email') ?? '').trim()
  if (email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  const phone = (form.get('phone') ?? '').trim()
  if (phone && (digits(phone).length < 7 || /[^\d\s()+.-]/.test(phone))) errors.push('Phone number')
  return errors
}

export function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null
  const n = Number(text.trim())
  return n >= min && n <= max ? n : null
}

/** The reference a site gives a submission: derived from its content, so a task can know it in advance. */
export function referenceFor(
  site: SiteInfo,
  kind: Kind,
  listingId: number,
  person: Person,
  extra: (string | number)[],
): string {
  const key = JSON.stringify([
    site.slug,
    listingId,
    person.name.trim().replace(/\s+/g, ' ').toLowerCase(),
    person.email.trim().toLowerCase(),
    digits(person.phone),
    ...extra,
  ])
  return `${kind === 'jobs' ? 'APP' : 'VW'}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}
