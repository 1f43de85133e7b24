import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../schema/solution.js'
import {answerMentions} from '../check-helpers.js'
import {html, queryString, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, pagination, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {FactDef, FactGroupDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// Listings sites: even variants are job boards, odd variants real-estate portals. Both share a keyword/location
// search, a clickable map of areas that toggles an area filter, range and type chips, sort, pagination, detail
// pages with a Save button, a saved list, and an apply / request-a-viewing form with a reference number.

type Kind = 'jobs' | 'homes'
type Market = 'sale' | 'rent'

interface Area {
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

interface Job extends ListingBase {
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

interface Agent {
  name: string
  agency: string
  phone: string
}

interface Home extends ListingBase {
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

type Listing = Job | Home

/** A price or salary chip: listings whose value lies in [min, max). */
interface RangeOption {
  id: string
  label: string
  min: number
  max: number
}

/** A job-type or bedrooms chip. */
interface TypeOption {
  id: string
  label: string
}

interface Layout {
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

interface Application {
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

interface Viewing {
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

type Submission = Application | Viewing

export interface ListingsState {
  saved: number[]
  submissions: Submission[]
}

type Context = SiteContext<ListingsModel, ListingsState>

// ---------------------------------------------------------------------------------------------------------------
// Content pools

const CITIES = ['Port Alder', 'Marlow Bay', 'Eastbrook', 'Kingsford', 'Halden', 'Brookhaven', 'Westmere', 'Ashby Vale', 'Fenwick', 'Larchmont']

const NEIGHBOURHOODS = ['Old Town', 'Riverside', 'Harbourside', 'Northgate', 'Elm Park', 'Westfield', 'Southbank', 'Hillcrest', 'Meadowbrook', 'Canal Quarter', 'University District', 'Market Square', 'Greenway', 'Lakeshore']
const REGIONS = ['Downtown', 'Tech Park', 'Airport District', 'North Shore', 'Midtown', 'Harbour Front', 'Industrial Estate', 'University Quarter', 'West End', 'Riverbend', 'Business Park', 'South Hills', 'Eastside', 'Old Port']
const AREA_TRAITS = ['tree-lined streets', 'a busy weekend market', 'its waterfront promenade', 'good schools', 'quick tram links to the centre', 'independent cafés', 'a large public park', 'converted warehouses', 'quiet cul-de-sacs', 'a lively restaurant scene', 'new office buildings', 'historic brick terraces']

interface JobCategory {
  name: string
  suffixes: readonly string[]
  /** Typical starting salary in thousands. */
  salary: readonly [number, number]
  titles: readonly string[]
  requirements: readonly string[]
}

const JOB_CATEGORIES: readonly JobCategory[] = [
  {name: 'Engineering', suffixes: ['Software', 'Systems', 'Labs'], salary: [62, 128], titles: ['Software Engineer', 'QA Engineer', 'DevOps Engineer', 'Frontend Developer', 'Data Engineer', 'Site Reliability Engineer'], requirements: ['Solid knowledge of TypeScript or Java', 'Experience with cloud platforms such as AWS or GCP', 'Familiarity with automated testing and CI pipelines', 'A degree in computer science or equivalent experience', 'Experience working in agile teams']},
  {name: 'Healthcare', suffixes: ['Health', 'Clinic', 'Care'], salary: [34, 88], titles: ['Registered Nurse', 'Physiotherapist', 'Pharmacy Technician', 'Medical Receptionist', 'Care Assistant', 'Dental Hygienist'], requirements: ['A current professional registration', 'Basic life support certification', 'A calm and caring manner with patients', 'Willingness to work rotating shifts', 'Experience with electronic patient records']},
  {name: 'Finance', suffixes: ['Capital', 'Partners', 'Financial'], salary: [45, 112], titles: ['Accountant', 'Financial Analyst', 'Payroll Specialist', 'Credit Controller', 'Internal Auditor', 'Bookkeeper'], requirements: ['A recognised accounting qualification or progress towards one', 'Advanced spreadsheet skills', 'Strong attention to detail', 'Experience with month-end closing', 'Knowledge of local tax rules']},
  {name: 'Sales', suffixes: ['Group', 'Trading', 'Commerce'], salary: [36, 95], titles: ['Account Executive', 'Sales Representative', 'Customer Success Manager', 'Business Development Manager', 'Inside Sales Associate', 'Retail Store Manager'], requirements: ['A proven track record of meeting targets', 'Confident communication by phone and in person', 'Experience with a CRM such as Salesforce', 'A full driving licence', 'Negotiation skills']},
  {name: 'Hospitality', suffixes: ['Hotels', 'Kitchen', 'Hospitality'], salary: [28, 62], titles: ['Line Cook', 'Hotel Receptionist', 'Restaurant Manager', 'Barista', 'Event Coordinator', 'Housekeeping Supervisor'], requirements: ['A food hygiene certificate', 'Availability on evenings and weekends', 'A friendly, guest-first attitude', 'Ability to stay calm during busy service', 'Basic cash handling skills']},
  {name: 'Logistics', suffixes: ['Logistics', 'Freight', 'Transport'], salary: [32, 78], titles: ['Warehouse Associate', 'Delivery Driver', 'Supply Chain Planner', 'Forklift Operator', 'Logistics Coordinator', 'Fleet Manager'], requirements: ['A valid forklift or driving licence', 'Experience with warehouse management systems', 'Good physical fitness', 'Strong planning and organisational skills', 'Willingness to work early shifts']},
  {name: 'Education', suffixes: ['Academy', 'Learning', 'School'], salary: [33, 74], titles: ['Primary School Teacher', 'Teaching Assistant', 'Math Tutor', 'School Librarian', 'Admissions Officer', 'Curriculum Designer'], requirements: ['A teaching qualification or relevant degree', 'A clear background check', 'Experience working with children or young adults', 'Patience and strong classroom management', 'Familiarity with online learning tools']},
  {name: 'Marketing', suffixes: ['Media', 'Studio', 'Agency'], salary: [40, 98], titles: ['Marketing Coordinator', 'Content Writer', 'SEO Specialist', 'Social Media Manager', 'Graphic Designer', 'Brand Manager'], requirements: ['A portfolio of recent work', 'Excellent writing and editing skills', 'Experience with analytics tools', 'Knowledge of design software', 'Ability to manage several campaigns at once']},
]

const COMPANY_PREFIXES = ['Brightwave', 'Northgate', 'Alderway', 'Bluepeak', 'Cobalt', 'Driftwood', 'Emberly', 'Foxglove', 'Greystone', 'Highmark', 'Inkwell', 'Kinetic', 'Lakemont', 'Meridian', 'Oakbridge', 'Pinecrest', 'Quayside', 'Redfern', 'Silverline', 'Tidewater', 'Upland', 'Vantage', 'Wrenfield', 'Yarrow']

const JOB_TYPES: readonly TypeOption[] = [
  {id: 'full-time', label: 'Full-time'},
  {id: 'part-time', label: 'Part-time'},
  {id: 'remote', label: 'Remote'},
  {id: 'contract', label: 'Contract'},
]
const JOB_TYPE_WEIGHTS = ['full-time', 'full-time', 'full-time', 'full-time', 'part-time', 'part-time', 'remote', 'remote', 'contract']
const BENEFITS = ['25 days of paid holiday', 'Pension plan with a 5% employer match', 'Private health insurance', 'A yearly training budget of $1,500', 'Flexible working hours', 'Bike-to-work scheme', 'Free lunch on Fridays', 'Sixteen weeks of paid parental leave', 'Employee share scheme', 'Gym membership discount']

interface PropertyType {
  name: string
  beds: readonly [number, number]
}

const PROPERTY_TYPES: readonly PropertyType[] = [
  {name: 'Apartment', beds: [1, 3]},
  {name: 'House', beds: [2, 5]},
  {name: 'Townhouse', beds: [2, 4]},
  {name: 'Villa', beds: [3, 5]},
  {name: 'Loft', beds: [1, 2]},
  {name: 'Bungalow', beds: [2, 3]},
]
const STREETS = ['Linden Street', 'Harbor Road', 'Maple Avenue', 'Church Lane', 'Mill Road', 'Queens Walk', 'Orchard Way', 'Station Road', 'Elm Grove', 'Bridge Street', 'Park Terrace', 'Willow Close', 'Canal Street', 'Chestnut Drive', 'Victoria Road', 'Kingfisher Lane', 'Beacon Hill Road', 'Ashford Place', 'Rosemary Court', 'Foundry Lane']
const HOME_ADJECTIVES = ['Bright', 'Spacious', 'Charming', 'Renovated', 'Modern', 'Cosy', 'Light-filled', 'Elegant', 'Quiet', 'Characterful']
const HOME_FEATURES = ['balcony', 'private garden', 'garage', 'roof terrace', 'fireplace', 'solar panels', 'open-plan kitchen', 'home office', 'walk-in closet', 'parking space', 'storage room', 'canal view', 'underfloor heating', 'lift access']
const ENERGY_LABELS = ['A', 'A', 'B', 'B', 'C', 'C', 'D', 'E', 'F']
const AGENT_FIRST = ['Olivia', 'James', 'Hannah', 'Daniel', 'Grace', 'Samuel', 'Chloe', 'Owen', 'Isla', 'Leo']
const AGENT_LAST = ['Carter', 'Bennett', 'Hughes', 'Foster', 'Reyes', 'Lindqvist', 'Okafor', 'Moreau', 'Sato', 'Whitaker']
const AGENCIES = ['Keller & Moss Realty', 'Brick & Beam Estates', 'Harrow Property Group', 'Cedar Key Realtors', 'Open Door Estates', 'Larkspur Homes']

const SALARY_THRESHOLDS = [40_000, 60_000, 80_000, 100_000, 120_000]
const SALE_BANDS = [0, 300_000, 500_000, 750_000, 1_000_000]
const RENT_BANDS = [0, 1_200, 1_800, 2_500, 3_500]
const TIME_SLOTS = ['09:30', '11:00', '12:30', '14:00', '15:30', '17:00', '18:30']

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

interface Person {
  name: string
  email: string
  phone: string
}

const PEOPLE: readonly Person[] = [
  {name: 'Dana Whitfield', email: 'dana.whitfield@example.com', phone: '(555) 201-4433'},
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', phone: '(555) 310-9087'},
  {name: 'Lena Fischer', email: 'lena.fischer@example.com', phone: '(555) 478-1120'},
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', phone: '(555) 562-3398'},
  {name: 'Sofia Marquez', email: 'sofia.marquez@example.com', phone: '(555) 634-7702'},
  {name: 'Tomasz Nowak', email: 'tomasz.nowak@example.com', phone: '(555) 719-2846'},
]

export const listings: SiteFamily<ListingsModel, ListingsState> = {
  id: 'listings',
  domain: 'Career & Education',
  subdomain: 'Jobs & Career',
  brandWords: {
    first: ['Cornerstone', 'Keystone', 'Milestone', 'Landmark', 'Crossway', 'Brightdoor', 'Hearthstone', 'Signpost', 'Openlane', 'Homeward'],
    second: ['Listings', 'Finder', 'Hub', 'Search', 'Scout', 'Match', 'Index', 'Board'],
  },
  model: makeModel,
  initialState: () => ({saved: [], submissions: []}),
  handle,
  tasks: makeTasks,
  classify: (site) => (kindOf(site) === 'jobs' ? {domain: 'Career & Education', subdomain: 'Jobs & Career'} : {domain: 'Misc.', subdomain: 'Real Estate'}),
}

function kindOf(site: SiteInfo): Kind {
  return site.variant % 2 === 0 ? 'jobs' : 'homes'
}

// ---------------------------------------------------------------------------------------------------------------
// Model

function makeModel(site: SiteInfo, rng: SeededRandom): ListingsModel {
  const kind = kindOf(site)
  const city = pick(rng, CITIES)
  const [cols, rows] = pick(rng, [[3, 2], [4, 2], [3, 3]] as const)
  const map = {width: 720, height: rows * 150}
  const areas = makeAreas(rng, kind, cols, rows, map.width / cols, 150)
  const layout: Layout = {
    results: pick(rng, ['list', 'grid'] as const),
    sidebar: site.variant % 4 < 2 ? 'left' : 'right',
    map: pick(rng, ['above', 'content'] as const),
    hero: pick(rng, ['photo', 'plain'] as const),
  }
  const calendar = {year: 2026, month: between(rng, 5, 11)}
  const timeSlots = sample(rng, TIME_SLOTS, 4).sort()
  if (kind === 'jobs') {
    const categories = sample(rng, JOB_CATEGORIES, 5)
    return {
      kind,
      market: 'sale',
      city,
      tagline: `Find your next job in ${city}`,
      areas,
      map,
      categories: categories.map((c) => c.name),
      listings: makeJobs(rng, categories, areas, city),
      ranges: SALARY_THRESHOLDS.map((min, i) => ({id: `s${i + 1}`, label: `${shortMoney(min)}+`, min, max: Number.POSITIVE_INFINITY})),
      types: [...JOB_TYPES],
      layout,
      calendar,
      timeSlots,
    }
  }
  const market: Market = rng.below(3) === 0 ? 'rent' : 'sale'
  const types = sample(rng, PROPERTY_TYPES, 5)
  return {
    kind,
    market,
    city,
    tagline: market === 'sale' ? `Homes for sale in ${city}` : `Homes to rent in ${city}`,
    areas,
    map,
    categories: types.map((t) => t.name),
    listings: makeHomes(rng, types, areas, city, market),
    ranges: bandsToRanges(market === 'sale' ? SALE_BANDS : RENT_BANDS),
    types: [1, 2, 3, 4].map((n) => ({id: String(n), label: `${n}+ ${n === 1 ? 'bed' : 'beds'}`})),
    layout,
    calendar,
    timeSlots,
  }
}

function bandsToRanges(bounds: readonly number[]): RangeOption[] {
  return bounds.map((min, i) => {
    const max = bounds[i + 1] ?? Number.POSITIVE_INFINITY
    const label = min === 0 ? `Under ${shortMoney(max)}` : max === Number.POSITIVE_INFINITY ? `Over ${shortMoney(min)}` : `${shortMoney(min)} – ${shortMoney(max)}`
    return {id: `p${i + 1}`, label, min, max}
  })
}

/** A distorted grid: neighbouring areas share their corners, so the map tiles like a real one. */
function makeAreas(rng: SeededRandom, kind: Kind, cols: number, rows: number, cellWidth: number, cellHeight: number): Area[] {
  const jitter = (limit: number) => Math.round((rng.nextFloat() - 0.5) * 2 * limit)
  const grid: [number, number][][] = []
  for (let r = 0; r <= rows; r++) {
    const line: [number, number][] = []
    for (let c = 0; c <= cols; c++) {
      const dx = c === 0 || c === cols ? 0 : jitter(cellWidth * 0.14)
      const dy = r === 0 || r === rows ? 0 : jitter(cellHeight * 0.14)
      line.push([Math.round(c * cellWidth + dx), Math.round(r * cellHeight + dy)])
    }
    grid.push(line)
  }
  const names = sample(rng, kind === 'jobs' ? REGIONS : NEIGHBOURHOODS, cols * rows)
  const areas: Area[] = []
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const corners: [number, number][] = [grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c]]
      const center: [number, number] = [Math.round(corners.reduce((s, p) => s + p[0], 0) / 4), Math.round(corners.reduce((s, p) => s + p[1], 0) / 4)]
      const name = names[areas.length]
      const [first, second] = sample(rng, AREA_TRAITS, 2)
      areas.push({id: kebab(name), name, blurb: `${name} is known for ${first} and ${second}.`, corners, center})
    }
  return areas
}

function postedDate(rng: SeededRandom): string {
  return isoFromUtc(Date.UTC(2026, 1, 2) + between(rng, 0, 85) * 86_400_000)
}

function makeJobs(rng: SeededRandom, categories: readonly JobCategory[], areas: Area[], city: string): Job[] {
  const companies = makeCompanies(rng, categories)
  const titlesByCompany = new Map<string, string[]>()
  const jobs: Job[] = []
  const count = between(rng, 54, 66)
  for (let attempt = 0; jobs.length < count && attempt < count * 20; attempt++) {
    const company = pick(rng, companies)
    const seniority = pick(rng, ['', '', 'Senior ', 'Junior ', 'Lead '])
    const title = `${seniority}${pick(rng, company.category.titles)}`
    const taken = titlesByCompany.get(company.name) ?? []
    // Two titles of one company must not contain each other, so an answer names exactly one job.
    if (taken.some((t) => answerMentions(t, title) || answerMentions(title, t))) continue
    titlesByCompany.set(company.name, [...taken, title])
    jobs.push(makeJob(rng, 40_101 + jobs.length, title, company, seniority, areas, city))
  }
  return jobs
}

interface Company {
  name: string
  category: JobCategory
}

function makeCompanies(rng: SeededRandom, categories: readonly JobCategory[]): Company[] {
  const prefixes = sample(rng, COMPANY_PREFIXES, between(rng, 16, 20))
  return prefixes.map((prefix, i) => {
    const category = categories[i % categories.length]
    return {name: `${prefix} ${pick(rng, category.suffixes)}`, category}
  })
}

function makeJob(rng: SeededRandom, id: number, title: string, company: Company, seniority: string, areas: Area[], city: string): Job {
  const area = pick(rng, areas)
  const [low, high] = company.category.salary
  const bonus = seniority === 'Senior ' || seniority === 'Lead ' ? 14 : seniority === 'Junior ' ? -6 : 0
  const salaryMin = Math.max(24, between(rng, low, high) + bonus) * 1000
  const salaryMax = salaryMin + between(rng, 6, 24) * 1000
  const experience = seniority === 'Junior ' ? between(rng, 0, 1) : seniority === '' ? between(rng, 1, 4) : between(rng, 5, 9)
  const jobType = pick(rng, JOB_TYPE_WEIGHTS)
  const typeLabel = JOB_TYPES.find((t) => t.id === jobType)!.label.toLowerCase()
  const requirements = [experience === 0 ? 'No previous experience required: full training is provided' : `At least ${experience} ${experience === 1 ? 'year' : 'years'} of experience in a similar role`, ...sample(rng, company.category.requirements, 3)]
  return {
    kind: 'jobs',
    id,
    title,
    areaId: area.id,
    posted: postedDate(rng),
    company: company.name,
    category: company.category.name,
    jobType,
    salaryMin,
    salaryMax,
    experience,
    requirements,
    benefits: sample(rng, BENEFITS, between(rng, 3, 5)),
    description: [
      `${company.name} is looking for a ${title} to join its ${company.category.name.toLowerCase()} team in ${area.name}, ${city}. This is a ${typeLabel} position${jobType === 'remote' ? ' with occasional visits to our office' : ''}.`,
      `You will work closely with colleagues across the business, take ownership of your own projects and help us keep raising the bar for our customers. ${pick(rng, ['We value curiosity and kindness.', 'We move fast and celebrate small wins.', 'We believe in steady, sustainable growth.', 'We care about doing things properly.'])}`,
      `Interviews take place in two rounds: a short video call followed by a meeting with the team. We aim to reply to every applicant within ten working days.`,
    ],
  }
}

function makeAgents(rng: SeededRandom): Agent[] {
  const firsts = sample(rng, AGENT_FIRST, 5)
  const lasts = sample(rng, AGENT_LAST, 5)
  const agencies = sample(rng, AGENCIES, 2)
  return firsts.map((first, i) => ({name: `${first} ${lasts[i]}`, agency: agencies[i % 2], phone: `(555) ${between(rng, 200, 989)}-${String(between(rng, 1000, 9999))}`}))
}

function makeHomes(rng: SeededRandom, types: readonly PropertyType[], areas: Area[], city: string, market: Market): Home[] {
  const agents = makeAgents(rng)
  const pricePerM2 = new Map(areas.map((a) => [a.id, market === 'sale' ? between(rng, 24, 88) * 100 : between(rng, 12, 30)]))
  const addresses = new Set<string>()
  const homes: Home[] = []
  const count = between(rng, 52, 64)
  while (homes.length < count) {
    const address = `${between(rng, 2, 180)} ${pick(rng, STREETS)}`
    if (addresses.has(address)) continue
    addresses.add(address)
    const type = pick(rng, types)
    const area = pick(rng, areas)
    const bedrooms = between(rng, type.beds[0], type.beds[1])
    const size = 34 + bedrooms * 22 + between(rng, 0, 34)
    const feature = pick(rng, HOME_FEATURES)
    homes.push({
      kind: 'homes',
      id: 7101 + homes.length,
      title: `${pick(rng, HOME_ADJECTIVES)} ${bedrooms}-bedroom ${type.name.toLowerCase()} with ${feature}`,
      areaId: area.id,
      posted: postedDate(rng),
      address,
      propertyType: type.name,
      bedrooms,
      bathrooms: Math.min(3, 1 + Math.floor(bedrooms / 2)),
      rooms: bedrooms + between(rng, 1, 2),
      size,
      yearBuilt: between(rng, 1895, 2024),
      energy: pick(rng, ENERGY_LABELS),
      price: homePrice(size * pricePerM2.get(area.id)! * (0.85 + rng.nextFloat() * 0.3), market),
      features: [feature, ...sample(rng, HOME_FEATURES.filter((f) => f !== feature), between(rng, 2, 4))],
      agent: pick(rng, agents),
      description: [
        `This ${type.name.toLowerCase()} at ${address} sits in the heart of ${area.name}, one of ${city}'s most popular neighbourhoods. ${area.blurb}`,
        `The ${size} m² layout offers ${bedrooms} ${bedrooms === 1 ? 'bedroom' : 'bedrooms'}, a generous living room and a ${feature}. ${pick(rng, ['The home was recently repainted throughout.', 'Large windows bring in light all day.', 'The kitchen was replaced a few years ago.', 'Period details have been carefully kept.'])}`,
        market === 'sale' ? 'Offers are welcome from buyers with a mortgage agreement in principle. Viewings strictly by appointment.' : 'Available from the first of next month. A deposit of two months’ rent applies. Viewings strictly by appointment.',
      ],
    })
  }
  return homes
}

/** Rounded like a real asking price, and never exactly on a chip's boundary. */
function homePrice(raw: number, market: Market): number {
  const bounds = market === 'sale' ? SALE_BANDS : RENT_BANDS
  const step = market === 'sale' ? 5_000 : 25
  const rounded = Math.max(step * 4, Math.round(raw / step) * step)
  return bounds.includes(rounded) ? rounded - step : rounded
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting

function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`
}

/** Chip-sized money: `$300k`, `$1M`, `$1,800`. */
function shortMoney(amount: number): string {
  if (amount >= 1_000_000) return `$${amount / 1_000_000}M`
  if (amount >= 10_000) return `$${amount / 1000}k`
  return dollars(amount)
}

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

function isoFromUtc(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`
}

function dateParts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number)
  return [y, m, d]
}

/** 0 = Sunday. */
function weekdayOf(iso: string): number {
  const [y, m, d] = dateParts(iso)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

function formatDate(iso: string): string {
  const [y, m, d] = dateParts(iso)
  return `${MONTHS[m - 1]} ${d}, ${y}`
}

function formatLongDate(iso: string): string {
  return `${WEEKDAYS[weekdayOf(iso)]}, ${formatDate(iso)}`
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function digits(text: string): string {
  return text.replace(/\D/g, '')
}

function salaryText(job: Job): string {
  return `${dollars(job.salaryMin)} – ${dollars(job.salaryMax)} a year`
}

function priceText(home: Home, market: Market): string {
  return market === 'rent' ? `${dollars(home.price)} / month` : dollars(home.price)
}

function valueText(listing: Listing, model: ListingsModel): string {
  return listing.kind === 'jobs' ? salaryText(listing) : priceText(listing, model.market)
}

function jobTypeLabel(job: Job): string {
  return JOB_TYPES.find((t) => t.id === job.jobType)?.label ?? job.jobType
}

/** What identifies a listing in an answer: the title and company of a job, the address of a home. */
function listingName(listing: Listing): string {
  return listing.kind === 'jobs' ? `${listing.title} at ${listing.company}` : listing.address
}

function areaOf(model: ListingsModel, listing: Listing): Area {
  return model.areas.find((a) => a.id === listing.areaId)!
}

function categoryOf(listing: Listing): string {
  return listing.kind === 'jobs' ? listing.category : listing.propertyType
}

function rangeValue(listing: Listing): number {
  return listing.kind === 'jobs' ? listing.salaryMin : listing.price
}

function typeMatches(listing: Listing, typeId: string): boolean {
  return listing.kind === 'jobs' ? listing.jobType === typeId : listing.bedrooms >= Number(typeId)
}

function inRange(listing: Listing, range: RangeOption): boolean {
  const value = rangeValue(listing)
  return value >= range.min && value < range.max
}

function listingImage(listing: Listing): string {
  return listing.kind === 'jobs' ? `/img/logo/${kebab(listing.company)}.svg` : `/img/house/${listing.id}-${hashString(listing.address)}.svg`
}

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary: what the two kinds of site call things

interface Terms {
  base: string
  one: string
  many: string
  areaWord: string
  areasWord: string
  rangeTitle: string
  typeTitle: string
  categoryTitle: string
  formPath: string
  formTitle: string
  formButton: string
}

function termsFor(model: ListingsModel): Terms {
  if (model.kind === 'jobs')
    return {base: '/jobs', one: 'job', many: 'jobs', areaWord: 'Region', areasWord: 'Regions', rangeTitle: 'Starting salary', typeTitle: 'Job type', categoryTitle: 'Category', formPath: 'apply', formTitle: 'Apply for this job', formButton: 'Send application'}
  return {base: '/homes', one: 'home', many: 'homes', areaWord: 'Neighbourhood', areasWord: 'Neighbourhoods', rangeTitle: model.market === 'sale' ? 'Price' : 'Monthly rent', typeTitle: 'Bedrooms', categoryTitle: 'Property type', formPath: 'viewing', formTitle: 'Request a viewing', formButton: 'Request viewing'}
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

function nav(model: ListingsModel): NavLink[] {
  const terms = termsFor(model)
  const first = model.kind === 'jobs' ? 'Find jobs' : model.market === 'sale' ? 'Buy' : 'Rent'
  return [
    {href: terms.base, label: first},
    ...model.categories.map((cat) => ({href: `${terms.base}${queryString({cat})}`, label: model.kind === 'jobs' ? cat : `${cat}s`})),
    {href: '/areas', label: terms.areasWord},
    {href: '/saved', label: model.kind === 'jobs' ? 'Saved jobs' : 'Saved homes'},
  ]
}

function shell(context: Context, title: string, body: Html, q = ''): string {
  const {model, site} = context
  const terms = termsFor(model)
  return page(site, {
    title,
    body,
    nav: nav(model),
    search: {action: terms.base, name: 'q', placeholder: model.kind === 'jobs' ? 'Job title, company or keyword' : 'Address, street or keyword', value: q},
    headerExtras: html`<a href="/about">${model.kind === 'jobs' ? 'For employers' : 'Sell with us'}</a><a class="saved-link" href="/saved">♥ Saved (<span class="saved-count">${context.state.saved.length}</span>)</a>`,
    css: familyCss(site, model),
    script: STEPPER_SCRIPT,
  })
}

function handle(request: SiteRequest, context: Context): SiteReply {
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

// ---------------------------------------------------------------------------------------------------------------
// Search and filters

type SortId = 'newest' | 'value-asc' | 'value-desc' | 'size-desc'

interface Filters {
  q: string
  where: string
  areas: string[]
  range: string
  type: string
  cat: string
  sort: SortId
  page: number
}

function sortOptions(model: ListingsModel): {id: SortId; label: string}[] {
  if (model.kind === 'jobs')
    return [
      {id: 'newest', label: 'Most recent'},
      {id: 'value-desc', label: 'Highest salary'},
      {id: 'value-asc', label: 'Lowest salary'},
    ]
  return [
    {id: 'newest', label: 'Newest'},
    {id: 'value-asc', label: 'Lowest price'},
    {id: 'value-desc', label: 'Highest price'},
    {id: 'size-desc', label: 'Largest first'},
  ]
}

function readFilters(query: URLSearchParams, model: ListingsModel): Filters {
  const known = (value: string | null, ids: string[]) => (value && ids.includes(value) ? value : '')
  const areaIds = model.areas.map((a) => a.id)
  const areas = (query.get('areas') ?? '').split(',').filter((id) => areaIds.includes(id))
  const sort = sortOptions(model).find((s) => s.id === query.get('sort'))?.id ?? 'newest'
  return {
    q: (query.get('q') ?? '').trim(),
    where: (query.get('where') ?? '').trim(),
    areas: areaIds.filter((id) => areas.includes(id)),
    range: known(query.get('range'), model.ranges.map((r) => r.id)),
    type: known(query.get('type'), model.types.map((t) => t.id)),
    cat: known(query.get('cat'), model.categories),
    sort,
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  }
}

function filtersHref(model: ListingsModel, filters: Filters, changes: Partial<Filters>): string {
  // Any change of filter starts again from the first page.
  const f: Filters = {...filters, page: 1, ...changes}
  return `${termsFor(model).base}${queryString({q: f.q, where: f.where, areas: f.areas.join(','), range: f.range, type: f.type, cat: f.cat, sort: f.sort === 'newest' ? '' : f.sort, page: f.page > 1 ? f.page : ''})}`
}

function searchText(model: ListingsModel, listing: Listing): string {
  const area = areaOf(model, listing).name
  const text = listing.kind === 'jobs' ? `${listing.title} ${listing.company} ${listing.category} ${jobTypeLabel(listing)} ${area}` : `${listing.address} ${listing.title} ${listing.propertyType} ${listing.features.join(' ')} ${area}`
  return text.toLowerCase()
}

/** Every query word must start a word of the listing's text. */
function matchesKeywords(text: string, query: string): boolean {
  const words = text.split(/[^a-z0-9]+/).filter(Boolean)
  return query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .every((q) => words.some((w) => w.startsWith(q)))
}

function matchesWhere(model: ListingsModel, listing: Listing, where: string): boolean {
  if (!where) return true
  const place = `${areaOf(model, listing).name} ${model.city} ${listing.kind === 'homes' ? listing.address : ''}`.toLowerCase()
  return place.includes(where.toLowerCase())
}

function applyFilters(model: ListingsModel, f: Filters): Listing[] {
  const range = model.ranges.find((r) => r.id === f.range)
  return model.listings.filter(
    (l) =>
      matchesKeywords(searchText(model, l), f.q) &&
      matchesWhere(model, l, f.where) &&
      (f.areas.length === 0 || f.areas.includes(l.areaId)) &&
      (!range || inRange(l, range)) &&
      (!f.type || typeMatches(l, f.type)) &&
      (!f.cat || categoryOf(l) === f.cat),
  )
}

function sortListings(items: Listing[], sort: SortId): Listing[] {
  const sorted = [...items]
  const size = (l: Listing) => (l.kind === 'homes' ? l.size : 0)
  if (sort === 'newest') sorted.sort((a, b) => b.posted.localeCompare(a.posted) || a.id - b.id)
  if (sort === 'value-asc') sorted.sort((a, b) => rangeValue(a) - rangeValue(b) || a.id - b.id)
  if (sort === 'value-desc') sorted.sort((a, b) => rangeValue(b) - rangeValue(a) || a.id - b.id)
  if (sort === 'size-desc') sorted.sort((a, b) => size(b) - size(a) || a.id - b.id)
  return sorted
}

function toggled(ids: string[], id: string, order: string[]): string[] {
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]
  return order.filter((x) => next.includes(x))
}

// ---------------------------------------------------------------------------------------------------------------
// Shared widgets

interface MapOptions {
  selected: string[]
  counts: Map<string, number>
  hrefFor: (area: Area) => string
  caption: Html
}

function areaMap(context: Context, options: MapOptions): Html {
  const {model} = context
  const {width, height} = model.map
  const terms = termsFor(model)
  const baseHue = hashString(context.site.slug) % 360
  const count = (area: Area) => {
    const n = options.counts.get(area.id) ?? 0
    return `${n} ${n === 1 ? terms.one : terms.many}`
  }
  // Shapes are the links; the river and the labels above them let clicks through to the shape underneath.
  const shape = (area: Area, i: number) => {
    const selected = options.selected.includes(area.id)
    return html`<a class="map-area${selected ? ' selected' : ''}" data-area="${area.id}" href="${options.hrefFor(area)}" aria-label="${area.name}${selected ? ' (selected)' : ''}"><polygon points="${area.corners.map((p) => p.join(',')).join(' ')}" style="fill:hsl(${(baseHue + i * 47) % 360},42%,${selected ? 40 : 86}%)"/></a>`
  }
  const label = (area: Area) => {
    const selected = options.selected.includes(area.id)
    const [cx, cy] = area.center
    const lines = labelLines(area.name).map((line, i) => (selected && i === 0 ? `✓ ${line}` : line))
    const top = cy - 6 - (lines.length - 1) * 12
    return html`<text class="map-label${selected ? ' on' : ''}" x="${cx}" y="${top}" text-anchor="middle">${lines.map((line, i) => html`<tspan x="${cx}" dy="${i === 0 ? 0 : 24}">${line}</tspan>`)}</text><text class="map-count${selected ? ' on' : ''}" x="${cx}" y="${top + (lines.length - 1) * 24 + 24}" text-anchor="middle">${count(area)}</text>`
  }
  const riverY = Math.round(height * 0.55)
  return html`<figure class="map-card card">
    <figcaption>${options.caption}</figcaption>
    <div class="map-body">
      <svg class="area-map" viewBox="0 0 ${width} ${height}" role="img" aria-label="Map of ${model.city}">
        <rect width="${width}" height="${height}" fill="#e8ede4"/>
        ${model.areas.map(shape)}
        <g class="map-overlay"><path class="river" d="M0 ${riverY} C ${width * 0.25} ${riverY - 50}, ${width * 0.5} ${riverY + 60}, ${width} ${riverY - 20}"/>
        ${model.areas.map(label)}
        <g class="compass" transform="translate(${width - 28},26)"><circle r="16"/><text y="5" text-anchor="middle">N</text></g></g>
      </svg>
      <ul class="map-legend">${model.areas.map((area) => html`<li><a class="area-toggle${options.selected.includes(area.id) ? ' active' : ''}" href="${options.hrefFor(area)}">${options.selected.includes(area.id) ? '☑' : '☐'} ${area.name} <span class="muted">(${options.counts.get(area.id) ?? 0})</span></a></li>`)}</ul>
    </div>
  </figure>`
}

/** A long area name on two lines, split between words. */
function labelLines(name: string): string[] {
  const words = name.split(' ')
  if (name.length <= 12 || words.length < 2) return [name]
  const half = Math.ceil(words.length / 2)
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')]
}

function countByArea(items: Listing[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const l of items) counts.set(l.areaId, (counts.get(l.areaId) ?? 0) + 1)
  return counts
}

function saveForm(listing: Listing, saved: boolean, back: string, buttonClass: string, label: Html | string): Html {
  return html`<form class="save-form" method="post" action="/saved">
    <input type="hidden" name="listing" value="${listing.id}"><input type="hidden" name="action" value="${saved ? 'remove' : 'save'}"><input type="hidden" name="back" value="${back}">
    <button type="submit" class="btn ${buttonClass}" data-listing="${listing.id}" aria-pressed="${saved ? 'true' : 'false'}">${label}</button>
  </form>`
}

function listingCard(listing: Listing, context: Context, back: string): Html {
  const {model} = context
  const terms = termsFor(model)
  const saved = context.state.saved.includes(listing.id)
  const area = areaOf(model, listing)
  const href = `${terms.base}/${listing.id}`
  const quickSave = saveForm(listing, saved, back, `quick-save${saved ? ' is-saved' : ''}`, saved ? '♥ Saved' : '♡ Save')
  if (listing.kind === 'jobs')
    return html`<article class="card listing-card job-card">
      <img class="thumb logo-thumb" src="${listingImage(listing)}" alt="${listing.company} logo" width="72" height="54">
      <div class="listing-main">
        <h3><a class="listing-title" data-listing="${listing.id}" href="${href}">${listing.title}</a></h3>
        <div class="listing-sub"><strong>${listing.company}</strong> · ${area.name} · <span class="badge type-badge">${jobTypeLabel(listing)}</span></div>
        <div class="listing-value">${salaryText(listing)}</div>
        <p class="snippet muted">${listing.description[0]}</p>
        <div class="listing-foot muted">Posted ${formatDate(listing.posted)} · ${listing.category}</div>
      </div>
      ${quickSave}
    </article>`
  return html`<article class="card listing-card home-card">
    <img class="thumb house-thumb" src="${listingImage(listing)}" alt="Photo of ${listing.address}" width="240" height="180">
    <div class="listing-main">
      <div class="listing-value">${priceText(listing, model.market)}</div>
      <h3><a class="listing-title" data-listing="${listing.id}" href="${href}">${listing.address}</a></h3>
      <div class="listing-sub">${area.name} · ${listing.propertyType}</div>
      <div class="home-facts"><span><strong>${listing.bedrooms}</strong> bd</span><span><strong>${listing.bathrooms}</strong> ba</span><span><strong>${listing.size}</strong> m²</span></div>
      <p class="snippet muted">${listing.title}</p>
      <div class="listing-foot muted">Listed ${formatDate(listing.posted)} · ${listing.agent.agency}</div>
    </div>
    ${quickSave}
  </article>`
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

function heroSearch(model: ListingsModel): Html {
  const terms = termsFor(model)
  return html`<form class="hero-search" method="get" action="${terms.base}">
    <div class="hero-field"><label for="hero-what">${model.kind === 'jobs' ? 'What' : 'Keywords'}</label><input id="hero-what" name="q" placeholder="${model.kind === 'jobs' ? 'e.g. nurse, accountant, Bluepeak' : 'e.g. garden, Linden Street'}"></div>
    <div class="hero-field"><label for="hero-where">Where</label><input id="hero-where" name="where" placeholder="${model.kind === 'jobs' ? 'Region or city' : 'Neighbourhood or city'}"></div>
    <button type="submit" class="btn btn-primary hero-submit">Search ${terms.many}</button>
  </form>`
}

function homePage(context: Context): string {
  const {model, site} = context
  const terms = termsFor(model)
  const latest = sortListings(model.listings, 'newest').slice(0, model.layout.results === 'grid' ? 6 : 5)
  const counts = countByArea(model.listings)
  const hero = html`<section class="hero card hero-${model.layout.hero}">
    <div class="hero-text"><h1>${model.tagline}</h1><p class="muted">${model.listings.length} ${terms.many} in ${model.areas.length} ${terms.areasWord.toLowerCase()}, updated every morning.</p>${heroSearch(model)}</div>
    ${model.layout.hero === 'photo' ? html`<img src="/img/${model.kind === 'jobs' ? 'photo' : 'house'}/hero-${site.slug}.svg" alt="" width="340" height="255">` : ''}
  </section>`
  return shell(
    context,
    model.kind === 'jobs' ? 'Jobs' : 'Homes',
    html`${hero}
    ${areaMap(context, {selected: [], counts, hrefFor: (area) => filtersHref(model, emptyFilters(), {areas: [area.id]}), caption: html`<h2>Browse by ${terms.areaWord.toLowerCase()}</h2><span class="muted">Click a ${terms.areaWord.toLowerCase()} on the map of ${model.city} to see its ${terms.many}.</span>`})}
    <div class="row home-columns">
      <section class="content">
        <h2>${model.kind === 'jobs' ? 'Latest jobs' : 'New on the market'}</h2>
        <div class="results ${model.layout.results}-view">${latest.map((l) => listingCard(l, context, '/'))}</div>
        <p><a class="btn btn-dark" href="${terms.base}">See all ${model.listings.length} ${terms.many}</a></p>
      </section>
      <aside class="sidebar home-aside">${model.kind === 'jobs' ? topEmployers(model) : priceTable(model)}${tipsCard(model)}</aside>
    </div>`,
  )
}

function emptyFilters(): Filters {
  return {q: '', where: '', areas: [], range: '', type: '', cat: '', sort: 'newest', page: 1}
}

function topEmployers(model: ListingsModel): Html {
  const counts = new Map<string, number>()
  for (const l of model.listings) if (l.kind === 'jobs') counts.set(l.company, (counts.get(l.company) ?? 0) + 1)
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 6)
  return html`<div class="card"><h3>Top employers</h3><ul class="plain-list">${top.map(([company, n]) => html`<li><img src="/img/logo/${kebab(company)}.svg" alt="" width="28" height="21" class="mini-logo"><a href="${filtersHref(model, emptyFilters(), {q: company})}">${company}</a> <span class="muted">${n} open</span></li>`)}</ul></div>`
}

function priceTable(model: ListingsModel): Html {
  const rows = model.areas.map((area) => {
    const homes = model.listings.filter((l): l is Home => l.kind === 'homes' && l.areaId === area.id)
    const average = homes.length === 0 ? 0 : Math.round(homes.reduce((s, h) => s + h.price / h.size, 0) / homes.length)
    return {area, count: homes.length, average}
  })
  return html`<div class="card"><h3>Asking ${model.market === 'sale' ? 'price' : 'rent'} per m²</h3><table class="compact"><tr><th>${termsFor(model).areaWord}</th><th>Avg.</th></tr>${rows.map((r) => html`<tr><td>${r.area.name}</td><td>${r.count === 0 ? '–' : dollars(r.average)}</td></tr>`)}</table></div>`
}

function tipsCard(model: ListingsModel): Html {
  const tips =
    model.kind === 'jobs'
      ? ['Tailor your CV to each vacancy', 'Five questions to ask at the end of an interview', 'How to negotiate your starting salary']
      : ['What to check at a first viewing', 'A first-time buyer’s guide to offers', 'Understanding energy labels']
  return html`<div class="card tips"><h3>${model.kind === 'jobs' ? 'Career advice' : 'Guides'}</h3>${tips.map((t, i) => html`<p><strong>${t}</strong><br><span class="muted">${i + 3} min read</span></p>`)}</div>`
}

function resultsTitle(model: ListingsModel, f: Filters): string {
  const place = f.areas.length === 1 ? model.areas.find((a) => a.id === f.areas[0])!.name : f.areas.length > 1 ? `${f.areas.length} ${termsFor(model).areasWord.toLowerCase()}` : model.city
  if (f.q) return `${model.kind === 'jobs' ? 'Jobs' : 'Homes'} matching “${f.q}”`
  if (f.cat) return model.kind === 'jobs' ? `${f.cat} jobs in ${place}` : `${f.cat}s ${model.market === 'sale' ? 'for sale' : 'to rent'} in ${place}`
  return model.kind === 'jobs' ? `${f.areas.length > 0 ? 'Jobs' : 'All jobs'} in ${place}` : `${model.market === 'sale' ? 'Homes for sale' : 'Homes to rent'} in ${place}`
}

function chipBar(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const rangeChip = (r: RangeOption) => html`<a class="chip chip-range${f.range === r.id ? ' active' : ''}" data-range="${r.id}" aria-pressed="${f.range === r.id ? 'true' : 'false'}" href="${filtersHref(model, f, {range: f.range === r.id ? '' : r.id})}">${r.label}</a>`
  const typeChip = (t: TypeOption) => html`<a class="chip chip-type${f.type === t.id ? ' active' : ''}" data-type="${t.id}" aria-pressed="${f.type === t.id ? 'true' : 'false'}" href="${filtersHref(model, f, {type: f.type === t.id ? '' : t.id})}">${t.label}</a>`
  return html`<div class="chip-bar card">
    <div class="chip-row"><span class="chip-title">${terms.rangeTitle}</span>${model.ranges.map(rangeChip)}</div>
    <div class="chip-row"><span class="chip-title">${terms.typeTitle}</span>${model.types.map(typeChip)}</div>
  </div>`
}

function activeFilters(model: ListingsModel, f: Filters): Html {
  const items: Html[] = []
  for (const id of f.areas) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {areas: f.areas.filter((a) => a !== id)})}">${model.areas.find((a) => a.id === id)?.name} ✕</a>`)
  const range = model.ranges.find((r) => r.id === f.range)
  if (range) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {range: ''})}">${range.label} ✕</a>`)
  const type = model.types.find((t) => t.id === f.type)
  if (type) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {type: ''})}">${type.label} ✕</a>`)
  if (f.cat) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {cat: ''})}">${f.cat} ✕</a>`)
  if (f.where) items.push(html`<a class="active-filter" href="${filtersHref(model, f, {where: ''})}">Near “${f.where}” ✕</a>`)
  if (items.length === 0) return html``
  return html`<div class="active-filters"><span class="muted">Active filters:</span> ${items} <a class="clear-all" href="${filtersHref(model, emptyFilters(), {q: f.q})}">Clear all</a></div>`
}

