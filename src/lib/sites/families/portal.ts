import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../schema/solution.js'
import {answerMentions, formatMoney} from '../check-helpers.js'
import {slugify} from '../slug.js'
import {html, queryString, raw, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {Theme} from '../theme.js'
import type {FactDef, FactGroupDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// A public service portal of a city: a service catalogue with search, service pages (eligibility, fees, documents,
// processing times), a four-step application form with server-side validation, appointment booking on a calendar
// of free slots, and an office locator with opening hours.

// ---------------------------------------------------------------------------------------------------------------
// Model

interface Category {
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

interface Service {
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
type DayHours = {open: number; close: number} | null

interface Office {
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

interface Reason {
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

// ---------------------------------------------------------------------------------------------------------------
// State

interface Applicant {
  firstName: string
  lastName: string
  dob: string
  email: string
  phone: string
}

interface Address {
  street: string
  unit: string
  city: string
  zip: string
}

interface ServiceOptions {
  choice: string
  processing: 'standard' | 'expedited'
  extras: string[]
}

interface Draft {
  applicant?: Applicant
  address?: Address
  options?: ServiceOptions
}

interface Application {
  number: string
  serviceSlug: string
  applicant: Applicant
  address: Address
  options: ServiceOptions
  total: number
}

interface Appointment {
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

type Context = SiteContext<PortalModel, PortalState>

// ---------------------------------------------------------------------------------------------------------------
// Content pools

const CITIES = ['Brookhaven', 'Lakemont', 'Fairmont Falls', 'Harrowgate', 'Port Calder', 'Pinebrook', 'Redwater', 'Greystone', 'Clearwater Bay', 'Stillwater', 'Kingsbridge', 'Elmstead']

const CATEGORIES: Category[] = [
  {id: 'building', name: 'Building & Property', blurb: 'Permits for building work, demolition, fences, trees and home businesses.'},
  {id: 'business', name: 'Business & Trade', blurb: 'Licences for businesses, food vendors, street traders, signs and drivers.'},
  {id: 'vehicles', name: 'Vehicles & Parking', blurb: 'Parking permits, accessible parking, driving licences and vehicle registration.'},
  {id: 'family', name: 'Family & Support', blurb: 'Financial help for housing, child care, energy bills, school costs and travel.'},
  {id: 'records', name: 'Identity & Records', blurb: 'Certificates, marriage licences, passports, name changes and residency.'},
  {id: 'environment', name: 'Health & Environment', blurb: 'Dog licences, waste collection, compost bins, pest control and water testing.'},
  {id: 'events', name: 'Events & Recreation', blurb: 'Park events, street parties, sports fields, fishing and community halls.'},
]

const DOCUMENTS: Record<string, string> = {
  'Proof of identity': 'Passport, national identity card or driving licence',
  'Proof of address': 'Utility bill or bank statement dated within the last 3 months',
  'Passport-style photo': '45 x 35 mm, plain light background, taken within the last month',
  'Site plan': 'Scaled drawing showing the property boundaries and the proposed work',
  'Construction drawings': 'Floor plans and elevations signed by the designer',
  'Proof of ownership': 'Title deed, or the written consent of the owner',
  'Certificate of insurance': 'Public liability insurance valid for the whole period',
  'Business registration number': 'As shown on your certificate of incorporation',
  'Food safety certificate': 'Level 2 food hygiene certificate or equivalent',
  'Vehicle registration certificate': 'The current registration document of the vehicle',
  'Medical certificate': 'Completed by a licensed doctor within the last 6 months',
  'Birth certificate': 'Original or certified copy',
  'Income statement': 'Payslips or tax assessment covering the last 3 months',
  'Tenancy agreement': 'Or a mortgage statement in your name',
  'Vaccination record': 'Rabies vaccination certificate signed by a veterinarian',
  'Event plan': 'Layout, expected attendance, times and stewarding arrangements',
  'Current licence card': 'Front and back, even if it has expired',
  'Witness details': 'Names and dates of birth of two adult witnesses',
  'Medical certificate of cause of death': 'Issued by the attending doctor or hospital',
  'Deed poll': 'Signed and witnessed',
  'Proof of disability': 'Benefit award letter or a medical assessment',
  'Tree survey': 'Species, size and condition, prepared by a qualified arborist',
  'School enrolment letter': 'Issued for the current school year',
  'Energy bill': 'Your most recent bill showing the account holder',
  'Proof of age': 'Birth certificate, passport or identity card',
  'Route plan': 'Roads, dates and times of the journey',
}

interface ServiceTemplate {
  name: string
  categoryId: string
  summary: string
  eligibility: string
  documents: string[]
  option: {label: string; choices: string[]}
  /** Range of the first choice's fee; [0, 0] for a free service. */
  fee: [number, number]
  days: [number, number]
  expedited: boolean
}

const TEMPLATES: ServiceTemplate[] = [
  {name: 'Building permit', categoryId: 'building', summary: 'Permission for extensions, new homes and major renovations before work starts.', eligibility: 'You own the property or have the owner’s written consent.', documents: ['Site plan', 'Construction drawings', 'Proof of ownership', 'Proof of identity'], option: {label: 'Project type', choices: ['Renovation', 'Extension', 'New dwelling']}, fee: [180, 420], days: [20, 40], expedited: true},
  {name: 'Fence and deck permit', categoryId: 'building', summary: 'Approval for fences over 1.2 m and raised decks or platforms.', eligibility: 'The structure is on land you own or lease with the owner’s consent.', documents: ['Site plan', 'Proof of ownership', 'Proof of address'], option: {label: 'Structure', choices: ['Fence', 'Deck', 'Fence and deck']}, fee: [45, 120], days: [5, 15], expedited: true},
  {name: 'Tree removal permit', categoryId: 'building', summary: 'Permission to fell or heavily prune protected trees on private land.', eligibility: 'The tree is on your property and is not in a conservation area.', documents: ['Tree survey', 'Site plan', 'Proof of ownership'], option: {label: 'Number of trees', choices: ['1 tree', '2 to 5 trees', 'More than 5 trees']}, fee: [35, 90], days: [10, 20], expedited: false},
  {name: 'Demolition permit', categoryId: 'building', summary: 'Required before taking down any building or a large part of one.', eligibility: 'Utilities to the building have been disconnected or scheduled for disconnection.', documents: ['Site plan', 'Proof of ownership', 'Certificate of insurance'], option: {label: 'Building size', choices: ['Shed or garage', 'House', 'Commercial building']}, fee: [120, 380], days: [15, 30], expedited: true},
  {name: 'Home occupation permit', categoryId: 'building', summary: 'Run a small business from your home without changing its residential use.', eligibility: 'You live at the address and no more than two employees work there.', documents: ['Proof of address', 'Tenancy agreement', 'Business registration number'], option: {label: 'Business type', choices: ['Office only', 'Client visits', 'Workshop']}, fee: [40, 110], days: [7, 20], expedited: false},
  {name: 'Business licence', categoryId: 'business', summary: 'Every business trading within the city limits needs a licence.', eligibility: 'The business is registered and has a trading address in the city.', documents: ['Business registration number', 'Proof of identity', 'Proof of address', 'Certificate of insurance'], option: {label: 'Licence term', choices: ['1 year', '3 years']}, fee: [85, 190], days: [5, 15], expedited: true},
  {name: 'Food vendor permit', categoryId: 'business', summary: 'Sell prepared food from a truck, market stall or temporary kiosk.', eligibility: 'At least one person on site holds a food safety certificate.', documents: ['Food safety certificate', 'Certificate of insurance', 'Business registration number', 'Proof of identity'], option: {label: 'Vendor type', choices: ['Market stall', 'Pop-up kiosk', 'Food truck']}, fee: [110, 290], days: [10, 25], expedited: true},
  {name: 'Street trading licence', categoryId: 'business', summary: 'Trade goods from a pitch on a public street or square.', eligibility: 'You are 18 or older and have the right to work.', documents: ['Proof of identity', 'Passport-style photo', 'Certificate of insurance'], option: {label: 'Trading days', choices: ['Weekends only', 'Weekdays only', 'All week']}, fee: [60, 170], days: [10, 20], expedited: false},
  {name: 'Sign permit', categoryId: 'business', summary: 'Put up a permanent sign on or in front of business premises.', eligibility: 'The sign advertises a business trading at the same address.', documents: ['Site plan', 'Proof of ownership', 'Business registration number'], option: {label: 'Sign type', choices: ['Wall sign', 'Projecting sign', 'Freestanding sign']}, fee: [40, 110], days: [5, 15], expedited: true},
  {name: 'Taxi driver licence', categoryId: 'business', summary: 'Drive a licensed taxi or private hire vehicle in the city.', eligibility: 'You are 21 or older and have held a full driving licence for 3 years.', documents: ['Medical certificate', 'Proof of identity', 'Passport-style photo', 'Current licence card'], option: {label: 'Licence term', choices: ['1 year', '3 years']}, fee: [75, 160], days: [15, 30], expedited: true},
  {name: 'Residential parking permit', categoryId: 'vehicles', summary: 'Park in the permit zone where you live.', eligibility: 'You live in a permit zone and the vehicle is registered to your address.', documents: ['Vehicle registration certificate', 'Proof of address', 'Tenancy agreement'], option: {label: 'Permit length', choices: ['3 months', '6 months', '12 months']}, fee: [20, 60], days: [3, 10], expedited: true},
  {name: 'Accessible parking badge', categoryId: 'vehicles', summary: 'Park closer to your destination if you have limited mobility.', eligibility: 'You have a permanent disability that limits your walking.', documents: ['Proof of disability', 'Proof of identity', 'Passport-style photo'], option: {label: 'Badge type', choices: ['Driver', 'Passenger', 'Organisation']}, fee: [10, 25], days: [10, 20], expedited: false},
  {name: 'Driving licence renewal', categoryId: 'vehicles', summary: 'Renew a licence that has expired or expires in the next 3 months.', eligibility: 'Your current licence was issued in this state.', documents: ['Current licence card', 'Passport-style photo', 'Medical certificate'], option: {label: 'Licence class', choices: ['Car', 'Motorcycle', 'Car and motorcycle']}, fee: [35, 80], days: [5, 15], expedited: true},
  {name: 'Vehicle registration', categoryId: 'vehicles', summary: 'Register a vehicle you have bought or brought into the city.', eligibility: 'The vehicle is insured and kept at an address in the city.', documents: ['Proof of ownership', 'Certificate of insurance', 'Proof of identity'], option: {label: 'Vehicle type', choices: ['Car', 'Motorcycle', 'Trailer']}, fee: [55, 140], days: [3, 10], expedited: true},
  {name: 'Oversize vehicle permit', categoryId: 'vehicles', summary: 'Move a wide, long or heavy load on city roads.', eligibility: 'The vehicle and load are insured for the whole journey.', documents: ['Vehicle registration certificate', 'Route plan', 'Certificate of insurance'], option: {label: 'Permit length', choices: ['Single trip', '30 days', '1 year']}, fee: [45, 120], days: [3, 12], expedited: true},
  {name: 'Child care subsidy', categoryId: 'family', summary: 'Help with the cost of licensed child care for working families.', eligibility: 'Household income is below the published threshold.', documents: ['Income statement', 'Birth certificate', 'Proof of address'], option: {label: 'Care type', choices: ['Full day', 'Part day', 'After school']}, fee: [0, 0], days: [15, 30], expedited: false},
  {name: 'Housing assistance', categoryId: 'family', summary: 'Rent support for households at risk of losing their home.', eligibility: 'You have lived in the city for at least 6 months.', documents: ['Income statement', 'Tenancy agreement', 'Proof of identity'], option: {label: 'Household size', choices: ['1 person', '2 to 3 people', '4 or more people']}, fee: [0, 0], days: [15, 35], expedited: false},
  {name: 'Senior transit pass', categoryId: 'family', summary: 'Reduced fares on city buses and trams for residents over 65.', eligibility: 'You are 65 or older and live in the city.', documents: ['Proof of age', 'Proof of address', 'Passport-style photo'], option: {label: 'Pass type', choices: ['Off-peak', 'All day']}, fee: [10, 25], days: [5, 15], expedited: true},
  {name: 'Energy bill rebate', categoryId: 'family', summary: 'A one-off credit on the winter heating bill of eligible homes.', eligibility: 'The energy account is in your name at your home address.', documents: ['Energy bill', 'Income statement', 'Proof of identity'], option: {label: 'Heating type', choices: ['Gas', 'Electric', 'Oil or other']}, fee: [0, 0], days: [20, 40], expedited: false},
  {name: 'School uniform grant', categoryId: 'family', summary: 'A grant towards school uniform for children starting a new school year.', eligibility: 'Your child attends a public school in the city.', documents: ['School enrolment letter', 'Income statement', 'Proof of address'], option: {label: 'School level', choices: ['Primary', 'Secondary']}, fee: [0, 0], days: [10, 25], expedited: false},
  {name: 'Birth certificate copy', categoryId: 'records', summary: 'Order a copy of a birth registered in the city.', eligibility: 'You are the person named, a parent, or have their written consent.', documents: ['Proof of identity', 'Proof of address'], option: {label: 'Copy type', choices: ['Short form', 'Full form', 'Certified full form']}, fee: [15, 35], days: [5, 12], expedited: true},
  {name: 'Marriage licence', categoryId: 'records', summary: 'The licence you need before a marriage can take place in the city.', eligibility: 'Both partners are 18 or older and not currently married.', documents: ['Proof of identity', 'Birth certificate', 'Witness details'], option: {label: 'Ceremony type', choices: ['Civil ceremony', 'Religious ceremony']}, fee: [60, 140], days: [10, 25], expedited: true},
  {name: 'Death certificate copy', categoryId: 'records', summary: 'Order a copy of a death registered in the city.', eligibility: 'You are a relative, the executor, or have a legal interest.', documents: ['Proof of identity', 'Medical certificate of cause of death'], option: {label: 'Copy type', choices: ['Standard copy', 'Certified copy']}, fee: [12, 30], days: [5, 12], expedited: true},
  {name: 'Residency registration', categoryId: 'records', summary: 'Register your address when you move into or within the city.', eligibility: 'You intend to live at the new address for at least 3 months.', documents: ['Proof of identity', 'Tenancy agreement', 'Proof of address'], option: {label: 'Registration reason', choices: ['Moving into the city', 'Moving within the city']}, fee: [10, 25], days: [3, 10], expedited: false},
  {name: 'Name change registration', categoryId: 'records', summary: 'Record a change of name on city records and certificates.', eligibility: 'You are 16 or older, or a parent applying for a child.', documents: ['Deed poll', 'Birth certificate', 'Proof of identity'], option: {label: 'Reason for change', choices: ['Marriage or civil partnership', 'Deed poll', 'Court order']}, fee: [35, 90], days: [10, 20], expedited: true},
  {name: 'Passport application', categoryId: 'records', summary: 'Apply for a first passport or replace a lost one through the city office.', eligibility: 'You are a citizen and can attend an identity check in person.', documents: ['Birth certificate', 'Passport-style photo', 'Proof of identity'], option: {label: 'Passport type', choices: ['Child 5-year', 'Adult 10-year', 'Frequent traveller 10-year']}, fee: [70, 150], days: [15, 30], expedited: true},
  {name: 'Dog licence', categoryId: 'environment', summary: 'Every dog over 6 months old kept in the city must be licensed.', eligibility: 'The dog lives at an address in the city.', documents: ['Vaccination record', 'Proof of address'], option: {label: 'Licence term', choices: ['1 year', 'Lifetime']}, fee: [20, 45], days: [3, 10], expedited: false},
  {name: 'Bulky waste collection', categoryId: 'environment', summary: 'Book a kerbside collection of furniture, appliances and other large items.', eligibility: 'The items come from a household, not a business.', documents: ['Proof of address'], option: {label: 'Number of items', choices: ['Up to 3 items', '4 to 6 items', '7 to 10 items']}, fee: [25, 55], days: [5, 15], expedited: true},
  {name: 'Compost bin request', categoryId: 'environment', summary: 'Get a home compost bin delivered to your address.', eligibility: 'One bin per household every 5 years.', documents: ['Proof of address'], option: {label: 'Bin size', choices: ['Small (140 L)', 'Large (240 L)']}, fee: [15, 35], days: [5, 15], expedited: false},
  {name: 'Private well water test', categoryId: 'environment', summary: 'Have the water from a private well tested by the city laboratory.', eligibility: 'The well supplies drinking water to a home in the city.', documents: ['Proof of address', 'Site plan'], option: {label: 'Test package', choices: ['Bacteria only', 'Bacteria and chemicals']}, fee: [35, 90], days: [5, 15], expedited: true},
  {name: 'Pest control service', categoryId: 'environment', summary: 'A licensed technician treats your home for common pests.', eligibility: 'You live at the address or manage the property.', documents: ['Proof of address', 'Proof of identity'], option: {label: 'Pest', choices: ['Rats and mice', 'Wasps', 'Cockroaches']}, fee: [40, 95], days: [3, 10], expedited: true},
  {name: 'Park event permit', categoryId: 'events', summary: 'Hold an organised event, concert or fair in a city park.', eligibility: 'The organiser is 18 or older and holds event insurance.', documents: ['Event plan', 'Certificate of insurance', 'Proof of identity'], option: {label: 'Expected attendance', choices: ['Up to 50', '51 to 250', 'Over 250']}, fee: [50, 150], days: [15, 30], expedited: true},
  {name: 'Street party permit', categoryId: 'events', summary: 'Close your street for a neighbourhood party or celebration.', eligibility: 'Most households on the street support the party.', documents: ['Event plan', 'Proof of address'], option: {label: 'Road closure', choices: ['No closure', 'Partial closure', 'Full closure']}, fee: [15, 45], days: [10, 25], expedited: false},
  {name: 'Sports field booking', categoryId: 'events', summary: 'Reserve a city sports field for a match or training season.', eligibility: 'Clubs and groups with a named contact person.', documents: ['Proof of identity', 'Certificate of insurance'], option: {label: 'Booking', choices: ['Single session', 'Season of 12 sessions']}, fee: [30, 80], days: [3, 10], expedited: true},
  {name: 'Fishing licence', categoryId: 'events', summary: 'Fish in city lakes, rivers and reservoirs.', eligibility: 'Anyone aged 12 or older; children under 12 fish free.', documents: ['Proof of age', 'Proof of address'], option: {label: 'Licence term', choices: ['1 day', '7 days', '1 year']}, fee: [8, 20], days: [3, 7], expedited: true},
  {name: 'Community hall hire', categoryId: 'events', summary: 'Hire a community hall for meetings, classes or private celebrations.', eligibility: 'The person booking is 21 or older.', documents: ['Proof of identity', 'Proof of address', 'Event plan'], option: {label: 'Hire length', choices: ['Evening', 'Half day', 'Full day']}, fee: [70, 200], days: [5, 15], expedited: true},
]

const CATEGORY_ELIGIBILITY: Record<string, string[]> = {
  building: ['The property is within the city limits.', 'Work has not started yet: permits cannot be issued for completed work.', 'You have paid any outstanding property taxes.'],
  business: ['The business trades within the city limits.', 'You have no unpaid city fines or fees.', 'The applicant is 18 or older.'],
  vehicles: ['You are a resident of the city.', 'The vehicle is insured.', 'You have no unpaid parking fines.'],
  family: ['You are a resident of the city.', 'You have not received the same support in the last 12 months.', 'You give consent for the city to check the information you provide.'],
  records: ['The record was registered in the city.', 'You can prove your identity.', 'The applicant is 16 or older.'],
  environment: ['The address is within the city limits.', 'The property is residential.', 'You have no unpaid service charges.'],
  events: ['The organiser is 18 or older.', 'The event is open to the public or to a named group.', 'You accept the city’s conditions of use.'],
}

const EXTRA_POOL: {id: string; label: string; fee: [number, number]}[] = [
  {id: 'post', label: 'Printed copy sent by post', fee: [4, 8]},
  {id: 'sms', label: 'Text message status updates', fee: [0, 0]},
  {id: 'copy', label: 'Additional certified copy', fee: [10, 20]},
  {id: 'courier', label: 'Tracked courier delivery', fee: [9, 15]},
  {id: 'interpreter', label: 'Interpreter at any appointment', fee: [0, 0]},
  {id: 'large-print', label: 'Large-print documents', fee: [0, 0]},
]

const OFFICE_NAMES = ['City Hall Service Centre', 'Northgate Customer Service Office', 'Riverside Civic Centre', 'Eastfield Library Service Point', 'Harbour Road Service Centre', 'Elmwood Community Hub', 'Southgate Registry Office', 'Old Town Permit Counter']
const STREETS = ['Market Street', 'Quay Road', 'Elm Avenue', 'Station Road', 'Civic Square', 'Mill Lane', 'Church Street', 'Victoria Parade', 'Oak Drive', 'Bridge Street', 'Garden Row', 'High Street']
const OFFICE_NOTES = ['Step-free access from the main entrance.', 'Free parking for 2 hours behind the building.', 'Next to the central bus station.', 'Hearing loop available at every counter.', 'Entrance through the library.', 'Cash is not accepted at this office.']

const REASONS: Reason[] = [
  {id: 'identity', name: 'Identity document check', minutes: 20, description: 'Show original documents for a passport, licence or certificate application.'},
  {id: 'licence-photo', name: 'Driving licence photo and eye test', minutes: 30, description: 'Have your photo taken and your eyesight tested for a new or renewed licence.'},
  {id: 'marriage', name: 'Marriage licence interview', minutes: 45, description: 'Both partners attend with their documents and two witnesses’ details.'},
  {id: 'permit-advice', name: 'Building permit pre-application meeting', minutes: 60, description: 'Discuss your plans with a building officer before you apply.'},
  {id: 'residency', name: 'Residency registration', minutes: 30, description: 'Register your new address and collect your residency certificate.'},
  {id: 'business-advice', name: 'Business licensing advice', minutes: 45, description: 'Get help choosing the right licence for your business.'},
  {id: 'benefits', name: 'Benefits and support advice', minutes: 45, description: 'Talk to an adviser about housing, child care and other support.'},
  {id: 'certified-copies', name: 'Certified copies and notary service', minutes: 15, description: 'Have copies of your documents certified while you wait.'},
]

const NOTICES = [
  'All offices are closed on public holidays. Online services stay available.',
  'New: pay permit fees by card at every service counter.',
  'Planned maintenance: online payments may be slow on Sunday mornings between 02:00 and 04:00.',
  'Winter energy bill rebates open for applications until the end of the season.',
  'Bring your booking reference to every appointment.',
  'Dog licences now last a lifetime for neutered dogs.',
]

/** Closed on these dates, and no bookings are offered on them. */
const HOLIDAYS: Record<string, string> = {
  '2026-01-01': 'New Year’s Day',
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-25': 'Memorial Day',
  '2026-07-03': 'Independence Day (observed)',
  '2026-09-07': 'Labor Day',
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
}

const FIRST_NAMES = ['Dana', 'Ravi', 'Lena', 'Marcus', 'Sofia', 'Tomasz', 'Amara', 'Felix', 'Hannah', 'Kenji', 'Olivia', 'Mateo']
const LAST_NAMES = ['Whitfield', 'Menon', 'Fischer', 'Hale', 'Novak', 'Okafor', 'Lindqvist', 'Moreau', 'Castillo', 'Brennan', 'Tanaka', 'Abbott']
const HOME_STREETS = ['Orchard Lane', 'Birch Close', 'Linden Road', 'Cedar Court', 'Willow Way', 'Hawthorn Street', 'Meadow View', 'Chestnut Grove']

const BOOKING_WINDOW_DAYS = 42
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export const portal: SiteFamily<PortalModel, PortalState> = {
  id: 'portal',
  domain: 'Misc.',
  subdomain: 'Legal & Government Services',
  brandWords: {
    first: ['Civic', 'Municipal', 'Citizen', 'Township', 'County', 'Borough', 'Capital', 'Commonwealth', 'Cityhall', 'Resident'],
    second: ['Services', 'Portal', 'Gateway', 'Online', 'Connect', 'Direct', 'Counter', 'Desk'],
  },
  model: makeModel,
  initialState: () => ({drafts: {}, applications: [], appointments: []}),
  handle,
  tasks: makeTasks,
}

// ---------------------------------------------------------------------------------------------------------------
// Model building

function makeModel(site: SiteInfo, rng: SeededRandom): PortalModel {
  const city = pick(rng, CITIES)
  const zipPrefix = String(between(rng, 200, 980))
  const month = between(rng, 2, 9)
  const today = isoDate(2026, month, between(rng, 2, 24))
  const services = makeServices(rng, today)
  const reasons = sample(rng, REASONS, 5)
  return {
    city,
    cityCode: city.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase(),
    currency: pick(rng, ['$', '$', '£', '€']),
    clock: rng.below(2) === 0 ? '24h' : '12h',
    today,
    categories: CATEGORIES,
    services,
    offices: makeOffices(rng, zipPrefix, reasons),
    reasons,
    notices: sample(rng, NOTICES, 3),
    layout: {
      catalogue: site.variant % 2 === 0 ? 'grid' : 'list',
      sidebar: Math.floor(site.variant / 2) % 2 === 0 ? 'left' : 'right',
      homeColumns: Math.floor(site.variant / 4) % 2 === 0 ? 3 : 4,
      steps: Math.floor(site.variant / 8) % 2 === 0 ? 'circles' : 'tabs',
      offices: rng.below(2) === 0 ? 'cards' : 'rows',
    },
  }
}

function makeServices(rng: SeededRandom, today: string): Service[] {
  const services: Service[] = []
  const codes = new Set<string>()
  for (const category of CATEGORIES) {
    const templates = TEMPLATES.filter((t) => t.categoryId === category.id)
    for (const template of sample(rng, templates, between(rng, 4, templates.length))) {
      let code = template.name.split(/\s+/).filter((w) => !['and', 'of'].includes(w)).map((w) => w.charAt(0).toUpperCase()).join('').slice(0, 3)
      while (codes.has(code)) code = `${code}${codes.size % 10}`
      codes.add(code)
      services.push(makeService(rng, template, code, today))
    }
  }
  // The application task needs one online service with expedited processing.
  if (!services.some((s) => s.online && s.expeditedFee !== null)) services.find((s) => s.expeditedFee !== null)!.online = true
  return services
}

function roundFee(amount: number): number {
  return amount >= 20 ? Math.round(amount / 5) * 5 : Math.round(amount)
}

function makeService(rng: SeededRandom, template: ServiceTemplate, code: string, today: string): Service {
  const base = between(rng, template.fee[0], template.fee[1])
  const step = 1.4 + rng.below(5) / 10
  const choices = template.option.choices.map((label, i) => ({label, fee: roundFee(base * step ** i)}))
  const standardDays = between(rng, template.days[0], template.days[1])
  const extras = sample(rng, EXTRA_POOL, between(rng, 2, 3)).map((e) => ({id: e.id, label: e.label, fee: between(rng, e.fee[0], e.fee[1])}))
  const documentNames = template.documents.length <= 3 ? template.documents : sample(rng, template.documents, between(rng, 3, template.documents.length))
  return {
    slug: slugify(template.name),
    code,
    name: template.name,
    categoryId: template.categoryId,
    summary: template.summary,
    eligibility: [template.eligibility, ...sample(rng, CATEGORY_ELIGIBILITY[template.categoryId]!, 2)],
    documents: template.documents.filter((d) => documentNames.includes(d)).map((name) => ({name, detail: DOCUMENTS[name]!})),
    option: {label: template.option.label, choices},
    expeditedFee: template.expedited && base > 0 ? roundFee(Math.max(10, base * (0.4 + rng.below(4) / 10))) : null,
    extras,
    standardDays,
    expeditedDays: Math.max(1, Math.ceil(standardDays / (3 + rng.below(2)))),
    online: rng.below(6) !== 0,
    updated: addDays(today, -between(rng, 5, 200)),
  }
}

function makeOffices(rng: SeededRandom, zipPrefix: string, reasons: Reason[]): Office[] {
  const names = sample(rng, OFFICE_NAMES, between(rng, 4, 5))
  const streets = sample(rng, STREETS, names.length)
  const zips = sample(rng, Array.from({length: 90}, (_, i) => `${zipPrefix}${String(i + 10)}`), names.length)
  const offices = names.map((name, i) => ({
    id: slugify(name.split(' ').slice(0, 2).join(' ')),
    name,
    street: `${between(rng, 2, 240)} ${streets[i]}`,
    zip: zips[i]!,
    phone: `(555) 0${between(rng, 10, 99)}-${between(rng, 1000, 9999)}`,
    hours: weeklyHours(rng, i),
    reasonIds: sample(rng, reasons, between(rng, 3, reasons.length)).map((r) => r.id),
    note: pick(rng, OFFICE_NOTES),
  }))
  for (const reason of reasons) if (!offices.some((o) => o.reasonIds.includes(reason.id))) offices[0]!.reasonIds.push(reason.id)
  for (const office of offices) office.reasonIds = reasons.filter((r) => office.reasonIds.includes(r.id)).map((r) => r.id)
  // When every office keeps the same hours, the first one opens on Sundays, so "which office is open when" has one answer.
  if (uniqueOpenings(offices).length === 0) offices[0]!.hours[6] = {open: 600, close: 840}
  return offices
}

/** Days and times at which exactly one office is open, away from every office's opening and closing time. */
function uniqueOpenings(offices: Office[]): {day: number; minutes: number; office: Office}[] {
  const found: {day: number; minutes: number; office: Office}[] = []
  for (let day = 0; day < 7; day++)
    for (let minutes = 450; minutes <= 1200; minutes += 30) {
      const open = offices.filter((o) => openNow(o, day, minutes))
      const onBoundary = offices.some((o) => o.hours[day] && (o.hours[day]!.open === minutes || o.hours[day]!.close === minutes))
      if (open.length === 1 && !onBoundary) found.push({day, minutes, office: open[0]!})
    }
  return found
}

function weeklyHours(rng: SeededRandom, index: number): DayHours[] {
  const open = pick(rng, [480, 510, 540])
  const close = pick(rng, [960, 990, 1020])
  const hours: DayHours[] = Array.from({length: 5}, () => ({open, close}))
  if (rng.below(3) === 0) hours[between(rng, 0, 4)] = {open, close: pick(rng, [1110, 1140])}
  if (index > 0 && rng.below(4) === 0) hours[between(rng, 0, 4)] = null
  const saturday = rng.below(3) === 0 ? {open: pick(rng, [540, 600]), close: pick(rng, [720, 780])} : null
  const sunday = rng.below(8) === 0 ? {open: 600, close: 840} : null
  return [...hours, saturday, sunday]
}

// ---------------------------------------------------------------------------------------------------------------
// Dates, times and money

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function toUtc(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!))
}

function addDays(iso: string, days: number): string {
  const date = toUtc(iso)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** 0 = Monday … 6 = Sunday. */
function weekdayOf(iso: string): number {
  return (toUtc(iso).getUTCDay() + 6) % 7
}

function longDate(iso: string): string {
  const date = toUtc(iso)
  return `${DAY_NAMES[weekdayOf(iso)]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number)
  return `${MONTH_NAMES[m! - 1]} ${y}`
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y! * 12 + (m! - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  return (ty! - fy!) * 12 + (tm! - fm!)
}

/** The date `days` working days after `iso` (weekends and holidays skipped). */
function addWorkingDays(iso: string, days: number): string {
  let date = iso
  for (let left = days; left > 0; ) {
    date = addDays(date, 1)
    if (weekdayOf(date) < 5 && !HOLIDAYS[date]) left--
  }
  return date
}

function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

function displayTime(model: PortalModel, minutes: number): string {
  if (model.clock === '24h') return clockTime(minutes)
  const hour = Math.floor(minutes / 60)
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`
}

/** The ways an answer may write a time of day: `17:00`, `5:00 pm`, `5 pm`, `5pm`. */
function timeSpellings(minutes: number): string[] {
  const hour = Math.floor(minutes / 60)
  const mm = String(minutes % 60).padStart(2, '0')
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  const suffix = hour < 12 ? 'am' : 'pm'
  const spellings = [clockTime(minutes), `${hour}:${mm}`, `${h12}:${mm} ${suffix}`, `${h12}:${mm}${suffix}`, `${h12}:${mm} ${suffix.charAt(0)}.m.`]
  if (mm === '00') spellings.push(`${h12} ${suffix}`, `${h12}${suffix}`, `${h12} ${suffix.charAt(0)}.m.`)
  return spellings
}

function hoursText(model: PortalModel, day: DayHours): string {
  return day ? `${displayTime(model, day.open)} – ${displayTime(model, day.close)}` : 'Closed'
}

function money(model: PortalModel, amount: number): string {
  return amount === 0 ? 'Free' : formatMoney(amount, model.currency)
}

// ---------------------------------------------------------------------------------------------------------------
// Appointment availability: a deterministic pattern per office and day

function isBookable(model: PortalModel, date: string): boolean {
  return date > model.today && date <= addDays(model.today, BOOKING_WINDOW_DAYS) && !HOLIDAYS[date]
}

function freeSlots(site: SiteInfo, model: PortalModel, office: Office, date: string): number[] {
  const hours = office.hours[weekdayOf(date)]
  if (!hours || !isBookable(model, date)) return []
  if (hashString(`${site.slug}/${office.id}/${date}`) % 10 < 3) return []
  const slots: number[] = []
  for (let t = hours.open; t + 30 <= hours.close; t += 30) if (hashString(`${site.slug}/${office.id}/${date}/${t}`) % 3 !== 0) slots.push(t)
  return slots
}

function firstBookableMonth(model: PortalModel): string {
  return addDays(model.today, 1).slice(0, 7)
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers an agent reports

function normalised(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase()
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
}

/** The confirmation number of an application: derived from its content, so a task can know it in advance. */
export function applicationNumber(site: SiteInfo, model: PortalModel, application: Omit<Application, 'number' | 'total'>): string {
  const {applicant: a, address: d, options: o} = application
  const key = JSON.stringify([
    site.slug,
    application.serviceSlug,
    ...[a.firstName, a.lastName, a.dob, a.email, d.street, d.unit, d.city, d.zip, o.choice, o.processing].map(normalised),
    digitsOf(a.phone),
    [...o.extras].sort(),
  ])
  const service = model.services.find((s) => s.slug === application.serviceSlug)
  return `${model.cityCode}-${service?.code ?? 'GEN'}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

function bookingReference(site: SiteInfo, booking: Omit<Appointment, 'reference' | 'status'>): string {
  const key = JSON.stringify([site.slug, booking.reasonId, booking.officeId, booking.date, booking.time, normalised(booking.name), normalised(booking.email)])
  return `APT-${String(hashString(key) % 10_000_000).padStart(7, '0')}`
}

function applicationTotal(service: Service, options: ServiceOptions): number {
  const choice = service.option.choices.find((c) => c.label === options.choice)?.fee ?? 0
  const expedited = options.processing === 'expedited' ? (service.expeditedFee ?? 0) : 0
  const extras = service.extras.filter((e) => options.extras.includes(e.id)).reduce((sum, e) => sum + e.fee, 0)
  return choice + expedited + extras
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

function handle(request: SiteRequest, context: Context): SiteReply {
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
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(), `${context.site.name} is the official online service portal of the City of ${model.city}. Apply for permits and licences, claim support, book appointments and find your nearest service office.`))
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
  if (applyStart && onlineService(model, applyStart.slug)) return redirect(`/apply/${applyStart.slug}/${STEPS[0].id}`, 302)
  const apply = route(path, '/apply/:slug/:step')
  const applyService = apply && onlineService(model, apply.slug)
  const step = apply && STEPS.find((s) => s.id === apply.step)
  if (applyService && step) return method === 'POST' ? submitStep(applyService, step.id, request.form, context) : showStep(applyService, step.id, context)
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

// ---------------------------------------------------------------------------------------------------------------
// Shell

function nav(): NavLink[] {
  return [
    {href: '/services', label: 'All services'},
    {href: '/appointments', label: 'Book an appointment'},
    {href: '/offices', label: 'Offices & opening hours'},
    {href: '/track', label: 'Track an application'},
    {href: '/about', label: 'About'},
  ]
}

function shell(context: Context, title: string, body: Html, options: {q?: string; script?: string} = {}): string {
  const {site, model} = context
  return page(site, {
    title,
    body: html`<div class="gov-strip"><span class="gov-seal" aria-hidden="true">${icon('seal')}</span> An official website of the <strong>City of ${model.city}</strong> <a href="/about">How you know</a></div>${body}`,
    nav: nav(),
    search: {action: '/search', name: 'q', placeholder: 'Search services, e.g. permit', value: options.q ?? ''},
    headerExtras: html`<a class="header-link" href="/appointments">Appointments</a><span class="lang">EN</span>`,
    css: portalCss(site.theme),
    script: options.script,
  })
}

const ICONS = {
  document: '<path d="M6 2h9l5 5v15H6z"/><path d="M15 2v5h5M9 12h8M9 16h8"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  pin: '<path d="M12 22s7-7.5 7-13a7 7 0 0 0-14 0c0 5.5 7 13 7 13z"/><circle cx="12" cy="9" r="2.5"/>',
  search: '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5 21 21"/>',
  seal: '<path d="M3 9 12 4l9 5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18"/>',
} as const

/** A line icon drawn in the text colour. */
function icon(name: keyof typeof ICONS): Html {
  return raw(`<svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</svg>`)
}

function categoryName(model: PortalModel, id: string): string {
  return model.categories.find((c) => c.id === id)?.name ?? id
}

function lowestFee(service: Service): number {
  return Math.min(...service.option.choices.map((c) => c.fee))
}

function serviceLink(service: Service): Html {
  return html`<a class="service-link" data-service="${service.slug}" href="/service/${service.slug}">${service.name}</a>`
}

function serviceSummaryItem(model: PortalModel, service: Service): Html {
  return html`<article class="card service-item">
    <div class="service-kicker">${categoryName(model, service.categoryId)}</div>
    <h3>${serviceLink(service)}</h3>
    <p>${service.summary}</p>
    <div class="service-meta"><span>From <strong>${money(model, lowestFee(service))}</strong></span><span>${service.standardDays} working days</span>${service.online ? html`<span class="tag tag-online">Apply online</span>` : html`<span class="tag">In person</span>`}</div>
  </article>`
}

// ---------------------------------------------------------------------------------------------------------------
// Home, catalogue, category and search

function homePage(context: Context): string {
  const {model, site} = context
  const popular = sample(rngFor(site, 'popular'), model.services, 6)
  const tiles = [
    {href: '/services', icon: icon('document'), title: 'Apply for a permit or licence', text: 'Start, continue and pay online.'},
    {href: '/appointments', icon: icon('calendar'), title: 'Book an appointment', text: 'Choose an office, a day and a time.'},
    {href: '/offices', icon: icon('pin'), title: 'Find an office', text: 'Addresses and opening hours.'},
    {href: '/track', icon: icon('search'), title: 'Track an application', text: 'Check the status with your number.'},
  ]
  return shell(
    context,
    'Home',
    html`<section class="hero">
      <div class="hero-text">
        <h1>City of ${model.city} services, online</h1>
        <p>Apply for permits and licences, claim support and book appointments — any time, from any device.</p>
        <form class="hero-search" method="get" action="/search" role="search"><input type="search" name="q" placeholder="What do you need to do?" aria-label="Search services"><button class="btn btn-dark" type="submit">Find a service</button></form>
      </div>
      <img src="/img/photo/city-hall-${site.slug}.svg" alt="City hall of ${model.city}" width="360" height="240">
    </section>
    <div class="quick-tiles">${tiles.map((t) => html`<a class="card quick-tile" href="${t.href}"><span class="tile-icon" aria-hidden="true">${t.icon}</span><strong>${t.title}</strong><span class="muted">${t.text}</span></a>`)}</div>
    <section class="notices card" aria-label="Service notices"><h2>Service notices</h2><ul>${model.notices.map((n) => html`<li>${n}</li>`)}</ul></section>
    <h2>Browse services by topic</h2>
    <div class="topic-grid cols-${model.layout.homeColumns}">${model.categories.map((c) => html`<a class="card topic-tile" href="/services/${c.id}"><img src="/img/photo/topic-${c.id}.svg" alt="" width="200" height="120"><strong>${c.name}</strong><span class="muted">${c.blurb}</span><span class="topic-count">${model.services.filter((s) => s.categoryId === c.id).length} services</span></a>`)}</div>
    <h2>Popular services</h2>
    <div class="popular-list">${popular.map((s) => html`<a class="popular-link" href="/service/${s.slug}">${s.name} <span aria-hidden="true">›</span></a>`)}</div>`,
  )
}

function withSidebar(model: PortalModel, sidebar: Html, content: Html): Html {
  return model.layout.sidebar === 'left' ? html`<div class="row">${sidebar}${content}</div>` : html`<div class="row">${content}${sidebar}</div>`
}

function topicSidebar(model: PortalModel, activeId: string): Html {
  return html`<aside class="sidebar card topic-nav"><h3>Topics</h3><ul>
    <li><a class="${activeId === '' ? 'active' : ''}" href="/services">All services</a></li>
    ${model.categories.map((c) => html`<li><a class="${c.id === activeId ? 'active' : ''}" href="/services/${c.id}">${c.name}</a></li>`)}
  </ul></aside>`
}

function serviceCollection(model: PortalModel, services: Service[]): Html {
  return model.layout.catalogue === 'grid'
    ? html`<div class="service-grid">${services.map((s) => serviceSummaryItem(model, s))}</div>`
    : html`<div class="service-list">${services.map((s) => serviceSummaryItem(model, s))}</div>`
}

function cataloguePage(context: Context): string {
  const {model} = context
  const sorted = [...model.services].sort((a, b) => a.name.localeCompare(b.name))
  const letters = [...new Set(sorted.map((s) => s.name.charAt(0)))]
  return shell(
    context,
    'All services',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'All services')}
    ${withSidebar(
      model,
      topicSidebar(model, ''),
      html`<section class="content">
        <h1>All services A–Z</h1>
        <p class="muted">${model.services.length} services from the City of ${model.city}. Services marked “Apply online” can be completed on this site.</p>
        <nav class="az-bar" aria-label="Jump to letter">${letters.map((l) => html`<a href="#letter-${l}">${l}</a>`)}</nav>
        ${letters.map((l) => html`<h2 class="az-letter" id="letter-${l}">${l}</h2>${serviceCollection(model, sorted.filter((s) => s.name.startsWith(l)))}`)}
      </section>`,
    )}`,
  )
}

function categoryPage(category: Category, context: Context): string {
  const {model} = context
  const services = model.services.filter((s) => s.categoryId === category.id)
  return shell(
    context,
    category.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: '/services', label: 'All services'}], category.name)}
    ${withSidebar(
      model,
      topicSidebar(model, category.id),
      html`<section class="content">
        <h1>${category.name}</h1>
        <p>${category.blurb}</p>
        <div class="card"><table class="service-table">
          <thead><tr><th>Service</th><th>Fee from</th><th>Standard processing</th><th>How to apply</th></tr></thead>
          <tbody>${services.map((s) => html`<tr data-service-row="${s.slug}"><td>${serviceLink(s)}<div class="muted small">${s.summary}</div></td><td>${money(model, lowestFee(s))}</td><td>${s.standardDays} working days</td><td>${s.online ? 'Online' : 'In person'}</td></tr>`)}</tbody>
        </table></div>
      </section>`,
    )}`,
  )
}

function searchMatches(model: PortalModel, service: Service, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const text = `${service.name} ${service.summary} ${categoryName(model, service.categoryId)} ${service.option.choices.map((c) => c.label).join(' ')}`.toLowerCase()
  return words.every((w) => text.includes(w))
}

function searchPage(q: string, context: Context): string {
  const {model} = context
  const results = q.trim() ? model.services.filter((s) => searchMatches(model, s, q)) : []
  return shell(
    context,
    q ? `Search results for “${q}”` : 'Search',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Search')}
    <h1>${q ? `Search results for “${q}”` : 'Search services'}</h1>
    <p class="muted result-count">${q.trim() ? `${results.length} ${results.length === 1 ? 'service' : 'services'} found` : 'Type what you need to do in the search box above.'}</p>
    ${results.length === 0 && q.trim() ? html`<div class="card"><p>No services match your search. Try a shorter word, such as “permit” or “licence”, or <a href="/services">browse all services</a>.</p></div>` : ''}
    <ol class="search-results">${results.map((s) => html`<li class="card search-result"><h3>${serviceLink(s)}</h3><div class="result-path muted">${model.city} › ${categoryName(model, s.categoryId)}</div><p>${s.summary}</p></li>`)}</ol>`,
    {q},
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Service page

function servicePage(service: Service, context: Context): string {
  const {model} = context
  const related = model.services.filter((s) => s.categoryId === service.categoryId && s.slug !== service.slug)
  const onThisPage = html`<aside class="sidebar service-aside">
    <div class="card"><h3>On this page</h3><ul class="toc"><li><a href="#eligibility">Who can apply</a></li><li><a href="#fees">Fees</a></li><li><a href="#documents">Documents you need</a></li><li><a href="#processing">Processing times</a></li><li><a href="#how-to-apply">How to apply</a></li></ul></div>
    <div class="card"><h3>Related services</h3><ul class="toc">${related.map((s) => html`<li><a href="/service/${s.slug}">${s.name}</a></li>`)}</ul></div>
    <div class="card"><h3>Need help?</h3><p class="small">Call <strong>(555) 0100-311</strong> on weekdays, or <a href="/appointments">book an appointment</a> at a service office.</p></div>
  </aside>`
  const main = html`<article class="content service-page">
    <div class="service-kicker">${categoryName(model, service.categoryId)}</div>
    <h1 class="service-title">${service.name}</h1>
    <p class="lead">${service.summary}</p>
    <div class="card action-box">
      ${service.online ? html`<a class="btn btn-dark apply-link" href="/apply/${service.slug}">Apply online</a><span class="muted">Takes about 10 minutes. You can review your answers before you submit.</span>` : html`<a class="btn btn-dark" href="/appointments">Book an appointment to apply</a><span class="muted">This service is only available in person at a service office.</span>`}
    </div>
    <section id="eligibility"><h2>Who can apply</h2><p>You can apply if all of the following are true:</p><ul class="checklist">${service.eligibility.map((e) => html`<li>${e}</li>`)}</ul></section>
    <section id="fees"><h2>Fees</h2>
      <table class="fees-table"><thead><tr><th>Item</th><th>Fee</th></tr></thead><tbody>
        ${service.option.choices.map((c) => html`<tr class="fee-row"><td>${service.option.label}: ${c.label}</td><td class="fee">${money(model, c.fee)}</td></tr>`)}
        ${service.expeditedFee === null ? '' : html`<tr class="fee-row"><td>Expedited processing (optional)</td><td class="fee">+ ${money(model, service.expeditedFee)}</td></tr>`}
        ${service.extras.map((e) => html`<tr class="fee-row"><td>${e.label} (optional)</td><td class="fee">${e.fee === 0 ? 'Free' : html`+ ${money(model, e.fee)}`}</td></tr>`)}
      </tbody></table>
      <p class="small muted">Fees are non-refundable once your application has been assessed. Pay by card online or at any service office.</p>
    </section>
    <section id="documents"><h2>Documents you need</h2><p>Have digital copies or photos of these ready before you start:</p>
      <ul class="documents">${service.documents.map((d) => html`<li><strong>${d.name}</strong> — ${d.detail}</li>`)}</ul>
    </section>
    <section id="processing"><h2>Processing times</h2>
      <table class="processing-table"><thead><tr><th>Processing</th><th>Time</th></tr></thead><tbody>
        <tr><td>Standard</td><td>${service.standardDays} working days</td></tr>
        ${service.expeditedFee === null ? html`<tr><td>Expedited</td><td>Not available for this service</td></tr>` : html`<tr><td>Expedited</td><td>${service.expeditedDays} working days</td></tr>`}
      </tbody></table>
      <p class="small muted">Times start when we have received all documents and the fee. Weekends and public holidays are not working days.</p>
    </section>
    <section id="how-to-apply"><h2>How to apply</h2><ol class="how-steps"><li>Check that you can apply and gather the documents listed above.</li><li>${service.online ? 'Complete the online application: your details, your address and your choices.' : 'Book an appointment at a service office and bring your documents.'}</li><li>Pay the fee and note your confirmation number.</li><li>We will contact you by email when a decision is made.</li></ol></section>
    <p class="muted small">Page last updated ${longDate(service.updated)}.</p>
  </article>`
  return shell(
    context,
    service.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/services/${service.categoryId}`, label: categoryName(model, service.categoryId)}], service.name)}
    ${model.layout.sidebar === 'left' ? html`<div class="row">${onThisPage}${main}</div>` : html`<div class="row">${main}${onThisPage}</div>`}`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Application form: four steps, each validated on the server

type StepId = 'applicant' | 'address' | 'options' | 'review'

const STEPS: readonly {id: StepId; title: string}[] = [
  {id: 'applicant', title: 'Your details'},
  {id: 'address', title: 'Address'},
  {id: 'options', title: 'Service options'},
  {id: 'review', title: 'Review and submit'},
]

interface TextField {
  name: string
  label: string
  hint?: string
  optional?: boolean
  width?: string
}

const APPLICANT_FIELDS: TextField[] = [
  {name: 'first_name', label: 'First name', width: '320px'},
  {name: 'last_name', label: 'Last name', width: '320px'},
  {name: 'dob', label: 'Date of birth', hint: 'For example 27/03/1985 (DD/MM/YYYY)', width: '180px'},
  {name: 'email', label: 'Email address', hint: 'We send your confirmation here', width: '420px'},
  {name: 'phone', label: 'Phone number', hint: 'A 10-digit number, for example (555) 014-2398', width: '260px'},
]

const ADDRESS_FIELDS: TextField[] = [
  {name: 'street', label: 'Street address', hint: 'House number and street', width: '460px'},
  {name: 'unit', label: 'Apartment, suite or unit', optional: true, width: '200px'},
  {name: 'city', label: 'City', width: '320px'},
  {name: 'zip', label: 'ZIP code', hint: '5 digits', width: '140px'},
]

type Errors = Record<string, string>

function stepIndicator(model: PortalModel, current: StepId): Html {
  const index = STEPS.findIndex((s) => s.id === current)
  return html`<ol class="steps steps-${model.layout.steps}" aria-label="Progress">${STEPS.map((s, i) => html`<li class="${i < index ? 'done' : i === index ? 'current' : ''}"${i === index ? html` aria-current="step"` : ''}><span class="step-no">${i < index ? '✓' : i + 1}</span><span class="step-name">${s.title}</span></li>`)}</ol>
  <p class="muted small step-count">Step ${index + 1} of ${STEPS.length}</p>`
}

function errorSummary(errors: Errors): Html {
  const entries = Object.entries(errors)
  if (entries.length === 0) return html``
  return html`<div class="alert alert-error error-summary" role="alert"><strong>There is a problem</strong><ul>${entries.map(([field, message]) => html`<li><a href="#${field}">${message}</a></li>`)}</ul></div>`
}

function textField(field: TextField, value: string, errors: Errors): Html {
  const error = errors[field.name]
  return html`<div class="field${error ? ' invalid' : ''}">
    <label for="${field.name}">${field.label}${field.optional ? html` <span class="muted">(optional)</span>` : ''}</label>
    ${field.hint ? html`<div class="hint">${field.hint}</div>` : ''}
    ${error ? html`<div class="error-text">${error}</div>` : ''}
    <input id="${field.name}" name="${field.name}" type="text" value="${value}" style="width:${field.width ?? '100%'};max-width:100%" autocomplete="off">
  </div>`
}

function choiceInput(type: 'radio' | 'checkbox', name: string, id: string, value: string, checked: boolean, label: Html | string): Html {
  return html`<div class="choice-wrap"><input class="choice-input" type="${type}" id="${id}" name="${name}" value="${value}"${checked ? html` checked` : ''}><label class="choice choice-${type}" for="${id}">${label}</label></div>`
}

function applyShell(service: Service, step: StepId, context: Context, body: Html, status = 200): SiteReply {
  const {model} = context
  const title = STEPS.find((s) => s.id === step)!.title
  return htmlReply(
    shell(
      context,
      `${title} – ${service.name}`,
      html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/service/${service.slug}`, label: service.name}], 'Apply online')}
      <div class="apply-layout">
        <section class="card apply-card">
          <div class="apply-service">Apply for: <strong>${service.name}</strong></div>
          ${stepIndicator(model, step)}
          ${body}
        </section>
        <aside class="card apply-help"><h3>Before you start</h3><p class="small">You will need:</p><ul class="small">${service.documents.map((d) => html`<li>${d.name}</li>`)}</ul><p class="small">Your answers are saved as you go. <a href="/service/${service.slug}">Back to the service page</a></p></aside>
      </div>`,
    ),
    status,
  )
}

function firstMissingStep(draft: Draft): StepId {
  if (!draft.applicant) return 'applicant'
  if (!draft.address) return 'address'
  if (!draft.options) return 'options'
  return 'review'
}

function stepAllowed(draft: Draft, step: StepId): boolean {
  return STEPS.findIndex((s) => s.id === step) <= STEPS.findIndex((s) => s.id === firstMissingStep(draft))
}

function showStep(service: Service, step: StepId, context: Context): SiteReply {
  const draft = context.state.drafts[service.slug] ?? {}
  if (!stepAllowed(draft, step)) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`, 302)
  return renderStep(service, step, context, valuesFromDraft(draft, step), {})
}

function valuesFromDraft(draft: Draft, step: StepId): URLSearchParams {
  const values = new URLSearchParams()
  if (step === 'applicant' && draft.applicant) {
    const a = draft.applicant
    for (const [k, v] of Object.entries({first_name: a.firstName, last_name: a.lastName, dob: a.dob, email: a.email, phone: a.phone})) values.set(k, v)
  }
  if (step === 'address' && draft.address) for (const [k, v] of Object.entries(draft.address)) values.set(k, v)
  if (step === 'options' && draft.options) {
    values.set('choice', draft.options.choice)
    values.set('processing', draft.options.processing)
    for (const extra of draft.options.extras) values.append('extras', extra)
  }
  return values
}

function renderStep(service: Service, step: StepId, context: Context, values: URLSearchParams, errors: Errors, status = 200): SiteReply {
  const draft = context.state.drafts[service.slug] ?? {}
  const back = STEPS.findIndex((s) => s.id === step) - 1
  const backLink = back >= 0 ? html`<a class="btn back-step" href="/apply/${service.slug}/${STEPS[back]!.id}">Back</a>` : html`<a class="btn back-step" href="/service/${service.slug}">Cancel</a>`
  const form = (inner: Html, button: Html) => html`<form method="post" action="/apply/${service.slug}/${step}" class="apply-form" novalidate>${errorSummary(errors)}${inner}<div class="form-actions">${backLink}${button}</div></form>`
  const next = html`<button class="btn btn-primary next-step" type="submit">Save and continue</button>`
  if (step === 'applicant') return applyShell(service, step, context, form(html`<h2>Your details</h2>${APPLICANT_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}`, next), status)
  if (step === 'address') return applyShell(service, step, context, form(html`<h2>Your address</h2><p class="muted small">The address where the service applies, or where you live.</p>${ADDRESS_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}`, next), status)
  if (step === 'options') return applyShell(service, step, context, form(optionsFields(service, context.model, values, errors), next), status)
  return applyShell(service, step, context, form(reviewSection(service, draft, context.model, errors), html`<button class="btn btn-primary submit-application" type="submit">Submit application</button>`), status)
}

function optionsFields(service: Service, model: PortalModel, values: URLSearchParams, errors: Errors): Html {
  const chosen = values.get('choice') ?? ''
  const processing = values.get('processing') ?? ''
  const extras = values.getAll('extras')
  const group = (id: string, legend: string, inner: Html) => html`<fieldset class="field choice-group${errors[id] ? ' invalid' : ''}" id="${id}"><legend>${legend}</legend>${errors[id] ? html`<div class="error-text">${errors[id]}</div>` : ''}${inner}</fieldset>`
  return html`<h2>Service options</h2>
    ${group('choice', service.option.label, html`${service.option.choices.map((c, i) => choiceInput('radio', 'choice', `choice-${i}`, c.label, chosen === c.label, html`<span>${c.label}</span><span class="choice-fee">${money(model, c.fee)}</span>`))}`)}
    ${group('processing', 'Processing speed', html`${choiceInput('radio', 'processing', 'processing-standard', 'standard', processing === 'standard', html`<span>Standard — ${service.standardDays} working days</span><span class="choice-fee">No extra charge</span>`)}${service.expeditedFee === null ? html`<p class="muted small">Expedited processing is not available for this service.</p>` : choiceInput('radio', 'processing', 'processing-expedited', 'expedited', processing === 'expedited', html`<span>Expedited — ${service.expeditedDays} working days</span><span class="choice-fee">+ ${money(model, service.expeditedFee)}</span>`)}`)}
    ${group('extras', 'Optional extras (choose any)', html`${service.extras.map((e) => choiceInput('checkbox', 'extras', `extra-${e.id}`, e.id, extras.includes(e.id), html`<span>${e.label}</span><span class="choice-fee">${e.fee === 0 ? 'Free' : html`+ ${money(model, e.fee)}`}</span>`))}`)}`
}

function reviewSection(service: Service, draft: Draft, model: PortalModel, errors: Errors): Html {
  const {applicant: a, address: d, options: o} = draft
  if (!a || !d || !o) return html``
  const change = (step: StepId) => html`<a class="change-link" href="/apply/${service.slug}/${step}">Change</a>`
  const extraLabels = service.extras.filter((e) => o.extras.includes(e.id)).map((e) => e.label)
  const total = applicationTotal(service, o)
  return html`<h2>Check your answers</h2>
    <div class="review-block"><div class="review-head"><h3>Your details</h3>${change('applicant')}</div>
      <dl class="review-list"><dt>Name</dt><dd>${a.firstName} ${a.lastName}</dd><dt>Date of birth</dt><dd>${a.dob}</dd><dt>Email</dt><dd>${a.email}</dd><dt>Phone</dt><dd>${a.phone}</dd></dl></div>
    <div class="review-block"><div class="review-head"><h3>Address</h3>${change('address')}</div>
      <dl class="review-list"><dt>Street</dt><dd>${d.street}${d.unit ? `, ${d.unit}` : ''}</dd><dt>City</dt><dd>${d.city}</dd><dt>ZIP code</dt><dd>${d.zip}</dd></dl></div>
    <div class="review-block"><div class="review-head"><h3>Service options</h3>${change('options')}</div>
      <dl class="review-list"><dt>${service.option.label}</dt><dd>${o.choice}</dd><dt>Processing</dt><dd>${o.processing === 'expedited' ? `Expedited (${service.expeditedDays} working days)` : `Standard (${service.standardDays} working days)`}</dd><dt>Extras</dt><dd>${extraLabels.length > 0 ? extraLabels.join(', ') : 'None'}</dd></dl></div>
    <p class="total-line">Total to pay: <strong class="total">${money(model, total)}</strong></p>
    <div class="field${errors.declaration ? ' invalid' : ''}" id="declaration-field">${errors.declaration ? html`<div class="error-text">${errors.declaration}</div>` : ''}${choiceInput('checkbox', 'declaration', 'declaration', 'yes', false, 'I confirm that the information I have given is true and complete.')}</div>`
}

function field(form: URLSearchParams, name: string): string {
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

function requireFields(form: URLSearchParams, fields: TextField[]): Errors {
  const errors: Errors = {}
  for (const f of fields) if (!f.optional && !field(form, f.name)) errors[f.name] = `Enter your ${f.label.toLowerCase()}`
  return errors
}

function validateApplicant(form: URLSearchParams, today: string): {errors: Errors; applicant?: Applicant} {
  const errors = requireFields(form, APPLICANT_FIELDS)
  const dob = parseDob(field(form, 'dob'), today)
  if (!errors.dob && !dob) errors.dob = 'Date of birth must be a real date in the format DD/MM/YYYY'
  const email = field(form, 'email')
  if (!errors.email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.email = 'Enter an email address in the correct format, like name@example.com'
  const phone = field(form, 'phone')
  if (!errors.phone && (!/^\+?[\d\s().-]+$/.test(phone) || digitsOf(phone).length < 10 || digitsOf(phone).length > 11)) errors.phone = 'Enter a phone number with 10 digits, like (555) 014-2398'
  if (Object.keys(errors).length > 0) return {errors}
  return {errors, applicant: {firstName: field(form, 'first_name'), lastName: field(form, 'last_name'), dob: dob!, email: email.toLowerCase(), phone}}
}

function validateAddress(form: URLSearchParams): {errors: Errors; address?: Address} {
  const errors = requireFields(form, ADDRESS_FIELDS)
  if (!errors.zip && !/^\d{5}$/.test(field(form, 'zip'))) errors.zip = 'ZIP code must be 5 digits'
  if (Object.keys(errors).length > 0) return {errors}
  return {errors, address: {street: field(form, 'street'), unit: field(form, 'unit'), city: field(form, 'city'), zip: field(form, 'zip')}}
}

function validateOptions(service: Service, form: URLSearchParams): {errors: Errors; options?: ServiceOptions} {
  const errors: Errors = {}
  const choice = form.get('choice') ?? ''
  if (!service.option.choices.some((c) => c.label === choice)) errors.choice = `Choose the ${service.option.label.toLowerCase()}`
  const processing = form.get('processing')
  if (processing !== 'standard' && !(processing === 'expedited' && service.expeditedFee !== null)) errors.processing = 'Choose a processing speed'
  if (Object.keys(errors).length > 0) return {errors}
  const extras = service.extras.filter((e) => form.getAll('extras').includes(e.id)).map((e) => e.id)
  return {errors, options: {choice, processing: processing as ServiceOptions['processing'], extras}}
}

function submitStep(service: Service, step: StepId, form: URLSearchParams, context: Context): SiteReply {
  const draft = (context.state.drafts[service.slug] ??= {})
  if (!stepAllowed(draft, step)) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`)
  const nextStep = (id: StepId) => redirect(`/apply/${service.slug}/${STEPS[STEPS.findIndex((s) => s.id === id) + 1]!.id}`)
  if (step === 'applicant') {
    const {errors, applicant} = validateApplicant(form, context.model.today)
    if (!applicant) return renderStep(service, step, context, form, errors, 422)
    draft.applicant = applicant
    return nextStep(step)
  }
  if (step === 'address') {
    const {errors, address} = validateAddress(form)
    if (!address) return renderStep(service, step, context, form, errors, 422)
    draft.address = address
    return nextStep(step)
  }
  if (step === 'options') {
    const {errors, options} = validateOptions(service, form)
    if (!options) return renderStep(service, step, context, form, errors, 422)
    draft.options = options
    return nextStep(step)
  }
  if (form.get('declaration') !== 'yes') return renderStep(service, step, context, form, {declaration: 'Confirm that the information you have given is true'}, 422)
  return submitApplication(service, draft, context)
}

function submitApplication(service: Service, draft: Draft, context: Context): SiteReply {
  const {applicant, address, options} = draft
  if (!applicant || !address || !options) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`)
  const details = {serviceSlug: service.slug, applicant, address, options}
  const number = applicationNumber(context.site, context.model, details)
  if (!context.state.applications.some((a) => a.number === number)) context.state.applications.push({number, ...details, total: applicationTotal(service, options)})
  delete context.state.drafts[service.slug]
  return redirect(`/application/${number}`)
}

function confirmationPage(application: Application, context: Context): string {
  const {model} = context
  const service = model.services.find((s) => s.slug === application.serviceSlug)!
  const days = application.options.processing === 'expedited' ? service.expeditedDays : service.standardDays
  const {applicant: a, address: d} = application
  return shell(
    context,
    'Application submitted',
    html`<section class="confirmation-panel"><h1>Application submitted</h1><p>Your confirmation number is</p><p class="confirmation-number">${application.number}</p></section>
    <div class="row">
      <section class="card content">
        <h2>What happens next</h2>
        <p>We have sent a confirmation to <strong>${a.email}</strong>. Keep your confirmation number: you need it to <a href="/track">track your application</a> or to contact us about it.</p>
        <p>We expect to decide by <strong>${longDate(addWorkingDays(model.today, days))}</strong> (${days} working days).</p>
        <table class="summary-table"><tbody>
          <tr><th>Service</th><td>${service.name}</td></tr>
          <tr><th>Applicant</th><td>${a.firstName} ${a.lastName}, born ${a.dob}</td></tr>
          <tr><th>Address</th><td>${d.street}${d.unit ? `, ${d.unit}` : ''}, ${d.city} ${d.zip}</td></tr>
          <tr><th>${service.option.label}</th><td>${application.options.choice}</td></tr>
          <tr><th>Processing</th><td>${application.options.processing === 'expedited' ? 'Expedited' : 'Standard'}</td></tr>
          <tr><th>Amount paid</th><td>${money(model, application.total)}</td></tr>
        </tbody></table>
      </section>
      <aside class="sidebar card"><h3>Print or save</h3><p class="small">Print this page for your records.</p><button class="btn" type="button" onclick="window.print()">Print this page</button></aside>
    </div>`,
  )
}

function trackPage(number: string, context: Context): string {
  const {model} = context
  const query = number.trim().toUpperCase()
  const found = context.state.applications.find((a) => a.number === query)
  const service = found && model.services.find((s) => s.slug === found.serviceSlug)
  return shell(
    context,
    'Track an application',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Track an application')}
    <section class="card prose"><h1>Track an application</h1>
      <form method="get" action="/track" class="track-form"><label for="number">Confirmation number</label><div class="hint">For example ${model.cityCode}-BP-123456</div>
        <div class="inline-form"><input id="number" name="number" type="text" value="${number}" style="width:260px"><button class="btn btn-dark" type="submit">Check status</button></div></form>
      ${query === '' ? '' : found && service ? html`<div class="alert alert-ok status-box" role="status"><strong>${found.number}</strong> — ${service.name}: received, awaiting assessment.</div>` : html`<div class="alert alert-error" role="alert">We could not find an application with the number ${query}. Check the number and try again.</div>`}
    </section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Offices

function openNow(office: Office, day: number, minutes: number): boolean {
  const hours = office.hours[day]
  return !!hours && hours.open <= minutes && minutes < hours.close
}

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']

function hoursTable(model: PortalModel, office: Office, highlight: number): Html {
  return html`<table class="hours-table"><tbody>${office.hours.map((h, d) => html`<tr class="${d === highlight ? 'highlight' : ''}"><th>${DAY_NAMES[d]}</th><td>${hoursText(model, h)}</td></tr>`)}</tbody></table>`
}

function officeBlock(model: PortalModel, office: Office, highlight: number): Html {
  const reasons = model.reasons.filter((r) => office.reasonIds.includes(r.id))
  return html`<article class="card office" data-office="${office.id}">
    <div class="office-main">
      <h2><a href="/offices/${office.id}">${office.name}</a></h2>
      <p class="office-address">${office.street}, ${model.city} ${office.zip}</p>
      <p class="small">Phone ${office.phone} · ${office.note}</p>
      <p class="small"><strong>Appointments:</strong> ${reasons.map((r) => r.name).join(', ')}</p>
    </div>
    <div class="office-hours"><h3>Opening hours</h3>${hoursTable(model, office, highlight)}</div>
    <img class="office-map" src="/img/map/${office.id}-${model.cityCode}.svg" alt="Map of ${office.name}" width="200" height="150">
  </article>`
}

function officesPage(dayKey: string, context: Context): string {
  const {model} = context
  const day = DAY_KEYS.indexOf(dayKey)
  const shown = day < 0 ? model.offices : model.offices.filter((o) => o.hours[day] !== null)
  const upcoming = Object.entries(HOLIDAYS).filter(([date]) => date >= model.today).slice(0, 3)
  return shell(
    context,
    'Offices & opening hours',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Offices & opening hours')}
    <h1>Service offices and opening hours</h1>
    <p>Visit a service office to apply in person, show documents or get advice. Most services need an <a href="/appointments">appointment</a>.</p>
    <div class="day-filter" role="group" aria-label="Open on">Open on: <a class="day-chip${day < 0 ? ' active' : ''}" href="/offices">Any day</a>${DAY_KEYS.map((k, d) => html`<a class="day-chip${d === day ? ' active' : ''}" href="/offices?day=${k}">${DAY_NAMES[d]!.slice(0, 3)}</a>`)}</div>
    ${upcoming.length > 0 ? html`<div class="alert holiday-note">All offices are closed on public holidays: ${upcoming.map(([date, name]) => `${longDate(date)} (${name})`).join('; ')}.</div>` : ''}
    <p class="muted">${shown.length} ${shown.length === 1 ? 'office' : 'offices'}${day >= 0 ? ` open on ${DAY_NAMES[day]}s` : ''}</p>
    <div class="office-list offices-${model.layout.offices}">${shown.map((o) => officeBlock(model, o, day))}</div>`,
  )
}

function officePage(office: Office, context: Context): string {
  const {model} = context
  return shell(
    context,
    office.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: '/offices', label: 'Offices & opening hours'}], office.name)}
    <div class="row">
      <section class="card content"><h1>${office.name}</h1><p class="office-address">${office.street}, ${model.city} ${office.zip}</p><p>Phone ${office.phone}</p><p>${office.note}</p>
        <img src="/img/map/${office.id}-${model.cityCode}.svg" alt="Map of ${office.name}" width="560" height="420">
        <h2>Appointments at this office</h2><ul>${model.reasons.filter((r) => office.reasonIds.includes(r.id)).map((r) => html`<li><a href="/appointments/book${queryString({reason: r.id, office: office.id})}">${r.name}</a></li>`)}</ul>
      </section>
      <aside class="sidebar card"><h3>Opening hours</h3>${hoursTable(model, office, -1)}</aside>
    </div>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Appointments

function appointmentsPage(context: Context): string {
  const {model} = context
  const booked = context.state.appointments.filter((a) => a.status === 'booked')
  return shell(
    context,
    'Book an appointment',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Book an appointment')}
    <h1>Book an appointment</h1>
    ${bookingSteps(1)}
    <p>Choose what your appointment is for. You can book up to ${BOOKING_WINDOW_DAYS / 7} weeks ahead.</p>
    <div class="reason-grid">${model.reasons.map((r) => html`<a class="card reason-link" data-reason="${r.id}" href="/appointments/book?reason=${r.id}"><strong>${r.name}</strong><span class="muted">${r.description}</span><span class="small">${r.minutes} minutes</span></a>`)}</div>
    ${booked.length > 0 ? html`<section class="card"><h2>Your appointments</h2><ul>${booked.map((a) => html`<li><a href="/appointments/booking/${a.reference}">${a.reference}</a> — ${model.reasons.find((r) => r.id === a.reasonId)?.name}, ${longDate(a.date)} at ${displayTime(model, timeMinutes(a.time))}</li>`)}</ul></section>` : ''}`,
  )
}

function bookingSteps(current: number): Html {
  const names = ['Reason', 'Office', 'Date and time', 'Your details']
  return html`<ol class="steps steps-circles booking-steps" aria-label="Booking progress">${names.map((n, i) => html`<li class="${i + 1 < current ? 'done' : i + 1 === current ? 'current' : ''}"><span class="step-no">${i + 1 < current ? '✓' : i + 1}</span><span class="step-name">${n}</span></li>`)}</ol>`
}

function timeMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number)
  return h! * 60 + m!
}

interface BookingChoice {
  reason?: Reason
  office?: Office
  month: string
  date?: string
  time?: number
}

function readBookingChoice(values: URLSearchParams, context: Context): BookingChoice {
  const {model, site} = context
  const reason = model.reasons.find((r) => r.id === values.get('reason'))
  const office = reason && model.offices.find((o) => o.id === values.get('office') && o.reasonIds.includes(reason.id))
  const first = firstBookableMonth(model)
  const last = addDays(model.today, BOOKING_WINDOW_DAYS).slice(0, 7)
  const asked = values.get('month') ?? ''
  const month = /^\d{4}-\d{2}$/.test(asked) && asked >= first && asked <= last ? asked : first
  const date = values.get('date') ?? ''
  const slots = office && /^\d{4}-\d{2}-\d{2}$/.test(date) ? freeSlots(site, model, office, date) : []
  const validDate = slots.length > 0 ? date : undefined
  const time = /^\d{2}:\d{2}$/.test(values.get('time') ?? '') ? timeMinutes(values.get('time')!) : NaN
  return {reason, office, month: validDate ? validDate.slice(0, 7) : month, date: validDate, time: slots.includes(time) ? time : undefined}
}

/** A link to the booking page with some choices changed; `anchor` scrolls to the part that needs the next choice. */
function bookingHref(choice: BookingChoice, changes: Partial<Record<'office' | 'month' | 'date' | 'time', string>>, anchor = 'when'): string {
  return `/appointments/book${queryString({reason: choice.reason?.id, office: choice.office?.id, month: choice.month, date: choice.date, time: choice.time === undefined ? undefined : clockTime(choice.time), ...changes})}#${anchor}`
}

function calendar(choice: BookingChoice, context: Context): Html {
  const {model, site} = context
  const office = choice.office!
  const [y, m] = choice.month.split('-').map(Number)
  const first = isoDate(y!, m!, 1)
  const daysInMonth = new Date(Date.UTC(y!, m!, 0)).getUTCDate()
  const blanks = weekdayOf(first)
  const cells: Html[] = Array.from({length: blanks}, () => html`<span class="cal-cell empty"></span>`)
  for (let d = 1; d <= daysInMonth; d++) {
    const date = isoDate(y!, m!, d)
    const free = freeSlots(site, model, office, date).length
    const label = `${longDate(date)}${free > 0 ? `, ${free} free times` : ', no free times'}`
    cells.push(
      date === choice.date
        ? html`<span class="cal-cell cal-day selected" aria-current="date" aria-label="${label}">${d}</span>`
        : free > 0
          ? html`<a class="cal-cell cal-day available" data-date="${date}" href="${bookingHref(choice, {date, month: '', time: ''})}" aria-label="${label}">${d}</a>`
          : html`<span class="cal-cell unavailable" aria-label="${label}">${d}</span>`,
    )
  }
  const prev = shiftMonth(choice.month, -1)
  const next = shiftMonth(choice.month, 1)
  const hasPrev = prev >= firstBookableMonth(model)
  const hasNext = next <= addDays(model.today, BOOKING_WINDOW_DAYS).slice(0, 7)
  return html`<div class="calendar" aria-label="Choose a day">
    <div class="cal-head">
      ${hasPrev ? html`<a class="cal-nav cal-prev" href="${bookingHref({...choice, date: undefined, time: undefined}, {month: prev})}" aria-label="Previous month">‹</a>` : html`<span class="cal-nav disabled">‹</span>`}
      <strong class="cal-month">${monthLabel(choice.month)}</strong>
      ${hasNext ? html`<a class="cal-nav cal-next" href="${bookingHref({...choice, date: undefined, time: undefined}, {month: next})}" aria-label="Next month">›</a>` : html`<span class="cal-nav disabled">›</span>`}
    </div>
    <div class="cal-grid">${DAY_NAMES.map((n) => html`<span class="cal-cell cal-dow">${n.slice(0, 3)}</span>`)}${cells}</div>
    <div class="cal-legend small"><span class="key available"></span> Free times <span class="key unavailable"></span> Fully booked or closed</div>
  </div>`
}

function slotPicker(choice: BookingChoice, context: Context): Html {
  const {model, site} = context
  if (!choice.date) return html`<p class="muted">Choose a day on the calendar to see free times.</p>`
  const slots = freeSlots(site, model, choice.office!, choice.date)
  return html`<h3>Free times on ${longDate(choice.date)}</h3><div class="slots">${slots.map((t) =>
    t === choice.time
      ? html`<span class="slot selected" aria-current="true">${displayTime(model, t)}</span>`
      : html`<a class="slot" data-time="${clockTime(t)}" href="${bookingHref(choice, {time: clockTime(t)}, 'details')}">${displayTime(model, t)}</a>`,
  )}</div>`
}

const BOOKING_FIELDS: TextField[] = [
  {name: 'full_name', label: 'Full name', width: '360px'},
  {name: 'email', label: 'Email address', hint: 'We send your booking reference here', width: '420px'},
  {name: 'phone', label: 'Phone number', optional: true, width: '260px'},
]

function bookingPage(values: URLSearchParams, context: Context, errors: Errors): string {
  const {model} = context
  const choice = readBookingChoice(values, context)
  if (!choice.reason) return appointmentsPage(context)
  const offices = model.offices.filter((o) => o.reasonIds.includes(choice.reason!.id))
  const step = !choice.office ? 2 : choice.time === undefined ? 3 : 4
  return shell(
    context,
    `Book: ${choice.reason.name}`,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: '/appointments', label: 'Book an appointment'}], choice.reason.name)}
    <h1>Book an appointment</h1>
    ${bookingSteps(step)}
    ${errors.time ? html`<div class="alert alert-error" role="alert">${errors.time}</div>` : ''}
    <div class="booking-layout">
      <section class="booking-main">
        <div class="card"><h2>1. Reason</h2><p><strong>${choice.reason.name}</strong> (${choice.reason.minutes} minutes) <a class="small" href="/appointments">Change</a></p></div>
        <div class="card"><h2>2. Office</h2><div class="office-choices">${offices.map((o) => html`<a class="office-choice${o.id === choice.office?.id ? ' selected' : ''}" data-office="${o.id}" href="${bookingHref({reason: choice.reason, month: choice.month}, {office: o.id})}"><strong>${o.name}</strong><span class="small muted">${o.street}</span></a>`)}</div></div>
        ${choice.office ? html`<div class="card" id="when"><h2>3. Date and time</h2><div class="date-time">${calendar(choice, context)}<div class="slot-panel">${slotPicker(choice, context)}</div></div></div>` : ''}
        ${choice.office && choice.date && choice.time !== undefined ? detailsForm(choice, values, errors, model) : ''}
      </section>
      <aside class="card booking-summary"><h3>Your appointment</h3><dl class="review-list">
        <dt>Reason</dt><dd>${choice.reason.name}</dd>
        <dt>Office</dt><dd>${choice.office?.name ?? '—'}</dd>
        <dt>Date</dt><dd>${choice.date ? longDate(choice.date) : '—'}</dd>
        <dt>Time</dt><dd>${choice.time === undefined ? '—' : displayTime(model, choice.time)}</dd>
      </dl></aside>
    </div>`,
  )
}

function detailsForm(choice: BookingChoice, values: URLSearchParams, errors: Errors, model: PortalModel): Html {
  return html`<form class="card booking-form" id="details" method="post" action="/appointments/book" novalidate>
    <h2>4. Your details</h2>
    ${errorSummary(errors)}
    <input type="hidden" name="reason" value="${choice.reason!.id}"><input type="hidden" name="office" value="${choice.office!.id}"><input type="hidden" name="date" value="${choice.date!}"><input type="hidden" name="time" value="${clockTime(choice.time!)}">
    ${BOOKING_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}
    <p class="small muted">Your appointment: ${longDate(choice.date!)} at ${displayTime(model, choice.time!)}, ${choice.office!.name}.</p>
    <button class="btn btn-primary confirm-booking" type="submit">Confirm booking</button>
  </form>`
}

function bookAppointment(form: URLSearchParams, context: Context): SiteReply {
  const choice = readBookingChoice(form, context)
  if (!choice.reason || !choice.office || !choice.date || choice.time === undefined) return htmlReply(bookingPage(form, context, {time: 'That time is no longer available. Choose another time.'}), 422)
  const errors = requireFields(form, BOOKING_FIELDS)
  const email = field(form, 'email')
  if (!errors.email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.email = 'Enter an email address in the correct format, like name@example.com'
  const phone = field(form, 'phone')
  if (phone && digitsOf(phone).length < 10) errors.phone = 'Enter a phone number with 10 digits, or leave it empty'
  if (Object.keys(errors).length > 0) return htmlReply(bookingPage(form, context, errors), 422)
  const details = {reasonId: choice.reason.id, officeId: choice.office.id, date: choice.date, time: clockTime(choice.time), name: field(form, 'full_name'), email: email.toLowerCase(), phone}
  const reference = bookingReference(context.site, details)
  const existing = context.state.appointments.find((a) => a.reference === reference)
  if (existing) existing.status = 'booked'
  else context.state.appointments.push({reference, ...details, status: 'booked'})
  return redirect(`/appointments/booking/${reference}`)
}

function cancelAppointment(reference: string, context: Context): SiteReply {
  const booking = context.state.appointments.find((a) => a.reference === reference)
  if (booking) booking.status = 'cancelled'
  return redirect(booking ? `/appointments/booking/${reference}` : '/appointments')
}

function bookingConfirmationPage(booking: Appointment, context: Context): string {
  const {model} = context
  const reason = model.reasons.find((r) => r.id === booking.reasonId)!
  const office = model.offices.find((o) => o.id === booking.officeId)!
  const cancelled = booking.status === 'cancelled'
  return shell(
    context,
    cancelled ? 'Appointment cancelled' : 'Appointment booked',
    html`<section class="confirmation-panel${cancelled ? ' cancelled' : ''}"><h1>${cancelled ? 'Appointment cancelled' : 'Appointment booked'}</h1><p>Booking reference</p><p class="confirmation-number booking-reference">${booking.reference}</p></section>
    <section class="card prose">
      <table class="summary-table"><tbody>
        <tr><th>Reason</th><td>${reason.name}</td></tr>
        <tr><th>Office</th><td>${office.name}, ${office.street}, ${model.city} ${office.zip}</td></tr>
        <tr><th>Date</th><td>${longDate(booking.date)}</td></tr>
        <tr><th>Time</th><td>${displayTime(model, timeMinutes(booking.time))} (${reason.minutes} minutes)</td></tr>
        <tr><th>Name</th><td>${booking.name}</td></tr>
        <tr><th>Email</th><td>${booking.email}</td></tr>
      </tbody></table>
      ${cancelled ? html`<p><a class="btn btn-dark" href="/appointments">Book a new appointment</a></p>` : html`<p>Please arrive 10 minutes early and bring your documents and this reference.</p>
      <form method="post" action="/appointments/booking/${booking.reference}/cancel"><button class="btn cancel-booking" type="submit">Cancel this appointment</button></form>`}
    </section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const serviceResult = (s: Service): Target => ({selector: `a.service-link[data-service="${s.slug}"]`, description: `the "${s.name}" link`})
const nextStep: Target = {selector: 'button.next-step', description: 'the "Save and continue" button'}

function findService(s: Service): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: s.name, submit: true},
    {op: 'click', target: serviceResult(s)},
  ]
}

