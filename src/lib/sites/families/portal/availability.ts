// Appointment availability: a deterministic pattern of free slots per office and day.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {BOOKING_WINDOW_DAYS, HOLIDAYS} from './data.js'
import {addDays, weekdayOf} from './dates.js'
import type {Office, PortalModel} from './types.js'

function isBookable(model: PortalModel, date: string): boolean {
  return date > model.today && date <= addDays(model.today, BOOKING_WINDOW_DAYS) && !HOLIDAYS[date]
}

export function freeSlots(site: SiteInfo, model: PortalModel, office: Office, date: string): number[] {
  const hours = office.hours[weekdayOf(date)]
  if (!hours || !isBookable(model, date)) return []
  if (hashString(`${site.slug}/${office.id}/${date}`) % 10 < 3) return []
  const slots: number[] = []
  for (let t = hours.open; t + 30 <= hours.close; t += 30)
    if (hashString(`${site.slug}/${office.id}/${date}/${t}`) % 3 !== 0) slots.push(t)
  return slots
}

export function firstBookableMonth(model: PortalModel): string {
  return addDays(model.today, 1).slice(0, 7)
}
