// Search queries of the travel family: the search form's values, and the results page's filters and sort.
import {queryString} from '../../html.js'
import {MAX_PASSENGERS, SORTS, TIME_WINDOWS} from './data.js'
import {inWindow, windowOf} from './dates.js'
import {cityByCode, modeOf} from './model.js'
import {cabinOf} from './timetable.js'
import type {Cabin, City, SortId, StopsFilter, TimeWindowId, TravelModel, Trip} from './types.js'

export interface SearchValues {
  origin: string
  destination: string
  date: string
  adults: number
  children: number
  cabin: string
}

export type SearchErrors = Partial<Record<'from' | 'to' | 'date' | 'passengers', string>>

function defaultSearch(model: TravelModel): SearchValues {
  return {
    origin: '',
    destination: '',
    date: model.defaultDate,
    adults: 1,
    children: 0,
    cabin: modeOf(model).cabins[0]!.id,
  }
}

export function count(text: string | null, fallback: number): number {
  const value = Number.parseInt(text ?? '', 10)
  return Number.isFinite(value) ? value : fallback
}

/** Prefills the home form from `?from=LIS&to=MAD&date=…` (the "Change search" link). */
export function searchValuesFromCodes(model: TravelModel, query: URLSearchParams): SearchValues {
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

export interface ResultsQuery {
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

export function parseResultsQuery(model: TravelModel, query: URLSearchParams): ResultsQuery | undefined {
  const from = cityByCode(model, query.get('from'))
  const to = cityByCode(model, query.get('to'))
  const date = query.get('date') ?? ''
  const adults = count(query.get('adults'), 1)
  const children = count(query.get('children'), 0)
  if (
    !from ||
    !to ||
    from === to ||
    !inWindow(model, date) ||
    adults < 1 ||
    children < 0 ||
    adults + children > MAX_PASSENGERS
  )
    return undefined
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

export function resultsHref(q: ResultsQuery, changes: Record<string, string | number> = {}): string {
  const fields = {
    from: q.from.code,
    to: q.to.code,
    date: q.date,
    adults: q.adults,
    children: q.children || '',
    cabin: q.cabin.id,
    stops: q.stops,
    time: q.time,
    carrier: q.carrier,
    sort: q.sort === 'recommended' ? '' : q.sort,
    ...changes,
  }
  return `/results${queryString(fields)}`
}

export function passesFilters(trip: Trip, q: ResultsQuery): boolean {
  if (q.stops !== '' && trip.via.length > Number(q.stops)) return false
  if (q.time !== '' && windowOf(trip.depart) !== q.time) return false
  return q.carrier === '' || trip.carrier.code === q.carrier
}

export function sortTrips(trips: Trip[], sort: SortId): Trip[] {
  const byScore = (t: Trip) => t.basePrice + t.duration * 0.35 + t.via.length * 25
  const order: Record<SortId, (a: Trip, b: Trip) => number> = {
    recommended: (a, b) => byScore(a) - byScore(b),
    price: (a, b) => a.basePrice - b.basePrice,
    duration: (a, b) => a.duration - b.duration,
    departure: (a, b) => a.depart - b.depart,
  }
  return [...trips].sort((a, b) => order[sort](a, b) || a.depart - b.depart || a.number.localeCompare(b.number))
}
