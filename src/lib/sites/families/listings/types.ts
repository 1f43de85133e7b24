// Types of the listings family: areas, jobs and homes, filter options, the model, submissions and session state.
import type {SiteContext} from '../../types.js'

export type Kind = 'jobs' | 'homes'
export type Market = 'sale' | 'rent'

export interface Area {
  id: string
  name: string
  blurb: string
  /** Corners of the area's shape on the map, in map units. */
  corners: [number, number][]
  center: [number, number]
}

interface ListingBase {
  id: number
  title: string
  areaId: string
  /** ISO date the listing was published. */
  posted: string
  description: string[]
}

export interface Job extends ListingBase {
  kind: 'jobs'
  company: string
  category: string
  jobType: string
  salaryMin: number
  salaryMax: number
  experience: number
  requirements: string[]
  benefits: string[]
}

export interface Agent {
  name: string
  agency: string
  phone: string
}

export interface Home extends ListingBase {
  kind: 'homes'
  address: string
  propertyType: string
  bedrooms: number
  bathrooms: number
  rooms: number
  size: number
  yearBuilt: number
  energy: string
  price: number
  features: string[]
  agent: Agent
}

export type Listing = Job | Home

/** A price or salary chip: listings whose value lies in [min, max). */
export interface RangeOption {
  id: string
  label: string
  min: number
  max: number
}

/** A job-type or bedrooms chip. */
export interface TypeOption {
  id: string
  label: string
}

export interface Layout {
  results: 'list' | 'grid'
  sidebar: 'left' | 'right'
  map: 'above' | 'content'
  hero: 'photo' | 'plain'
}

export interface ListingsModel {
  kind: Kind
  market: Market
  city: string
  tagline: string
  areas: Area[]
  map: {width: number; height: number}
  categories: string[]
  listings: Listing[]
  ranges: RangeOption[]
  types: TypeOption[]
  layout: Layout
  calendar: {year: number; month: number}
  timeSlots: string[]
}

export interface Application {
  kind: 'jobs'
  reference: string
  listingId: number
  name: string
  email: string
  phone: string
  years: number
  startDate: string
  note: string
}

export interface Viewing {
  kind: 'homes'
  reference: string
  listingId: number
  name: string
  email: string
  phone: string
  date: string
  time: string
  attendees: number
  note: string
}

export type Submission = Application | Viewing

export interface ListingsState {
  saved: number[]
  submissions: Submission[]
}

export type Context = SiteContext<ListingsModel, ListingsState>

export interface JobCategory {
  name: string
  suffixes: readonly string[]
  /** Typical starting salary in thousands. */
  salary: readonly [number, number]
  titles: readonly string[]
  requirements: readonly string[]
}

export interface PropertyType {
  name: string
  beds: readonly [number, number]
}

export interface Person {
  name: string
  email: string
  phone: string
}
