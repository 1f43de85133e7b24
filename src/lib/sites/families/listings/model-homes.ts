// The homes of a real-estate portal: addresses, sizes, prices, features and agents.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {between, pick, sample} from '../../random-pick.js'
import {
  AGENCIES,
  AGENT_FIRST,
  AGENT_LAST,
  ENERGY_LABELS,
  HOME_ADJECTIVES,
  HOME_FEATURES,
  RENT_BANDS,
  SALE_BANDS,
  STREETS,
} from './data.js'
import {postedDate} from './format.js'
import type {Agent, Area, Home, Market, PropertyType} from './types.js'

function makeAgents(rng: SeededRandom): Agent[] {
  const firsts = sample(rng, AGENT_FIRST, 5)
  const lasts = sample(rng, AGENT_LAST, 5)
  const agencies = sample(rng, AGENCIES, 2)
  return firsts.map((first, i) => ({
    name: `${first} ${lasts[i]}`,
    agency: agencies[i % 2],
    phone: `(555) ${between(rng, 200, 989)}-${String(between(rng, 1000, 9999))}`,
  }))
}

export function makeHomes(
  rng: SeededRandom,
  types: readonly PropertyType[],
  areas: Area[],
  city: string,
  market: Market,
): Home[] {
  const agents = makeAgents(rng)
  const pricePerM2 = new Map(
    areas.map((a) => [a.id, market === 'sale' ? between(rng, 24, 88) * 100 : between(rng, 12, 30)]),
  )
  const addresses = new Set<string>()
  const homes: Home[] = []
  const count = between(rng, 52, 64)
  while (homes.length < count) {
    const address = `${between(rng, 2, 180)} ${pick(rng, STREETS)}`
    if (addresses.has(address)) continue
    addresses.add(address)
    const type = pick(rng, types)
    const area = pick(rng, areas)
    const bedrooms = between(rng, type.beds[0], type.beds[1])
    const size = 34 + bedrooms * 22 + between(rng, 0, 34)
    const feature = pick(rng, HOME_FEATURES)
    homes.push({
      kind: 'homes',
      id: 7101 + homes.length,
      title: `${pick(rng, HOME_ADJECTIVES)} ${bedrooms}-bedroom ${type.name.toLowerCase()} with ${feature}`,
      areaId: area.id,
      posted: postedDate(rng),
      address,
      propertyType: type.name,
      bedrooms,
      bathrooms: Math.min(3, 1 + Math.floor(bedrooms / 2)),
      rooms: bedrooms + between(rng, 1, 2),
      size,
      yearBuilt: between(rng, 1895, 2024),
      energy: pick(rng, ENERGY_LABELS),
      price: homePrice(size * pricePerM2.get(area.id)! * (0.85 + rng.nextFloat() * 0.3), market),
      features: [
        feature,
        ...sample(
          rng,
          HOME_FEATURES.filter((f) => f !== feature),
          between(rng, 2, 4),
        ),
      ],
      agent: pick(rng, agents),
      description: [
        `This ${type.name.toLowerCase()} at ${address} sits in the heart of ${area.name}, one of ${city}'s most popular neighbourhoods. ${area.blurb}`,
        `The ${size} m² layout offers ${bedrooms} ${bedrooms === 1 ? 'bedroom' : 'bedrooms'}, a generous living room and a ${feature}. ${pick(rng, ['The home was recently repainted throughout.', 'Large windows bring in light all day.', 'The kitchen was replaced a few years ago.', 'Period details have been carefully kept.'])}`,
        market === 'sale'
          ? 'Offers are welcome from buyers with a mortgage agreement in principle. Viewings strictly by appointment.'
          : 'Available from the first of next month. A deposit of two months’ rent applies. Viewings strictly by appointment.',
      ],
    })
  }
  return homes
}

/** Rounded like a real asking price, and never exactly on a chip's boundary. */
function homePrice(raw: number, market: Market): number {
  const bounds = market === 'sale' ? SALE_BANDS : RENT_BANDS
  const step = market === 'sale' ? 5_000 : 25
  const rounded = Math.max(step * 4, Math.round(raw / step) * step)
  return bounds.includes(rounded) ? rounded - step : rounded
}
