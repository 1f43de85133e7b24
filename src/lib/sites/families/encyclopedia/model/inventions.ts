// The inventions topic: inventions and their inventors, and their articles.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample} from '../../../random-pick.js'
import {
  COUNTRIES,
  INVENTION_ADJ,
  INVENTION_FIELDS,
  INVENTION_FILLERS,
  INVENTION_NOUN,
  OCCUPATIONS,
  PERSON_FILLERS,
  PURPOSES,
} from '../data.js'
import {century, fmt, imageName, ordinal, slugOf} from '../format.js'
import {linkTo, listOf, para, Prose, withSentences} from '../prose.js'
import type {Article, InfoRow, TableRow} from '../types.js'
import {category, editedDate, finish, infoRow, linkRow, reference, uniqueNames, type Built} from './common.js'
import {distinctYears, makePeople, personBasics, surname, type Person} from './people.js'

interface Invention {
  title: string
  slug: string
  year: number
  inventor: Person
  field: string
  country: string
  patent: number
  weight: number
  units: number
  production: {year: number; units: number}[]
  previous: Invention | null
}

export function buildInventions(rng: SeededRandom): Built {
  const inventors = makePeople(
    rng,
    12,
    1740,
    1880,
    (town, _country, name) =>
      pick(rng, [`${name.split(' ')[1]} & Sons`, `${name.split(' ')[1]} Engineering Works`, `${town} Machine Company`]),
    OCCUPATIONS,
  )
  const names = uniqueNames(24, () => `${pick(rng, INVENTION_ADJ)} ${pick(rng, INVENTION_NOUN)}`)
  const patents = new Set<string>()
  const usedYears = new Map<Person, Set<string>>(inventors.map((p) => [p, new Set<string>()]))
  const inventions: Invention[] = names.map((title, i) => {
    const inventor = i < inventors.length ? inventors[i]! : pick(rng, inventors)
    const year =
      distinctYears(
        rng,
        1,
        inventor.born + 22,
        Math.min(inventor.died - 1, inventor.born + 65),
        usedYears.get(inventor)!,
      )[0] ?? inventor.born + 30
    const units = between(rng, 12, 48000)
    return {
      title,
      slug: slugOf(title),
      year,
      inventor,
      field: pick(rng, INVENTION_FIELDS),
      country: inventor.country,
      patent: patentNumber(rng, year, patents),
      weight: between(rng, 2, 4800),
      units,
      production: [5, 10, 20, 30, 50].map((after, k) => ({
        year: year + after,
        units: Math.round((units * (k + 1) * (0.9 + rng.nextFloat() * 0.6)) / 10) * 10 || 10,
      })),
      previous: null,
    }
  })
  const byYear = [...inventions].sort((a, b) => a.year - b.year || a.title.localeCompare(b.title))
  byYear.forEach((inv, i) => {
    const earlier = byYear.slice(0, i).filter((other) => other.year < inv.year)
    const sameField = earlier.filter((other) => other.field === inv.field)
    inv.previous = sameField[sameField.length - 1] ?? earlier[earlier.length - 1] ?? null
  })
  for (const person of inventors) {
    const own = inventions.filter((inv) => inv.inventor === person)
    const extra = distinctYears(rng, between(rng, 1, 3), person.born + 20, person.died - 2, usedYears.get(person)!)
    const purposes = sample(rng, PURPOSES, extra.length)
    const rows = [
      ...own.map((inv) => ({
        year: inv.year,
        title: `Improvements in the ${inv.title.toLowerCase()}`,
        number: inv.patent,
      })),
      ...extra.map((year, i) => ({
        year,
        title: `An apparatus for ${purposes[i]!}`,
        number: patentNumber(rng, year, patents),
      })),
    ].sort((a, b) => a.year - b.year)
    person.table = rows.map((row) => ({
      key: String(row.year),
      cells: [String(row.year), row.title, `No. ${row.number}`],
    }))
  }
  const articles = [
    ...inventions.map((inv) => inventionArticle(rng, inv, inventions)),
    ...inventors.map((p) =>
      inventorArticle(
        rng,
        p,
        inventions.filter((inv) => inv.inventor === p),
      ),
    ),
  ]
  const inventionColumns = ['year', 'field', 'weight', 'units']
  const inventorColumns = ['born', 'died', 'role']
  const categories = [
    category(
      'Inventions',
      'invention',
      'Machines, instruments and devices with an article here.',
      inventions.map((inv) => inv.slug),
      inventionColumns,
    ),
    category(
      'Inventors',
      'inventor',
      'Engineers, mechanics and instrument makers.',
      inventors.map((p) => p.slug),
      inventorColumns,
    ),
    ...INVENTION_FIELDS.map((field) =>
      category(
        `${field} inventions`,
        'invention',
        `Inventions in the field of ${field.toLowerCase()}.`,
        inventions.filter((inv) => inv.field === field).map((inv) => inv.slug),
        inventionColumns,
      ),
    ),
    ...OCCUPATIONS.map((role) =>
      category(
        `${role}s`,
        'inventor',
        `Inventors who worked as ${role.toLowerCase()}s.`,
        inventors.filter((p) => p.role === role).map((p) => p.slug),
        inventorColumns,
      ),
    ),
    ...COUNTRIES.map((country) =>
      category(
        `Inventors from ${country}`,
        'inventor',
        `Inventors born in ${country}.`,
        inventors.filter((p) => p.country === country).map((p) => p.slug),
        inventorColumns,
      ),
    ),
    ...[18, 19, 20].map((n) =>
      category(
        `${ordinal(n)}-century inventions`,
        'invention',
        `Inventions first patented in the ${ordinal(n)} century.`,
        inventions.filter((inv) => century(inv.year) === n).map((inv) => inv.slug),
        inventionColumns,
      ),
    ),
  ]
  return {
    subject: 'the inventions of the industrial age and their inventors',
    tagline: 'Machines, patents and the people who made them',
    primary: 'invention',
    articles,
    categories,
  }
}

