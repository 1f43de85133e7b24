// The model builder: services from templates, offices with their opening hours, and the portal's layout.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {slugify} from '../../slug.js'
import {between, pick, sample} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {
  CATEGORIES,
  CATEGORY_ELIGIBILITY,
  CITIES,
  DOCUMENTS,
  EXTRA_POOL,
  NOTICES,
  OFFICE_NAMES,
  OFFICE_NOTES,
  REASONS,
  STREETS,
  type ServiceTemplate,
  TEMPLATES,
} from './data.js'
import {addDays, isoDate} from './dates.js'
import type {DayHours, Office, PortalModel, Reason, Service} from './types.js'

export function makeModel(site: SiteInfo, rng: SeededRandom): PortalModel {
  const city = pick(rng, CITIES)
  const zipPrefix = String(between(rng, 200, 980))
  const month = between(rng, 2, 9)
  const today = isoDate(2026, month, between(rng, 2, 24))
  const services = makeServices(rng, today)
  const reasons = sample(rng, REASONS, 5)
  return {
    city,
    cityCode: city
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase(),
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
      let code = template.name
        .split(/\s+/)
        .filter((w) => !['and', 'of'].includes(w))
        .map((w) => w.charAt(0).toUpperCase())
        .join('')
        .slice(0, 3)
      while (codes.has(code)) code = `${code}${codes.size % 10}`
      codes.add(code)
      services.push(makeService(rng, template, code, today))
    }
  }
  // The application task needs one online service with expedited processing.
  if (!services.some((s) => s.online && s.expeditedFee !== null))
    services.find((s) => s.expeditedFee !== null)!.online = true
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
  const extras = sample(rng, EXTRA_POOL, between(rng, 2, 3)).map((e) => ({
    id: e.id,
    label: e.label,
    fee: between(rng, e.fee[0], e.fee[1]),
  }))
  const documentNames =
    template.documents.length <= 3
      ? template.documents
      : sample(rng, template.documents, between(rng, 3, template.documents.length))
  return {
    slug: slugify(template.name),
    code,
    name: template.name,
    categoryId: template.categoryId,
    summary: template.summary,
    eligibility: [template.eligibility, ...sample(rng, CATEGORY_ELIGIBILITY[template.categoryId]!, 2)],
    documents: template.documents
      .filter((d) => documentNames.includes(d))
      .map((name) => ({name, detail: DOCUMENTS[name]!})),
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
  const zips = sample(
    rng,
    Array.from({length: 90}, (_, i) => `${zipPrefix}${String(i + 10)}`),
    names.length,
  )
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
  for (const reason of reasons)
    if (!offices.some((o) => o.reasonIds.includes(reason.id))) offices[0]!.reasonIds.push(reason.id)
  for (const office of offices)
    office.reasonIds = reasons.filter((r) => office.reasonIds.includes(r.id)).map((r) => r.id)
  // When every office keeps the same hours, the first one opens on Sundays, so "which office is open when" has one answer.
  if (uniqueOpenings(offices).length === 0) offices[0]!.hours[6] = {open: 600, close: 840}
  return offices
}

/** Days and times at which exactly one office is open, away from every office's opening and closing time. */
export function uniqueOpenings(offices: Office[]): {day: number; minutes: number; office: Office}[] {
  const found: {day: number; minutes: number; office: Office}[] = []
  for (let day = 0; day < 7; day++)
    for (let minutes = 450; minutes <= 1200; minutes += 30) {
      const open = offices.filter((o) => openNow(o, day, minutes))
      const onBoundary = offices.some(
        (o) => o.hours[day] && (o.hours[day]!.open === minutes || o.hours[day]!.close === minutes),
      )
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

function openNow(office: Office, day: number, minutes: number): boolean {
  const hours = office.hours[day]
  return !!hours && hours.open <= minutes && minutes < hours.close
}
