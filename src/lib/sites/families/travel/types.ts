// Types of the travel family: modes, places, carriers and fares, the model, trips, bookings and session state.
import type {SiteContext} from '../../types.js'

export type ModeId = 'flight' | 'train' | 'bus'
export type FareId = 'basic' | 'standard' | 'flex'
export type TimeWindowId = 'night' | 'morning' | 'afternoon' | 'evening'
export type SortId = 'recommended' | 'price' | 'duration' | 'departure'
export type StopsFilter = '' | '0' | '1'
export type SeatChoice = 'any' | 'window' | 'aisle'

export interface Place {
  code: string
  name: string
  /** The airport, station or bus terminal. */
  hub: string
  country: string
  lat: number
  lon: number
}

export interface City extends Place {
  blurb: string
  bestMonths: string
}

export interface Cabin {
  id: string
  label: string
  /** How an intent names it, e.g. "Business class". */
  phrase: string
  multiplier: number
  perks: string
}

export type RefundRule = {kind: 'none'} | {kind: 'fee'; fee: number} | {kind: 'full'}

export interface FareRule {
  id: FareId
  name: string
  bags: number
  bagKg: number
  handLuggage: string
  /** Null when changes are not permitted. */
  changeFee: number | null
  refund: RefundRule
  seats: string
  multiplier: number
}

export interface Carrier {
  code: string
  name: string
  fares: FareRule[]
  priceFactor: number
  onTimePercent: number
}

export interface Mode {
  id: ModeId
  noun: string
  nouns: string
  /** "Non-stop" or "Direct". */
  direct: string
  stopWord: string
  stopsWord: string
  hubWord: string
  carrierWord: string
  bagNoun: string
  bagNouns: string
  cabinTitle: string
  cabins: Cabin[]
  fareNames: Record<FareId, string>
  basicBags: number
  bagKg: readonly number[]
  handLuggage: Record<FareId, string>
  changeFees: readonly number[]
  refundExtras: readonly number[]
  speedKmh: number
  overheadMin: number
  layoverMin: readonly [number, number]
  priceFixed: number
  pricePerKm: number
  directShare: (km: number) => number
  currency: string
  numberRange: readonly [number, number]
  places: readonly Place[]
  carriers: readonly {code: string; name: string}[]
  taglines: readonly string[]
  heroLine: string
}

interface Layout {
  filtersRight: boolean
  resultStyle: 'cards' | 'rows'
  heroStyle: 'photo' | 'plain'
  tileColumns: 3 | 4
  showDateStrip: boolean
}

export interface TravelModel {
  seed: number
  mode: ModeId
  tagline: string
  cities: City[]
  carriers: Carrier[]
  /** The site's "today": the first bookable date. */
  today: string
  /** The date the search form starts on. */
  defaultDate: string
  lastDate: string
  popular: {from: string; to: string}[]
  insurance: number
  extraBag: number
  layout: Layout
}

export interface Trip {
  id: string
  from: City
  to: City
  date: string
  carrier: Carrier
  number: string
  /** Minutes after midnight of the travel date. */
  depart: number
  duration: number
  via: City[]
  /** Per adult, first cabin, cheapest fare. */
  basePrice: number
}

export interface Passenger {
  first: string
  last: string
  type: 'adult' | 'child'
}

export interface Booking {
  reference: string
  tripId: string
  cabin: string
  fare: FareId
  passengers: Passenger[]
  email: string
  phone: string
  seat: SeatChoice
  insurance: boolean
  extraBag: boolean
  total: number
}

export interface TravelState {
  saved: string[]
  bookings: Booking[]
}

export type Context = SiteContext<TravelModel, TravelState>
