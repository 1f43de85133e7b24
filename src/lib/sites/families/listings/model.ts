// The listings model, built from a seeded RNG: kind, city, areas on a map, layout, filter options and listings.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {between, pick, sample} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {
  AREA_TRAITS,
  CITIES,
  JOB_CATEGORIES,
  JOB_TYPES,
  NEIGHBOURHOODS,
  PROPERTY_TYPES,
  REGIONS,
  RENT_BANDS,
  SALARY_THRESHOLDS,
  SALE_BANDS,
  TIME_SLOTS,
} from './data.js'
import {kebab, shortMoney} from './format.js'
import {makeHomes} from './model-homes.js'
import {makeJobs} from './model-jobs.js'
import type {Area, Kind, Layout, ListingsModel, Market, RangeOption} from './types.js'

export function kindOf(site: SiteInfo): Kind {
  return site.variant % 2 === 0 ? 'jobs' : 'homes'
}

export function makeModel(site: SiteInfo, rng: SeededRandom): ListingsModel {
  const kind = kindOf(site)
  const city = pick(rng, CITIES)
  const [cols, rows] = pick(rng, [
    [3, 2],
    [4, 2],
    [3, 3],
  ] as const)
  const map = {width: 720, height: rows * 150}
  const areas = makeAreas(rng, kind, cols, rows, map.width / cols, 150)
  const layout: Layout = {
    results: pick(rng, ['list', 'grid'] as const),
    sidebar: site.variant % 4 < 2 ? 'left' : 'right',
    map: pick(rng, ['above', 'content'] as const),
    hero: pick(rng, ['photo', 'plain'] as const),
  }
  const calendar = {year: 2026, month: between(rng, 5, 11)}
  const timeSlots = sample(rng, TIME_SLOTS, 4).sort()
  if (kind === 'jobs') {
    const categories = sample(rng, JOB_CATEGORIES, 5)
    return {
      kind,
      market: 'sale',
      city,
      tagline: `Find your next job in ${city}`,
      areas,
      map,
      categories: categories.map((c) => c.name),
      listings: makeJobs(rng, categories, areas, city),
      ranges: SALARY_THRESHOLDS.map((min, i) => ({
        id: `s${i + 1}`,
        label: `${shortMoney(min)}+`,
        min,
        max: Number.POSITIVE_INFINITY,
      })),
      types: [...JOB_TYPES],
      layout,
      calendar,
      timeSlots,
    }
  }
  const market: Market = rng.below(3) === 0 ? 'rent' : 'sale'
  const types = sample(rng, PROPERTY_TYPES, 5)
  return {
    kind,
    market,
    city,
    tagline: market === 'sale' ? `Homes for sale in ${city}` : `Homes to rent in ${city}`,
    areas,
    map,
    categories: types.map((t) => t.name),
    listings: makeHomes(rng, types, areas, city, market),
    ranges: bandsToRanges(market === 'sale' ? SALE_BANDS : RENT_BANDS),
    types: [1, 2, 3, 4].map((n) => ({id: String(n), label: `${n}+ ${n === 1 ? 'bed' : 'beds'}`})),
    layout,
    calendar,
    timeSlots,
  }
}

function bandsToRanges(bounds: readonly number[]): RangeOption[] {
  return bounds.map((min, i) => {
    const max = bounds[i + 1] ?? Number.POSITIVE_INFINITY
    const label =
      min === 0
        ? `Under ${shortMoney(max)}`
        : max === Number.POSITIVE_INFINITY
          ? `Over ${shortMoney(min)}`
          : `${shortMoney(min)} – ${shortMoney(max)}`
    return {id: `p${i + 1}`, label, min, max}
  })
}

/** A distorted grid: neighbouring areas share their corners, so the map tiles like a real one. */
function makeAreas(
  rng: SeededRandom,
  kind: Kind,
  cols: number,
  rows: number,
  cellWidth: number,
  cellHeight: number,
): Area[] {
  const jitter = (limit: number) => Math.round((rng.nextFloat() - 0.5) * 2 * limit)
  const grid: [number, number][][] = []
  for (let r = 0; r <= rows; r++) {
    const line: [number, number][] = []
    for (let c = 0; c <= cols; c++) {
      const dx = c === 0 || c === cols ? 0 : jitter(cellWidth * 0.14)
      const dy = r === 0 || r === rows ? 0 : jitter(cellHeight * 0.14)
      line.push([Math.round(c * cellWidth + dx), Math.round(r * cellHeight + dy)])
    }
    grid.push(line)
  }
  const names = sample(rng, kind === 'jobs' ? REGIONS : NEIGHBOURHOODS, cols * rows)
  const areas: Area[] = []
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const corners: [number, number][] = [grid[r][c], grid[r][c + 1], grid[r + 1][c + 1], grid[r + 1][c]]
      const center: [number, number] = [
        Math.round(corners.reduce((s, p) => s + p[0], 0) / 4),
        Math.round(corners.reduce((s, p) => s + p[1], 0) / 4),
      ]
      const name = names[areas.length]
      const [first, second] = sample(rng, AREA_TRAITS, 2)
      areas.push({id: kebab(name), name, blurb: `${name} is known for ${first} and ${second}.`, corners, center})
    }
  return areas
}
