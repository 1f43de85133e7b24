// Timetable and prices: every route and date has its own deterministic list of departures.
import {between, pick, rngFor, sample} from '../../random-pick.js'
import {CHILD_SHARE} from './data.js'
import {inWindow} from './dates.js'
import {cityByCode, memo, modeOf} from './model.js'
import type {Cabin, City, FareId, FareRule, Place, TravelModel, Trip} from './types.js'

export function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

export function tripId(from: City, to: City, date: string, index: number): string {
  return `${from.code}-${to.code}-${date.replaceAll('-', '')}-${index}`
}

export function tripsFor(model: TravelModel, from: City, to: City, date: string): Trip[] {
  return memo(model, `trips/${from.code}/${to.code}/${date}`, () => makeTrips(model, from, to, date))
}

function makeTrips(model: TravelModel, from: City, to: City, date: string): Trip[] {
  const mode = modeOf(model)
  const rng = rngFor({seed: model.seed}, `trips/${from.code}/${to.code}/${date}`)
  const km = distanceKm(from, to)
  const hubs = model.cities
    .filter((city) => city !== from && city !== to)
    .sort((a, b) => distanceKm(from, a) + distanceKm(a, to) - (distanceKm(from, b) + distanceKm(b, to)))
    .slice(0, 4)
  const legMinutes = (a: Place, b: Place) =>
    Math.round((mode.overheadMin + (distanceKm(a, b) * 1.15 * 60) / mode.speedKmh) / 5) * 5
  const numbers = new Set<string>()
  const drafts: Omit<Trip, 'id'>[] = []
  const count = between(rng, 7, 12)
  for (let i = 0; i < count; i++) {
    const carrier = pick(rng, model.carriers)
    const stops = rng.nextFloat() < mode.directShare(km) ? 0 : rng.nextFloat() < 0.8 ? 1 : 2
    const via = sample(rng, hubs, stops)
    const path: Place[] = [from, ...via, to]
    let duration = 0
    for (let leg = 1; leg < path.length; leg++)
      duration +=
        legMinutes(path[leg - 1]!, path[leg]!) +
        (leg > 1 ? between(rng, mode.layoverMin[0] / 5, mode.layoverMin[1] / 5) * 5 : 0)
    duration += between(rng, -1, 3) * 5
    const depart = between(rng, 5 * 12, 22 * 12 + 6) * 5
    const peak = (depart >= 420 && depart < 570) || (depart >= 1020 && depart < 1170) ? 1.12 : 1
    const basePrice = Math.max(
      9,
      Math.round(
        (mode.priceFixed + km * mode.pricePerKm) *
          carrier.priceFactor *
          0.8 ** stops *
          peak *
          (0.82 + rng.nextFloat() * 0.55),
      ),
    )
    let number = ''
    do number = `${carrier.code}${between(rng, mode.numberRange[0], mode.numberRange[1])}`
    while (numbers.has(number))
    numbers.add(number)
    drafts.push({from, to, date, carrier, number, depart, duration, via, basePrice})
  }
  drafts.sort((a, b) => a.depart - b.depart || a.number.localeCompare(b.number))
  return drafts.map((draft, index) => ({...draft, id: tripId(from, to, date, index)}))
}

export function tripById(model: TravelModel, id: string): Trip | undefined {
  const match = /^([A-Z]{3})-([A-Z]{3})-(\d{4})(\d{2})(\d{2})-(\d{1,2})$/.exec(id)
  if (!match) return undefined
  const from = cityByCode(model, match[1]!)
  const to = cityByCode(model, match[2]!)
  const date = `${match[3]}-${match[4]}-${match[5]}`
  if (!from || !to || from === to || !inWindow(model, date)) return undefined
  return tripsFor(model, from, to, date)[Number(match[6])]
}

export function cabinOf(model: TravelModel, id: string | null): Cabin {
  const {cabins} = modeOf(model)
  return cabins.find((cabin) => cabin.id === id) ?? cabins[0]!
}

export function fareOf(trip: Trip, id: FareId): FareRule {
  return trip.carrier.fares.find((fare) => fare.id === id)!
}

export function adultPrice(trip: Trip, cabin: Cabin, fare: FareId): number {
  return Math.round(trip.basePrice * cabin.multiplier * fareOf(trip, fare).multiplier)
}

export function childPrice(adult: number): number {
  return Math.round(adult * CHILD_SHARE)
}

export function partyPrice(trip: Trip, cabin: Cabin, fare: FareId, adults: number, children: number): number {
  const adult = adultPrice(trip, cabin, fare)
  return adult * adults + childPrice(adult) * children
}

export function cheapestOn(model: TravelModel, from: City, to: City, date: string): number {
  return Math.min(...tripsFor(model, from, to, date).map((trip) => trip.basePrice))
}
