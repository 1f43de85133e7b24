// Calendar dates: ISO dates, adding days, and writing a date the way the site does.
import type {DateStyle} from './types.js'

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
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10)
}

export function dateParts(iso: string): {year: number; month: number; day: number; weekday: number} {
  const [year, month, day] = iso.split('-').map(Number)
  return {year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay()}
}

export function formatDate(iso: string, style: DateStyle): string {
  const {year, month, day} = dateParts(iso)
  return style === 'dmy' ? `${day} ${MONTHS[month - 1]} ${year}` : `${MONTHS[month - 1]} ${day}, ${year}`
}

export function monthLabel(iso: string): string {
  const {year, month} = dateParts(iso)
  return `${MONTHS[month - 1]} ${year}`
}
