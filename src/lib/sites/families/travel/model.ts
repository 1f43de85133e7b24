// The travel model, built from a seeded RNG, with memoised derived values and city look-ups.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {between, pick, sample} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {CITY_BLURBS, SEASONS} from './data.js'
import {addDays} from './dates.js'
import {MODES} from './modes.js'
import type {Carrier, City, FareRule, Mode, RefundRule, TravelModel} from './types.js'

export function makeModel(site: SiteInfo, rng: SeededRandom): TravelModel {
  const modeId = (['flight', 'train', 'bus'] as const)[site.variant % 3]!
  const mode = MODES[modeId]
  const cities: City[] = sample(rng, mode.places, between(rng, 10, 12)).map((place) => ({
    ...place,
    blurb: pick(rng, CITY_BLURBS),
    bestMonths: pick(rng, SEASONS),
  }))
  const carriers: Carrier[] = sample(rng, mode.carriers, 4).map((carrier) => ({
    ...carrier,
    fares: makeFares(rng, mode),
    priceFactor: 0.88 + rng.below(28) / 100,
    onTimePercent: between(rng, 78, 96),
  }))
  const today = addDays('2026-03-02', between(rng, 0, 75))
  const popular = sample(rng, cities, 8).map((from, i, list) => ({
    from: from.code,
    to: list[(i + 3) % list.length]!.code,
  }))
  return {
    seed: site.seed,
    mode: modeId,
    tagline: pick(rng, mode.taglines),
    cities,
    carriers,
    today,
    defaultDate: addDays(today, 7),
    lastDate: addDays(today, 270),
    popular,
    insurance: pick(rng, modeId === 'flight' ? [19, 24, 29] : [7, 9, 12]),
    extraBag: pick(rng, modeId === 'flight' ? [35, 40, 45] : [10, 12, 15]),
    layout: {
      filtersRight: site.variant % 2 === 1,
      resultStyle: rng.below(2) === 0 ? 'cards' : 'rows',
      heroStyle: rng.below(2) === 0 ? 'photo' : 'plain',
      tileColumns: rng.below(2) === 0 ? 3 : 4,
      showDateStrip: rng.below(3) !== 0,
    },
  }
}

function makeFares(rng: SeededRandom, mode: Mode): FareRule[] {
  const bagKg = pick(rng, mode.bagKg)
  const changeFee = pick(rng, mode.changeFees)
  const refundFee = changeFee + pick(rng, mode.refundExtras)
  const basicChange = rng.below(2) === 0 ? null : changeFee + pick(rng, mode.refundExtras)
  const standardRefund: RefundRule = rng.below(2) === 0 ? {kind: 'none'} : {kind: 'fee', fee: refundFee}
  return [
    {
      id: 'basic',
      name: mode.fareNames.basic,
      bags: mode.basicBags,
      bagKg,
      handLuggage: mode.handLuggage.basic,
      changeFee: basicChange,
      refund: {kind: 'none'},
      seats: 'Assigned at check-in',
      multiplier: 1,
    },
    {
      id: 'standard',
      name: mode.fareNames.standard,
      bags: 1,
      bagKg,
      handLuggage: mode.handLuggage.standard,
      changeFee,
      refund: standardRefund,
      seats: 'Standard seats included',
      multiplier: 1.18 + rng.below(12) / 100,
    },
    {
      id: 'flex',
      name: mode.fareNames.flex,
      bags: 2,
      bagKg,
      handLuggage: mode.handLuggage.flex,
      changeFee: 0,
      refund: {kind: 'full'},
      seats: 'Any seat included',
      multiplier: 1.55 + rng.below(30) / 100,
    },
  ]
}

const MEMO_LIMIT = 5000
const memos = new WeakMap<TravelModel, Map<string, unknown>>()

/** A value derived from the model alone, computed once (timetables, calendars): pages stay cheap to serve. */
export function memo<T>(model: TravelModel, key: string, make: () => T): T {
  let cache = memos.get(model)
  if (cache === undefined) {
    cache = new Map()
    memos.set(model, cache)
  }
  if (cache.has(key)) return cache.get(key) as T
  if (cache.size >= MEMO_LIMIT) cache.clear()
  const value = make()
  cache.set(key, value)
  return value
}

export function modeOf(model: TravelModel): Mode {
  return MODES[model.mode]
}

export function cityByCode(model: TravelModel, code: string | null): City | undefined {
  return model.cities.find((city) => city.code === code)
}

/** The city a typed place name stands for: a name, a code, "Name (CODE)" or an unambiguous beginning of a name. */
export function resolveCity(model: TravelModel, typed: string): City | undefined {
  const text = typed.trim().toLowerCase()
  if (text === '') return undefined
  const code = /\(([a-z]{3})\)\s*$/.exec(text)?.[1]
  if (code) return cityByCode(model, code.toUpperCase())
  const exact = model.cities.find(
    (city) => city.name.toLowerCase() === text || city.code.toLowerCase() === text || city.hub.toLowerCase() === text,
  )
  if (exact) return exact
  const prefixed = model.cities.filter((city) => city.name.toLowerCase().startsWith(text))
  return prefixed.length === 1 ? prefixed[0] : undefined
}