function answerFact(text: string, expected: string | string[]): FactDef<PortalState> {
  const options = Array.isArray(expected) ? expected : [expected]
  return {text, check: ({answer}) => options.some((o) => answerMentions(answer, o))}
}

function daysSpellings(days: number): string[] {
  return [`${days} working days`, `${days} business days`, `${days} days`]
}

function makeTasks(site: SiteInfo, model: PortalModel): FixtureTaskDef<PortalState>[] {
  const rng = rngFor(site, 'tasks')
  const tasks: FixtureTaskDef<PortalState>[] = [feeTask(site, model, rng), documentsTask(site, model, rng)]
  const slowest = slowestServiceTask(site, model, rng)
  if (slowest) tasks.push(slowest)
  tasks.push(officeTask(site, model, rng), bookingTask(site, model, rng), applicationTask(site, model, rng))
  return tasks
}

function feeTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const service = pick(rng, model.services.filter((s) => lowestFee(s) > 0))
  const choice = pick(rng, service.option.choices)
  const fee = money(model, choice.fee)
  const answer = `${fee}; ${service.standardDays} working days`
  return {
    key: `fee-${service.slug}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the fee for the "${service.name}" service with ${service.option.label.toLowerCase()} "${choice.label}", and how many working days does standard processing take?`,
    groups: [
      {
        description: 'Fee and processing time',
        facts: [answerFact(`The answer states the fee ${fee}`, fee), answerFact(`The answer states standard processing takes ${service.standardDays} working days`, daysSpellings(service.standardDays))],
      },
    ],
    referenceAnswer: answer,
    solution: [...findService(service), {op: 'scroll_to', target: {selector: 'table.fees-table', description: 'the Fees table'}}, {op: 'answer', text: answer}],
  }
}

function documentsTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const candidates = model.services.filter((s) => s.documents.length >= 3)
  const service = pick(rng, candidates)
  const names = service.documents.map((d) => d.name)
  const answer = names.join('; ')
  const category = model.categories.find((c) => c.id === service.categoryId)!
  return {
    key: `documents-${service.slug}`,
    kind: 'lookup',
    intent: `On ${site.name}, which documents do you need to provide when applying for the "${service.name}" service? List all of them.`,
    groups: [{description: 'Required documents', facts: names.map((n) => answerFact(`The answer lists "${n}"`, n))}],
    referenceAnswer: answer,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/services"]', description: 'the "All services" link in the navigation'}},
      {op: 'click', target: {selector: `aside.topic-nav a[href="/services/${category.id}"]`, description: `the "${category.name}" topic`}},
      {op: 'click', target: serviceResult(service)},
      {op: 'scroll_to', target: {selector: 'ul.documents', description: 'the list of documents you need'}},
      {op: 'answer', text: answer},
    ],
  }
}

function slowestServiceTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> | undefined {
  const options = model.categories.flatMap((category) => {
    const services = model.services.filter((s) => s.categoryId === category.id).sort((a, b) => b.standardDays - a.standardDays)
    return services.length >= 2 && services[0]!.standardDays > services[1]!.standardDays ? [{category, slowest: services[0]!}] : []
  })
  if (options.length === 0) return undefined
  const {category, slowest} = pick(rng, options)
  const answer = `${slowest.name}, ${slowest.standardDays} working days`
  return {
    key: `slowest-${category.id}`,
    kind: 'search',
    intent: `On ${site.name}, which service in the ${category.name} topic has the longest standard processing time, and how many working days is it?`,
    groups: [
      {
        description: 'The slowest service of the topic',
        facts: [answerFact(`The answer names the ${slowest.name}`, slowest.name), answerFact(`The answer states ${slowest.standardDays} working days`, daysSpellings(slowest.standardDays))],
      },
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/services"]', description: 'the "All services" link in the navigation'}},
      {op: 'click', target: {selector: `aside.topic-nav a[href="/services/${category.id}"]`, description: `the "${category.name}" topic`}},
      {op: 'scroll_to', target: {selector: 'table.service-table', description: 'the table of services with their processing times'}},
      {op: 'answer', text: answer},
    ],
  }
}

function officeTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const {day, minutes, office} = pick(rng, uniqueOpenings(model.offices))
  const closes = office.hours[day]!.close
  const answer = `${office.name}, ${office.street}, ${model.city} ${office.zip}; it closes at ${displayTime(model, closes)}`
  return {
    key: `office-${DAY_KEYS[day]}-${clockTime(minutes).replace(':', '')}`,
    kind: 'lookup',
    intent: `On ${site.name}, which service office is open on ${DAY_NAMES[day]}s at ${displayTime(model, minutes)}? Give its name, its street address with ZIP code, and the time it closes that day.`,
    groups: [
      {description: 'The office', facts: [answerFact(`The answer names the ${office.name}`, office.name)]},
      {description: 'Its address', facts: [answerFact(`The answer gives the street address ${office.street}`, office.street), answerFact(`The answer gives the ZIP code ${office.zip}`, office.zip)]},
      {description: 'Closing time', facts: [answerFact(`The answer says it closes at ${displayTime(model, closes)} on ${DAY_NAMES[day]}s`, timeSpellings(closes))]},
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/offices"]', description: 'the "Offices & opening hours" link in the navigation'}},
      {op: 'click', target: {selector: `a.day-chip[href="/offices?day=${DAY_KEYS[day]}"]`, description: `the "${DAY_NAMES[day]!.slice(0, 3)}" day filter`}},
      {op: 'scroll_to', target: {selector: `article.office[data-office="${office.id}"]`, description: `the ${office.name} entry`}},
      {op: 'answer', text: answer},
    ],
  }
}