function refineForm(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const keep = {areas: f.areas.join(','), range: f.range, type: f.type, cat: f.cat, sort: f.sort === 'newest' ? '' : f.sort}
  return html`<form class="refine card" method="get" action="${terms.base}">
    <h3>Refine search</h3>
    <div class="field"><label for="what">Keywords</label><input id="what" name="q" value="${f.q}" style="width:100%"></div>
    <div class="field"><label for="where">Location</label><input id="where" name="where" value="${f.where}" placeholder="${terms.areaWord} or ${model.city}" style="width:100%"></div>
    ${Object.entries(keep).map(([name, value]) => (value ? html`<input type="hidden" name="${name}" value="${value}">` : ''))}
    <button type="submit" class="btn btn-dark refine-submit">Update results</button>
  </form>`
}

function categoryList(model: ListingsModel, f: Filters): Html {
  const terms = termsFor(model)
  const item = (label: string, cat: string) => html`<li><a class="facet-category${f.cat === cat ? ' active' : ''}" href="${filtersHref(model, f, {cat})}">${f.cat === cat ? '✓ ' : ''}${label}</a></li>`
  return html`<div class="card facets"><h3>${terms.categoryTitle}</h3><ul>${item(`All ${terms.many}`, '')}${model.categories.map((c) => item(c, c))}</ul></div>`
}

function resultsPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const f = readFilters(query, model)
  const results = sortListings(applyFilters(model, f), f.sort)
  const pageSize = model.layout.results === 'grid' ? 12 : 10
  const pages = Math.max(1, Math.ceil(results.length / pageSize))
  const current = Math.min(f.page, pages)
  const shown = results.slice((current - 1) * pageSize, current * pageSize)
  const here = filtersHref(model, f, {page: current})
  const counts = countByArea(applyFilters(model, {...f, areas: []}))
  const map = areaMap(context, {
    selected: f.areas,
    counts,
    hrefFor: (area) => filtersHref(model, f, {areas: toggled(f.areas, area.id, model.areas.map((a) => a.id))}),
    caption: html`<strong>${terms.areasWord} of ${model.city}</strong> <span class="muted">— click to add or remove a ${terms.areaWord.toLowerCase()}</span>`,
  })
  const title = resultsTitle(model, f)
  const sorts = sortOptions(model)
  const sortBar = html`<div class="sort-bar"><span class="muted">Sort by:</span> ${sorts.map((s) => (s.id === f.sort ? html`<strong class="sort-option active">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${filtersHref(model, f, {sort: s.id})}">${s.label}</a>`))}</div>`
  return shell(
    context,
    title,
    html`${breadcrumb([{href: '/', label: 'Home'}], model.kind === 'jobs' ? 'Jobs' : 'Homes')}
    ${model.layout.map === 'above' ? map : ''}
    <div class="row results-row sidebar-${model.layout.sidebar}">
      <aside class="sidebar">${refineForm(model, f)}${categoryList(model, f)}</aside>
      <section class="content">
        ${model.layout.map === 'content' ? map : ''}
        ${chipBar(model, f)}
        <div class="toolbar"><h1>${title}</h1><span class="muted result-count">${results.length} ${results.length === 1 ? terms.one : terms.many}</span></div>
        ${activeFilters(model, f)}
        ${sortBar}
        ${shown.length === 0 ? html`<p class="card no-results">No ${terms.many} match these filters. Try removing a filter or choosing another ${terms.areaWord.toLowerCase()}.</p>` : html`<div class="results ${model.layout.results}-view">${shown.map((l) => listingCard(l, context, here))}</div>`}
        ${pagination(current, pages, (p) => filtersHref(model, f, {page: p}))}
      </section>
    </div>`,
    f.q,
  )
}

