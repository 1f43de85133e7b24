// Dates, times of day and money as the portal shows them (and as an answer may spell them).
import {formatMoney} from '../../check-helpers.js'
import {DAY_NAMES, HOLIDAYS, MONTH_NAMES} from './data.js'
import type {DayHours, PortalModel} from './types.js'

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function toUtc(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!))
}

export function addDays(iso: string, days: number): string {
  const date = toUtc(iso)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(iso: string): number {
  return (toUtc(iso).getUTCDay() + 6) % 7
}

export function longDate(iso: string): string {
  const date = toUtc(iso)
  return `${DAY_NAMES[weekdayOf(iso)]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number)
  return `${MONTH_NAMES[m! - 1]} ${y}`
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y! * 12 + (m! - 1) + by
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  return (ty! - fy!) * 12 + (tm! - fm!)
}

/** The date `days` working days after `iso` (weekends and holidays skipped). */
export function addWorkingDays(iso: string, days: number): string {
  let date = iso
  for (let left = days; left > 0;) {
    date = addDays(date, 1)
    if (weekdayOf(date) < 5 && !HOLIDAYS[date]) left--
  }
  return date
}

export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

export function displayTime(model: PortalModel, minutes: number): string {
  if (model.clock === '24h') return clockTime(minutes)
  const hour = Math.floor(minutes / 60)
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`
}

/** The ways an answer may write a time of day: `17:00`, `5:00 pm`, `5 pm`, `5pm`. */
export function timeSpellings(minutes: number): string[] {
  const hour = Math.floor(minutes / 60)
  const mm = String(minutes % 60).padStart(2, '0')
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  const suffix = hour < 12 ? 'am' : 'pm'
  const spellings = [
    clockTime(minutes),
    `${hour}:${mm}`,
    `${h12}:${mm} ${suffix}`,
    `${h12}:${mm}${suffix}`,
    `${h12}:${mm} ${suffix.charAt(0)}.m.`,
  ]
  if (mm === '00') spellings.push(`${h12} ${suffix}`, `${h12}${suffix}`, `${h12} ${suffix.charAt(0)}.m.`)
  return spellings
}

export function hoursText(model: PortalModel, day: DayHours): string {
  return day ? `${displayTime(model, day.open)} – ${displayTime(model, day.close)}` : 'Closed'
}

export function money(model: PortalModel, amount: number): string {
  return amount === 0 ? 'Free' : formatMoney(amount, model.currency)
}