function patentNumber(rng: SeededRandom, year: number, taken: Set<string>): number {
  return Number(uniqueNames(1, () => String(10000 + (year - 1740) * 400 + between(rng, 0, 399)), taken)[0])
}

function inventionArticle(rng: SeededRandom, inv: Invention, all: Invention[]): Article {
  const prose = new Prose(rng, inv.title.toLowerCase())
  const inventor = linkTo(inv.inventor)
  const successors = all.filter((other) => other.previous === inv)
  const infobox: InfoRow[] = [
    infoRow('field', 'Field', inv.field),
    linkRow('inventor', 'Inventor', [inventor]),
    infoRow('year', 'Introduced', String(inv.year), String(inv.year), inv.year),
    infoRow('country', 'Country', inv.country),
    infoRow('patent', 'Patent', `No. ${inv.patent}`, String(inv.patent)),
    infoRow('weight', 'Weight', `${fmt(inv.weight)} kg`, fmt(inv.weight), inv.weight),
    infoRow('units', 'Units built (first decade)', fmt(inv.units), fmt(inv.units), inv.units),
    ...(inv.previous ? [linkRow('previous', 'Preceded by', [linkTo(inv.previous)])] : []),
  ]
  const rows: TableRow[] = inv.production.map((p) => ({key: String(p.year), cells: [String(p.year), fmt(p.units)]}))
  const lower = inv.title.toLowerCase()
  return finish({
    slug: inv.slug,
    title: inv.title,
    kind: 'invention',
    image: {
      kind: 'product',
      name: imageName(inv.title),
      caption: `An early ${lower}, about ${inv.year + between(rng, 2, 15)}`,
    },
    lead: [
      para`The ${lower} is a device in the field of ${inv.field.toLowerCase()}, introduced in ${inv.year} by ${inventor} of ${inv.country}. It was protected by patent No. ${inv.patent}.`,
      inv.previous
        ? para`It improved on the earlier ${linkTo(inv.previous, inv.previous.title.toLowerCase())}, and ${fmt(inv.units)} units were built in its first decade.`
        : para`It was the first machine of its kind, and ${fmt(inv.units)} units were built in its first decade.`,
    ],
    infobox,
    sections: [
      {
        id: 'History',
        heading: 'History',
        paragraphs: [
          withSentences(
            para`${inventor} began work on the ${lower} around ${inv.year - between(rng, 2, 8)}, and the first working model was shown in ${inv.year}. Patent No. ${inv.patent} was granted the same year.`,
            prose.take(INVENTION_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Design',
        heading: 'Design',
        paragraphs: [
          withSentences(
            para`A standard ${lower} weighs ${fmt(inv.weight)} kilograms. Its mechanism combines a ${pick(rng, ['crank and flywheel', 'pair of bellows', 'clockwork escapement', 'series of brass gears', 'sealed copper chamber'])} with a ${pick(rng, ['governor', 'ratchet', 'spring balance', 'vernier scale', 'valve chest'])}.`,
            prose.take(INVENTION_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Production',
        heading: 'Production',
        paragraphs: [
          para`${fmt(inv.units)} units were built in the first ten years. The table shows the number of units in service in later years.`,
        ],
        table: {caption: 'Units in service', columns: ['Year', 'Units in service'], rows},
      },
      {
        id: 'Legacy',
        heading: 'Legacy',
        paragraphs: [
          withSentences(
            successors.length > 0
              ? [
                  ...para`The ${lower} was in turn improved upon by the `,
                  ...listOf(successors.map((s) => linkTo(s, s.title.toLowerCase()))),
                  '.',
                ]
              : para`The ${lower} remained in use well into the twentieth century.`,
            prose.take(INVENTION_FILLERS, 3),
          ),
        ],
      },
    ],
    seeAlso: [inventor, ...(inv.previous ? [linkTo(inv.previous)] : [])],
    references: [
      reference(rng, `A History of ${inv.field}`),
      reference(rng, `${inv.title}: Patent Specification ${inv.patent}`),
    ],
    didYouKnow: [
      para`… that ${fmt(inv.units)} units of the ${linkTo(inv, lower)} were built in its first decade?`,
      para`… that a standard ${linkTo(inv, lower)} weighs ${fmt(inv.weight)} kilograms?`,
      para`… that ${inventor} patented the ${linkTo(inv, lower)} in ${inv.year}?`,
    ],
    milestone: {
      year: inv.year,
      text: para`${inventor} is granted patent No. ${inv.patent} for the ${linkTo(inv, lower)}.`,
    },
    lastEdited: editedDate(rng),
  })
}

function inventorArticle(rng: SeededRandom, p: Person, own: Invention[]): Article {
  const prose = new Prose(rng, surname(p))
  const mentor = p.mentor ? linkTo(p.mentor) : null
  const made = own.map((inv) => linkTo(inv))
  const infobox: InfoRow[] = [
    ...personBasics(p, 'Occupation', 'Company'),
    ...(mentor ? [linkRow('mentor', 'Apprenticed to', [mentor])] : []),
    ...(p.students.length > 0
      ? [
          linkRow(
            'apprentices',
            'Apprentices',
            p.students.map((st) => linkTo(st)),
          ),
        ]
      : []),
    linkRow('inventions', 'Notable inventions', made),
  ]
  return finish({
    slug: p.slug,
    title: p.title,
    kind: 'inventor',
    image: {kind: 'portrait', name: imageName(p.title), caption: `${p.title} in ${p.born + 45}`},
    lead: [
      [
        ...para`${p.title} (${p.born}–${p.died}) was a ${p.role.toLowerCase()} from ${p.country}, remembered as the inventor of the `,
        ...listOf(own.map((inv) => linkTo(inv, inv.title.toLowerCase()))),
        '.',
      ],
      para`${p.title} founded ${p.affiliation}, which built many of their machines.`,
    ],
    infobox,
    sections: [
      {
        id: 'Early_life',
        heading: 'Early life',
        paragraphs: [
          withSentences(
            para`${p.title} was born in ${p.born} in ${p.birthplace}, ${p.country}.`,
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Career',
        heading: 'Career',
        paragraphs: [
          withSentences(
            mentor
              ? para`As a young ${p.role.toLowerCase()}, ${p.title} was apprenticed to ${mentor}. In ${p.born + between(rng, 26, 34)} they founded ${p.affiliation}.`
              : para`${p.title} learnt their trade in their father's workshop and founded ${p.affiliation} in ${p.born + between(rng, 26, 34)}.`,
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Inventions',
        heading: 'Inventions',
        paragraphs: [
          [
            ...para`${p.title}'s best-known inventions are the `,
            ...listOf(own.map((inv) => [linkTo(inv, inv.title.toLowerCase()), ` (${inv.year})`])),
            '.',
          ],
        ],
      },
      {
        id: 'Patents',
        heading: 'Patents',
        paragraphs: [para`The patents granted to ${p.title} are listed below.`],
        table: {caption: 'Patents', columns: ['Year', 'Title', 'Number'], rows: p.table},
      },
      {
        id: 'Later_life',
        heading: 'Later life',
        paragraphs: [
          withSentences(
            [
              ...para`${p.title} died in ${p.died}.`,
              ...(p.students.length > 0
                ? [' Their apprentices included ', ...listOf(p.students.map((st) => linkTo(st))), '.']
                : []),
            ],
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
    ],
    seeAlso: [...made.slice(0, 2), ...(mentor ? [mentor] : [])],
    references: [reference(rng, `The Life of ${p.title}`), reference(rng, 'Makers of the Machine Age')],
    didYouKnow: [
      [
        ...para`… that ${linkTo(p)} invented the `,
        ...listOf(own.map((inv) => linkTo(inv, inv.title.toLowerCase()))),
        '?',
      ],
      para`… that the ${p.role.toLowerCase()} ${linkTo(p)} founded ${p.affiliation}?`,
    ],
    milestone: {
      year: p.born,
      text: para`The ${p.role.toLowerCase()} ${linkTo(p)} is born in ${p.birthplace}, ${p.country}.`,
    },
    lastEdited: editedDate(rng),
  })
}