const NOTICES: Record<string, {text: string; link?: boolean}> = {
  saved: {text: 'Saved to your list.', link: true},
  removed: {text: 'Removed from your saved list.'},
}

function detailPage(listing: Listing, context: Context, noticeKey: string): string {
  const {model} = context
  const terms = termsFor(model)
  const saved = context.state.saved.includes(listing.id)
  const notice = NOTICES[noticeKey]
  const back = `${terms.base}/${listing.id}`
  const area = areaOf(model, listing)
  const crumbs = [
    {href: '/', label: 'Home'},
    {href: terms.base, label: model.kind === 'jobs' ? 'Jobs' : 'Homes'},
    {href: filtersHref(model, emptyFilters(), {areas: [area.id]}), label: area.name},
  ]
  const saveButton = saveForm(listing, saved, back, saved ? 'unsave-listing is-saved' : 'save-listing', saved ? '♥ Saved — remove' : `♡ Save this ${terms.one}`)
  const similar = model.listings.filter((l) => l.id !== listing.id && categoryOf(l) === categoryOf(listing)).slice(0, 4)
  const main = listing.kind === 'jobs' ? jobDetail(listing, model) : homeDetail(listing, model)
  const aside = listing.kind === 'jobs' ? jobAside(listing, model, saveButton) : homeAside(listing, model, saveButton)
  return shell(
    context,
    listing.kind === 'jobs' ? `${listing.title} — ${listing.company}` : listing.address,
    html`${breadcrumb(crumbs, listing.kind === 'jobs' ? listing.title : listing.address)}
    ${notice ? html`<div class="alert alert-ok" role="status">${notice.text} ${notice.link ? html`<a href="/saved">View saved ${terms.many}</a>` : ''}</div>` : ''}
    <div class="row detail-row sidebar-${model.layout.sidebar === 'left' ? 'right' : 'left'}">
      <article class="content">${main}</article>
      <aside class="sidebar detail-aside">${aside}</aside>
    </div>
    <section class="similar"><h2>Similar ${terms.many}</h2><div class="similar-grid">${similar.map((l) => html`<div class="card"><a class="similar-link" href="${terms.base}/${l.id}">${l.kind === 'jobs' ? l.title : l.address}</a><div class="muted">${l.kind === 'jobs' ? l.company : l.title}</div><div class="listing-value">${valueText(l, model)}</div></div>`)}</div></section>`,
  )
}

