// Content tables of the travel family: fare ids, time windows, sorts, seat choices, travellers and city blurbs.
import type {FareId, SeatChoice, SortId, TimeWindowId} from './types.js'

export const FARE_IDS: readonly FareId[] = ['basic', 'standard', 'flex']

export const TIME_WINDOWS: readonly {id: TimeWindowId; label: string; from: number; to: number}[] = [
  {id: 'night', label: 'Night', from: 0, to: 359},
  {id: 'morning', label: 'Morning', from: 360, to: 719},
  {id: 'afternoon', label: 'Afternoon', from: 720, to: 1079},
  {id: 'evening', label: 'Evening', from: 1080, to: 1439},
]

export const SORTS: readonly {id: SortId; label: string}[] = [
  {id: 'recommended', label: 'Recommended'},
  {id: 'price', label: 'Cheapest'},
  {id: 'duration', label: 'Fastest'},
  {id: 'departure', label: 'Earliest departure'},
]

export const SEATS: readonly {id: SeatChoice; label: string}[] = [
  {id: 'any', label: 'No preference'},
  {id: 'window', label: 'Window'},
  {id: 'aisle', label: 'Aisle'},
]

export const TRAVELLERS = [
  {first: 'Ana', last: 'Costa'},
  {first: 'Luis', last: 'Pereira'},
  {first: 'Hannah', last: 'Becker'},
  {first: 'Tomas', last: 'Novak'},
  {first: 'Grace', last: 'Okafor'},
  {first: 'Oliver', last: 'Lindqvist'},
  {first: 'Mei', last: 'Tanaka'},
  {first: 'Samuel', last: 'Brennan'},
  {first: 'Clara', last: 'Moreau'},
  {first: 'Yusuf', last: 'Demir'},
  {first: 'Sofia', last: 'Marino'},
  {first: 'Daniel', last: 'Ortiz'},
] as const

export const CITY_BLURBS = [
  'Wander the old town, linger over long lunches and catch the sunset from a hilltop viewpoint.',
  'Museums, markets and a lively food scene make it an easy city to fill a long weekend.',
  'Compact and walkable, with leafy parks, riverside cafés and a busy calendar of festivals.',
  'Grand boulevards, historic squares and neighbourhoods that each feel like a small town of their own.',
  'A creative city of galleries, design shops and late-night bars, with quick trips out to the coast.',
]
export const SEASONS = ['April to June', 'May to September', 'September and October', 'June to August', 'March to May']

export const CHILD_SHARE = 0.75
export const MAX_PASSENGERS = 9
