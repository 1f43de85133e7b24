// Content pools: cities, topics, documents, service templates, offices, appointment reasons, notices, holidays and names.
import type {Category, Reason} from './types.js'

export const CITIES = ['Brookhaven', 'Lakemont', 'Fairmont Falls', 'Harrowgate', 'Port Calder', 'Pinebrook', 'Redwater', 'Greystone', 'Clearwater Bay', 'Stillwater', 'Kingsbridge', 'Elmstead']

export const CATEGORIES: Category[] = [
  {id: 'building', name: 'Building & Property', blurb: 'Permits for building work, demolition, fences, trees and home businesses.'},
  {id: 'business', name: 'Business & Trade', blurb: 'Licences for businesses, food vendors, street traders, signs and drivers.'},
  {id: 'vehicles', name: 'Vehicles & Parking', blurb: 'Parking permits, accessible parking, driving licences and vehicle registration.'},
  {id: 'family', name: 'Family & Support', blurb: 'Financial help for housing, child care, energy bills, school costs and travel.'},
  {id: 'records', name: 'Identity & Records', blurb: 'Certificates, marriage licences, passports, name changes and residency.'},
  {id: 'environment', name: 'Health & Environment', blurb: 'Dog licences, waste collection, compost bins, pest control and water testing.'},
  {id: 'events', name: 'Events & Recreation', blurb: 'Park events, street parties, sports fields, fishing and community halls.'},
]

export const DOCUMENTS: Record<string, string> = {
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

export interface ServiceTemplate {
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

export const TEMPLATES: ServiceTemplate[] = [
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

export const CATEGORY_ELIGIBILITY: Record<string, string[]> = {
  building: ['The property is within the city limits.', 'Work has not started yet: permits cannot be issued for completed work.', 'You have paid any outstanding property taxes.'],
  business: ['The business trades within the city limits.', 'You have no unpaid city fines or fees.', 'The applicant is 18 or older.'],
  vehicles: ['You are a resident of the city.', 'The vehicle is insured.', 'You have no unpaid parking fines.'],
  family: ['You are a resident of the city.', 'You have not received the same support in the last 12 months.', 'You give consent for the city to check the information you provide.'],
  records: ['The record was registered in the city.', 'You can prove your identity.', 'The applicant is 16 or older.'],
  environment: ['The address is within the city limits.', 'The property is residential.', 'You have no unpaid service charges.'],
  events: ['The organiser is 18 or older.', 'The event is open to the public or to a named group.', 'You accept the city’s conditions of use.'],
}

export const EXTRA_POOL: {id: string; label: string; fee: [number, number]}[] = [
  {id: 'post', label: 'Printed copy sent by post', fee: [4, 8]},
  {id: 'sms', label: 'Text message status updates', fee: [0, 0]},
  {id: 'copy', label: 'Additional certified copy', fee: [10, 20]},
  {id: 'courier', label: 'Tracked courier delivery', fee: [9, 15]},
  {id: 'interpreter', label: 'Interpreter at any appointment', fee: [0, 0]},
  {id: 'large-print', label: 'Large-print documents', fee: [0, 0]},
]

export const OFFICE_NAMES = ['City Hall Service Centre', 'Northgate Customer Service Office', 'Riverside Civic Centre', 'Eastfield Library Service Point', 'Harbour Road Service Centre', 'Elmwood Community Hub', 'Southgate Registry Office', 'Old Town Permit Counter']
export const STREETS = ['Market Street', 'Quay Road', 'Elm Avenue', 'Station Road', 'Civic Square', 'Mill Lane', 'Church Street', 'Victoria Parade', 'Oak Drive', 'Bridge Street', 'Garden Row', 'High Street']
export const OFFICE_NOTES = ['Step-free access from the main entrance.', 'Free parking for 2 hours behind the building.', 'Next to the central bus station.', 'Hearing loop available at every counter.', 'Entrance through the library.', 'Cash is not accepted at this office.']

export const REASONS: Reason[] = [
  {id: 'identity', name: 'Identity document check', minutes: 20, description: 'Show original documents for a passport, licence or certificate application.'},
  {id: 'licence-photo', name: 'Driving licence photo and eye test', minutes: 30, description: 'Have your photo taken and your eyesight tested for a new or renewed licence.'},
  {id: 'marriage', name: 'Marriage licence interview', minutes: 45, description: 'Both partners attend with their documents and two witnesses’ details.'},
  {id: 'permit-advice', name: 'Building permit pre-application meeting', minutes: 60, description: 'Discuss your plans with a building officer before you apply.'},
  {id: 'residency', name: 'Residency registration', minutes: 30, description: 'Register your new address and collect your residency certificate.'},
  {id: 'business-advice', name: 'Business licensing advice', minutes: 45, description: 'Get help choosing the right licence for your business.'},
  {id: 'benefits', name: 'Benefits and support advice', minutes: 45, description: 'Talk to an adviser about housing, child care and other support.'},
  {id: 'certified-copies', name: 'Certified copies and notary service', minutes: 15, description: 'Have copies of your documents certified while you wait.'},
]

export const NOTICES = [
  'All offices are closed on public holidays. Online services stay available.',
  'New: pay permit fees by card at every service counter.',
  'Planned maintenance: online payments may be slow on Sunday mornings between 02:00 and 04:00.',
  'Winter energy bill rebates open for applications until the end of the season.',
  'Bring your booking reference to every appointment.',
  'Dog licences now last a lifetime for neutered dogs.',
]

/** Closed on these dates, and no bookings are offered on them. */
export const HOLIDAYS: Record<string, string> = {
  '2026-01-01': 'New Year’s Day',
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-25': 'Memorial Day',
  '2026-07-03': 'Independence Day (observed)',
  '2026-09-07': 'Labor Day',
  '2026-11-26': 'Thanksgiving Day',
  '2026-12-25': 'Christmas Day',
}

export const FIRST_NAMES = ['Dana', 'Ravi', 'Lena', 'Marcus', 'Sofia', 'Tomasz', 'Amara', 'Felix', 'Hannah', 'Kenji', 'Olivia', 'Mateo']
export const LAST_NAMES = ['Whitfield', 'Menon', 'Fischer', 'Hale', 'Novak', 'Okafor', 'Lindqvist', 'Moreau', 'Castillo', 'Brennan', 'Tanaka', 'Abbott']
export const HOME_STREETS = ['Orchard Lane', 'Birch Close', 'Linden Road', 'Cedar Court', 'Willow Way', 'Hawthorn Street', 'Meadow View', 'Chestnut Grove']

export const BOOKING_WINDOW_DAYS = 42
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