function jobDetail(job: Job, model: ListingsModel): Html {
  const area = areaOf(model, job)
  return html`<div class="card">
    <div class="detail-head"><img src="${listingImage(job)}" alt="${job.company} logo" width="96" height="72" class="detail-logo"><div><h1 class="listing-heading">${job.title}</h1><div class="listing-sub"><strong class="company-name">${job.company}</strong> · ${area.name}, ${model.city}</div></div></div>
    <table class="facts-table">
      <tr><th>Salary</th><td class="fact-salary">${salaryText(job)}</td></tr>
      <tr><th>Job type</th><td class="fact-type">${jobTypeLabel(job)}</td></tr>
      <tr><th>Experience</th><td class="fact-experience">${job.experience === 0 ? 'None required' : `${job.experience}+ ${job.experience === 1 ? 'year' : 'years'}`}</td></tr>
      <tr><th>Category</th><td>${job.category}</td></tr>
      <tr><th>Region</th><td>${area.name}</td></tr>
      <tr><th>Posted</th><td>${formatDate(job.posted)}</td></tr>
      <tr><th>Job ID</th><td>J-${job.id}</td></tr>
    </table>
    <h2>About the role</h2>${job.description.map((p) => html`<p>${p}</p>`)}
    <h2>Requirements</h2><ul class="requirements">${job.requirements.map((r) => html`<li>${r}</li>`)}</ul>
    <h2>What we offer</h2><ul>${job.benefits.map((b) => html`<li>${b}</li>`)}</ul>
  </div>`
}

function jobAside(job: Job, model: ListingsModel, saveButton: Html): Html {
  return html`<div class="card action-card">
      <div class="listing-value">${salaryText(job)}</div>
      <p class="muted">${jobTypeLabel(job)} · ${areaOf(model, job).name}</p>
      <a class="btn btn-primary request-link" href="/jobs/${job.id}/apply">Apply now</a>
      ${saveButton}
    </div>
    <div class="card"><h3>About ${job.company}</h3><p>${job.company} is a ${job.category.toLowerCase()} employer based in ${model.city}, with a friendly team of around ${40 + (job.id % 7) * 35} people.</p></div>
    <div class="card"><h3>Location</h3><img src="/img/map/${kebab(areaOf(model, job).name)}-${job.id}.svg" alt="Map of ${areaOf(model, job).name}" width="240" height="180"></div>`
}

function homeDetail(home: Home, model: ListingsModel): Html {
  const area = areaOf(model, home)
  return html`<div class="card">
    <div class="home-head"><div><h1 class="listing-heading">${home.address}</h1><div class="listing-sub">${area.name}, ${model.city} · ${home.title}</div></div><div class="listing-value big">${priceText(home, model.market)}</div></div>
    <div class="gallery"><img class="gallery-main" src="${listingImage(home)}" alt="Photo of ${home.address}" width="400" height="300"><div class="gallery-thumbs"><img src="/img/photo/${home.id}-garden.svg" alt="Garden" width="200" height="150"><img src="/img/map/${home.id}-plan.svg" alt="Location" width="200" height="150"></div></div>
    <table class="facts-table">
      <tr><th>Asking ${model.market === 'sale' ? 'price' : 'rent'}</th><td class="fact-price">${priceText(home, model.market)}</td></tr>
      <tr><th>Living area</th><td class="fact-size">${home.size} m²</td></tr>
      <tr><th>Rooms</th><td>${home.rooms} rooms (${home.bedrooms} ${home.bedrooms === 1 ? 'bedroom' : 'bedrooms'}, ${home.bathrooms} ${home.bathrooms === 1 ? 'bathroom' : 'bathrooms'})</td></tr>
      <tr><th>Property type</th><td>${home.propertyType}</td></tr>
      <tr><th>Year built</th><td class="fact-year">${home.yearBuilt}</td></tr>
      <tr><th>Energy label</th><td><span class="energy energy-${home.energy}">${home.energy}</span></td></tr>
      <tr><th>Listed</th><td>${formatDate(home.posted)}</td></tr>
      <tr><th>Listing ID</th><td>H-${home.id}</td></tr>
    </table>
    <h2>Description</h2>${home.description.map((p) => html`<p>${p}</p>`)}
    <h2>Features</h2><ul class="features">${home.features.map((feature) => html`<li>${feature.charAt(0).toUpperCase()}${feature.slice(1)}</li>`)}</ul>
  </div>`
}

function homeAside(home: Home, model: ListingsModel, saveButton: Html): Html {
  return html`<div class="card action-card">
      <div class="listing-value">${priceText(home, model.market)}</div>
      <p class="muted">${home.bedrooms} bd · ${home.bathrooms} ba · ${home.size} m²</p>
      <a class="btn btn-primary request-link" href="/homes/${home.id}/viewing">Request a viewing</a>
      ${saveButton}
    </div>
    <div class="card agent-card"><h3>Listing agent</h3><img src="/img/portrait/${kebab(home.agent.name)}.svg" alt="${home.agent.name}" width="120" height="90"><p><strong class="agent-name">${home.agent.name}</strong><br>${home.agent.agency}<br><span class="agent-phone">${home.agent.phone}</span></p></div>`
}

