// Dates and times of the travel family (fixed calendar values; Date is used only for calendar arithmetic in UTC).
import {TIME_WINDOWS} from './data.js'
import type {TimeWindowId, TravelModel, Trip} from './types.js'

const DAY_MS = 86_400_000
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return Date.UTC(y, m - 1, d) / DAY_MS
}

function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export function addDays(iso: string, days: number): string {
  return isoFromDay(dayNumber(iso) + days)
}

function isIsoDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && isoFromDay(dayNumber(text)) === text
}

export function weekdayOf(iso: string): number {
  return new Date(dayNumber(iso) * DAY_MS).getUTCDay()
}

export function parts(iso: string): {year: number; month: number; day: number} {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  return {year, month, day}
}

/** "Sun, 14 Jun 2026" */
export function shortDate(iso: string): string {
  const {year, month, day} = parts(iso)
  return `${WEEKDAYS[weekdayOf(iso)]!.slice(0, 3)}, ${day} ${MONTHS[month - 1]!.slice(0, 3)} ${year}`
}

/** "Sunday 14 June 2026" */
export function longDate(iso: string): string {
  const {year, month, day} = parts(iso)
  return `${WEEKDAYS[weekdayOf(iso)]} ${day} ${MONTHS[month - 1]} ${year}`
}

export function monthKey(iso: string): string {
  return iso.slice(0, 7)
}

export function monthsBetween(fromIso: string, toIso: string): number {
  const a = parts(fromIso)
  const b = parts(toIso)
  return (b.year - a.year) * 12 + (b.month - a.month)
}

export function inWindow(model: TravelModel, iso: string): boolean {
  return isIsoDate(iso) && iso >= model.today && iso <= model.lastDate
}

/** "06:40" */
export function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** "2h 35m" */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h ${String(m).padStart(2, '0')}m`
}

/** "01:30 (+1 day)" for an arrival on a later day. */
export function arrivalText(trip: Trip): string {
  const arrival = trip.depart + trip.duration
  const days = Math.floor(arrival / 1440)
  return days === 0 ? clock(arrival) : `${clock(arrival)} (+${days} day${days === 1 ? '' : 's'})`
}

export function windowOf(minutes: number): TimeWindowId {
  return TIME_WINDOWS.find((w) => minutes >= w.from && minutes <= w.to)!.id
}
