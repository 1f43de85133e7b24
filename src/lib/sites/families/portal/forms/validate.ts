// Server-side validation of form fields: required fields, the date of birth, and each application step.
import {addDays, isoDate} from '../dates.js'
import {digitsOf} from '../numbers.js'
import {ADDRESS_FIELDS, APPLICANT_FIELDS} from '../pages/apply.js'
import type {Errors, TextField} from '../pages/form-parts.js'
import type {Address, Applicant, Service, ServiceOptions} from '../types.js'

export function field(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim().replace(/\s+/g, ' ')
}

/** A DD/MM/YYYY date of birth, normalised with leading zeros, or null when it is not a real past date. */
function parseDob(text: string, today: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const iso = isoDate(year, month, day)
  if (month < 1 || month > 12 || day < 1 || addDays(iso, 0) !== iso || year < 1900 || iso >= today) return null
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`
}

export function requireFields(form: URLSearchParams, fields: TextField[]): Errors {
  const errors: Errors = {}
  for (const f of fields)
    if (!f.optional && !field(form, f.name)) errors[f.name] = `Enter your ${f.label.toLowerCase()}`
  return errors
}

export function validateApplicant(form: URLSearchParams, today: string): {errors: Errors; applicant?: Applicant} {
  const errors = requireFields(form, APPLICANT_FIELDS)
  const dob = parseDob(field(form, 'dob'), today)
  if (!errors.dob && !dob) errors.dob = 'Date of birth must be a real date in the format DD/MM/YYYY'
  const email = field(form, 'email')
  if (!errors.email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email))
    errors.email = 'Enter an email address in the correct format, like name@example.com'
  const phone = field(form, 'phone')
  if (!errors.phone && (!/^\+?[\d\s().-]+$/.test(phone) || digitsOf(phone).length < 10 || digitsOf(phone).length > 11))
    errors.phone = 'Enter a phone number with 10 digits, like (555) 014-2398'
  if (Object.keys(errors).length > 0) return {errors}
  return {
    errors,
    applicant: {
      firstName: field(form, 'first_name'),
      lastName: field(form, 'last_name'),
      dob: dob!,
      email: email.toLowerCase(),
      phone,
    },
  }
}

export function validateAddress(form: URLSearchParams): {errors: Errors; address?: Address} {
  const errors = requireFields(form, ADDRESS_FIELDS)
  if (!errors.zip && !/^\d{5}$/.test(field(form, 'zip'))) errors.zip = 'ZIP code must be 5 digits'
  if (Object.keys(errors).length > 0) return {errors}
  return {
    errors,
    address: {
      street: field(form, 'street'),
      unit: field(form, 'unit'),
      city: field(form, 'city'),
      zip: field(form, 'zip'),
    },
  }
}

export function validateOptions(service: Service, form: URLSearchParams): {errors: Errors; options?: ServiceOptions} {
  const errors: Errors = {}
  const choice = form.get('choice') ?? ''
  if (!service.option.choices.some((c) => c.label === choice))
    errors.choice = `Choose the ${service.option.label.toLowerCase()}`
  const processing = form.get('processing')
  if (processing !== 'standard' && !(processing === 'expedited' && service.expeditedFee !== null))
    errors.processing = 'Choose a processing speed'
  if (Object.keys(errors).length > 0) return {errors}
  const extras = service.extras.filter((e) => form.getAll('extras').includes(e.id)).map((e) => e.id)
  return {errors, options: {choice, processing: processing as ServiceOptions['processing'], extras}}
}