function savedPage(context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const items = context.state.saved.map((id) => model.listings.find((l) => l.id === id)).filter((l): l is Listing => l !== undefined)
  const row = (l: Listing) => html`<tr>
    <td><a class="saved-title" data-listing="${l.id}" href="${terms.base}/${l.id}">${l.kind === 'jobs' ? l.title : l.address}</a><div class="muted">${l.kind === 'jobs' ? l.company : l.title}</div></td>
    <td>${areaOf(model, l).name}</td><td>${valueText(l, model)}</td>
    <td>${saveForm(l, true, '/saved', 'remove-saved', 'Remove')}</td></tr>`
  return shell(
    context,
    `Saved ${terms.many}`,
    html`${breadcrumb([{href: '/', label: 'Home'}], `Saved ${terms.many}`)}
    <section class="card"><h1>Saved ${terms.many}</h1>
    ${items.length === 0 ? html`<p class="empty-saved">You have not saved any ${terms.many} yet. Use the ♡ Save button on a ${terms.one} to keep it here.</p>` : html`<p class="muted">${items.length} saved ${items.length === 1 ? terms.one : terms.many}</p><table class="saved-table"><tr><th>${model.kind === 'jobs' ? 'Job' : 'Home'}</th><th>${terms.areaWord}</th><th>${model.kind === 'jobs' ? 'Salary' : 'Price'}</th><th></th></tr>${items.map(row)}</table>`}
    </section>`,
  )
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

function areasPage(context: Context): string {
  const {model} = context
  const terms = termsFor(model)
  const counts = countByArea(model.listings)
  return shell(
    context,
    terms.areasWord,
    html`${breadcrumb([{href: '/', label: 'Home'}], terms.areasWord)}
    <h1>${terms.areasWord} of ${model.city}</h1>
    ${areaMap(context, {selected: [], counts, hrefFor: (area) => filtersHref(model, emptyFilters(), {areas: [area.id]}), caption: html`<span class="muted">Click a ${terms.areaWord.toLowerCase()} to see its ${terms.many}.</span>`})}
    <div class="area-guide">${model.areas.map((area) => html`<div class="card"><h3>${area.name}</h3><p>${area.blurb}</p><a href="${filtersHref(model, emptyFilters(), {areas: [area.id]})}">${counts.get(area.id) ?? 0} ${terms.many} in ${area.name} ›</a></div>`)}</div>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Apply / request a viewing

interface TextField {
  name: string
  label: string
  type: string
}

const CONTACT_FIELDS: readonly TextField[] = [
  {name: 'full_name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'phone', label: 'Phone number', type: 'tel'},
]

function stepper(name: string, label: string, value: string, min: number, max: number, invalid: boolean, hint: string): Html {
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="${name}">${label}</label>
    <div class="stepper"><button type="button" class="step-btn" data-for="${name}" data-step="-1" aria-label="Decrease">−</button><input id="${name}" name="${name}" type="text" inputmode="numeric" value="${value}" data-min="${min}" data-max="${max}"><button type="button" class="step-btn" data-for="${name}" data-step="1" aria-label="Increase">+</button></div>
    <div class="hint">${hint}</div></div>`
}

function isBookable(model: ListingsModel, iso: string): boolean {
  const day = weekdayOf(iso)
  return model.kind === 'jobs' ? day !== 0 && day !== 6 : day !== 0
}

function calendar(model: ListingsModel, name: string, label: string, chosen: string, invalid: boolean): Html {
  const {year, month} = model.calendar
  const offset = (weekdayOf(isoDate(year, month, 1)) + 6) % 7
  const cells: Html[] = Array.from({length: offset}, () => html`<span class="day blank"></span>`)
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const iso = isoDate(year, month, day)
    if (!isBookable(model, iso)) cells.push(html`<span class="day disabled" aria-disabled="true">${day}</span>`)
    else cells.push(html`<span class="day-cell"><input type="radio" class="day-radio" id="day-${iso}" name="${name}" value="${iso}"${chosen === iso ? html` checked` : ''}><label class="day" for="day-${iso}">${day}</label></span>`)
  }
  return html`<fieldset class="field calendar${invalid ? ' invalid' : ''}"><legend>${label}</legend>
    <div class="cal-head">${MONTHS[month - 1]} ${year}</div>
    <div class="cal-grid">${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => html`<span class="dow">${d}</span>`)}${cells}</div>
    ${invalid ? html`<div class="error-text">Choose a date in the calendar.</div>` : ''}
  </fieldset>`
}

function timeChoice(model: ListingsModel, chosen: string, invalid: boolean): Html {
  return html`<fieldset class="field slots${invalid ? ' invalid' : ''}"><legend>Time</legend>${model.timeSlots.map((slot) => {
    const id = `time-${slot.replace(':', '')}`
    return html`<span class="slot-cell"><input type="radio" class="slot-radio" id="${id}" name="time" value="${slot}"${chosen === slot ? html` checked` : ''}><label class="slot" for="${id}">${slot}</label></span>`
  })}${invalid ? html`<div class="error-text">Choose a time.</div>` : ''}</fieldset>`
}

function requestPage(listing: Listing, context: Context, values: URLSearchParams, errors: string[]): string {
  const {model} = context
  const terms = termsFor(model)
  const value = (name: string) => values.get(name) ?? ''
  const contact = CONTACT_FIELDS.map((f) => html`<div class="field${errors.includes(f.label) ? ' invalid' : ''}"><label for="${f.name}">${f.label}</label><input id="${f.name}" name="${f.name}" type="${f.type}" value="${value(f.name)}" style="width:100%">${errors.includes(f.label) ? html`<div class="error-text">Please enter a valid ${f.label.toLowerCase()}.</div>` : ''}</div>`)
  const specific =
    listing.kind === 'jobs'
      ? html`${stepper('years', 'Years of relevant experience', value('years') || '0', 0, 50, errors.includes('Years of experience'), 'Use the − and + buttons or type a number.')}
        ${calendar(model, 'start_date', 'Earliest start date', value('start_date'), errors.includes('Start date'))}
        <div class="field"><label for="note">Cover note <span class="muted">(optional)</span></label><textarea id="note" name="note" rows="4" style="width:100%">${value('note')}</textarea></div>
        <div class="field${errors.includes('Consent') ? ' invalid' : ''}"><input type="checkbox" id="consent" name="consent" value="yes"${value('consent') ? html` checked` : ''}> <label for="consent" style="display:inline">I agree that ${listing.company} may store my details for this application.</label>${errors.includes('Consent') ? html`<div class="error-text">Please give your consent to continue.</div>` : ''}</div>`
      : html`${calendar(model, 'date', 'Viewing date', value('date'), errors.includes('Date'))}
        ${timeChoice(model, value('time'), errors.includes('Time'))}
        ${stepper('attendees', 'Number of people attending', value('attendees') || '1', 1, 6, errors.includes('Attendees'), 'Between 1 and 6 people.')}
        <div class="field"><label for="note">Message to the agent <span class="muted">(optional)</span></label><textarea id="note" name="note" rows="4" style="width:100%">${value('note')}</textarea></div>`
  const summary = html`<aside class="sidebar card request-summary"><img src="${listingImage(listing)}" alt="" width="220" height="165"><h3>${listing.kind === 'jobs' ? listing.title : listing.address}</h3><p class="muted">${listing.kind === 'jobs' ? listing.company : listing.title}</p><p class="listing-value">${valueText(listing, model)}</p></aside>`
  return shell(
    context,
    terms.formTitle,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: `${terms.base}/${listing.id}`, label: listing.kind === 'jobs' ? listing.title : listing.address}], terms.formTitle)}
    <h1>${terms.formTitle}</h1>
    ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please correct: ${errors.join(', ')}.</div>` : ''}
    <div class="row"><form class="card content request-form" method="post" action="${terms.base}/${listing.id}/${terms.formPath}" novalidate>
      <h2>Your details</h2>${contact}
      <h2>${listing.kind === 'jobs' ? 'Your application' : 'Your viewing'}</h2>${specific}
      <button class="btn btn-primary submit-request" type="submit">${terms.formButton}</button>
    </form>${summary}</div>`,
  )
}

function validateContact(form: URLSearchParams): string[] {
  const errors = CONTACT_FIELDS.filter((f) => !(form.get(f.name) ?? '').trim()).map((f) => f.label)
  const email = (form.get('email') ?? '').trim()
  if (email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  const phone = (form.get('phone') ?? '').trim()
  if (phone && (digits(phone).length < 7 || /[^\d\s()+.-]/.test(phone))) errors.push('Phone number')
  return errors
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null
  const n = Number(text.trim())
  return n >= min && n <= max ? n : null
}

/** The reference a site gives a submission: derived from its content, so a task can know it in advance. */
export function referenceFor(site: SiteInfo, kind: Kind, listingId: number, person: Person, extra: (string | number)[]): string {
  const key = JSON.stringify([site.slug, listingId, person.name.trim().replace(/\s+/g, ' ').toLowerCase(), person.email.trim().toLowerCase(), digits(person.phone), ...extra])
  return `${kind === 'jobs' ? 'APP' : 'VW'}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

function submitRequest(listing: Listing, form: URLSearchParams, context: Context): SiteReply {
  const {model, site} = context
  const get = (name: string) => (form.get(name) ?? '').trim()
  const errors = validateContact(form)
  const date = listing.kind === 'jobs' ? get('start_date') : get('date')
  const dateValid = /^\d{4}-\d{2}-\d{2}$/.test(date) && date.startsWith(`${model.calendar.year}-${pad(model.calendar.month)}-`) && isBookable(model, date)
  const person = {name: get('full_name'), email: get('email'), phone: get('phone')}
  let submission: Submission
  if (listing.kind === 'jobs') {
    const years = wholeNumber(get('years'), 0, 50)
    if (years === null) errors.push('Years of experience')
    if (!dateValid) errors.push('Start date')
    if (get('consent') !== 'yes') errors.push('Consent')
    if (errors.length > 0) return htmlReply(requestPage(listing, context, form, errors), 422)
    const reference = referenceFor(site, 'jobs', listing.id, person, [years!, date])
    submission = {kind: 'jobs', reference, listingId: listing.id, ...person, years: years!, startDate: date, note: get('note')}
  } else {
    const attendees = wholeNumber(get('attendees'), 1, 6)
    const time = model.timeSlots.includes(get('time')) ? get('time') : ''
    if (!dateValid) errors.push('Date')
    if (!time) errors.push('Time')
    if (attendees === null) errors.push('Attendees')
    if (errors.length > 0) return htmlReply(requestPage(listing, context, form, errors), 422)
    const reference = referenceFor(site, 'homes', listing.id, person, [date, time, attendees!])
    submission = {kind: 'homes', reference, listingId: listing.id, ...person, date, time, attendees: attendees!, note: get('note')}
  }
  if (!context.state.submissions.some((s) => s.reference === submission.reference)) context.state.submissions.push(submission)
  return redirect(`/confirmation/${submission.reference}`)
}

function confirmationPage(submission: Submission, context: Context): string {
  const {model} = context
  const listing = model.listings.find((l) => l.id === submission.listingId)!
  const terms = termsFor(model)
  const details =
    submission.kind === 'jobs'
      ? html`<tr><th>Position</th><td>${listingName(listing)}</td></tr><tr><th>Experience</th><td>${submission.years} years</td></tr><tr><th>Earliest start</th><td>${formatLongDate(submission.startDate)}</td></tr>`
      : html`<tr><th>Home</th><td>${listingName(listing)}</td></tr><tr><th>Viewing</th><td>${formatLongDate(submission.date)} at ${submission.time}</td></tr><tr><th>People attending</th><td>${submission.attendees}</td></tr>`
  return shell(
    context,
    submission.kind === 'jobs' ? 'Application sent' : 'Viewing requested',
    html`<section class="card prose confirmation">
      <h1>${submission.kind === 'jobs' ? 'Your application has been sent' : 'Your viewing request has been sent'}</h1>
      <p>Reference number: <strong class="reference-number">${submission.reference}</strong></p>
      <p>We emailed a copy to ${submission.email}. ${listing.kind === 'jobs' ? `${listing.company} usually replies within ten working days.` : `${listing.agent.name} will call you on ${submission.phone} to confirm.`}</p>
      <table class="facts-table"><tr><th>Name</th><td>${submission.name}</td></tr><tr><th>Email</th><td>${submission.email}</td></tr><tr><th>Phone</th><td>${submission.phone}</td></tr>${details}</table>
      <p><a class="btn btn-dark" href="${terms.base}">Back to all ${terms.many}</a></p>
    </section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const titleLink = (l: Listing): Target => ({selector: `a.listing-title[data-listing="${l.id}"]`, description: `the result "${l.kind === 'jobs' ? l.title : l.address}"`})
const mapArea = (area: Area): Target => ({selector: `svg.area-map a.map-area[data-area="${area.id}"]`, description: `the ${area.name} area on the map`})

function searchTerms(l: Listing): string {
  return l.kind === 'jobs' ? `${l.title} ${l.company}` : l.address
}

function openListing(l: Listing): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: searchTerms(l), submit: true},
    {op: 'click', target: titleLink(l)},
  ]
}

/** The listings an answer names: a job by its title and company, a home by its address. */
function mentionedListings(model: ListingsModel, answer: string | null): Listing[] {
  return model.listings.filter((l) => (l.kind === 'jobs' ? answerMentions(answer, l.title) && answerMentions(answer, l.company) : answerMentions(answer, l.address)))
}

function namedFact(model: ListingsModel, text: string, test: (l: Listing) => boolean): FactDef<ListingsState> {
  return {text, check: ({answer}) => mentionedListings(model, answer).some(test)}
}

function namesFact(model: ListingsModel, l: Listing): FactDef<ListingsState> {
  const text = l.kind === 'jobs' ? `The answer names the ${l.title} job at ${l.company}` : `The answer gives the address ${l.address}`
  return {text, check: ({answer}) => mentionedListings(model, answer).some((m) => m.id === l.id)}
}

function answerFact(text: string, expected: string | number): FactDef<ListingsState> {
  return {text, check: ({answer}) => answerMentions(answer, expected)}
}

function makeTasks(site: SiteInfo, model: ListingsModel): FixtureTaskDef<ListingsState>[] {
  const rng = rngFor(site, 'tasks')
  const picks = sample(rng, model.listings, 6)
  const tasks: FixtureTaskDef<ListingsState>[] = [detailLookup(site, picks[0]), contactLookup(site, picks[1])]
  const unique = uniqueMatchTask(site, model, rng)
  if (unique) tasks.push(unique)
  const top = bestInAreaTask(site, model, rng)
  if (top) tasks.push(top)
  tasks.push(saveTask(site, model, [picks[2], picks[3], picks[4]]))
  tasks.push(requestTask(site, model, picks[5], rng))
  return tasks
}

