import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../schema/solution.js'
import {answerMentions, formatMoney, normaliseAnswer} from '../check-helpers.js'
import {html, queryString, raw, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {CheckInput, FactDef, FactGroupDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// A travel booking site for flights, trains or coaches (by variant): a search form with city suggestions, a calendar
// date picker, passenger steppers and a cabin choice; results with sorting and filters whose fares expand to show
// their rules; saved trips; a passenger details form and a booking confirmation with a deterministic reference.

type ModeId = 'flight' | 'train' | 'bus'
type FareId = 'basic' | 'standard' | 'flex'
type TimeWindowId = 'night' | 'morning' | 'afternoon' | 'evening'
type SortId = 'recommended' | 'price' | 'duration' | 'departure'
type StopsFilter = '' | '0' | '1'
type SeatChoice = 'any' | 'window' | 'aisle'

interface Place {
  code: string
  name: string
  /** The airport, station or bus terminal. */
  hub: string
  country: string
  lat: number
  lon: number
}

interface City extends Place {
  blurb: string
  bestMonths: string
}

interface Cabin {
  id: string
  label: string
  /** How an intent names it, e.g. "Business class". */
  phrase: string
  multiplier: number
  perks: string
}

type RefundRule = {kind: 'none'} | {kind: 'fee'; fee: number} | {kind: 'full'}

interface FareRule {
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

interface Carrier {
  code: string
  name: string
  fares: FareRule[]
  priceFactor: number
  onTimePercent: number
}

interface Mode {
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

interface Trip {
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

interface Passenger {
  first: string
  last: string
  type: 'adult' | 'child'
}

interface Booking {
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

// ---------------------------------------------------------------------------------------------------------------
// Reference data

const AIRPORTS: readonly Place[] = [
  {code: 'LIS', name: 'Lisbon', hub: 'Humberto Delgado Airport', country: 'Portugal', lat: 38.77, lon: -9.13},
  {code: 'MAD', name: 'Madrid', hub: 'Madrid-Barajas Airport', country: 'Spain', lat: 40.49, lon: -3.57},
  {code: 'BCN', name: 'Barcelona', hub: 'El Prat Airport', country: 'Spain', lat: 41.3, lon: 2.08},
  {code: 'CDG', name: 'Paris', hub: 'Charles de Gaulle Airport', country: 'France', lat: 49.01, lon: 2.55},
  {code: 'LHR', name: 'London', hub: 'Heathrow Airport', country: 'United Kingdom', lat: 51.47, lon: -0.45},
  {code: 'AMS', name: 'Amsterdam', hub: 'Schiphol Airport', country: 'Netherlands', lat: 52.31, lon: 4.76},
  {code: 'FRA', name: 'Frankfurt', hub: 'Frankfurt Airport', country: 'Germany', lat: 50.03, lon: 8.56},
  {code: 'FCO', name: 'Rome', hub: 'Fiumicino Airport', country: 'Italy', lat: 41.8, lon: 12.25},
  {code: 'ATH', name: 'Athens', hub: 'Athens International Airport', country: 'Greece', lat: 37.94, lon: 23.95},
  {code: 'IST', name: 'Istanbul', hub: 'Istanbul Airport', country: 'Turkey', lat: 41.26, lon: 28.74},
  {code: 'DUB', name: 'Dublin', hub: 'Dublin Airport', country: 'Ireland', lat: 53.42, lon: -6.27},
  {code: 'CPH', name: 'Copenhagen', hub: 'Kastrup Airport', country: 'Denmark', lat: 55.62, lon: 12.65},
  {code: 'VIE', name: 'Vienna', hub: 'Vienna International Airport', country: 'Austria', lat: 48.11, lon: 16.57},
  {code: 'PRG', name: 'Prague', hub: 'Vaclav Havel Airport', country: 'Czechia', lat: 50.1, lon: 14.26},
  {code: 'ZRH', name: 'Zurich', hub: 'Zurich Airport', country: 'Switzerland', lat: 47.46, lon: 8.55},
  {code: 'KEF', name: 'Reykjavik', hub: 'Keflavik International Airport', country: 'Iceland', lat: 63.98, lon: -22.61},
  {code: 'JFK', name: 'New York', hub: 'John F. Kennedy International Airport', country: 'United States', lat: 40.64, lon: -73.78},
  {code: 'BOS', name: 'Boston', hub: 'Logan International Airport', country: 'United States', lat: 42.36, lon: -71.01},
  {code: 'ORD', name: 'Chicago', hub: "O'Hare International Airport", country: 'United States', lat: 41.97, lon: -87.91},
  {code: 'YYZ', name: 'Toronto', hub: 'Pearson International Airport', country: 'Canada', lat: 43.68, lon: -79.63},
]

const STATIONS: readonly Place[] = [
  {code: 'PAR', name: 'Paris', hub: 'Gare de Lyon', country: 'France', lat: 48.84, lon: 2.37},
  {code: 'LYS', name: 'Lyon', hub: 'Lyon Part-Dieu', country: 'France', lat: 45.76, lon: 4.86},
  {code: 'MRS', name: 'Marseille', hub: 'Marseille Saint-Charles', country: 'France', lat: 43.3, lon: 5.38},
  {code: 'SXB', name: 'Strasbourg', hub: 'Strasbourg Central Station', country: 'France', lat: 48.58, lon: 7.73},
  {code: 'BRU', name: 'Brussels', hub: 'Brussels-Midi', country: 'Belgium', lat: 50.84, lon: 4.34},
  {code: 'AMS', name: 'Amsterdam', hub: 'Amsterdam Centraal', country: 'Netherlands', lat: 52.38, lon: 4.9},
  {code: 'CGN', name: 'Cologne', hub: 'Cologne Central Station', country: 'Germany', lat: 50.94, lon: 6.96},
  {code: 'FRA', name: 'Frankfurt', hub: 'Frankfurt Central Station', country: 'Germany', lat: 50.11, lon: 8.66},
  {code: 'MUC', name: 'Munich', hub: 'Munich Central Station', country: 'Germany', lat: 48.14, lon: 11.56},
  {code: 'BER', name: 'Berlin', hub: 'Berlin Central Station', country: 'Germany', lat: 52.53, lon: 13.37},
  {code: 'HAM', name: 'Hamburg', hub: 'Hamburg Central Station', country: 'Germany', lat: 53.55, lon: 10.01},
  {code: 'ZRH', name: 'Zurich', hub: 'Zurich HB', country: 'Switzerland', lat: 47.38, lon: 8.54},
  {code: 'BSL', name: 'Basel', hub: 'Basel SBB', country: 'Switzerland', lat: 47.55, lon: 7.59},
  {code: 'GVA', name: 'Geneva', hub: 'Geneva Cornavin', country: 'Switzerland', lat: 46.21, lon: 6.14},
  {code: 'MIL', name: 'Milan', hub: 'Milano Centrale', country: 'Italy', lat: 45.49, lon: 9.2},
  {code: 'TRN', name: 'Turin', hub: 'Torino Porta Nuova', country: 'Italy', lat: 45.06, lon: 7.68},
  {code: 'VIE', name: 'Vienna', hub: 'Vienna Central Station', country: 'Austria', lat: 48.19, lon: 16.38},
  {code: 'PRG', name: 'Prague', hub: 'Prague Main Station', country: 'Czechia', lat: 50.08, lon: 14.43},
]

const BUS_TERMINALS: readonly Place[] = [
  {code: 'NYC', name: 'New York', hub: 'Port Authority Bus Terminal', country: 'United States', lat: 40.76, lon: -73.99},
  {code: 'BOS', name: 'Boston', hub: 'South Station Bus Terminal', country: 'United States', lat: 42.35, lon: -71.06},
  {code: 'PHL', name: 'Philadelphia', hub: 'Philadelphia Bus Station', country: 'United States', lat: 39.95, lon: -75.16},
  {code: 'WAS', name: 'Washington', hub: 'Union Station Bus Deck', country: 'United States', lat: 38.9, lon: -77.01},
  {code: 'BAL', name: 'Baltimore', hub: 'Baltimore Travel Plaza', country: 'United States', lat: 39.27, lon: -76.57},
  {code: 'PIT', name: 'Pittsburgh', hub: 'Pittsburgh Bus Station', country: 'United States', lat: 40.44, lon: -80.0},
  {code: 'CLE', name: 'Cleveland', hub: 'Cleveland Bus Station', country: 'United States', lat: 41.5, lon: -81.69},
  {code: 'BUF', name: 'Buffalo', hub: 'Buffalo Transportation Center', country: 'United States', lat: 42.89, lon: -78.87},
  {code: 'TOR', name: 'Toronto', hub: 'Union Station Bus Terminal', country: 'Canada', lat: 43.64, lon: -79.38},
  {code: 'MTL', name: 'Montreal', hub: 'Montreal Central Bus Station', country: 'Canada', lat: 45.52, lon: -73.56},
  {code: 'ALB', name: 'Albany', hub: 'Albany Bus Station', country: 'United States', lat: 42.65, lon: -73.75},
  {code: 'RIC', name: 'Richmond', hub: 'Richmond Bus Station', country: 'United States', lat: 37.55, lon: -77.45},
  {code: 'HFD', name: 'Hartford', hub: 'Hartford Union Station', country: 'United States', lat: 41.77, lon: -72.68},
  {code: 'PVD', name: 'Providence', hub: 'Kennedy Plaza', country: 'United States', lat: 41.82, lon: -71.41},
  {code: 'CHI', name: 'Chicago', hub: 'Chicago Bus Station', country: 'United States', lat: 41.87, lon: -87.64},
  {code: 'DET', name: 'Detroit', hub: 'Detroit Bus Station', country: 'United States', lat: 42.33, lon: -83.05},
]

const MODES: Record<ModeId, Mode> = {
  flight: {
    id: 'flight',
    noun: 'flight',
    nouns: 'flights',
    direct: 'Non-stop',
    stopWord: 'stop',
    stopsWord: 'stops',
    hubWord: 'airport',
    carrierWord: 'Airline',
    bagNoun: 'checked bag',
    bagNouns: 'checked bags',
    cabinTitle: 'Cabin',
    cabins: [
      {id: 'economy', label: 'Economy', phrase: 'Economy', multiplier: 1, perks: 'Standard seat, snacks and drinks for purchase'},
      {id: 'premium', label: 'Premium Economy', phrase: 'Premium Economy', multiplier: 1.6, perks: 'Wider seat, extra legroom, priority boarding'},
      {id: 'business', label: 'Business', phrase: 'Business class', multiplier: 2.9, perks: 'Flat-bed or recliner seat, lounge access, meals included'},
    ],
    fareNames: {basic: 'Basic', standard: 'Standard', flex: 'Flex'},
    basicBags: 0,
    bagKg: [20, 23, 25, 30],
    handLuggage: {basic: 'Personal item only', standard: 'Cabin bag up to 8 kg', flex: 'Cabin bag up to 10 kg'},
    changeFees: [45, 55, 60, 70, 75, 85, 90],
    refundExtras: [20, 30, 40, 50],
    speedKmh: 780,
    overheadMin: 35,
    layoverMin: [45, 170],
    priceFixed: 39,
    pricePerKm: 0.085,
    directShare: (km) => (km < 2500 ? 0.6 : 0.45),
    currency: '$',
    numberRange: [100, 2999],
    places: AIRPORTS,
    carriers: [
      {code: 'AU', name: 'Aurora Airways'},
      {code: 'PX', name: 'Polaris Air'},
      {code: 'CL', name: 'Coastline Airlines'},
      {code: 'BW', name: 'Bluewing'},
      {code: 'SO', name: 'Solstice Air'},
      {code: 'CQ', name: 'Cirrus Atlantic'},
      {code: 'NG', name: 'Northgate Airlines'},
      {code: 'FC', name: 'Falcon Crest Air'},
    ],
    taglines: ['Cheap flights to great cities', 'Compare fares from trusted airlines', 'Fly further for less'],
    heroLine: 'Compare fares from every airline we work with, and book in minutes.',
  },
  train: {
    id: 'train',
    noun: 'train',
    nouns: 'trains',
    direct: 'Direct',
    stopWord: 'change',
    stopsWord: 'changes',
    hubWord: 'station',
    carrierWord: 'Operator',
    bagNoun: 'large suitcase',
    bagNouns: 'large suitcases',
    cabinTitle: 'Class',
    cabins: [
      {id: 'standard', label: 'Standard class', phrase: 'Standard class', multiplier: 1, perks: 'Comfortable seat, power socket, free Wi-Fi'},
      {id: 'first', label: 'First class', phrase: 'First class', multiplier: 1.55, perks: 'Wider seat, quiet coach, at-seat service'},
    ],
    fareNames: {basic: 'Saver', standard: 'Semi-Flex', flex: 'Flex'},
    basicBags: 1,
    bagKg: [20, 25, 30],
    handLuggage: {basic: '1 piece of hand luggage', standard: '2 pieces of hand luggage', flex: '2 pieces of hand luggage'},
    changeFees: [10, 15, 19, 25, 29],
    refundExtras: [10, 15, 20],
    speedKmh: 135,
    overheadMin: 10,
    layoverMin: [10, 55],
    priceFixed: 12,
    pricePerKm: 0.12,
    directShare: () => 0.55,
    currency: '€',
    numberRange: [100, 999],
    places: STATIONS,
    carriers: [
      {code: 'EL', name: 'EuroLink Rail'},
      {code: 'AX', name: 'Alpine Express'},
      {code: 'RR', name: 'Rhine Rail'},
      {code: 'CR', name: 'Continental Rail'},
      {code: 'DX', name: 'Danube Express'},
      {code: 'RV', name: 'Riviera Rail'},
    ],
    taglines: ['Train tickets across Europe', 'Fast trains, fair fares', 'Travel the continent by rail'],
    heroLine: 'City centre to city centre: compare high-speed and intercity trains in one search.',
  },
  bus: {
    id: 'bus',
    noun: 'bus',
    nouns: 'buses',
    direct: 'Direct',
    stopWord: 'transfer',
    stopsWord: 'transfers',
    hubWord: 'bus terminal',
    carrierWord: 'Bus company',
    bagNoun: 'stowed bag',
    bagNouns: 'stowed bags',
    cabinTitle: 'Seat type',
    cabins: [
      {id: 'standard', label: 'Standard', phrase: 'Standard seats', multiplier: 1, perks: 'Reclining seat, Wi-Fi, power outlet'},
      {id: 'plus', label: 'Premium', phrase: 'Premium seats', multiplier: 1.35, perks: 'Front rows, extra legroom, free snack'},
    ],
    fareNames: {basic: 'Promo', standard: 'Standard', flex: 'Flexi'},
    basicBags: 1,
    bagKg: [20, 23, 25],
    handLuggage: {basic: '1 small carry-on', standard: '1 carry-on up to 7 kg', flex: '1 carry-on up to 10 kg'},
    changeFees: [5, 8, 10, 12, 15],
    refundExtras: [5, 7, 10],
    speedKmh: 72,
    overheadMin: 15,
    layoverMin: [20, 90],
    priceFixed: 6,
    pricePerKm: 0.065,
    directShare: () => 0.65,
    currency: '$',
    numberRange: [1000, 1999],
    places: BUS_TERMINALS,
    carriers: [
      {code: 'GL', name: 'Greystone Lines'},
      {code: 'MC', name: 'Metro Coach'},
      {code: 'LB', name: 'Liberty Bus'},
      {code: 'NW', name: 'Northway Coaches'},
      {code: 'RX', name: 'Redline Express'},
      {code: 'PC', name: 'Prairie Coach'},
    ],
    taglines: ['Bus tickets between great cities', 'Comfortable coaches, low fares', 'Ride intercity for less'],
    heroLine: 'Reclining seats, free Wi-Fi and fares that leave money for the trip itself.',
  },
}

const FARE_IDS: readonly FareId[] = ['basic', 'standard', 'flex']

const TIME_WINDOWS: readonly {id: TimeWindowId; label: string; from: number; to: number}[] = [
  {id: 'night', label: 'Night', from: 0, to: 359},
  {id: 'morning', label: 'Morning', from: 360, to: 719},
  {id: 'afternoon', label: 'Afternoon', from: 720, to: 1079},
  {id: 'evening', label: 'Evening', from: 1080, to: 1439},
]

const SORTS: readonly {id: SortId; label: string}[] = [
  {id: 'recommended', label: 'Recommended'},
  {id: 'price', label: 'Cheapest'},
  {id: 'duration', label: 'Fastest'},
  {id: 'departure', label: 'Earliest departure'},
]

const SEATS: readonly {id: SeatChoice; label: string}[] = [
  {id: 'any', label: 'No preference'},
  {id: 'window', label: 'Window'},
  {id: 'aisle', label: 'Aisle'},
]

const TRAVELLERS = [
  {first: 'Ana', last: 'Costa'},
  {first: 'Luis', last: 'Pereira'},
  {first: 'Hannah', last: 'Becker'},
  {first: 'Tomas', last: 'Novak'},
  {first: 'Grace', last: 'Okafor'},
  {first: 'Oliver', last: 'Lindqvist'},
  {first: 'Mei', last: 'Tanaka'},
  {first: 'Samuel', last: 'Brennan'},
  {first: 'Clara', last: 'Moreau'},
  {first: 'Yusuf', last: 'Demir'},
  {first: 'Sofia', last: 'Marino'},
  {first: 'Daniel', last: 'Ortiz'},
] as const

const CITY_BLURBS = [
  'Wander the old town, linger over long lunches and catch the sunset from a hilltop viewpoint.',
  'Museums, markets and a lively food scene make it an easy city to fill a long weekend.',
  'Compact and walkable, with leafy parks, riverside cafés and a busy calendar of festivals.',
  'Grand boulevards, historic squares and neighbourhoods that each feel like a small town of their own.',
  'A creative city of galleries, design shops and late-night bars, with quick trips out to the coast.',
]
const SEASONS = ['April to June', 'May to September', 'September and October', 'June to August', 'March to May']

const CHILD_SHARE = 0.75
const MAX_PASSENGERS = 9

export const travel: SiteFamily<TravelModel, TravelState> = {
  id: 'travel',
  domain: 'Travel & Transportation',
  subdomain: 'Travel & Accommodation',
  brandWords: {
    first: ['Skyward', 'Wayfarer', 'Jetstream', 'Compass', 'Tailwind', 'Voyager', 'Farewise', 'Roamly', 'Waypoint', 'Globetrek'],
    second: ['Travel', 'Fares', 'Trips', 'Journeys', 'Getaways', 'Tickets', 'Voyages', 'Routes'],
  },
  model: makeModel,
  initialState: () => ({saved: [], bookings: []}),
  handle,
  tasks: makeTasks,
}

// ---------------------------------------------------------------------------------------------------------------
// Model

function makeModel(site: SiteInfo, rng: SeededRandom): TravelModel {
  const modeId = (['flight', 'train', 'bus'] as const)[site.variant % 3]!
  const mode = MODES[modeId]
  const cities: City[] = sample(rng, mode.places, between(rng, 10, 12)).map((place) => ({...place, blurb: pick(rng, CITY_BLURBS), bestMonths: pick(rng, SEASONS)}))
  const carriers: Carrier[] = sample(rng, mode.carriers, 4).map((carrier) => ({
    ...carrier,
    fares: makeFares(rng, mode),
    priceFactor: 0.88 + rng.below(28) / 100,
    onTimePercent: between(rng, 78, 96),
  }))
  const today = addDays('2026-03-02', between(rng, 0, 75))
  const popular = sample(rng, cities, 8).map((from, i, list) => ({from: from.code, to: list[(i + 3) % list.length]!.code}))
  return {
    seed: site.seed,
    mode: modeId,
    tagline: pick(rng, mode.taglines),
    cities,
    carriers,
    today,
    defaultDate: addDays(today, 7),
    lastDate: addDays(today, 270),
    popular,
    insurance: pick(rng, modeId === 'flight' ? [19, 24, 29] : [7, 9, 12]),
    extraBag: pick(rng, modeId === 'flight' ? [35, 40, 45] : [10, 12, 15]),
    layout: {
      filtersRight: site.variant % 2 === 1,
      resultStyle: rng.below(2) === 0 ? 'cards' : 'rows',
      heroStyle: rng.below(2) === 0 ? 'photo' : 'plain',
      tileColumns: rng.below(2) === 0 ? 3 : 4,
      showDateStrip: rng.below(3) !== 0,
    },
  }
}

function makeFares(rng: SeededRandom, mode: Mode): FareRule[] {
  const bagKg = pick(rng, mode.bagKg)
  const changeFee = pick(rng, mode.changeFees)
  const refundFee = changeFee + pick(rng, mode.refundExtras)
  const basicChange = rng.below(2) === 0 ? null : changeFee + pick(rng, mode.refundExtras)
  const standardRefund: RefundRule = rng.below(2) === 0 ? {kind: 'none'} : {kind: 'fee', fee: refundFee}
  return [
    {id: 'basic', name: mode.fareNames.basic, bags: mode.basicBags, bagKg, handLuggage: mode.handLuggage.basic, changeFee: basicChange, refund: {kind: 'none'}, seats: 'Assigned at check-in', multiplier: 1},
    {id: 'standard', name: mode.fareNames.standard, bags: 1, bagKg, handLuggage: mode.handLuggage.standard, changeFee, refund: standardRefund, seats: 'Standard seats included', multiplier: 1.18 + rng.below(12) / 100},
    {id: 'flex', name: mode.fareNames.flex, bags: 2, bagKg, handLuggage: mode.handLuggage.flex, changeFee: 0, refund: {kind: 'full'}, seats: 'Any seat included', multiplier: 1.55 + rng.below(30) / 100},
  ]
}

const MEMO_LIMIT = 5000
const memos = new WeakMap<TravelModel, Map<string, unknown>>()

/** A value derived from the model alone, computed once (timetables, calendars): pages stay cheap to serve. */
function memo<T>(model: TravelModel, key: string, make: () => T): T {
  let cache = memos.get(model)
  if (cache === undefined) {
    cache = new Map()
    memos.set(model, cache)
  }
  if (cache.has(key)) return cache.get(key) as T
  if (cache.size >= MEMO_LIMIT) cache.clear()
  const value = make()
  cache.set(key, value)
  return value
}

function modeOf(model: TravelModel): Mode {
  return MODES[model.mode]
}

function cityByCode(model: TravelModel, code: string | null): City | undefined {
  return model.cities.find((city) => city.code === code)
}

/** The city a typed place name stands for: a name, a code, "Name (CODE)" or an unambiguous beginning of a name. */
function resolveCity(model: TravelModel, typed: string): City | undefined {
  const text = typed.trim().toLowerCase()
  if (text === '') return undefined
  const code = /\(([a-z]{3})\)\s*$/.exec(text)?.[1]
  if (code) return cityByCode(model, code.toUpperCase())
  const exact = model.cities.find((city) => city.name.toLowerCase() === text || city.code.toLowerCase() === text || city.hub.toLowerCase() === text)
  if (exact) return exact
  const prefixed = model.cities.filter((city) => city.name.toLowerCase().startsWith(text))
  return prefixed.length === 1 ? prefixed[0] : undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and times (fixed calendar values; Date is used only for calendar arithmetic in UTC)

const DAY_MS = 86_400_000
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d) / DAY_MS
}

function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

function addDays(iso: string, days: number): string {
  return isoFromDay(dayNumber(iso) + days)
}

function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isoFromDay(dayNumber(text)) === text
}

function weekdayOf(iso: string): number {
  return new Date(dayNumber(iso) * DAY_MS).getUTCDay()
}

function parts(iso: string): {year: number; month: number; day: number} {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  return {year, month, day}
}

/** "Sun, 14 Jun 2026" */
function shortDate(iso: string): string {
  const {year, month, day} = parts(iso)
  return `${WEEKDAYS[weekdayOf(iso)]!.slice(0, 3)}, ${day} ${MONTHS[month - 1]!.slice(0, 3)} ${year}`
}

/** "Sunday 14 June 2026" */
function longDate(iso: string): string {
  const {year, month, day} = parts(iso)
  return `${WEEKDAYS[weekdayOf(iso)]} ${day} ${MONTHS[month - 1]} ${year}`
}

function monthKey(iso: string): string {
  return iso.slice(0, 7)
}

function monthsBetween(fromIso: string, toIso: string): number {
  const a = parts(fromIso)
  const b = parts(toIso)
  return (b.year - a.year) * 12 + (b.month - a.month)
}

function inWindow(model: TravelModel, iso: string): boolean {
  return isIsoDate(iso) && iso >= model.today && iso <= model.lastDate
}

/** "06:40" */
function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** "2h 35m" */
function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h ${String(m).padStart(2, '0')}m`
}

/** "01:30 (+1 day)" for an arrival on a later day. */
function arrivalText(trip: Trip): string {
  const arrival = trip.depart + trip.duration
  const days = Math.floor(arrival / 1440)
  return days === 0 ? clock(arrival) : `${clock(arrival)} (+${days} day${days === 1 ? '' : 's'})`
}

function windowOf(minutes: number): TimeWindowId {
  return TIME_WINDOWS.find((w) => minutes >= w.from && minutes <= w.to)!.id
}

// ---------------------------------------------------------------------------------------------------------------
// Timetable and prices: every route and date has its own deterministic list of departures.

function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

function tripId(from: City, to: City, date: string, index: number): string {
  return `${from.code}-${to.code}-${date.replaceAll('-', '')}-${index}`
}

function tripsFor(model: TravelModel, from: City, to: City, date: string): Trip[] {
  return memo(model, `trips/${from.code}/${to.code}/${date}`, () => makeTrips(model, from, to, date))
}

function makeTrips(model: TravelModel, from: City, to: City, date: string): Trip[] {
  const mode = modeOf(model)
  const rng = rngFor({seed: model.seed}, `trips/${from.code}/${to.code}/${date}`)
  const km = distanceKm(from, to)
  const hubs = model.cities
    .filter((city) => city !== from && city !== to)
    .sort((a, b) => distanceKm(from, a) + distanceKm(a, to) - (distanceKm(from, b) + distanceKm(b, to)))
    .slice(0, 4)
  const legMinutes = (a: Place, b: Place) => Math.round((mode.overheadMin + (distanceKm(a, b) * 1.15 * 60) / mode.speedKmh) / 5) * 5
  const numbers = new Set<string>()
  const drafts: Omit<Trip, 'id'>[] = []
  const count = between(rng, 7, 12)
  for (let i = 0; i < count; i++) {
    const carrier = pick(rng, model.carriers)
    const stops = rng.nextFloat() < mode.directShare(km) ? 0 : rng.nextFloat() < 0.8 ? 1 : 2
    const via = sample(rng, hubs, stops)
    const path: Place[] = [from, ...via, to]
    let duration = 0
    for (let leg = 1; leg < path.length; leg++) duration += legMinutes(path[leg - 1]!, path[leg]!) + (leg > 1 ? between(rng, mode.layoverMin[0] / 5, mode.layoverMin[1] / 5) * 5 : 0)
    duration += between(rng, -1, 3) * 5
    const depart = between(rng, 5 * 12, 22 * 12 + 6) * 5
    const peak = (depart >= 420 && depart < 570) || (depart >= 1020 && depart < 1170) ? 1.12 : 1
    const basePrice = Math.max(9, Math.round((mode.priceFixed + km * mode.pricePerKm) * carrier.priceFactor * 0.8 ** stops * peak * (0.82 + rng.nextFloat() * 0.55)))
    let number = ''
    do number = `${carrier.code}${between(rng, mode.numberRange[0], mode.numberRange[1])}`
    while (numbers.has(number))
    numbers.add(number)
    drafts.push({from, to, date, carrier, number, depart, duration, via, basePrice})
  }
  drafts.sort((a, b) => a.depart - b.depart || a.number.localeCompare(b.number))
  return drafts.map((draft, index) => ({...draft, id: tripId(from, to, date, index)}))
}

function tripById(model: TravelModel, id: string): Trip | undefined {
  const match = /^([A-Z]{3})-([A-Z]{3})-(\d{4})(\d{2})(\d{2})-(\d{1,2})$/.exec(id)
  if (!match) return undefined
  const from = cityByCode(model, match[1]!)
  const to = cityByCode(model, match[2]!)
  const date = `${match[3]}-${match[4]}-${match[5]}`
  if (!from || !to || from === to || !inWindow(model, date)) return undefined
  return tripsFor(model, from, to, date)[Number(match[6])]
}

function cabinOf(model: TravelModel, id: string | null): Cabin {
  const {cabins} = modeOf(model)
  return cabins.find((cabin) => cabin.id === id) ?? cabins[0]!
}

function fareOf(trip: Trip, id: FareId): FareRule {
  return trip.carrier.fares.find((fare) => fare.id === id)!
}

function adultPrice(trip: Trip, cabin: Cabin, fare: FareId): number {
  return Math.round(trip.basePrice * cabin.multiplier * fareOf(trip, fare).multiplier)
}

function childPrice(adult: number): number {
  return Math.round(adult * CHILD_SHARE)
}

function partyPrice(trip: Trip, cabin: Cabin, fare: FareId, adults: number, children: number): number {
  const adult = adultPrice(trip, cabin, fare)
  return adult * adults + childPrice(adult) * children
}

/** Money as formatMoney() prints it ("$1,234.00"), without toLocaleString, which is slow on pages with many prices. */
function money(model: TravelModel, amount: number): string {
  return formatMoney(amount, modeOf(model).currency)
}

function stopsText(mode: Mode, trip: Trip): string {
  if (trip.via.length === 0) return mode.direct
  return `${trip.via.length} ${trip.via.length === 1 ? mode.stopWord : mode.stopsWord}`
}

function cheapestOn(model: TravelModel, from: City, to: City, date: string): number {
  return Math.min(...tripsFor(model, from, to, date).map((trip) => trip.basePrice))
}

function baggageText(mode: Mode, fare: FareRule): string {
  if (fare.bags === 0) return `No ${mode.bagNoun} included`
  return `${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} up to ${fare.bagKg} kg each`
}

function changeText(model: TravelModel, fare: FareRule): string {
  if (fare.changeFee === null) return 'Changes not permitted'
  if (fare.changeFee === 0) return 'Free changes'
  return `Change fee ${money(model, fare.changeFee)}`
}

function refundText(model: TravelModel, refund: RefundRule): string {
  if (refund.kind === 'none') return 'Non-refundable'
  if (refund.kind === 'full') return 'Fully refundable'
  return `Refundable for a ${money(model, refund.fee)} fee`
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

type Context = SiteContext<TravelModel, TravelState>

function handle(request: SiteRequest, context: Context): SiteReply {
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
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(context.model), `${context.site.name} has helped travellers find good-value ${modeOf(context.model).nouns} since 2011. We compare ${context.model.carriers.length} ${modeOf(context.model).carrierWord.toLowerCase()}s and never add hidden booking fees.`))
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

function nav(model: TravelModel): NavLink[] {
  const mode = modeOf(model)
  return [
    {href: '/', label: capitalise(mode.nouns)},
    {href: '/deals', label: 'Deals'},
    {href: '/destinations', label: 'Destinations'},
    {href: '/trips', label: 'My trips'},
    {href: '/help', label: 'Help & baggage'},
  ]
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function shell(context: Context, title: string, body: Html, script = ''): string {
  const saved = context.state.saved.length
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    headerExtras: html`<span class="currency-chip">${modeOf(context.model).currency === '€' ? 'EUR €' : 'USD $'}</span><a class="saved-link" href="/saved">♥ Saved (<span class="saved-count">${saved}</span>)</a><a class="trips-link" href="/trips">My trips</a>`,
    css: TRAVEL_CSS,
    script: WIDGET_SCRIPT + script,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Search form: place fields with suggestions, a calendar, passenger steppers and cabin radios.

interface SearchValues {
  origin: string
  destination: string
  date: string
  adults: number
  children: number
  cabin: string
}

type SearchErrors = Partial<Record<'from' | 'to' | 'date' | 'passengers', string>>

function defaultSearch(model: TravelModel): SearchValues {
  return {origin: '', destination: '', date: model.defaultDate, adults: 1, children: 0, cabin: modeOf(model).cabins[0]!.id}
}

function count(text: string | null, fallback: number): number {
  const value = Number.parseInt(text ?? '', 10)
  return Number.isFinite(value) ? value : fallback
}

/** Prefills the home form from `?from=LIS&to=MAD&date=…` (the "Change search" link). */
function searchValuesFromCodes(model: TravelModel, query: URLSearchParams): SearchValues {
  const base = defaultSearch(model)
  const date = query.get('date') ?? ''
  return {
    origin: cityByCode(model, query.get('from'))?.name ?? '',
    destination: cityByCode(model, query.get('to'))?.name ?? '',
    date: inWindow(model, date) ? date : base.date,
    adults: Math.min(MAX_PASSENGERS, Math.max(1, count(query.get('adults'), 1))),
    children: Math.min(MAX_PASSENGERS - 1, Math.max(0, count(query.get('children'), 0))),
    cabin: cabinOf(model, query.get('cabin')).id,
  }
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
  if (!inWindow(model, values.date)) errors.date = `Pick a departure date between ${shortDate(model.today)} and ${shortDate(model.lastDate)}.`
  if (values.adults < 1 || values.children < 0 || values.adults + values.children > MAX_PASSENGERS) errors.passengers = `Bookings are for 1 to ${MAX_PASSENGERS} travellers, with at least one adult.`
  if (Object.keys(errors).length > 0 || !from || !to) {
    const shown = {...values, date: inWindow(model, values.date) ? values.date : model.defaultDate, adults: Math.max(1, Math.min(MAX_PASSENGERS, values.adults)), children: Math.max(0, Math.min(MAX_PASSENGERS - 1, values.children))}
    return htmlReply(homePage(context, shown, errors), 422)
  }
  return redirect(`/results${queryString({from: from.code, to: to.code, date: values.date, adults: values.adults, children: values.children || '', cabin: values.cabin})}`, 302)
}

function searchForm(model: TravelModel, values: SearchValues, errors: SearchErrors): Html {
  const mode = modeOf(model)
  const cities = model.cities.map((city) => ({code: city.code, name: city.name, hub: city.hub, country: city.country}))
  const messages = Object.values(errors)
  const placeField = (id: 'origin' | 'destination', name: 'from' | 'to', label: string, value: string) => html`<div class="field place-field${errors[name] ? ' invalid' : ''}">
      <label for="${id}">${label}</label>
      <input id="${id}" name="${name}" type="text" value="${value}" placeholder="City or ${mode.hubWord}" autocomplete="off" spellcheck="false">
      <div class="suggestions" role="listbox" hidden></div>
      ${errors[name] ? html`<div class="error-text">${errors[name]}</div>` : ''}
    </div>`
  return html`<form class="search-panel card" method="get" action="/search" novalidate autocomplete="off" data-cities="${JSON.stringify(cities)}">
    <div class="trip-type"><span class="pill active">One-way</span><span class="muted">Planning a return? Search each direction separately.</span></div>
    ${messages.length > 0 ? html`<div class="alert alert-error" role="alert">Please check your search: ${messages.join(' ')}</div>` : ''}
    <div class="search-grid">
      ${placeField('origin', 'from', 'From', values.origin)}
      <button type="button" class="swap" aria-label="Swap origin and destination" title="Swap">⇄</button>
      ${placeField('destination', 'to', 'To', values.destination)}
      ${datePicker(model, values.date, errors.date)}
    </div>
    <div class="search-grid search-grid-2">
      <div class="field${errors.passengers ? ' invalid' : ''}"><span class="field-title">Travellers</span>
        <div class="steppers">${stepper('adults', 'Adults', '12+ years', values.adults, 1, MAX_PASSENGERS)}${stepper('children', 'Children', '2–11 years', values.children, 0, MAX_PASSENGERS - 1)}</div>
        ${errors.passengers ? html`<div class="error-text">${errors.passengers}</div>` : ''}
      </div>
      <fieldset class="field cabin-group"><legend class="field-title">${mode.cabinTitle}</legend>
        <div class="cabin-options">${mode.cabins.map((cabin) => html`<input type="radio" class="visually-hidden" id="cabin-${cabin.id}" name="cabin" value="${cabin.id}"${cabin.id === values.cabin ? html` checked` : ''}><label class="cabin-option" for="cabin-${cabin.id}">${cabin.label}</label>`)}</div>
      </fieldset>
      <div class="submit-cell"><button type="submit" class="btn btn-primary search-submit">Search ${mode.nouns}</button></div>
    </div>
  </form>`
}

function stepper(field: 'adults' | 'children', label: string, hint: string, value: number, min: number, max: number): Html {
  return html`<div class="stepper" data-field="${field}" data-min="${min}" data-max="${max}">
    <span class="step-label">${label}<small>${hint}</small></span>
    <button type="button" class="step-minus" aria-label="Fewer ${label.toLowerCase()}"${value <= min ? html` disabled` : ''}>−</button>
    <output class="step-value">${value}</output>
    <button type="button" class="step-plus" aria-label="More ${label.toLowerCase()}"${value >= max ? html` disabled` : ''}>+</button>
    <input type="hidden" name="${field}" value="${value}">
  </div>`
}

function calendarMonths(model: TravelModel): string[] {
  return memo(model, 'months', () => {
    const months: string[] = []
    for (let month = `${monthKey(model.today)}-01`; monthKey(month) <= monthKey(model.lastDate); month = addDays(month, 32).slice(0, 8) + '01') months.push(month)
    return months
  })
}

function datePicker(model: TravelModel, selected: string, error: string | undefined): Html {
  const months = calendarMonths(model)
  const shownIndex = Math.max(0, months.findIndex((first) => monthKey(first) === monthKey(selected)))
  const grids = memo(model, `calendar/${selected}`, () => html`${months.map((first, index) => calendarMonth(model, first, selected, index !== shownIndex))}`)
  return html`<div class="field date-wrap${error ? ' invalid' : ''}">
    <span class="field-title">Departure date</span>
    <button type="button" class="date-field" aria-haspopup="dialog">${raw(CALENDAR_ICON)}<span class="date-text">${shortDate(selected)}</span></button>
    <input type="hidden" name="date" value="${selected}">
    <div class="calendar" role="dialog" aria-label="Choose a departure date" hidden>
      <div class="cal-head"><button type="button" class="cal-prev" aria-label="Previous month">‹</button><strong class="cal-title">${monthTitle(months[shownIndex]!)}</strong><button type="button" class="cal-next" aria-label="Next month">›</button></div>
      ${grids}
      <p class="cal-note muted">Prices and times are local. Bookable until ${shortDate(model.lastDate)}.</p>
    </div>
    ${error ? html`<div class="error-text">${error}</div>` : ''}
  </div>`
}

function monthTitle(firstOfMonth: string): string {
  const {year, month} = parts(firstOfMonth)
  return `${MONTHS[month - 1]} ${year}`
}

function calendarMonth(model: TravelModel, firstOfMonth: string, selected: string, hidden: boolean): Html {
  const lead = (weekdayOf(firstOfMonth) + 6) % 7
  const cells: Html[] = Array.from({length: lead}, () => html`<td></td>`)
  for (let day = firstOfMonth; monthKey(day) === monthKey(firstOfMonth); day = addDays(day, 1)) {
    const bookable = inWindow(model, day)
    const classes = ['cal-day', day === selected ? 'selected' : '', day === model.today ? 'today' : ''].filter(Boolean).join(' ')
    cells.push(html`<td><button type="button" class="${classes}" data-date="${day}" data-label="${shortDate(day)}"${bookable ? '' : html` disabled`}>${parts(day).day}</button></td>`)
  }
  const rows: Html[] = []
  for (let i = 0; i < cells.length; i += 7) rows.push(html`<tr>${cells.slice(i, i + 7)}</tr>`)
  return html`<table class="cal-month" data-month="${monthKey(firstOfMonth)}" data-title="${monthTitle(firstOfMonth)}"${hidden ? html` hidden` : ''}>
    <thead><tr>${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => html`<th>${d}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

// ---------------------------------------------------------------------------------------------------------------
// Home, deals, destinations, help

function homePage(context: Context, values: SearchValues, errors: SearchErrors): string {
  const {model, site} = context
  const mode = modeOf(model)
  const routes = model.popular.slice(0, model.layout.tileColumns * 2).map((pair) => popularRoute(model, pair.from, pair.to))
  return shell(
    context,
    `Cheap ${mode.nouns}`,
    html`<section class="hero hero-${model.layout.heroStyle}"${model.layout.heroStyle === 'photo' ? html` style="background-image:url('/img/photo/hero-${site.slug}.svg')"` : ''}>
      <div class="hero-text"><h1>${model.tagline}</h1><p>${mode.heroLine}</p></div>
      ${searchForm(model, values, errors)}
    </section>
    <section class="section"><h2>Popular routes</h2>
      <div class="tiles cols-${model.layout.tileColumns}">${routes.map((r) => html`<a class="card route-tile" href="${r.href}"><img src="/img/photo/${r.to.code}-${r.to.name}.svg" alt="${r.to.name}" width="400" height="300"><div><strong>${r.from.name} → ${r.to.name}</strong><span class="muted">${shortDate(r.date)}</span><span class="from-price">from ${money(model, r.price)}</span></div></a>`)}</div>
    </section>
    <section class="section features">
      <div class="card feature"><span class="feature-icon">✓</span><h3>No booking fees</h3><p class="muted">The price you see is the price you pay, taxes included.</p></div>
      <div class="card feature"><span class="feature-icon">⇆</span><h3>Flexible fares</h3><p class="muted">Every result shows its baggage, change and refund rules before you book.</p></div>
      <div class="card feature"><span class="feature-icon">☎</span><h3>Help around the clock</h3><p class="muted">Our travel team answers within the hour, every day of the year.</p></div>
    </section>
    <section class="section"><h2>Explore destinations</h2>
      <div class="city-strip">${model.cities.slice(0, 6).map((city) => html`<a class="city-chip" href="/destinations/${city.code}"><img src="/img/photo/${city.code}-${city.name}.svg" alt="" width="64" height="48"><span>${city.name}<small>${city.country}</small></span></a>`)}</div>
    </section>
    <section class="section card faq"><h2>Frequently asked questions</h2>
      <details><summary>Do children travel for less?</summary><p>Yes. Children aged 2 to 11 pay ${Math.round(CHILD_SHARE * 100)}% of the adult fare on every ${mode.noun}.</p></details>
      <details><summary>What do the fare types include?</summary><p>${mode.fareNames.basic} is the cheapest and most restrictive fare, ${mode.fareNames.standard} adds a ${mode.bagNoun} and paid changes, and ${mode.fareNames.flex} includes free changes and full refunds. Exact rules depend on the ${mode.carrierWord.toLowerCase()}: open “Fare options and rules” on any result.</p></details>
      <details><summary>Can I hold a booking?</summary><p>Save a trip with the heart button and find it later under Saved.</p></details>
    </section>`,
  )
}

interface PopularRoute {
  from: City
  to: City
  date: string
  price: number
  href: string
}

function popularRoute(model: TravelModel, fromCode: string, toCode: string): PopularRoute {
  return memo(model, `popular/${fromCode}/${toCode}`, () => makePopularRoute(model, fromCode, toCode))
}

function makePopularRoute(model: TravelModel, fromCode: string, toCode: string): PopularRoute {
  const from = cityByCode(model, fromCode)!
  const to = cityByCode(model, toCode)!
  let best = {date: model.defaultDate, price: Number.POSITIVE_INFINITY}
  for (let offset = 0; offset < 14; offset++) {
    const date = addDays(model.defaultDate, offset)
    const price = cheapestOn(model, from, to, date)
    if (price < best.price) best = {date, price}
  }
  const href = `/results${queryString({from: from.code, to: to.code, date: best.date, adults: 1, cabin: modeOf(model).cabins[0]!.id})}`
  return {from, to, ...best, href}
}

function dealsPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const deals = model.popular.map((pair) => popularRoute(model, pair.from, pair.to)).sort((a, b) => a.price - b.price)
  return shell(
    context,
    'Deals',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Deals')}
    <h1>This fortnight’s lowest fares</h1>
    <p class="muted">Lowest one-way ${mode.fareNames.basic} fares per adult in ${mode.cabins[0]!.label}, for departures between ${shortDate(model.defaultDate)} and ${shortDate(addDays(model.defaultDate, 13))}.</p>
    <table class="card deals-table"><thead><tr><th>Route</th><th>Cheapest date</th><th>Distance</th><th>From</th><th></th></tr></thead>
      <tbody>${deals.map((d) => html`<tr><td><strong>${d.from.name} → ${d.to.name}</strong><div class="muted">${d.from.hub} to ${d.to.hub}</div></td><td>${shortDate(d.date)}</td><td>${Math.round(distanceKm(d.from, d.to)).toLocaleString('en-US')} km</td><td class="price">${money(model, d.price)}</td><td><a class="btn btn-dark" href="${d.href}">See ${mode.nouns}</a></td></tr>`)}</tbody></table>`,
  )
}

function destinationsPage(context: Context): string {
  const {model} = context
  return shell(
    context,
    'Destinations',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Destinations')}
    <h1>Where we go</h1>
    <div class="tiles cols-${model.layout.tileColumns}">${[...model.cities].sort((a, b) => a.name.localeCompare(b.name)).map((city) => html`<a class="card route-tile" href="/destinations/${city.code}"><img src="/img/photo/${city.code}-${city.name}.svg" alt="${city.name}" width="400" height="300"><div><strong>${city.name}</strong><span class="muted">${city.country} · ${city.hub} (${city.code})</span></div></a>`)}</div>`,
  )
}

function destinationPage(city: City, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const others = model.cities.filter((c) => c !== city)
  return shell(
    context,
    city.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: '/destinations', label: 'Destinations'}], city.name)}
    <div class="row destination">
      <article class="content card prose">
        <img class="dest-photo" src="/img/photo/${city.code}-${city.name}.svg" alt="${city.name}" width="800" height="360">
        <h1>${city.name}, ${city.country}</h1>
        <p>${city.blurb}</p>
        <p>${capitalise(mode.nouns)} arrive at <strong>${city.hub}</strong> (${city.code}). The best time to visit is ${city.bestMonths}.</p>
        <h2>Getting to ${city.name}</h2>
        <table><thead><tr><th>From</th><th>Distance</th><th>Typical ${mode.direct.toLowerCase()} journey</th><th></th></tr></thead>
          <tbody>${others.map((other) => html`<tr><td>${other.name}</td><td>${Math.round(distanceKm(other, city)).toLocaleString('en-US')} km</td><td>${durationText(Math.round((mode.overheadMin + (distanceKm(other, city) * 1.15 * 60) / mode.speedKmh) / 5) * 5)}</td><td><a href="/${queryString({from: other.code, to: city.code})}">Search</a></td></tr>`)}</tbody></table>
      </article>
      <aside class="sidebar card"><h3>At a glance</h3><img src="/img/map/${city.code}.svg" alt="Map of ${city.name}" width="240" height="180"><p><strong>${capitalise(mode.hubWord)}:</strong> ${city.hub}</p><p><strong>Code:</strong> ${city.code}</p><p><strong>Country:</strong> ${city.country}</p></aside>
    </div>`,
  )
}

function helpPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  return shell(
    context,
    'Help & baggage',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Help & baggage')}
    <article class="card prose help">
      <h1>Help & baggage</h1>
      <p>Every ${mode.noun} on ${context.site.name} is sold in three fare types. The cheapest is ${mode.fareNames.basic}; ${mode.fareNames.standard} and ${mode.fareNames.flex} add luggage and flexibility. Children aged 2–11 pay ${Math.round(CHILD_SHARE * 100)}% of the adult fare.</p>
      <h2>Fare rules by ${mode.carrierWord.toLowerCase()}</h2>
      ${model.carriers.map((carrier) => html`<h3>${carrier.name} (${carrier.code})</h3>${fareTable(model, carrier, null)}`)}
      <h2>Travel insurance</h2><p>Cover for cancellation, delays and lost luggage costs ${money(model, model.insurance)} per traveller and can be added while booking.</p>
      <h2>Extra luggage</h2><p>An extra ${mode.bagNoun} bought online costs ${money(model, model.extraBag)} per booking.</p>
    </article>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Results

interface ResultsQuery {
  from: City
  to: City
  date: string
  adults: number
  children: number
  cabin: Cabin
  stops: StopsFilter
  time: TimeWindowId | ''
  carrier: string
  sort: SortId
}

function parseResultsQuery(model: TravelModel, query: URLSearchParams): ResultsQuery | undefined {
  const from = cityByCode(model, query.get('from'))
  const to = cityByCode(model, query.get('to'))
  const date = query.get('date') ?? ''
  const adults = count(query.get('adults'), 1)
  const children = count(query.get('children'), 0)
  if (!from || !to || from === to || !inWindow(model, date) || adults < 1 || children < 0 || adults + children > MAX_PASSENGERS) return undefined
  const stops = query.get('stops')
  const time = query.get('time')
  return {
    from,
    to,
    date,
    adults,
    children,
    cabin: cabinOf(model, query.get('cabin')),
    stops: stops === '0' || stops === '1' ? stops : '',
    time: TIME_WINDOWS.find((w) => w.id === time)?.id ?? '',
    carrier: model.carriers.find((c) => c.code === query.get('carrier'))?.code ?? '',
    sort: SORTS.find((s) => s.id === query.get('sort'))?.id ?? 'recommended',
  }
}

function resultsHref(q: ResultsQuery, changes: Record<string, string | number> = {}): string {
  const fields = {from: q.from.code, to: q.to.code, date: q.date, adults: q.adults, children: q.children || '', cabin: q.cabin.id, stops: q.stops, time: q.time, carrier: q.carrier, sort: q.sort === 'recommended' ? '' : q.sort, ...changes}
  return `/results${queryString(fields)}`
}

function passesFilters(trip: Trip, q: ResultsQuery): boolean {
  if (q.stops !== '' && trip.via.length > Number(q.stops)) return false
  if (q.time !== '' && windowOf(trip.depart) !== q.time) return false
  return q.carrier === '' || trip.carrier.code === q.carrier
}

function sortTrips(trips: Trip[], sort: SortId): Trip[] {
  const byScore = (t: Trip) => t.basePrice + t.duration * 0.35 + t.via.length * 25
  const order: Record<SortId, (a: Trip, b: Trip) => number> = {
    recommended: (a, b) => byScore(a) - byScore(b),
    price: (a, b) => a.basePrice - b.basePrice,
    duration: (a, b) => a.duration - b.duration,
    departure: (a, b) => a.depart - b.depart,
  }
  return [...trips].sort((a, b) => order[sort](a, b) || a.depart - b.depart || a.number.localeCompare(b.number))
}

function resultsReply(query: URLSearchParams, context: Context): SiteReply {
  const q = parseResultsQuery(context.model, query)
  if (!q) return redirect('/', 302)
  return htmlReply(resultsPage(q, context))
}

function passengerSummary(adults: number, children: number): string {
  const adultsText = `${adults} ${adults === 1 ? 'adult' : 'adults'}`
  return children > 0 ? `${adultsText} and ${children} ${children === 1 ? 'child' : 'children'}` : adultsText
}

function resultsPage(q: ResultsQuery, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const all = tripsFor(model, q.from, q.to, q.date)
  const shown = sortTrips(all.filter((trip) => passesFilters(trip, q)), q.sort)
  const cheapest = shown.length ? Math.min(...shown.map((t) => t.basePrice)) : 0
  const fastest = shown.length ? Math.min(...shown.map((t) => t.duration)) : 0
  const filterLink = (cls: string, attr: string, value: string, label: string, active: boolean, href: string, tally?: number, note = '') =>
    html`<li><a class="${cls}${active ? ' active' : ''}" ${raw(attr)}="${value}" href="${href}"><span class="check" aria-hidden="true">${active ? '☑' : '☐'}</span> ${label}${tally === undefined ? '' : html` <span class="muted">(${tally})</span>`}${note ? html`<small class="muted range">${note}</small>` : ''}</a></li>`
  const title = `${q.from.name} to ${q.to.name}`
  return shell(
    context,
    `${capitalise(mode.nouns)} ${title}`,
    html`${breadcrumb([{href: '/', label: 'Home'}], title)}
    <section class="route-summary card">
      <div><h1>${q.from.name} <span class="arrow">→</span> ${q.to.name}</h1>
      <p class="muted">${shortDate(q.date)} · One-way · ${passengerSummary(q.adults, q.children)} · ${q.cabin.label}</p></div>
      <a class="btn change-search" href="/${queryString({from: q.from.code, to: q.to.code, date: q.date, adults: q.adults, children: q.children || '', cabin: q.cabin.id})}">Change search</a>
    </section>
    ${model.layout.showDateStrip ? dateStrip(q, model) : ''}
    <div class="row results-layout${model.layout.filtersRight ? ' filters-right' : ''}">
      <aside class="sidebar card filters">
        <h3>${capitalise(mode.stopsWord)}</h3>
        <ul>${filterLink('filter-stops', 'data-stops', 'any', 'Any number', q.stops === '', resultsHref(q, {stops: ''}))}
          ${filterLink('filter-stops', 'data-stops', '0', `${mode.direct} only`, q.stops === '0', resultsHref(q, {stops: '0'}), all.filter((t) => t.via.length === 0).length)}
          ${filterLink('filter-stops', 'data-stops', '1', `1 ${mode.stopWord} at most`, q.stops === '1', resultsHref(q, {stops: '1'}), all.filter((t) => t.via.length <= 1).length)}</ul>
        <h3>Departure time</h3>
        <ul>${filterLink('filter-time', 'data-time', 'any', 'Any time', q.time === '', resultsHref(q, {time: ''}))}
          ${TIME_WINDOWS.map((w) => filterLink('filter-time', 'data-time', w.id, w.label, q.time === w.id, resultsHref(q, {time: w.id}), all.filter((t) => windowOf(t.depart) === w.id).length, `${clock(w.from)}–${clock(w.to)}`))}</ul>
        <h3>${mode.carrierWord}</h3>
        <ul>${filterLink('filter-carrier', 'data-carrier', 'any', `All`, q.carrier === '', resultsHref(q, {carrier: ''}))}
          ${model.carriers.map((c) => filterLink('filter-carrier', 'data-carrier', c.code, c.name, q.carrier === c.code, resultsHref(q, {carrier: c.code}), all.filter((t) => t.carrier === c).length))}</ul>
        <img class="route-map" src="/img/map/${q.from.code}-${q.to.code}.svg" alt="Route map ${q.from.name} to ${q.to.name}" width="240" height="180">
      </aside>
      <section class="content">
        <div class="toolbar"><strong class="result-count">${shown.length} ${shown.length === 1 ? mode.noun : mode.nouns}</strong>
          <span class="sort-bar">Sort by: ${SORTS.map((s) => (s.id === q.sort ? html`<strong class="sort-option active" data-sort="${s.id}">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${resultsHref(q, {sort: s.id === 'recommended' ? '' : s.id})}">${s.label}</a>`))}</span></div>
        <p class="muted price-note">Prices are per adult for the ${mode.fareNames.basic} fare in ${q.cabin.label}, taxes included. Totals are for ${passengerSummary(q.adults, q.children)}.</p>
        ${shown.length === 0 ? html`<div class="card empty"><h3>No ${mode.nouns} match these filters</h3><p>Try another departure time or allow ${mode.stopsWord}. <a href="${resultsHref(q, {stops: '', time: '', carrier: ''})}">Clear all filters</a></p></div>` : html`<div class="trip-list style-${model.layout.resultStyle}">${shown.map((trip) => tripCard(trip, q, context, {cheapest: trip.basePrice === cheapest, fastest: trip.duration === fastest}))}</div>`}
      </section>
    </div>`,
  )
}

function dateStrip(q: ResultsQuery, model: TravelModel): Html {
  const days = [-3, -2, -1, 0, 1, 2, 3].map((offset) => addDays(q.date, offset)).filter((day) => inWindow(model, day))
  return html`<nav class="date-strip" aria-label="Nearby dates">${days.map((day) => {
    const price = money(model, Math.round(cheapestOn(model, q.from, q.to, day) * q.cabin.multiplier))
    const label = html`<span>${shortDate(day).slice(0, -5)}</span><strong>${price}</strong>`
    return day === q.date ? html`<span class="strip-day current" aria-current="date">${label}</span>` : html`<a class="strip-day" data-date="${day}" href="${resultsHref(q, {date: day})}">${label}</a>`
  })}</nav>`
}

function tripCard(trip: Trip, q: ResultsQuery, context: Context, badges: {cheapest: boolean; fastest: boolean}): Html {
  const {model} = context
  const mode = modeOf(model)
  const arrival = trip.depart + trip.duration
  const dayShift = Math.floor(arrival / 1440)
  const saved = context.state.saved.includes(trip.id)
  const price = adultPrice(trip, q.cabin, 'basic')
  return html`<article class="card trip" data-trip="${trip.id}">
    <div class="trip-main">
      <div class="carrier"><img src="/img/logo/${trip.carrier.name}.svg" alt="" width="40" height="40"><div><strong>${trip.carrier.name}</strong><span class="muted trip-number">${capitalise(mode.noun)} ${trip.number}</span></div></div>
      <div class="times">
        <div class="time"><strong class="dep-time">${clock(trip.depart)}</strong><span>${trip.from.code}</span></div>
        <div class="line"><span class="duration">${durationText(trip.duration)}</span><span class="track${trip.via.length ? ' with-stops' : ''}"></span><span class="stops${trip.via.length ? ' has-stops' : ''}">${stopsText(mode, trip)}${trip.via.length ? html` · via ${trip.via.map((c) => c.code).join(', ')}` : ''}</span></div>
        <div class="time"><strong class="arr-time">${clock(arrival)}${dayShift > 0 ? html`<sup>+${dayShift}</sup>` : ''}</strong><span>${trip.to.code}</span></div>
      </div>
      <div class="price-box">
        ${badges.cheapest ? html`<span class="badge badge-cheap">Cheapest</span>` : ''}${badges.fastest ? html`<span class="badge badge-fast">Fastest</span>` : ''}
        <span class="price trip-price">${money(model, price)}</span>
        <span class="muted">per adult</span>
        <span class="party-total">${money(model, partyPrice(trip, q.cabin, 'basic', q.adults, q.children))} total</span>
      </div>
      <form class="save-form" method="post" action="/saved"><input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="back" value="${resultsHref(q)}">
        <button type="submit" class="save-trip${saved ? ' is-saved' : ''}" data-trip="${trip.id}" aria-pressed="${saved ? 'true' : 'false'}" title="${saved ? 'Remove from saved' : 'Save this trip'}">${saved ? '♥ Saved' : '♡ Save'}</button></form>
    </div>
    <details class="fares" data-trip="${trip.id}"><summary class="fares-toggle">Fare options and rules</summary>
      <p class="muted fare-meta">${trip.carrier.name} · ${trip.from.hub} → ${trip.to.hub} · on time ${trip.carrier.onTimePercent}% of the time</p>
      ${fareTable(model, trip.carrier, {trip, q})}
    </details>
  </article>`
}

/** A carrier's three fares with their rules; with a trip, also prices and Select links. */
function fareTable(model: TravelModel, carrier: Carrier, priced: {trip: Trip; q: ResultsQuery} | null): Html {
  const mode = modeOf(model)
  return html`<table class="fare-table"><thead><tr><th>Fare</th><th>${capitalise(mode.bagNouns)}</th><th>Hand luggage</th><th>Changes</th><th>Refunds</th><th>Seats</th>${priced ? html`<th>Per adult</th><th>Total</th><th></th>` : ''}</tr></thead>
    <tbody>${carrier.fares.map((fare) => html`<tr class="fare-row" data-fare="${fare.id}"><th scope="row">${fare.name}</th><td class="fare-bags">${baggageText(mode, fare)}</td><td>${fare.handLuggage}</td><td class="fare-change">${changeText(model, fare)}</td><td class="fare-refund">${refundText(model, fare.refund)}</td><td>${fare.seats}</td>
      ${priced ? html`<td class="price">${money(model, adultPrice(priced.trip, priced.q.cabin, fare.id))}</td><td>${money(model, partyPrice(priced.trip, priced.q.cabin, fare.id, priced.q.adults, priced.q.children))}</td>
        <td><a class="btn btn-primary select-fare" data-trip="${priced.trip.id}" data-fare="${fare.id}" href="/book${queryString({trip: priced.trip.id, cabin: priced.q.cabin.id, fare: fare.id, adults: priced.q.adults, children: priced.q.children || ''})}">Select</a></td>` : ''}</tr>`)}</tbody></table>`
}

// ---------------------------------------------------------------------------------------------------------------
// Saved trips and my trips

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

function savedPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const trips = context.state.saved.map((id) => tripById(model, id)).filter((trip): trip is Trip => trip !== undefined)
  return shell(
    context,
    'Saved trips',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Saved')}
    <h1>Saved trips</h1>
    ${trips.length === 0 ? html`<div class="card"><p>You have not saved any ${mode.nouns} yet. Tap ♡ Save on a search result to keep it here.</p><a class="btn btn-dark" href="/">Search ${mode.nouns}</a></div>` : html`<table class="card saved-table"><thead><tr><th>${capitalise(mode.noun)}</th><th>Route</th><th>Date</th><th>Departs</th><th>From</th><th></th></tr></thead>
      <tbody>${trips.map((trip) => html`<tr class="saved-row" data-trip="${trip.id}"><td><strong>${trip.number}</strong><div class="muted">${trip.carrier.name}</div></td><td>${trip.from.name} → ${trip.to.name}</td><td>${shortDate(trip.date)}</td><td>${clock(trip.depart)} · ${stopsText(mode, trip)}</td><td class="price">${money(model, trip.basePrice)}</td>
        <td><a class="btn" href="/results${queryString({from: trip.from.code, to: trip.to.code, date: trip.date, adults: 1, cabin: mode.cabins[0]!.id})}">View</a> <form class="inline" method="post" action="/saved"><input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="back" value="/saved"><button class="btn remove-saved" type="submit">Remove</button></form></td></tr>`)}</tbody></table>`}`,
  )
}

function tripsPage(context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const {bookings} = context.state
  return shell(
    context,
    'My trips',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'My trips')}
    <h1>My trips</h1>
    ${bookings.length === 0 ? html`<div class="card"><p>No bookings in this session yet.</p><a class="btn btn-dark" href="/">Find a ${mode.noun}</a></div>` : html`<table class="card"><thead><tr><th>Reference</th><th>${capitalise(mode.noun)}</th><th>Date</th><th>Travellers</th><th>Total</th></tr></thead>
      <tbody>${bookings.map((b) => {
        const trip = tripById(model, b.tripId)
        return html`<tr><td><a href="/booking/${b.reference}"><strong>${b.reference}</strong></a></td><td>${trip ? `${trip.number} ${trip.from.name} → ${trip.to.name}` : b.tripId}</td><td>${trip ? shortDate(trip.date) : ''}</td><td>${b.passengers.map((p) => `${p.first} ${p.last}`).join(', ')}</td><td>${money(model, b.total)}</td></tr>`
      })}</tbody></table>`}`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Booking

interface BookingRequest {
  trip: Trip
  cabin: Cabin
  fare: FareId
  adults: number
  children: number
}

function parseBookingRequest(model: TravelModel, fields: URLSearchParams): BookingRequest | undefined {
  const trip = tripById(model, fields.get('trip') ?? '')
  const fare = FARE_IDS.find((id) => id === fields.get('fare'))
  const adults = count(fields.get('adults'), 1)
  const children = count(fields.get('children'), 0)
  if (!trip || !fare || adults < 1 || children < 0 || adults + children > MAX_PASSENGERS) return undefined
  return {trip, cabin: cabinOf(model, fields.get('cabin')), fare, adults, children}
}

function passengerTypes(request: BookingRequest): ('adult' | 'child')[] {
  return [...Array.from({length: request.adults}, () => 'adult' as const), ...Array.from({length: request.children}, () => 'child' as const)]
}

function bookingFormReply(query: URLSearchParams, context: Context): SiteReply {
  const request = parseBookingRequest(context.model, query)
  if (!request) return redirect('/', 302)
  return htmlReply(bookingPage(request, context, new URLSearchParams(), {}))
}

type BookingErrors = Record<string, string>

function bookingPage(request: BookingRequest, context: Context, values: URLSearchParams, errors: BookingErrors): string {
  const {model} = context
  const mode = modeOf(model)
  const {trip, cabin} = request
  const fare = fareOf(trip, request.fare)
  const travellers = request.adults + request.children
  const base = partyPrice(trip, cabin, request.fare, request.adults, request.children)
  const seat = SEATS.find((s) => s.id === values.get('seat'))?.id ?? 'any'
  const input = (id: string, label: string, type: string, hint = '') =>
    html`<div class="field${errors[id] ? ' invalid' : ''}"><label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${values.get(id) ?? ''}">${hint ? html`<div class="hint">${hint}</div>` : ''}${errors[id] ? html`<div class="error-text">${errors[id]}</div>` : ''}</div>`
  const checkbox = (id: string, name: string, label: string) =>
    html`<div class="field check-field${errors[name] ? ' invalid' : ''}"><input type="checkbox" id="${id}" name="${name}" value="1"${values.get(name) === '1' ? html` checked` : ''}> <label for="${id}">${label}</label>${errors[name] ? html`<div class="error-text">${errors[name]}</div>` : ''}</div>`
  return shell(
    context,
    'Traveller details',
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/results${queryString({from: trip.from.code, to: trip.to.code, date: trip.date, adults: request.adults, children: request.children || '', cabin: cabin.id})}`, label: `${trip.from.name} to ${trip.to.name}`}], 'Traveller details')}
    <ol class="steps"><li class="done">Search</li><li class="done">Choose fare</li><li class="current">Traveller details</li><li>Confirmation</li></ol>
    ${Object.keys(errors).length > 0 ? html`<div class="alert alert-error" role="alert">Please correct the highlighted fields (${Object.keys(errors).length}).</div>` : ''}
    <div class="row booking-layout">
      <form class="content card booking-form" method="post" action="/book" novalidate data-base="${base}" data-insurance="${model.insurance * travellers}" data-bag="${model.extraBag}" data-currency="${mode.currency}">
        <input type="hidden" name="trip" value="${trip.id}"><input type="hidden" name="cabin" value="${cabin.id}"><input type="hidden" name="fare" value="${fare.id}"><input type="hidden" name="adults" value="${request.adults}"><input type="hidden" name="children" value="${request.children}">
        <h1>Who is travelling?</h1>
        <p class="muted">Enter names exactly as they appear on each traveller’s passport or ID.</p>
        ${passengerTypes(request).map((type, i) => html`<fieldset class="pax"><legend>Traveller ${i + 1} · ${type === 'adult' ? 'Adult' : 'Child (2–11)'}</legend><div class="pax-grid">${input(`pax-${i + 1}-first`, 'First name', 'text')}${input(`pax-${i + 1}-last`, 'Last name', 'text')}</div></fieldset>`)}
        <h2>Contact details</h2>
        <div class="pax-grid">${input('email', 'Email address', 'email', 'We send the e-ticket here.')}${input('phone', 'Mobile phone (optional)', 'tel', 'For delay and platform alerts.')}</div>
        <h2>Seat preference</h2>
        <div class="seat-options">${SEATS.map((s) => html`<input type="radio" class="visually-hidden" id="seat-${s.id}" name="seat" value="${s.id}"${s.id === seat ? html` checked` : ''}><label class="seat-option" for="seat-${s.id}">${s.label}</label>`)}</div>
        <h2>Extras</h2>
        ${checkbox('opt-insurance', 'insurance', `Travel insurance (${money(model, model.insurance)} per traveller)`)}
        ${checkbox('opt-bag', 'extra_bag', `Extra ${mode.bagNoun} (${money(model, model.extraBag)})`)}
        <h2>Review</h2>
        ${checkbox('opt-terms', 'terms', `I have read the ${fare.name} fare rules and accept the terms of carriage`)}
        <button type="submit" class="btn btn-primary confirm-booking">Confirm booking</button>
      </form>
      <aside class="sidebar card booking-summary">
        <h3>Your ${mode.noun}</h3>
        <p><strong>${trip.from.name} → ${trip.to.name}</strong><br>${shortDate(trip.date)}<br>${clock(trip.depart)} – ${arrivalText(trip)} · ${durationText(trip.duration)}<br>${trip.carrier.name} ${trip.number} · ${stopsText(mode, trip)}</p>
        <p><strong>${fare.name}</strong> fare · ${cabin.label}</p>
        <ul class="rules"><li>${baggageText(mode, fare)}</li><li>${changeText(model, fare)}</li><li>${refundText(model, fare.refund)}</li></ul>
        <table class="price-lines"><tr><td>${request.adults} × adult</td><td>${money(model, adultPrice(trip, cabin, fare.id) * request.adults)}</td></tr>
          ${request.children > 0 ? html`<tr><td>${request.children} × child</td><td>${money(model, childPrice(adultPrice(trip, cabin, fare.id)) * request.children)}</td></tr>` : ''}
          <tr class="total"><td>Total</td><td class="summary-total">${money(model, base)}</td></tr></table>
        <p class="muted">Extras are added to the total when you select them.</p>
      </aside>
    </div>`,
    BOOKING_SCRIPT,
  )
}

function cleanName(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** The booking reference: derived from what identifies a booking, so a task can know it in advance. */
export function bookingReference(site: SiteInfo, details: {tripId: string; cabin: string; fare: FareId; passengers: {first: string; last: string}[]; email: string}): string {
  const key = JSON.stringify([site.slug, details.tripId, details.cabin, details.fare, details.passengers.map((p) => `${cleanName(p.first)} ${cleanName(p.last)}`.toLowerCase()), details.email.trim().toLowerCase()])
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let hash = hashString(key)
  let reference = ''
  for (let i = 0; i < 6; i++) {
    reference += alphabet[hash % alphabet.length]
    hash = Math.floor(hash / alphabet.length)
  }
  return reference
}

function submitBooking(form: URLSearchParams, context: Context): SiteReply {
  const {model, site} = context
  const request = parseBookingRequest(model, form)
  if (!request) return redirect('/', 303)
  const errors: BookingErrors = {}
  const passengers: Passenger[] = passengerTypes(request).map((type, i) => {
    const first = cleanName(form.get(`pax-${i + 1}-first`) ?? '')
    const last = cleanName(form.get(`pax-${i + 1}-last`) ?? '')
    if (!/^[\p{L}][\p{L}' -]*$/u.test(first)) errors[`pax-${i + 1}-first`] = first ? 'Use letters only.' : 'Enter a first name.'
    if (!/^[\p{L}][\p{L}' -]*$/u.test(last)) errors[`pax-${i + 1}-last`] = last ? 'Use letters only.' : 'Enter a last name.'
    return {first, last, type}
  })
  const email = (form.get('email') ?? '').trim()
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.email = email ? 'Enter a valid email address.' : 'Enter an email address.'
  const phone = (form.get('phone') ?? '').trim()
  if (phone && !/^\+?[\d\s()-]{6,20}$/.test(phone)) errors.phone = 'Enter a valid phone number or leave it empty.'
  if (form.get('terms') !== '1') errors.terms = 'Please accept the fare rules to continue.'
  if (Object.keys(errors).length > 0) return htmlReply(bookingPage(request, context, form, errors), 422)
  const insurance = form.get('insurance') === '1'
  const extraBag = form.get('extra_bag') === '1'
  const travellers = passengers.length
  const total = partyPrice(request.trip, request.cabin, request.fare, request.adults, request.children) + (insurance ? model.insurance * travellers : 0) + (extraBag ? model.extraBag : 0)
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

function confirmationPage(booking: Booking, context: Context): string {
  const {model} = context
  const mode = modeOf(model)
  const trip = tripById(model, booking.tripId)!
  const fare = fareOf(trip, booking.fare)
  return shell(
    context,
    'Booking confirmed',
    html`<ol class="steps"><li class="done">Search</li><li class="done">Choose fare</li><li class="done">Traveller details</li><li class="current">Confirmation</li></ol>
    <section class="card confirmation">
      <div class="confirm-head"><span class="confirm-icon" aria-hidden="true">✓</span><div><h1>Your booking is confirmed</h1><p class="muted">We sent your e-tickets to ${booking.email}.</p></div>
        <div class="reference-box">Booking reference<strong class="booking-ref">${booking.reference}</strong></div></div>
      <h2>${trip.from.name} → ${trip.to.name}</h2>
      <p>${longDate(trip.date)} · departs ${clock(trip.depart)} from ${trip.from.hub}, arrives ${arrivalText(trip)} at ${trip.to.hub} · ${trip.carrier.name} ${trip.number} · ${stopsText(mode, trip)}</p>
      <table class="booking-details">
        <tr><th>Fare</th><td>${fare.name}, ${cabinOf(model, booking.cabin).label}</td></tr>
        <tr><th>Travellers</th><td>${booking.passengers.map((p) => `${p.first} ${p.last} (${p.type})`).join(', ')}</td></tr>
        <tr><th>Seat preference</th><td>${SEATS.find((s) => s.id === booking.seat)!.label}</td></tr>
        <tr><th>Luggage</th><td>${baggageText(mode, fare)}${booking.extraBag ? ` + 1 extra ${mode.bagNoun}` : ''}</td></tr>
        <tr><th>Travel insurance</th><td>${booking.insurance ? 'Included' : 'Not added'}</td></tr>
        <tr><th>Changes and refunds</th><td>${changeText(model, fare)} · ${refundText(model, fare.refund)}</td></tr>
        <tr><th>Total paid</th><td class="price">${money(model, booking.total)}</td></tr>
      </table>
      <p><a class="btn btn-dark" href="/trips">Go to My trips</a> <a class="btn" href="/">Book another ${mode.noun}</a></p>
    </section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

interface Journey {
  from: City
  to: City
  date: string
}

const originField: Target = {selector: '#origin', description: 'the "From" field'}
const destinationField: Target = {selector: '#destination', description: 'the "To" field'}

function searchSteps(model: TravelModel, journey: Journey, party: {adults: number; children: number; cabin: Cabin}): SolutionStep[] {
  const steps: SolutionStep[] = [
    {op: 'type', target: originField, text: journey.from.name},
    {op: 'type', target: destinationField, text: journey.to.name},
    {op: 'click', target: {selector: 'button.date-field', description: 'the departure date field'}},
  ]
  for (let i = 0; i < monthsBetween(model.defaultDate, journey.date); i++) steps.push({op: 'click', target: {selector: 'button.cal-next', description: 'the "next month" arrow of the calendar'}})
  steps.push({op: 'click', target: {selector: `button.cal-day[data-date="${journey.date}"]`, description: `day ${parts(journey.date).day} in the calendar`}})
  for (let i = 1; i < party.adults; i++) steps.push({op: 'click', target: {selector: '.stepper[data-field="adults"] .step-plus', description: 'the "+" button for adults'}})
  for (let i = 0; i < party.children; i++) steps.push({op: 'click', target: {selector: '.stepper[data-field="children"] .step-plus', description: 'the "+" button for children'}})
  if (party.cabin.id !== modeOf(model).cabins[0]!.id) steps.push({op: 'click', target: {selector: `label[for="cabin-${party.cabin.id}"]`, description: `the "${party.cabin.label}" option`}})
  steps.push({op: 'click', target: {selector: 'button.search-submit', description: 'the Search button'}})
  return steps
}

function directFilterStep(mode: Mode): SolutionStep {
  return {op: 'click', target: {selector: 'a.filter-stops[data-stops="0"]', description: `the "${mode.direct} only" filter`}}
}

function sortStep(sort: SortId): SolutionStep {
  return {op: 'click', target: {selector: `a.sort-option[data-sort="${sort}"]`, description: `the "${SORTS.find((s) => s.id === sort)!.label}" sort option`}}
}

function randomJourney(rng: SeededRandom, model: TravelModel): Journey {
  const [from, to] = sample(rng, model.cities, 2) as [City, City]
  return {from, to, date: addDays(model.today, between(rng, 12, 80))}
}

/** The trip with the lowest price, when no other trip costs the same. */
function uniqueCheapest(trips: Trip[], priceOf: (trip: Trip) => number): Trip | undefined {
  const sorted = [...trips].sort((a, b) => priceOf(a) - priceOf(b))
  if (sorted.length === 0 || (sorted.length > 1 && priceOf(sorted[0]!) === priceOf(sorted[1]!))) return undefined
  return sorted[0]
}

/** Tries journeys until `find` accepts one; the strict pass first (filters must matter), then a lenient one. */
function findJourney<T>(rng: SeededRandom, model: TravelModel, find: (journey: Journey, strict: boolean) => T | undefined): T {
  for (let attempt = 0; attempt < 400; attempt++) {
    const found = find(randomJourney(rng, model), attempt < 200)
    if (found !== undefined) return found
  }
  throw new Error('travel: no journey fits the task')
}

// Answer checks: free text is compared after normalisation, with a few tolerated spellings.

function normalised(answer: string | null): string {
  return answer === null ? '' : ` ${normaliseAnswer(answer)} `
}

/** True when the answer names a service code like "AU1234", with or without a space. */
function mentionsCode(answer: string | null, code: string): boolean {
  const compact = normalised(answer).replace(/ ([a-z]{2}) (\d{3,4}) /g, ' $1$2 ').replace(/ ([a-z]{2}) (\d{3,4}) /g, ' $1$2 ')
  return compact.includes(` ${code.toLowerCase()} `)
}

/** True when the answer gives a clock time, as 24-hour "07:05"/"7:05" or 12-hour "7:05 am". */
function mentionsTime(answer: string | null, minutes: number): boolean {
  const text = normalised(answer)
  const h = Math.floor(minutes / 60)
  const mm = String(minutes % 60).padStart(2, '0')
  const h12 = h % 12 === 0 ? 12 : h % 12
  const suffix = h < 12 ? 'a ?m' : 'p ?m'
  if (text.includes(` ${String(h).padStart(2, '0')} ${mm} `) || text.includes(` ${h} ${mm} `)) return true
  return new RegExp(` 0?${h12} ${mm} ?${suffix} `).test(text) || new RegExp(` 0?${h12} ${mm}${suffix} `).test(text)
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three']

function mentionsBagCount(answer: string | null, bags: number, kg: number): boolean {
  const text = normalised(answer)
  const counts = bags === 1 ? '(?:1|one|a|a single)' : `(?:${bags}|${NUMBER_WORDS[bags]})`
  const nouns = '(?:checked |large |stowed |hold )?(?:bags?|suitcases?|pieces?|items?|luggage)'
  return new RegExp(` ${counts} ${nouns} `).test(text) || new RegExp(` ${counts} ?x ?${kg} ?kg`).test(text) || new RegExp(` ${counts} ${kg} ?kg ${nouns} `).test(text)
}

function mentionsWeight(answer: string | null, kg: number): boolean {
  return new RegExp(` ${kg} ?(?:kg|kgs|kilos?|kilograms?) `).test(normalised(answer))
}

function mentionsChangeFee(answer: string | null, model: TravelModel, fee: number): boolean {
  if (fee > 0) return answerMentions(answer, money(model, fee))
  return / (?:free|no (?:change )?fee|no charge|0|without (?:a )?fee|free of charge) /.test(normalised(answer))
}

function mentionsRefund(answer: string | null, model: TravelModel, refund: RefundRule): boolean {
  const text = normalised(answer)
  const nonRefundable = / (?:non ?refundable|not refundable|no refunds?) /.test(text)
  if (refund.kind === 'none') return nonRefundable
  if (refund.kind === 'full') return !nonRefundable && / (?:fully refundable|full refund|refundable (?:free|without)|free cancellation) /.test(text)
  return !nonRefundable && / refund/.test(text) && answerMentions(answer, money(model, refund.fee))
}

function makeTasks(site: SiteInfo, model: TravelModel): FixtureTaskDef<TravelState>[] {
  const rng = rngFor(site, 'tasks')
  return [cheapestDirectTask(site, model, rng), fareRulesTask(site, model, rng), constrainedSearchTask(site, model, rng), bookingTask(site, model, rng), saveEarliestTask(site, model, rng)]
}

function journeyWords(model: TravelModel, journey: Journey): string {
  return `from ${journey.from.name} to ${journey.to.name} on ${longDate(journey.date)}`
}

/** Easy lookup: the cheapest direct departure's price and time. */
function cheapestDirectTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = mode.cabins[0]!
  const {journey, trip} = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const direct = trips.filter((t) => t.via.length === 0)
    const trip = direct.length >= 2 ? uniqueCheapest(direct, (t) => adultPrice(t, cabin, 'basic')) : undefined
    if (!trip || (strict && !trips.some((t) => t.basePrice < trip.basePrice))) return undefined
    return {journey, trip}
  })
  const price = money(model, adultPrice(trip, cabin, 'basic'))
  const answer = `${price}, departing at ${clock(trip.depart)} (${trip.number})`
  return {
    key: `cheapest-direct-${trip.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the lowest price for one adult on a ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} in ${cabin.phrase}, and at what time does that ${mode.noun} depart?`,
    groups: [
      {
        description: `The cheapest ${mode.direct.toLowerCase()} ${mode.noun}`,
        facts: [
          {text: `The answer gives the price ${price}`, check: ({answer}) => answerMentions(answer, price)},
          {text: `The answer gives the departure time ${clock(trip.depart)}`, check: ({answer}) => mentionsTime(answer, trip.depart)},
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [...searchSteps(model, journey, {adults: 1, children: 0, cabin}), directFilterStep(mode), sortStep('price'), {op: 'answer', text: answer}],
  }
}

/** Medium lookup: the luggage, change and refund rules of one fare of one departure. */
function fareRulesTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = mode.cabins[0]!
  const journey = randomJourney(rng, model)
  const trip = pick(rng, tripsFor(model, journey.from, journey.to, journey.date))
  const fare = fareOf(trip, pick(rng, ['standard', 'flex'] as const))
  const fee = fare.changeFee ?? 0
  const answer = `${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} up to ${fare.bagKg} kg; ${fee === 0 ? 'changes are free' : `change fee ${money(model, fee)}`}; ${refundText(model, fare.refund).toLowerCase()}`
  return {
    key: `fare-rules-${trip.id}-${fare.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, look up the ${fare.name} fare of ${trip.carrier.name} ${mode.noun} ${trip.number} ${journeyWords(model, journey)} (departing ${clock(trip.depart)}). How many ${mode.bagNouns} does it include and up to what weight each, what does a change cost, and can it be refunded?`,
    groups: [
      {
        description: 'Luggage allowance',
        facts: [
          {text: `The answer says ${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} ${fare.bags === 1 ? 'is' : 'are'} included`, check: ({answer}) => mentionsBagCount(answer, fare.bags, fare.bagKg)},
          {text: `The answer gives the weight limit of ${fare.bagKg} kg`, check: ({answer}) => mentionsWeight(answer, fare.bagKg)},
        ],
      },
      {
        description: 'Changes and refunds',
        facts: [
          {text: fee === 0 ? 'The answer says changes are free' : `The answer gives the change fee ${money(model, fee)}`, check: ({answer}) => mentionsChangeFee(answer, model, fee)},
          {text: `The answer says the fare is ${refundText(model, fare.refund).toLowerCase()}`, check: ({answer}) => mentionsRefund(answer, model, fare.refund)},
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...searchSteps(model, journey, {adults: 1, children: 0, cabin}),
      {op: 'click', target: {selector: `details.fares[data-trip="${trip.id}"] > summary`, description: `"Fare options and rules" of ${mode.noun} ${trip.number}`}},
      {op: 'answer', text: answer},
    ],
  }
}

/** Medium search: the cheapest direct departure in a time window, for a party in a higher cabin. */
function constrainedSearchTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const cabin = pick(rng, mode.cabins.slice(1))
  const party = pick(rng, [{adults: 2, children: 1}, {adults: 1, children: 1}, {adults: 2, children: 2}, {adults: 3, children: 0}])
  const found = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const window = pick(rng, TIME_WINDOWS.slice(1))
    const fits = (t: Trip) => t.via.length === 0 && windowOf(t.depart) === window.id
    const candidates = trips.filter(fits)
    const trip = candidates.length >= 2 ? uniqueCheapest(candidates, (t) => adultPrice(t, cabin, 'basic')) : undefined
    if (!trip || (strict && !trips.some((t) => !fits(t) && t.basePrice < trip.basePrice))) return undefined
    return {journey, trip, window, trips}
  })
  const {journey, trip, window, trips} = found
  const total = money(model, partyPrice(trip, cabin, 'basic', party.adults, party.children))
  const who = passengerSummary(party.adults, party.children)
  const answer = `${trip.number} at ${clock(trip.depart)}, ${total} in total`
  const named = (test: (t: Trip) => boolean) => ({answer}: CheckInput<TravelState>) => trips.some((t) => mentionsCode(answer, t.number) && test(t))
  return {
    key: `search-${trip.id}-${cabin.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the cheapest ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} that departs in the ${window.label.toLowerCase()} (${clock(window.from)}–${clock(window.to)}), for ${who} in ${cabin.phrase}. Give its ${mode.noun} number, its departure time and the total price for all travellers.`,
    groups: [
      {
        description: `The ${mode.noun} meets every constraint`,
        facts: [
          {text: `The ${mode.noun} named is ${mode.direct.toLowerCase()}`, check: named((t) => t.via.length === 0)},
          {text: `The ${mode.noun} named departs between ${clock(window.from)} and ${clock(window.to)}`, check: named((t) => windowOf(t.depart) === window.id)},
        ],
      },
      {
        description: 'It is the cheapest such departure',
        facts: [
          {text: `The answer names ${mode.noun} ${trip.number}`, check: ({answer}) => mentionsCode(answer, trip.number)},
          {text: `The answer gives the departure time ${clock(trip.depart)}`, check: ({answer}) => mentionsTime(answer, trip.depart)},
          {text: `The answer gives the total ${total} for ${who} in ${cabin.label}`, check: ({answer}) => answerMentions(answer, total)},
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...searchSteps(model, journey, {...party, cabin}),
      directFilterStep(mode),
      {op: 'click', target: {selector: `a.filter-time[data-time="${window.id}"]`, description: `the "${window.label}" departure time filter`}},
      sortStep('price'),
      {op: 'answer', text: answer},
    ],
  }
}

/** Hard form: a complete booking with named travellers and options, reporting the reference. */
function bookingTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const journey = randomJourney(rng, model)
  const trip = pick(rng, tripsFor(model, journey.from, journey.to, journey.date))
  const cabin = pick(rng, mode.cabins)
  const fare = fareOf(trip, pick(rng, ['basic', 'standard', 'flex'] as const))
  const travellers = sample(rng, TRAVELLERS, between(rng, 1, 2))
  const lead = travellers[0]!
  const email = `${lead.first}.${lead.last}@example.com`.toLowerCase()
  const seat = pick(rng, SEATS.slice(1))
  const insurance = rng.below(2) === 0
  const passengers = travellers.map((t) => ({first: t.first, last: t.last}))
  const reference = bookingReference(site, {tripId: trip.id, cabin: cabin.id, fare: fare.id, passengers, email})
  const names = travellers.map((t) => `${t.first} ${t.last}`)
  const booked = (state: TravelState) => state.bookings.filter((b) => b.tripId === trip.id)
  const bookingFact = (text: string, test: (b: Booking) => boolean): FactDef<TravelState> => ({text, check: ({state}) => booked(state).some(test)})
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase()
  const groups: FactGroupDef<TravelState>[] = [
    {
      description: 'The booking',
      facts: [
        bookingFact(`A booking was made for ${mode.noun} ${trip.number} on ${shortDate(trip.date)}`, () => true),
        bookingFact(`The ${fare.name} fare in ${cabin.label} was booked`, (b) => b.fare === fare.id && b.cabin === cabin.id),
        bookingFact(`The booking is for exactly ${travellers.length} adult${travellers.length === 1 ? '' : 's'}`, (b) => b.passengers.length === travellers.length && b.passengers.every((p) => p.type === 'adult')),
      ],
    },
    {
      description: 'Travellers and contact',
      facts: [
        ...travellers.map((t) => bookingFact(`${t.first} ${t.last} is a traveller`, (b) => b.passengers.some((p) => same(p.first, t.first) && same(p.last, t.last)))),
        bookingFact(`The contact email is ${email}`, (b) => same(b.email, email)),
      ],
    },
    {
      description: 'Options',
      facts: [
        bookingFact(`${seat.label} seats were requested`, (b) => b.seat === seat.id),
        bookingFact(insurance ? 'Travel insurance was added' : 'No travel insurance was added', (b) => b.insurance === insurance),
      ],
    },
    {description: 'Confirmation', facts: [{text: `The answer reports the booking reference ${reference}`, check: ({answer}) => answerMentions(answer, reference)}]},
  ]
  const typeName = (index: number, part: 'first' | 'last', text: string): SolutionStep => ({op: 'type', target: {selector: `#pax-${index + 1}-${part}`, description: `the ${part} name field of traveller ${index + 1}`}, text})
  return {
    key: `book-${trip.id}-${fare.id}`,
    kind: 'form',
    intent: `On ${site.name}, book the ${fare.name} fare in ${cabin.phrase} on ${trip.carrier.name} ${mode.noun} ${trip.number} ${journeyWords(model, journey)} (departing ${clock(trip.depart)}) for ${names.length === 1 ? `one adult, ${names[0]}` : `two adults, ${names.join(' and ')}`}. Use the contact email ${email}, ask for ${seat.label.toLowerCase()} seats, ${insurance ? 'add travel insurance' : 'do not add travel insurance'}, and tell me the booking reference.`,
    groups,
    referenceAnswer: reference,
    solution: [
      ...searchSteps(model, journey, {adults: travellers.length, children: 0, cabin}),
      {op: 'click', target: {selector: `details.fares[data-trip="${trip.id}"] > summary`, description: `"Fare options and rules" of ${mode.noun} ${trip.number}`}},
      {op: 'click', target: {selector: `a.select-fare[data-trip="${trip.id}"][data-fare="${fare.id}"]`, description: `the Select button of the ${fare.name} fare`}},
      ...travellers.flatMap((t, i) => [typeName(i, 'first', t.first), typeName(i, 'last', t.last)]),
      {op: 'type', target: {selector: '#email', description: 'the Email address field'}, text: email},
      {op: 'click', target: {selector: `label[for="seat-${seat.id}"]`, description: `the "${seat.label}" seat option`}},
      ...(insurance ? [{op: 'click', target: {selector: 'label[for="opt-insurance"]', description: 'the travel insurance checkbox'}} as const] : []),
      {op: 'click', target: {selector: 'label[for="opt-terms"]', description: 'the checkbox accepting the fare rules'}},
      {op: 'click', target: {selector: 'button.confirm-booking', description: 'the "Confirm booking" button'}},
      {op: 'answer', text: reference},
    ],
  }
}

/** Easy state: save the earliest direct departure of a day. */
function saveEarliestTask(site: SiteInfo, model: TravelModel, rng: SeededRandom): FixtureTaskDef<TravelState> {
  const mode = modeOf(model)
  const {journey, trip} = findJourney(rng, model, (journey, strict) => {
    const trips = tripsFor(model, journey.from, journey.to, journey.date)
    const direct = trips.filter((t) => t.via.length === 0)
    const trip = direct[0]
    if (!trip || direct.length < 2 || direct[1]!.depart === trip.depart || (strict && trips[0]!.via.length === 0)) return undefined
    return {journey, trip}
  })
  const prefix = trip.id.replace(/-\d+$/, '-')
  return {
    key: `save-${trip.id}`,
    kind: 'state',
    intent: `On ${site.name}, save the earliest ${mode.direct.toLowerCase()} ${mode.noun} ${journeyWords(model, journey)} to your saved trips.`,
    groups: [
      {
        description: 'The saved trip',
        facts: [
          {text: `A ${mode.noun} from ${journey.from.name} to ${journey.to.name} on ${shortDate(journey.date)} is saved`, check: ({state}) => state.saved.some((id) => id.startsWith(prefix))},
          {text: `${capitalise(mode.noun)} ${trip.number} at ${clock(trip.depart)}, the earliest ${mode.direct.toLowerCase()} one, is saved`, check: ({state}) => state.saved.includes(trip.id)},
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      ...searchSteps(model, journey, {adults: 1, children: 0, cabin: mode.cabins[0]!}),
      directFilterStep(mode),
      sortStep('departure'),
      {op: 'click', target: {selector: `button.save-trip[data-trip="${trip.id}"]`, description: `the "Save" button of ${mode.noun} ${trip.number}`}},
    ],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Behaviour and style

const WIDGET_SCRIPT = `
(function () {
  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn) }
  each('.date-wrap', function (wrap) {
    var field = wrap.querySelector('.date-field'), cal = wrap.querySelector('.calendar'), input = wrap.querySelector('input[name=date]'), text = wrap.querySelector('.date-text')
    var months = Array.prototype.slice.call(cal.querySelectorAll('.cal-month')), title = cal.querySelector('.cal-title')
    var prev = cal.querySelector('.cal-prev'), next = cal.querySelector('.cal-next'), current = 0
    function show(i) {
      current = Math.max(0, Math.min(months.length - 1, i))
      months.forEach(function (m, j) { m.hidden = j !== current })
      title.textContent = months[current].getAttribute('data-title')
      prev.disabled = current === 0
      next.disabled = current === months.length - 1
    }
    function monthOf(date) {
      for (var i = 0; i < months.length; i++) if (months[i].getAttribute('data-month') === date.slice(0, 7)) return i
      return 0
    }
    field.addEventListener('click', function () {
      if (cal.hidden) { show(monthOf(input.value)); cal.hidden = false } else cal.hidden = true
    })
    prev.addEventListener('click', function () { show(current - 1) })
    next.addEventListener('click', function () { show(current + 1) })
    cal.addEventListener('click', function (event) {
      var day = event.target.closest('.cal-day')
      if (!day || day.disabled) return
      input.value = day.getAttribute('data-date')
      text.textContent = day.getAttribute('data-label')
      each('.cal-day.selected', function (d) { d.classList.remove('selected') })
      day.classList.add('selected')
      cal.hidden = true
    })
    document.addEventListener('click', function (event) { if (!wrap.contains(event.target)) cal.hidden = true })
  })
  each('.stepper', function (stepper) {
    var input = stepper.querySelector('input'), out = stepper.querySelector('.step-value')
    var minus = stepper.querySelector('.step-minus'), plus = stepper.querySelector('.step-plus')
    var min = Number(stepper.getAttribute('data-min')), max = Number(stepper.getAttribute('data-max'))
    function set(value) {
      value = Math.max(min, Math.min(max, value))
      input.value = String(value); out.textContent = String(value)
      minus.disabled = value <= min; plus.disabled = value >= max
    }
    minus.addEventListener('click', function () { set(Number(input.value) - 1) })
    plus.addEventListener('click', function () { set(Number(input.value) + 1) })
  })
  var form = document.querySelector('.search-panel')
  if (!form) return
  // Navigate at once: a native form submission only starts navigating in a later task.
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    window.location.assign(form.getAttribute('action') + '?' + new URLSearchParams(new FormData(form)).toString())
  })
  var cities = JSON.parse(form.getAttribute('data-cities') || '[]')
  function norm(s) { return s.trim().toLowerCase() }
  each('.place-field', function (fieldBox) {
    var input = fieldBox.querySelector('input'), box = fieldBox.querySelector('.suggestions')
    function render() {
      var value = norm(input.value)
      var exact = cities.some(function (c) { return norm(c.name) === value || norm(c.code) === value })
      if (!value || exact) { box.hidden = true; return }
      var hits = cities.filter(function (c) { return (c.name + ' ' + c.code + ' ' + c.hub + ' ' + c.country).toLowerCase().indexOf(value) >= 0 }).slice(0, 6)
      box.innerHTML = ''
      hits.forEach(function (c) {
        var option = document.createElement('button')
        option.type = 'button'; option.className = 'suggestion'; option.setAttribute('role', 'option')
        var name = document.createElement('strong'); name.textContent = c.name + ' (' + c.code + ')'
        var hub = document.createElement('span'); hub.textContent = c.hub + ', ' + c.country
        option.appendChild(name); option.appendChild(hub)
        option.addEventListener('mousedown', function (event) { event.preventDefault(); input.value = c.name; box.hidden = true })
        box.appendChild(option)
      })
      box.hidden = hits.length === 0
    }
    input.addEventListener('input', render)
    input.addEventListener('focus', render)
    input.addEventListener('blur', function () { box.hidden = true })
  })
  var swap = form.querySelector('.swap')
  if (swap) swap.addEventListener('click', function () {
    var a = form.querySelector('#origin'), b = form.querySelector('#destination'), t = a.value
    a.value = b.value; b.value = t
  })
})();
`

const CALENDAR_ICON = '<svg class="cal-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" stroke-width="2"/></svg>'

const BOOKING_SCRIPT = `
(function () {
  var form = document.querySelector('.booking-form'), total = document.querySelector('.summary-total')
  if (!form || !total) return
  function update() {
    var sum = Number(form.getAttribute('data-base'))
    if (form.querySelector('#opt-insurance').checked) sum += Number(form.getAttribute('data-insurance'))
    if (form.querySelector('#opt-bag').checked) sum += Number(form.getAttribute('data-bag'))
    total.textContent = form.getAttribute('data-currency') + sum.toFixed(2).replace(/\\B(?=(\\d{3})+\\.)/g, ',')
  }
  form.addEventListener('change', update)
  update()
})();
`

const TRAVEL_CSS = `
[hidden]{display:none!important}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.currency-chip{font-size:13px;border:1px solid currentColor;border-radius:12px;padding:2px 8px;opacity:.8}
.hero{border-radius:8px;padding:28px;margin-bottom:24px;background:linear-gradient(135deg,rgba(0,0,0,.04),rgba(0,0,0,.01))}
.hero-photo{background-size:cover;background-position:center;color:#fff;position:relative}
.hero-photo .hero-text{text-shadow:0 1px 6px rgba(0,0,0,.55)}
.hero-text h1{font-size:32px;margin-bottom:6px}.hero-text p{margin:0 0 16px;font-size:17px}
.search-panel{color:#1d2733;box-shadow:0 8px 24px rgba(0,0,0,.12)}
.trip-type{display:flex;gap:12px;align-items:center;margin-bottom:12px;font-size:14px}
.pill{padding:4px 12px;border-radius:14px;border:1px solid rgba(0,0,0,.2);font-weight:600}.pill.active{background:#1d2733;color:#fff}
.search-grid{display:grid;grid-template-columns:1fr 40px 1fr 1fr;gap:12px;align-items:start}
.search-grid-2{grid-template-columns:1.3fr 1.3fr auto;align-items:end;margin-top:4px}
.field-title{font-weight:600;display:block;margin-bottom:4px}
.place-field{position:relative}.place-field input{width:100%}
.suggestions{position:absolute;left:0;right:0;top:100%;z-index:20;background:#fff;border:1px solid #b8bec7;border-radius:6px;box-shadow:0 8px 20px rgba(0,0,0,.15);max-height:260px;overflow:auto}
.suggestion{display:block;width:100%;text-align:left;border:0;background:#fff;padding:8px 12px;font:inherit;cursor:pointer}
.suggestion:hover{background:#eef3fb}.suggestion span{display:block;font-size:13px;color:#5f6b7a}
.swap{margin-top:28px;height:40px;border:1px solid #b8bec7;border-radius:50%;background:#fff;cursor:pointer;font-size:18px}
.date-wrap{position:relative}
.date-field{width:100%;text-align:left;font:inherit;padding:8px 10px;border:1px solid #b8bec7;border-radius:6px;background:#fff;cursor:pointer;display:flex;gap:8px;align-items:center}
.calendar{position:absolute;right:0;top:100%;z-index:30;background:#fff;border:1px solid #b8bec7;border-radius:8px;box-shadow:0 12px 32px rgba(0,0,0,.2);padding:12px;width:320px}
.cal-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:6px}
.cal-prev,.cal-next{width:36px;height:32px;border:1px solid #ccd;border-radius:6px;background:#fff;cursor:pointer;font-size:18px}
.cal-prev:disabled,.cal-next:disabled{opacity:.35;cursor:default}
.cal-month{width:100%}.cal-month th,.cal-month td{padding:2px;text-align:center;border:0;background:none;font-size:13px}
.cal-day{width:36px;height:32px;border:0;border-radius:6px;background:#f1f4f8;cursor:pointer;font:inherit}
.cal-day:hover:not(:disabled){background:#dbe6f6}.cal-day:disabled{background:none;color:#b3b8c0;cursor:default}
.cal-day.selected{background:#1d2733;color:#fff}.cal-day.today{outline:2px solid #f5a623}
.cal-note{font-size:12px;margin:6px 0 0}
.steppers{display:flex;gap:18px;flex-wrap:wrap}
.stepper{display:flex;align-items:center;gap:8px}
.step-label{display:flex;flex-direction:column;font-weight:600;min-width:70px}.step-label small{font-weight:400;color:#5f6b7a}
.step-minus,.step-plus{width:34px;height:34px;border-radius:50%;border:1px solid #8d96a3;background:#fff;font-size:18px;cursor:pointer}
.step-minus:disabled,.step-plus:disabled{opacity:.35;cursor:default}
.step-value{min-width:18px;text-align:center;font-weight:700}
.cabin-group{border:0;padding:0;margin:0}
.cabin-options,.seat-options{display:flex;gap:8px;flex-wrap:wrap}.seat-options{margin-bottom:18px}
.filters .range{display:block;margin-left:22px;font-size:12px}
.party-total{font-size:13px;font-weight:600}
.cabin-option,.seat-option{display:inline-block;margin:0;padding:8px 14px;border:1px solid #8d96a3;border-radius:18px;cursor:pointer;font-weight:600;background:#fff}
input:checked + .cabin-option,input:checked + .seat-option{background:#1d2733;border-color:#1d2733;color:#fff}
.submit-cell{display:flex;align-items:end}.search-submit{padding:11px 28px;font-size:16px}
.section{margin:26px 0}
.tiles{display:grid;gap:16px}.tiles.cols-3{grid-template-columns:repeat(3,1fr)}.tiles.cols-4{grid-template-columns:repeat(4,1fr)}
.route-tile{display:flex;flex-direction:column;gap:8px;color:inherit;padding:0;overflow:hidden}
.route-tile img{width:100%;height:140px;object-fit:cover}.route-tile div{padding:0 14px 14px;display:flex;flex-direction:column}
.from-price{font-weight:700;font-size:17px}
.features{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}.feature-icon{font-size:26px}
.city-strip{display:flex;gap:12px;flex-wrap:wrap}
.city-chip{display:flex;gap:10px;align-items:center;border:1px solid rgba(0,0,0,.1);border-radius:8px;padding:6px 12px 6px 6px;background:#fff;color:inherit}
.city-chip img{width:64px;height:48px;border-radius:6px}.city-chip small{display:block;color:#5f6b7a}
.faq details{border-top:1px solid rgba(0,0,0,.08);padding:10px 0}.faq summary{cursor:pointer;font-weight:600}
.route-summary{display:flex;justify-content:space-between;align-items:center;margin-bottom:14px}.route-summary h1{margin:0}.route-summary p{margin:4px 0 0}
.date-strip{display:flex;gap:6px;margin-bottom:14px;overflow-x:auto}
.strip-day{flex:1;min-width:110px;text-align:center;border:1px solid rgba(0,0,0,.12);border-radius:6px;padding:6px;background:#fff;color:inherit;display:flex;flex-direction:column;font-size:13px}
.strip-day.current{border:2px solid #1d2733;font-weight:700}
.results-layout.filters-right{flex-direction:row-reverse}
.filters ul{list-style:none;padding:0;margin:0 0 14px}.filters li{margin:3px 0}.filters a{color:inherit}.filters a.active{font-weight:700}
.route-map{margin-top:8px;border-radius:6px}
.toolbar{display:flex;justify-content:space-between;align-items:baseline;gap:12px;flex-wrap:wrap}
.sort-bar{display:flex;gap:12px;flex-wrap:wrap}.sort-option.active{border-bottom:2px solid currentColor}
.price-note{font-size:13px;margin:6px 0 12px}
.trip-list{display:flex;flex-direction:column;gap:12px}
.trip-main{display:grid;grid-template-columns:200px 1fr 190px 90px;gap:16px;align-items:center}
.style-rows{gap:0}.style-rows .trip{padding:10px 14px;border-radius:0;box-shadow:none;border-bottom-width:0}.style-rows .trip:last-child{border-bottom-width:1px}.style-rows .trip-main{grid-template-columns:190px 1fr 180px 90px}
.carrier{display:flex;gap:10px;align-items:center}.carrier img{width:40px;height:40px;border-radius:8px}.carrier div{display:flex;flex-direction:column}
.times{display:grid;grid-template-columns:auto 1fr auto;gap:12px;align-items:center}
.time{display:flex;flex-direction:column;align-items:center}.time strong{font-size:20px}
.line{display:flex;flex-direction:column;align-items:center;font-size:13px}
.track{display:block;width:100%;height:2px;background:#8d96a3;margin:4px 0;position:relative}
.track.with-stops::after{content:'';position:absolute;left:50%;top:-3px;width:8px;height:8px;border-radius:50%;background:#c62828}
.stops{color:#1b5e20}.stops.has-stops{color:#8a1c12}
.price-box{display:flex;flex-direction:column;align-items:flex-end;text-align:right}
.badge-cheap{background:#e8f5e9;color:#1b5e20}.badge-fast{background:#e3f2fd;color:#0d47a1}
.save-trip{border:1px solid #c62828;color:#c62828;background:#fff;border-radius:18px;padding:6px 10px;font:inherit;font-weight:600;cursor:pointer}
.save-trip.is-saved{background:#c62828;color:#fff}
.fares{margin-top:10px;border-top:1px solid rgba(0,0,0,.08);padding-top:8px}
.fares-toggle{cursor:pointer;font-weight:600;display:inline-block;list-style:none}
.fares-toggle::-webkit-details-marker{display:none}
.fares-toggle::before{content:'▸';display:inline-block;width:16px;transition:none}
.fares[open] > .fares-toggle::before{content:'▾'}
.fare-meta{font-size:13px;margin:6px 0}
.fare-table{font-size:14px}.fare-table .btn{padding:5px 14px}
.steps{display:flex;gap:0;list-style:none;padding:0;margin:0 0 16px;counter-reset:step}
.steps li{flex:1;padding:8px 12px;background:rgba(0,0,0,.05);color:#5f6b7a;font-weight:600;font-size:14px;counter-increment:step}
.steps li::before{content:counter(step) '. '}.steps li.done{color:#1b5e20}.steps li.current{background:#1d2733;color:#fff}
.booking-layout .sidebar{width:300px}
.pax{border:1px solid rgba(0,0,0,.1);border-radius:6px;margin:0 0 12px;padding:10px 14px}.pax legend{font-weight:700;padding:0 6px}
.pax-grid{display:grid;grid-template-columns:1fr 1fr;gap:12px}.pax-grid input{width:100%}
.check-field label{display:inline;font-weight:500}
.confirm-booking{margin-top:8px;padding:11px 28px;font-size:16px}
.rules{padding-left:18px;font-size:14px}.price-lines td{border:0;padding:3px 0}.price-lines .total td{font-weight:700;border-top:1px solid rgba(0,0,0,.15)}
.confirm-head{display:flex;gap:16px;align-items:center;margin-bottom:16px}
.confirm-icon{width:48px;height:48px;border-radius:50%;background:#2e7d32;color:#fff;font-size:28px;display:flex;align-items:center;justify-content:center}
.reference-box{margin-left:auto;border:2px dashed #1d2733;border-radius:8px;padding:10px 16px;text-align:center;font-size:13px}
.reference-box strong{display:block;font-size:26px;letter-spacing:3px}
.booking-details th{width:200px}
.deals-table td{vertical-align:middle}
.dest-photo{width:100%;height:280px;object-fit:cover;border-radius:6px;margin-bottom:12px}
.help h3{margin-top:14px}
form.inline{display:inline}
`