function randomPerson(rng: SeededRandom) {
  const firstName = pick(rng, FIRST_NAMES)
  const lastName = pick(rng, LAST_NAMES)
  return {firstName, lastName, email: `${firstName}.${lastName}@example.com`.toLowerCase(), phone: `(555) 0${between(rng, 10, 99)}-${between(rng, 1000, 9999)}`}
}

function bookingTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const options = model.reasons.flatMap((reason) =>
    model.offices
      .filter((o) => o.reasonIds.includes(reason.id))
      .flatMap((office) =>
        Array.from({length: BOOKING_WINDOW_DAYS - 10}, (_, i) => addDays(model.today, i + 10)).flatMap((date) => freeSlots(site, model, office, date).map((minutes) => ({reason, office, date, minutes}))),
      ),
  )
  const {reason, office, date, minutes} = pick(rng, options)
  const person = randomPerson(rng)
  const name = `${person.firstName} ${person.lastName}`
  const time = clockTime(minutes)
  const booked = (test: (a: Appointment) => boolean) => ({state}: {state: PortalState}) => state.appointments.some((a) => a.status === 'booked' && a.reasonId === reason.id && test(a))
  const monthClicks = monthsBetween(firstBookableMonth(model), date.slice(0, 7))
  return {
    key: `book-${reason.id}-${date}`,
    kind: 'state',
    intent: `On ${site.name}, book a "${reason.name}" appointment at the ${office.name} on ${longDate(date)} at ${displayTime(model, minutes)}, for ${name} (email ${person.email}).`,
    groups: [
      {
        description: 'The appointment',
        facts: [
          {text: `A "${reason.name}" appointment is booked`, check: booked(() => true)},
          {text: `It is at the ${office.name}`, check: booked((a) => a.officeId === office.id)},
          {text: `It is on ${longDate(date)}`, check: booked((a) => a.officeId === office.id && a.date === date)},
          {text: `It starts at ${displayTime(model, minutes)}`, check: booked((a) => a.officeId === office.id && a.date === date && a.time === time)},
        ],
      },
      {
        description: 'Booked for the right person',
        facts: [
          {text: `The booking is in the name of ${name}`, check: booked((a) => normalised(a.name) === normalised(name))},
          {text: `The booking email is ${person.email}`, check: booked((a) => a.email === person.email)},
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/appointments"]', description: 'the "Book an appointment" link in the navigation'}},
      {op: 'click', target: {selector: `a.reason-link[data-reason="${reason.id}"]`, description: `the "${reason.name}" option`}},
      {op: 'click', target: {selector: `a.office-choice[data-office="${office.id}"]`, description: `the ${office.name} option`}},
      ...Array.from({length: monthClicks}, (): SolutionStep => ({op: 'click', target: {selector: 'a.cal-next', description: 'the next month arrow of the calendar'}})),
      {op: 'click', target: {selector: `a.cal-day[data-date="${date}"]`, description: `day ${Number(date.slice(8))} in the calendar`}},
      {op: 'click', target: {selector: `a.slot[data-time="${time}"]`, description: `the ${displayTime(model, minutes)} time slot`}},
      {op: 'type', target: {selector: '#full_name', description: 'the Full name field'}, text: name},
      {op: 'type', target: {selector: '#email', description: 'the Email address field'}, text: person.email},
      {op: 'click', target: {selector: 'button.confirm-booking', description: 'the "Confirm booking" button'}},
    ],
  }
}

function applicationTask(site: SiteInfo, model: PortalModel, rng: SeededRandom): FixtureTaskDef<PortalState> {
  const service = pick(rng, model.services.filter((s) => s.online && s.expeditedFee !== null))
  const person = randomPerson(rng)
  const dob = `${String(between(rng, 1, 28)).padStart(2, '0')}/${String(between(rng, 1, 12)).padStart(2, '0')}/${between(rng, 1955, 2002)}`
  const applicant: Applicant = {firstName: person.firstName, lastName: person.lastName, dob, email: person.email, phone: person.phone}
  const zip = pick(rng, model.offices).zip.slice(0, 3) + String(between(rng, 10, 99))
  const address: Address = {street: `${between(rng, 3, 180)} ${pick(rng, HOME_STREETS)}`, unit: '', city: model.city, zip}
  const choice = pick(rng, service.option.choices)
  const processing = rng.below(2) === 0 ? ('expedited' as const) : ('standard' as const)
  const extra = pick(rng, service.extras)
  const options: ServiceOptions = {choice: choice.label, processing, extras: [extra.id]}
  const number = applicationNumber(site, model, {serviceSlug: service.slug, applicant, address, options})
  const submitted = (test: (a: Application) => boolean) => ({state}: {state: PortalState}) => state.applications.some((a) => a.serviceSlug === service.slug && test(a))
  const fact = (text: string, test: (a: Application) => boolean): FactDef<PortalState> => ({text, check: submitted(test)})
  const groups: FactGroupDef<PortalState>[] = [
    {description: 'The application', facts: [fact(`An application for "${service.name}" was submitted`, () => true)]},
    {
      description: 'Applicant details',
      facts: [
        fact(`Applicant name ${person.firstName} ${person.lastName}`, (a) => normalised(a.applicant.firstName) === normalised(person.firstName) && normalised(a.applicant.lastName) === normalised(person.lastName)),
        fact(`Date of birth ${dob}`, (a) => a.applicant.dob === dob),
        fact(`Email ${person.email}`, (a) => a.applicant.email === person.email),
        fact(`Phone ${person.phone}`, (a) => digitsOf(a.applicant.phone) === digitsOf(person.phone)),
      ],
    },
    {
      description: 'Address',
      facts: [fact(`Address ${address.street}, ${address.city} ${address.zip}`, (a) => normalised(a.address.street) === normalised(address.street) && normalised(a.address.city) === normalised(address.city) && a.address.zip === address.zip)],
    },
    {
      description: 'Service options',
      facts: [
        fact(`${service.option.label}: ${choice.label}`, (a) => a.options.choice === choice.label),
        fact(`${processing === 'expedited' ? 'Expedited' : 'Standard'} processing`, (a) => a.options.processing === processing),
        fact(`Only the extra "${extra.label}" is selected`, (a) => a.options.extras.length === 1 && a.options.extras[0] === extra.id),
      ],
    },
    {description: 'Confirmation', facts: [answerFact(`The answer reports the confirmation number ${number}`, number)]},
  ]
  const type = (selector: string, label: string, text: string): SolutionStep => ({op: 'type', target: {selector, description: `the ${label} field`}, text})
  const choiceIndex = service.option.choices.indexOf(choice)
  return {
    key: `apply-${service.slug}`,
    kind: 'form',
    intent: `On ${site.name}, apply online for the "${service.name}" service (${service.option.label.toLowerCase()}: ${choice.label}, ${processing} processing, with the optional extra "${extra.label}" only) for ${person.firstName} ${person.lastName}, born ${dob} (DD/MM/YYYY), email ${person.email}, phone ${person.phone}, living at ${address.street}, ${address.city} ${address.zip}. Submit the application and tell me the confirmation number.`,
    groups,
    referenceAnswer: number,
    solution: [
      ...findService(service),
      {op: 'click', target: {selector: 'a.apply-link', description: 'the "Apply online" button'}},
      type('#first_name', 'First name', person.firstName),
      type('#last_name', 'Last name', person.lastName),
      type('#dob', 'Date of birth', dob),
      type('#email', 'Email address', person.email),
      type('#phone', 'Phone number', person.phone),
      {op: 'click', target: nextStep},
      type('#street', 'Street address', address.street),
      type('#city', 'City', address.city),
      type('#zip', 'ZIP code', address.zip),
      {op: 'click', target: nextStep},
      {op: 'click', target: {selector: `label[for="choice-${choiceIndex}"]`, description: `the "${choice.label}" option`}},
      {op: 'click', target: {selector: `label[for="processing-${processing}"]`, description: `the ${processing} processing option`}},
      {op: 'click', target: {selector: `label[for="extra-${extra.id}"]`, description: `the "${extra.label}" extra`}},
      {op: 'click', target: nextStep},
      {op: 'click', target: {selector: 'label[for="declaration"]', description: 'the declaration checkbox'}},
      {op: 'click', target: {selector: 'button.submit-application', description: 'the "Submit application" button'}},
      {op: 'answer', text: number},
    ],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Styles

function portalCss(theme: Theme): string {
  const selected = theme.primary
  return `
.gov-strip{font-size:13px;color:#3b4350;background:#eef1f5;border:1px solid rgba(0,0,0,.06);border-radius:4px;padding:5px 10px;margin-bottom:14px}
.gov-strip a{margin-left:8px;text-decoration:underline}
.header-extras .lang{font-size:12px;border:1px solid currentColor;border-radius:3px;padding:1px 6px;opacity:.8}
.hero{display:flex;gap:28px;align-items:center;margin-bottom:20px}
.hero-text{flex:1}.hero h1{font-size:34px}.hero p{font-size:17px}
.hero img{border-radius:8px;flex:none}
.hero-search{display:flex;gap:8px;margin-top:14px}.hero-search input{flex:1;font-size:17px;padding:11px 14px}
.quick-tiles{display:grid;grid-template-columns:repeat(4,1fr);gap:14px;margin-bottom:20px}
.quick-tile{display:flex;flex-direction:column;gap:4px;color:inherit;border-top:4px solid ${theme.accent}}
.quick-tile:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.1)}
.tile-icon{color:${theme.primary}}.tile-icon .icon{width:30px;height:30px}
.gov-seal .icon{width:15px;height:15px;display:inline-block;vertical-align:-2px}
.notices{margin-bottom:20px;border-left:5px solid #e0a800}.notices ul{margin:0;padding-left:20px}
.topic-grid{display:grid;gap:14px;margin-bottom:22px}.topic-grid.cols-3{grid-template-columns:repeat(3,1fr)}.topic-grid.cols-4{grid-template-columns:repeat(4,1fr)}
.topic-tile{display:flex;flex-direction:column;gap:6px;color:inherit}.topic-tile img{width:100%;height:110px;object-fit:cover;border-radius:4px}
.topic-tile:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.1)}
.topic-count{font-size:13px;font-weight:700}
.popular-list{display:grid;grid-template-columns:repeat(3,1fr);gap:8px 20px}
.popular-link{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid rgba(0,0,0,.1);font-weight:600}
.topic-nav ul,.toc{list-style:none;padding:0;margin:0}.topic-nav li,.toc li{margin:6px 0}.topic-nav a.active{font-weight:700;text-decoration:underline}
.az-bar{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0 16px}.az-bar a{border:1px solid rgba(0,0,0,.15);padding:2px 9px;border-radius:3px;font-weight:700}
.az-letter{border-bottom:2px solid rgba(0,0,0,.12);padding-bottom:4px;margin-top:18px}
.service-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:12px}
.service-list{display:flex;flex-direction:column;gap:10px}
.service-item h3{margin:2px 0 6px}.service-item p{margin:0 0 8px}
.service-kicker{font-size:12px;text-transform:uppercase;letter-spacing:.06em;font-weight:700;opacity:.7}
.service-meta{display:flex;gap:14px;flex-wrap:wrap;font-size:14px;align-items:center}
.tag{font-size:12px;font-weight:700;border-radius:10px;padding:2px 9px;background:#e9ecef}.tag-online{background:#dff3e4;color:#17623a}
.small{font-size:13px}
.service-table td:first-child{min-width:280px}
.search-results{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:10px}
.search-result h3{margin:0 0 2px}.result-path{font-size:13px;margin-bottom:6px}.search-result p{margin:0}
.service-page section{margin:22px 0}.lead{font-size:18px}
.service-title{font-size:32px}
.action-box{display:flex;gap:16px;align-items:center;flex-wrap:wrap;border-left:5px solid #2e7d32}
.checklist li,.documents li{margin:6px 0}
.fees-table,.processing-table{max-width:620px}.fees-table td.fee{font-weight:700;white-space:nowrap}
.service-aside{display:flex;flex-direction:column;gap:12px;width:270px}
.apply-layout{display:flex;gap:18px;align-items:flex-start}.apply-card{flex:1;min-width:0}.apply-help{width:260px;flex:none}
.apply-service{font-size:14px;margin-bottom:10px}
.steps{list-style:none;padding:0;margin:0 0 6px;display:flex;gap:0;counter-reset:none}
.steps li{flex:1;display:flex;align-items:center;gap:8px;font-size:14px;color:#6b7280}
.steps .step-no{width:28px;height:28px;border-radius:50%;border:2px solid #b8bec7;display:inline-flex;align-items:center;justify-content:center;font-weight:700;flex:none;background:#fff}
.steps li.current{color:inherit;font-weight:700}.steps li.current .step-no{border-color:currentColor}
.steps li.done .step-no{background:#2e7d32;border-color:#2e7d32;color:#fff}
.steps-tabs{border-bottom:3px solid #e3e6ea}.steps-tabs li{padding:8px 6px;margin-bottom:-3px;border-bottom:3px solid transparent}
.steps-tabs li.current{border-bottom-color:currentColor}.steps-tabs .step-no{width:22px;height:22px;border-radius:4px}
.step-count{margin:4px 0 14px}
.form-actions{display:flex;gap:10px;justify-content:space-between;margin-top:18px;border-top:1px solid rgba(0,0,0,.08);padding-top:14px}
.error-summary ul{margin:6px 0 0;padding-left:18px}.error-summary a{color:#8a1c12;text-decoration:underline}
fieldset.choice-group{border:0;padding:0;margin:0 0 18px}fieldset.choice-group legend{font-weight:700;font-size:16px;margin-bottom:6px}
.choice-wrap{position:relative;margin:6px 0}
.choice-input{position:absolute;opacity:0;width:1px;height:1px}
.choice{display:flex;justify-content:space-between;gap:12px;align-items:center;font-weight:400;border:2px solid #cfd4da;border-radius:6px;padding:10px 14px 10px 44px;cursor:pointer;background:#fff;position:relative;max-width:560px;margin:0}
.choice::before{content:"";position:absolute;left:14px;top:50%;margin-top:-10px;width:16px;height:16px;border:2px solid #6b7280;background:#fff}
.choice-radio::before{border-radius:50%}.choice-checkbox::before{border-radius:3px}
.choice-input:checked+.choice{border-color:${selected};background:#f1f5ff}
.choice-input:checked+.choice-radio::before{background:radial-gradient(circle,${selected} 45%,#fff 50%)}
.choice-input:checked+.choice-checkbox::before{background:${selected};border-color:${selected};box-shadow:inset 0 0 0 3px #fff}
.choice-input:focus-visible+.choice{outline:3px solid #ffbf47}
.choice-fee{font-weight:700;white-space:nowrap}
.choice-group.invalid .choice{border-color:#c62828}
.review-block{border:1px solid rgba(0,0,0,.1);border-radius:6px;padding:12px 16px;margin-bottom:12px}
.review-head{display:flex;justify-content:space-between;align-items:baseline}.change-link{font-weight:600;text-decoration:underline}
.review-list{display:grid;grid-template-columns:180px 1fr;gap:6px 14px;margin:6px 0 0}.review-list dt{font-weight:600;color:#4b5563}.review-list dd{margin:0}
.total-line{font-size:18px}
.confirmation-panel{background:#1f7a4d;color:#fff;border-radius:8px;padding:26px;text-align:center;margin-bottom:18px}
.confirmation-panel.cancelled{background:#6b7280}
.confirmation-panel h1{font-size:32px}.confirmation-panel p{margin:4px 0}
.confirmation-number{font-size:30px;font-weight:700;letter-spacing:.04em}
.summary-table th{width:200px}
.inline-form{display:flex;gap:8px;margin-top:6px}
.day-filter{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin:12px 0}
.day-chip{border:1px solid rgba(0,0,0,.2);border-radius:16px;padding:3px 12px;font-weight:600}.day-chip.active{background:#1f2937;color:#fff;border-color:#1f2937}
.holiday-note{background:#fff8e1;border:1px solid #f3d27a;color:#5d4300}
.office-list{display:flex;flex-direction:column;gap:14px}
.office{display:flex;gap:18px;align-items:flex-start}.office-main{flex:1}.office-hours{width:300px;flex:none}.office-map{width:180px;flex:none;border-radius:6px}
.offices-cards{display:grid;grid-template-columns:repeat(2,1fr)}.offices-cards .office{flex-direction:column}.offices-cards .office-hours{width:100%}.offices-cards .office-map{display:none}
.office h2{font-size:19px}.office-address{font-weight:600}
.hours-table th,.hours-table td{padding:3px 8px;font-size:14px}.hours-table tr.highlight{background:#fff3c4}
.reason-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin-bottom:20px}
.reason-link{display:flex;flex-direction:column;gap:6px;color:inherit}.reason-link:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.12)}
.booking-steps{margin-bottom:16px}
.booking-layout{display:flex;gap:18px;align-items:flex-start}.booking-main{flex:1;min-width:0;display:flex;flex-direction:column;gap:14px}.booking-summary{width:280px;flex:none}
.booking-summary .review-list{grid-template-columns:70px 1fr}
.office-choices{display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.office-choice{display:flex;flex-direction:column;border:2px solid #cfd4da;border-radius:6px;padding:8px 12px;color:inherit}
.office-choice.selected{border-color:${selected};background:#f1f5ff}.office-choice:hover{text-decoration:none;border-color:#6b7280}
.date-time{display:flex;gap:22px;align-items:flex-start;flex-wrap:wrap}
.calendar{width:330px;flex:none}
.cal-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:8px}
.cal-nav{font-size:22px;font-weight:700;width:34px;height:34px;display:inline-flex;align-items:center;justify-content:center;border:1px solid rgba(0,0,0,.15);border-radius:4px}
.cal-nav.disabled{opacity:.3}
.cal-grid{display:grid;grid-template-columns:repeat(7,1fr);gap:4px}
.cal-cell{height:40px;display:flex;align-items:center;justify-content:center;border-radius:4px;font-size:14px}
.cal-dow{font-weight:700;font-size:12px;height:24px}
.cal-day.available{background:#e3f2e7;color:#17623a;font-weight:700;border:1px solid #9fd1ae}
.cal-day.available:hover{background:#c8e8d1;text-decoration:none}
.cal-day.selected{background:${selected};color:#fff;font-weight:700}
.cal-cell.unavailable{color:#a0a6ad;text-decoration:line-through}
.cal-legend{display:flex;gap:6px;align-items:center;margin-top:8px}.cal-legend .key{display:inline-block;width:14px;height:14px;border-radius:3px}.key.available{background:#e3f2e7;border:1px solid #9fd1ae}.key.unavailable{background:#eee}
.slot-panel{flex:1;min-width:220px}
.slots{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.slot{border:2px solid #9fb6e8;border-radius:6px;padding:8px 0;text-align:center;font-weight:700}
.slot:hover{background:#f1f5ff;text-decoration:none}.slot.selected{background:${selected};border-color:${selected};color:#fff}
@media (max-width:900px){.quick-tiles,.topic-grid.cols-3,.topic-grid.cols-4,.reason-grid,.popular-list{grid-template-columns:repeat(2,1fr)}.row,.apply-layout,.booking-layout{flex-direction:column}.sidebar,.apply-help,.booking-summary,.service-aside{width:100%}}
`
}