function lookupTask(key: string, intent: string, facts: FactDef<ListingsState>[], description: string, listing: Listing, reference: string): FixtureTaskDef<ListingsState> {
  return {key, kind: 'lookup', intent, groups: [{description, facts}], referenceAnswer: reference, solution: [...openListing(listing), {op: 'answer', text: reference}]}
}

/** Salary range of a job, or living area and year built of a home. */
function detailLookup(site: SiteInfo, l: Listing): FixtureTaskDef<ListingsState> {
  if (l.kind === 'jobs') {
    const reference = `${dollars(l.salaryMin)} – ${dollars(l.salaryMax)} a year`
    return lookupTask(
      `salary-${l.id}`,
      `On ${site.name}, what is the salary range of the ${l.title} job at ${l.company}?`,
      [answerFact(`The answer gives the lower end ${dollars(l.salaryMin)}`, dollars(l.salaryMin)), answerFact(`The answer gives the upper end ${dollars(l.salaryMax)}`, dollars(l.salaryMax))],
      'Salary range of the job',
      l,
      reference,
    )
  }
  const reference = `${l.size} m², built in ${l.yearBuilt}`
  return lookupTask(
    `size-${l.id}`,
    `On ${site.name}, what is the living area of the home at ${l.address}, and in what year was it built?`,
    [answerFact(`The answer gives the living area ${l.size} m²`, l.size), answerFact(`The answer gives the year built ${l.yearBuilt}`, l.yearBuilt)],
    'Details of the home',
    l,
    reference,
  )
}

/** Experience and job type of a job, or the listing agent of a home. */
function contactLookup(site: SiteInfo, l: Listing): FixtureTaskDef<ListingsState> {
  if (l.kind === 'jobs') {
    const years = l.experience === 0 ? 'no experience required' : `${l.experience} years of experience`
    const reference = `${years}, ${jobTypeLabel(l)}`
    return lookupTask(
      `experience-${l.id}`,
      `On ${site.name}, how many years of experience does the ${l.title} job at ${l.company} require, and is it full-time, part-time, remote or contract?`,
      [
        l.experience === 0 ? {text: 'The answer says no experience is required', check: ({answer}) => /\b(no|none|zero|0)\b/i.test(answer ?? '') && /experience|required|years?/i.test(answer ?? '')} : answerFact(`The answer gives ${l.experience} years of experience`, l.experience),
        answerFact(`The answer says the job is ${jobTypeLabel(l)}`, jobTypeLabel(l)),
      ],
      'Requirements of the job',
      l,
      reference,
    )
  }
  const reference = `${l.agent.name}, ${l.agent.phone}`
  return lookupTask(
    `agent-${l.id}`,
    `On ${site.name}, who is the listing agent for the home at ${l.address}, and what is the agent's phone number?`,
    [answerFact(`The answer names the agent ${l.agent.name}`, l.agent.name), {text: `The answer gives the phone number ${l.agent.phone}`, check: ({answer}) => digits(answer ?? '').includes(digits(l.agent.phone))}],
    'Listing agent',
    l,
    reference,
  )
}

function rangePhrase(model: ListingsModel, range: RangeOption): string {
  if (model.kind === 'jobs') return `a starting salary of at least ${dollars(range.min)}`
  const what = model.market === 'sale' ? 'an asking price' : 'a monthly rent'
  if (range.min === 0) return `${what} under ${dollars(range.max)}`
  if (range.max === Number.POSITIVE_INFINITY) return `${what} over ${dollars(range.min)}`
  return `${what} between ${dollars(range.min)} and ${dollars(range.max)}`
}

function typePhrase(model: ListingsModel, type: TypeOption): string {
  return model.kind === 'jobs' ? `${type.label.toLowerCase()} job` : `home with at least ${type.id} ${type.id === '1' ? 'bedroom' : 'bedrooms'}`
}

function typeFact(model: ListingsModel, type: TypeOption): FactDef<ListingsState> {
  return namedFact(model, model.kind === 'jobs' ? `The job named is ${type.label}` : `The home named has at least ${type.id} bedrooms`, (l) => typeMatches(l, type.id))
}

function chipSteps(area: Area, type: TypeOption, range?: RangeOption): SolutionStep[] {
  const steps: SolutionStep[] = [
    {op: 'click', target: mapArea(area)},
    {op: 'click', target: {selector: `a.chip-type[data-type="${type.id}"]`, description: `the "${type.label}" filter chip`}},
  ]
  if (range) steps.push({op: 'click', target: {selector: `a.chip-range[data-range="${range.id}"]`, description: `the "${range.label}" filter chip`}})
  return steps
}

/** The one listing in an area that also matches a range and a type chip; every filter is needed to single it out. */
function uniqueMatchTask(site: SiteInfo, model: ListingsModel, rng: SeededRandom): FixtureTaskDef<ListingsState> | undefined {
  const options: {area: Area; range: RangeOption; type: TypeOption; hit: Listing}[] = []
  for (const area of model.areas) {
    const inArea = model.listings.filter((l) => l.areaId === area.id)
    for (const range of model.ranges)
      for (const type of model.types) {
        const hits = inArea.filter((l) => inRange(l, range) && typeMatches(l, type.id))
        if (hits.length === 1 && inArea.filter((l) => typeMatches(l, type.id)).length >= 2 && inArea.filter((l) => inRange(l, range)).length >= 2) options.push({area, range, type, hit: hits[0]})
      }
  }
  if (options.length === 0) return undefined
  const {area, range, type, hit} = pick(rng, options)
  const terms = termsFor(model)
  const constraints: FactGroupDef<ListingsState> = {
    description: `The ${terms.one} meets every constraint`,
    facts: [
      namedFact(model, `The ${terms.one} named is in ${area.name}`, (l) => l.areaId === area.id),
      typeFact(model, type),
      namedFact(model, `The ${terms.one} named has ${rangePhrase(model, range)}`, (l) => inRange(l, range)),
    ],
  }
  if (hit.kind === 'jobs') {
    const reference = `${hit.title} at ${hit.company}, ${salaryText(hit)}`
    return {
      key: `match-${hit.id}`,
      kind: 'search',
      intent: `On ${site.name}, find the ${typePhrase(model, type)} in the ${area.name} region with ${rangePhrase(model, range)}. Give the job title, the company and the salary range.`,
      groups: [constraints, {description: 'It is the only such job', facts: [namesFact(model, hit), answerFact(`The answer gives the lower end ${dollars(hit.salaryMin)}`, dollars(hit.salaryMin)), answerFact(`The answer gives the upper end ${dollars(hit.salaryMax)}`, dollars(hit.salaryMax))]}],
      referenceAnswer: reference,
      solution: [...chipSteps(area, type, range), {op: 'answer', text: reference}],
    }
  }
  const reference = `${hit.address}, ${priceText(hit, model.market)}, ${hit.size} m²`
  return {
    key: `match-${hit.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the ${typePhrase(model, type)} in ${area.name} with ${rangePhrase(model, range)}. Give its address, its ${model.market === 'sale' ? 'asking price' : 'monthly rent'} and its living area.`,
    groups: [constraints, {description: 'It is the only such home', facts: [namesFact(model, hit), answerFact(`The answer gives the ${model.market === 'sale' ? 'price' : 'rent'} ${dollars(hit.price)}`, dollars(hit.price)), answerFact(`The answer gives the living area ${hit.size} m²`, hit.size)]}],
    referenceAnswer: reference,
    solution: [...chipSteps(area, type, range), {op: 'answer', text: reference}],
  }
}

