// Formatting and small helpers of the listings family: money, dates, listing values, names and images.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {between, hashString} from '../../random-pick.js'
import {JOB_TYPES, MONTHS, WEEKDAYS} from './data.js'
import type {Area, Home, Job, Listing, ListingsModel, Market, RangeOption} from './types.js'

export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`
}

/** Chip-sized money: `$300k`, `$1M`, `$1,800`. */
export function shortMoney(amount: number): string {
  if (amount >= 1_000_000) return `$${amount / 1_000_000}M`
  if (amount >= 10_000) return `$${amount / 1000}k`
  return dollars(amount)
}

export function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export function pad(n: number): string {
  return String(n).padStart(2, '0')
}

function isoFromUtc(ms: number): string {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

export function postedDate(rng: SeededRandom): string {
  return isoFromUtc(Date.UTC(2026, 1, 2) + between(rng, 0, 85) * 86_400_000)
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`
}

export function dateParts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number)
  return [y, m, d]
}

/** 0 = Sunday. */
export function weekdayOf(iso: string): number {
  const [y, m, d] = dateParts(iso)
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

export function formatDate(iso: string): string {
  const [y, m, d] = dateParts(iso)
  return `${MONTHS[m - 1]} ${d}, ${y}`
}

export function formatLongDate(iso: string): string {
  return `${WEEKDAYS[weekdayOf(iso)]}, ${formatDate(iso)}`
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function digits(text: string): string {
  return text.replace(/\D/g, '')
}

export function salaryText(job: Job): string {
  return `${dollars(job.salaryMin)} – ${dollars(job.salaryMax)} a year`
}

export function priceText(home: Home, market: Market): string {
  return market === 'rent' ? `${dollars(home.price)} / month` : dollars(home.price)
}

export function valueText(listing: Listing, model: ListingsModel): string {
  return listing.kind === 'jobs' ? salaryText(listing) : priceText(listing, model.market)
}

export function jobTypeLabel(job: Job): string {
  return JOB_TYPES.find((t) => t.id === job.jobType)?.label ?? job.jobType
}

/** What identifies a listing in an answer: the title and company of a job, the address of a home. */
export function listingName(listing: Listing): string {
  return listing.kind === 'jobs' ? `${listing.title} at ${listing.company}` : listing.address
}

export function areaOf(model: ListingsModel, listing: Listing): Area {
  return model.areas.find((a) => a.id === listing.areaId)!
}

export function categoryOf(listing: Listing): string {
  return listing.kind === 'jobs' ? listing.category : listing.propertyType
}

export function rangeValue(listing: Listing): number {
  return listing.kind === 'jobs' ? listing.salaryMin : listing.price
}

export function typeMatches(listing: Listing, typeId: string): boolean {
  return listing.kind === 'jobs' ? listing.jobType === typeId : listing.bedrooms >= Number(typeId)
}

export function inRange(listing: Listing, range: RangeOption): boolean {
  const value = rangeValue(listing)
  return value >= range.min && value < range.max
}

export function listingImage(listing: Listing): string {
  return listing.kind === 'jobs'
    ? `/img/logo/${kebab(listing.company)}.svg`
    : `/img/house/${listing.id}-${hashString(listing.address)}.svg`
}
