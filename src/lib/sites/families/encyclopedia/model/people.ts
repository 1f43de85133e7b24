// People (scientists and inventors share the shape): names, lives, mentors and the infobox rows they share.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick} from '../../../random-pick.js'
import {COUNTRIES} from '../data.js'
import {slugOf} from '../format.js'
import type {InfoRow, TableRow} from '../types.js'
import {infoRow, personName, townName, uniqueNames} from './common.js'

export interface Person {
  title: string
  slug: string
  born: number
  died: number
  birthplace: string
  country: string
  mentor: Person | null
  students: Person[]
  /** Scientist: institution; inventor: company. */
  affiliation: string
  /** Scientist: field; inventor: occupation. */
  role: string
  table: TableRow[]
}

export function makePeople(
  rng: SeededRandom,
  count: number,
  firstBorn: number,
  lastBorn: number,
  affiliation: (town: string, country: string, name: string) => string,
  roles: readonly string[],
): Person[] {
  const names = uniqueNames(count, () => personName(rng))
  const births = uniqueNames(count, () => String(between(rng, firstBorn, lastBorn)))
    .map(Number)
    .sort((a, b) => a - b)
  const people: Person[] = names.map((title, i) => {
    const birthplace = townName(rng)
    const country = pick(rng, COUNTRIES)
    return {
      title,
      slug: slugOf(title),
      born: births[i]!,
      died: births[i]! + between(rng, 52, 88),
      birthplace,
      country,
      mentor: null,
      students: [],
      affiliation: affiliation(townName(rng), country, title),
      role: pick(rng, roles),
      table: [],
    }
  })
  for (const person of people) {
    const candidates = people.filter((p) => person.born - p.born >= 16 && person.born - p.born <= 50)
    if (candidates.length > 0) {
      person.mentor = pick(rng, candidates)
      person.mentor.students.push(person)
    }
  }
  return people
}

export function distinctYears(
  rng: SeededRandom,
  count: number,
  from: number,
  to: number,
  taken: Set<string>,
): number[] {
  return uniqueNames(count, () => String(between(rng, from, Math.max(from, to))), taken).map(Number)
}

export function surname(person: Person): string {
  return person.title.split(' ').slice(1).join(' ')
}

export function personBasics(p: Person, roleLabel: string, affiliationLabel: string): InfoRow[] {
  return [
    infoRow('born', 'Born', String(p.born), String(p.born), p.born),
    infoRow('birthplace', 'Birthplace', `${p.birthplace}, ${p.country}`, p.birthplace),
    infoRow('died', 'Died', String(p.died), String(p.died), p.died),
    infoRow('nationality', 'Nationality', p.country),
    infoRow('role', roleLabel, p.role),
    infoRow(affiliationLabel === 'Institution' ? 'institution' : 'company', affiliationLabel, p.affiliation),
  ]
}
