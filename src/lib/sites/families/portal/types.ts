// Portal types: the model (services, offices, appointment reasons, layout) and the session state (drafts, applications, appointments).
import type {SiteContext} from '../../types.js'

export interface Category {
  id: string
  name: string
  blurb: string
}

interface Choice {
  label: string
  fee: number
}

interface Extra {
  id: string
  label: string
  fee: number
}

export interface Service {
  slug: string
  code: string
  name: string
  categoryId: string
  summary: string
  eligibility: string[]
  documents: {name: string; detail: string}[]
  option: {label: string; choices: Choice[]}
  /** Surcharge for expedited processing; null when the service has none. */
  expeditedFee: number | null
  extras: Extra[]
  standardDays: number
  expeditedDays: number
  online: boolean
  updated: string
}

/** Opening hours of one weekday in minutes after midnight; null when closed. */
export type DayHours = {open: number; close: number} | null

export interface Office {
  id: string
  name: string
  street: string
  zip: string
  phone: string
  /** Monday first. */
  hours: DayHours[]
  reasonIds: string[]
  note: string
}

export interface Reason {
  id: string
  name: string
  minutes: number
  description: string
}

interface Layout {
  catalogue: 'grid' | 'list'
  sidebar: 'left' | 'right'
  homeColumns: 3 | 4
  steps: 'circles' | 'tabs'
  offices: 'cards' | 'rows'
}

export interface PortalModel {
  city: string
  cityCode: string
  currency: string
  clock: '24h' | '12h'
  /** The portal's "today", an ISO date: bookings start the day after. */
  today: string
  categories: Category[]
  services: Service[]
  offices: Office[]
  reasons: Reason[]
  notices: string[]
  layout: Layout
}

// Session state
export interface Applicant {
  firstName: string
  lastName: string
  dob: string
  email: string
  phone: string
}

export interface Address {
  street: string
  unit: string
  city: string
  zip: string
}

export interface ServiceOptions {
  choice: string
  processing: 'standard' | 'expedited'
  extras: string[]
}

export interface Draft {
  applicant?: Applicant
  address?: Address
  options?: ServiceOptions
}

export interface Application {
  number: string
  serviceSlug: string
  applicant: Applicant
  address: Address
  options: ServiceOptions
  total: number
}

export interface Appointment {
  reference: string
  reasonId: string
  officeId: string
  date: string
  time: string
  name: string
  email: string
  phone: string
  status: 'booked' | 'cancelled'
}

export interface PortalState {
  drafts: Record<string, Draft>
  applications: Application[]
  appointments: Appointment[]
}

export type Context = SiteContext<PortalModel, PortalState>