/** The best-paid job of a type in an area, or the cheapest home with enough bedrooms in an area: needs the sort. */
function bestInAreaTask(site: SiteInfo, model: ListingsModel, rng: SeededRandom): FixtureTaskDef<ListingsState> | undefined {
  const jobs = model.kind === 'jobs'
  const options: {area: Area; type: TypeOption; best: Listing}[] = []
  for (const area of model.areas) {
    const inArea = model.listings.filter((l) => l.areaId === area.id)
    for (const type of model.types) {
      const hits = inArea.filter((l) => typeMatches(l, type.id)).sort((a, b) => (jobs ? rangeValue(b) - rangeValue(a) : rangeValue(a) - rangeValue(b)))
      if (hits.length >= 3 && hits.length < inArea.length && rangeValue(hits[0]) !== rangeValue(hits[1])) options.push({area, type, best: hits[0]})
    }
  }
  if (options.length === 0) return undefined
  const {area, type, best} = pick(rng, options)
  const sortId: SortId = jobs ? 'value-desc' : 'value-asc'
  const sortLabel = sortOptions(model).find((s) => s.id === sortId)!.label
  const value = dollars(rangeValue(best))
  const reference = `${listingName(best)}, ${jobs ? `starting at ${value}` : value}`
  const intent = jobs
    ? `On ${site.name}, which ${type.label.toLowerCase()} job in the ${area.name} region has the highest starting salary? Give the job title, the company and the starting salary.`
    : `On ${site.name}, what is the cheapest home in ${area.name} with at least ${type.id} ${type.id === '1' ? 'bedroom' : 'bedrooms'}? Give its address and ${model.market === 'sale' ? 'asking price' : 'monthly rent'}.`
  return {
    key: `best-${area.id}-${type.id}`,
    kind: 'search',
    intent,
    groups: [
      {description: 'The listing meets the constraints', facts: [namedFact(model, `The ${termsFor(model).one} named is in ${area.name}`, (l) => l.areaId === area.id), typeFact(model, type)]},
      {
        description: jobs ? 'It pays the most' : 'It is the cheapest',
        facts: [
          namesFact(model, best),
          answerFact(`The answer gives the ${jobs ? 'starting salary' : model.market === 'sale' ? 'price' : 'rent'} ${value}`, value),
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [...chipSteps(area, type), {op: 'click', target: {selector: `a.sort-option[data-sort="${sortId}"]`, description: `the "${sortLabel}" sort option`}}, {op: 'answer', text: reference}],
  }
}

function saveTask(site: SiteInfo, model: ListingsModel, chosen: Listing[]): FixtureTaskDef<ListingsState> {
  const terms = termsFor(model)
  const names = chosen.map(listingName)
  const savedFact = (l: Listing): FactDef<ListingsState> => ({text: `The ${listingName(l)} ${terms.one} is saved`, check: ({state}) => state.saved.includes(l.id)})
  const listText = model.kind === 'jobs' ? names.map((n) => `the ${n} job`).join('; ') : names.map((n) => `the home at ${n}`).join('; ')
  return {
    key: `save-${chosen.map((l) => l.id).join('-')}`,
    kind: 'state',
    intent: `On ${site.name}, save these three ${terms.many} to your saved list, and nothing else: ${listText}.`,
    groups: [
      {description: `The three ${terms.many} are saved`, facts: chosen.map(savedFact)},
      {description: 'Nothing else is saved', facts: [{text: `Exactly three ${terms.many} are saved`, check: ({state}) => state.saved.length === 3}]},
    ],
    referenceAnswer: null,
    solution: chosen.flatMap((l): SolutionStep[] => [...openListing(l), {op: 'click', target: {selector: 'button.save-listing', description: `the "Save this ${terms.one}" button`}}]),
  }
}

function bookableDays(model: ListingsModel): string[] {
  const {year, month} = model.calendar
  return Array.from({length: daysInMonth(year, month)}, (_, i) => isoDate(year, month, i + 1)).filter((iso) => isBookable(model, iso) && weekdayOf(iso) !== 6)
}

function contactSteps(person: Person): SolutionStep[] {
  const values: Record<string, string> = {full_name: person.name, email: person.email, phone: person.phone}
  return CONTACT_FIELDS.map((f) => ({op: 'type' as const, target: {selector: `#${f.name}`, description: `the ${f.label} field`}, text: values[f.name]}))
}

function requestTask(site: SiteInfo, model: ListingsModel, l: Listing, rng: SeededRandom): FixtureTaskDef<ListingsState> {
  const person = pick(rng, PEOPLE)
  const date = pick(rng, bookableDays(model))
  const forListing = (state: ListingsState) => state.submissions.filter((s) => s.listingId === l.id)
  const subFact = (text: string, test: (s: Submission) => boolean): FactDef<ListingsState> => ({text, check: ({state}) => forListing(state).some(test)})
  const contactGroup: FactGroupDef<ListingsState> = {
    description: 'Contact details',
    facts: [
      subFact(`The name given is ${person.name}`, (s) => s.name.replace(/\s+/g, ' ').toLowerCase() === person.name.toLowerCase()),
      subFact(`The email given is ${person.email}`, (s) => s.email.toLowerCase() === person.email),
      subFact(`The phone number given is ${person.phone}`, (s) => digits(s.phone) === digits(person.phone)),
    ],
  }
  const dayStep: SolutionStep = {op: 'click', target: {selector: `label[for="day-${date}"]`, description: `day ${dateParts(date)[2]} in the calendar`}}
  const submit: SolutionStep = {op: 'click', target: {selector: 'button.submit-request', description: `the "${termsFor(model).formButton}" button`}}
  const open: SolutionStep[] = [...openListing(l), {op: 'click', target: {selector: 'a.request-link', description: l.kind === 'jobs' ? 'the "Apply now" button' : 'the "Request a viewing" button'}}]
  if (l.kind === 'jobs') {
    const years = between(rng, 2, 9)
    const reference = referenceFor(site, 'jobs', l.id, person, [years, date])
    return {
      key: `apply-${l.id}`,
      kind: 'form',
      intent: `On ${site.name}, apply for the ${l.title} job at ${l.company} as ${person.name} (email ${person.email}, phone ${person.phone}), with ${years} years of relevant experience and an earliest start date of ${formatDate(date)}. Give consent to store the details, and tell me the application reference number.`,
      groups: [
        {description: 'The application', facts: [subFact(`An application for the ${l.title} job at ${l.company} was sent`, () => true)]},
        contactGroup,
        {description: 'Application answers', facts: [subFact(`${years} years of experience are given`, (s) => s.kind === 'jobs' && s.years === years), subFact(`The earliest start date is ${formatDate(date)}`, (s) => s.kind === 'jobs' && s.startDate === date)]},
        {description: 'Confirmation', facts: [answerFact(`The answer reports the reference ${reference}`, reference)]},
      ],
      referenceAnswer: reference,
      solution: [
        ...open,
        ...contactSteps(person),
        {op: 'type', target: {selector: '#years', description: 'the Years of relevant experience field'}, text: String(years)},
        dayStep,
        {op: 'click', target: {selector: 'label[for="consent"]', description: 'the consent checkbox'}},
        submit,
        {op: 'answer', text: reference},
      ],
    }
  }
  const time = pick(rng, model.timeSlots)
  const attendees = between(rng, 2, 4)
  const reference = referenceFor(site, 'homes', l.id, person, [date, time, attendees])
  return {
    key: `viewing-${l.id}`,
    kind: 'form',
    intent: `On ${site.name}, request a viewing of the home at ${l.address} for ${person.name} (email ${person.email}, phone ${person.phone}) on ${formatDate(date)} at ${time}, for ${attendees} people, and tell me the reference number.`,
    groups: [
      {description: 'The viewing request', facts: [subFact(`A viewing of ${l.address} was requested`, () => true)]},
      contactGroup,
      {
        description: 'Viewing details',
        facts: [
          subFact(`The date is ${formatDate(date)}`, (s) => s.kind === 'homes' && s.date === date),
          subFact(`The time is ${time}`, (s) => s.kind === 'homes' && s.time === time),
          subFact(`${attendees} people will attend`, (s) => s.kind === 'homes' && s.attendees === attendees),
        ],
      },
      {description: 'Confirmation', facts: [answerFact(`The answer reports the reference ${reference}`, reference)]},
    ],
    referenceAnswer: reference,
    solution: [
      ...open,
      ...contactSteps(person),
      dayStep,
      {op: 'click', target: {selector: `label[for="time-${time.replace(':', '')}"]`, description: `the ${time} time slot`}},
      {op: 'type', target: {selector: '#attendees', description: 'the Number of people attending field'}, text: String(attendees)},
      submit,
      {op: 'answer', text: reference},
    ],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Style and behaviour

const STEPPER_SCRIPT = `document.querySelectorAll('.step-btn').forEach(function(b){b.addEventListener('click',function(){var i=document.getElementById(b.getAttribute('data-for'));if(!i)return;var v=(parseInt(i.value,10)||0)+Number(b.getAttribute('data-step'));var lo=Number(i.getAttribute('data-min')),hi=Number(i.getAttribute('data-max'));i.value=String(Math.max(lo,Math.min(hi,v)));});});`

function familyCss(site: SiteInfo, model: ListingsModel): string {
  const {primary, accent, muted, radius} = site.theme
  const r = Math.min(radius, 10)
  const gridMin = model.kind === 'jobs' ? 300 : site.variant % 3 === 0 ? 230 : 280
  return `
.hero{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:18px}
.hero-plain{background:linear-gradient(120deg,${primary},${primary}cc);color:#fff}.hero-plain .muted{color:#eef}
.hero h1{font-size:30px}.hero-text{flex:1}
.hero-search{display:flex;gap:10px;align-items:flex-end;flex-wrap:wrap;margin-top:12px}
.hero-field{flex:1;min-width:180px}.hero-field input{width:100%}.hero-plain label{color:#fff}
.map-card{margin:0 0 16px}.map-card figcaption{margin-bottom:8px}.map-card figcaption h2{display:inline;margin-right:10px}
.map-body{display:flex;gap:16px;align-items:flex-start}
.area-map{flex:none;width:min(58%,${model.map.height > 300 ? 430 : 540}px);height:auto;border-radius:${r}px;border:1px solid rgba(0,0,0,.1)}
.area-map .map-area{cursor:pointer}.area-map .map-area polygon{stroke:#fff;stroke-width:3}

.area-map .map-overlay{pointer-events:none}
.area-map .map-label{font:700 21px ${site.theme.font};fill:#1d2733}.area-map text.on{fill:#fff}
.area-map .map-count{font:17px ${site.theme.font};fill:#3d4650}
.area-map .river{fill:none;stroke:#9cc7e6;stroke-width:12;stroke-linecap:round;opacity:.8}
.area-map .compass circle{fill:#fff;stroke:#777}.area-map .compass text{font:700 13px sans-serif;fill:#333}
.map-legend{list-style:none;margin:0;padding:0;flex:1;max-width:460px;columns:${model.areas.length > 6 ? 2 : 1};font-size:14px}.map-legend li{margin:3px 0;break-inside:avoid}
.area-toggle{color:inherit}.area-toggle.active{font-weight:700;color:${primary}}
.results-row.sidebar-right,.detail-row.sidebar-left{flex-direction:row-reverse}
.sidebar .card{margin-bottom:14px}
.chip-bar{margin-bottom:12px;padding-top:10px;padding-bottom:10px}
.chip-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0}
.chip-title{font-weight:700;min-width:120px;font-size:14px}
.chip{display:inline-block;padding:5px 12px;border:1px solid rgba(0,0,0,.2);border-radius:999px;font-size:14px;color:inherit;background:#fff}
.chip.active{background:${primary};border-color:${primary};color:#fff}
.toolbar{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap}.toolbar h1{font-size:24px}
.active-filters{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:4px 0 8px;font-size:14px}
.active-filter{background:${accent}33;border-radius:${r}px;padding:2px 8px;color:inherit}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap}
.results.list-view{display:flex;flex-direction:column;gap:12px}
.results.grid-view{display:grid;grid-template-columns:repeat(auto-fill,minmax(${gridMin}px,1fr));gap:14px}
.listing-card{position:relative;display:flex;gap:14px;align-items:flex-start}
.grid-view .listing-card{flex-direction:column}
.listing-card h3{font-size:17px;margin:0 0 2px}.listing-main{flex:1;min-width:0}
.listing-sub{font-size:14px;color:${muted}}
.listing-value{font-weight:700;font-size:17px;color:${primary};margin:4px 0}.listing-value.big{font-size:24px}
.snippet{font-size:14px;margin:4px 0;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.listing-foot{font-size:13px}
.logo-thumb{width:72px;height:54px;border-radius:6px;flex:none}
.house-thumb{width:240px;height:180px;object-fit:cover;border-radius:${r}px;flex:none}
.grid-view .house-thumb{width:100%;height:auto}
.home-facts{display:flex;gap:14px;font-size:14px;margin:4px 0}
.save-form{margin:0}.quick-save{font-size:13px;padding:4px 10px}.is-saved{color:${primary};border-color:${primary}}
.listing-card .save-form{position:absolute;top:12px;right:12px}
.facets ul{list-style:none;padding:0;margin:0}.facets li{margin:4px 0}.facets a.active{font-weight:700}
.detail-head{display:flex;gap:16px;align-items:center;margin-bottom:12px}.detail-logo{border-radius:8px}
.facts-table{margin:12px 0 18px}.facts-table th{width:38%}
.action-card .btn{display:block;width:100%;text-align:center;margin-top:10px}
.home-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;margin-bottom:12px}.home-head .listing-value{white-space:nowrap;margin:0}
.gallery{display:flex;gap:8px;margin-bottom:14px;height:300px}.gallery-main{width:66%;height:100%;object-fit:cover;border-radius:${r}px}
.gallery-thumbs{display:flex;flex-direction:column;gap:8px;flex:1;min-width:0}.gallery-thumbs img{width:100%;height:146px;object-fit:cover;border-radius:${r}px}
.agent-card img{border-radius:50%;width:90px;height:90px;object-fit:cover}
.energy{display:inline-block;padding:0 10px;color:#fff;font-weight:700;background:#2e7d32;border-radius:3px}
.energy-C,.energy-D{background:#f9a825}.energy-E,.energy-F{background:#c62828}
.similar{margin-top:20px}.similar-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.area-guide{display:grid;grid-template-columns:repeat(3,1fr);gap:14px}
.plain-list{list-style:none;padding:0;margin:0}.plain-list li{display:flex;gap:8px;align-items:center;margin:6px 0}
.compact td,.compact th{padding:4px 8px;font-size:14px}
.home-columns{margin-top:10px}
.stepper{display:flex;gap:0;align-items:stretch}.stepper input{width:70px;text-align:center;border-radius:0}
.step-btn{width:38px;border:1px solid #b8bec7;background:#f1f3f5;font-size:18px;cursor:pointer}
fieldset.field{border:1px solid rgba(0,0,0,.12);border-radius:${r}px;padding:10px 14px}fieldset legend{font-weight:700;padding:0 4px}
.cal-head{font-weight:700;margin-bottom:6px}
.cal-grid{display:grid;grid-template-columns:repeat(7,44px);gap:4px}
.dow{font-size:12px;color:${muted};text-align:center}
.day,.slot{display:flex;align-items:center;justify-content:center;height:36px;border:1px solid rgba(0,0,0,.15);border-radius:6px;cursor:pointer;font-weight:600;margin:0;background:#fff}
.day.disabled{color:#bbb;background:#f4f4f4;cursor:default;font-weight:400}.day.blank{border:none;background:none}
.day-radio,.slot-radio{position:absolute;opacity:0;width:1px;height:1px}
.day-radio:checked+label,.slot-radio:checked+label{background:${primary};color:#fff;border-color:${primary}}
.slots{display:flex;gap:8px;flex-wrap:wrap}.slot{padding:0 16px}.slots .error-text,.slots legend{width:100%}
.request-summary img{width:100%;height:auto;border-radius:${r}px;margin-bottom:8px}
.reference-number{font-size:22px;letter-spacing:1px}
`
}
