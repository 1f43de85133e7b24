// The elements topic: chemical elements and the scientists who discovered them, and their articles.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample, shuffle} from '../../../random-pick.js'
import {
  COUNTRIES,
  ELEMENT_CLASSES,
  ELEMENT_END,
  ELEMENT_FILLERS,
  ELEMENT_START,
  FAMILY,
  PERSON_FILLERS,
  SCIENCE_FIELDS,
} from '../data.js'
import {century, fixed2, fmt, imageName, ordinal, slugOf} from '../format.js'
import {linkTo, listOf, para, Prose, withSentences, wordList} from '../prose.js'
import type {Article, InfoRow, TableRow} from '../types.js'
import {category, editedDate, finish, infoRow, linkRow, reference, townName, uniqueNames, type Built} from './common.js'
import {distinctYears, makePeople, personBasics, surname, type Person} from './people.js'

interface Element {
  title: string
  slug: string
  symbol: string
  number: number
  mass: number
  group: number
  period: number
  classLabel: string
  discoverer: Person
  year: number
  melting: number
  boiling: number
  density: number
  namedAfter: string
  appearance: string
  isotopes: {mass: number; abundance: string; halfLife: string}[]
  previous: Element | null
  next: Element | null
}

export function buildElements(rng: SeededRandom): Built {
  const scientists = makePeople(
    rng,
    12,
    1730,
    1880,
    (town, country) =>
      pick(rng, [
        `University of ${town}`,
        `${town} Institute of Technology`,
        `Royal Academy of Sciences of ${country}`,
        `${town} Polytechnic`,
      ]),
    SCIENCE_FIELDS,
  )
  const names = uniqueNames(24, () => pick(rng, ELEMENT_START) + pick(rng, ELEMENT_END))
  const numbers = uniqueNames(24, () => String(between(rng, 21, 112)))
    .map(Number)
    .sort((a, b) => a - b)
  const symbols = new Set<string>()
  const meltings = new Set<string>()
  const elements: Element[] = shuffle(rng, names).map((title, i) => {
    const number = numbers[i]!
    const discoverer = i < scientists.length ? scientists[i]! : pick(rng, scientists)
    const melting = Number(uniqueNames(1, () => String(between(rng, 180, 3400)), meltings)[0])
    return {
      title,
      slug: slugOf(title),
      symbol: symbolFor(title, symbols),
      number,
      mass: Math.round((number * 2.45 + rng.nextFloat() * 3) * 100) / 100,
      group: between(rng, 3, 16),
      period: [2, 10, 18, 36, 54, 86, 118].findIndex((limit) => number <= limit) + 1,
      classLabel: pick(rng, ELEMENT_CLASSES),
      discoverer,
      year: discoverer.born + between(rng, 24, Math.min(60, discoverer.died - discoverer.born - 2)),
      melting,
      boiling: melting + between(rng, 300, 2800),
      density: Math.round((1.2 + rng.nextFloat() * 21) * 100) / 100,
      namedAfter: pick(rng, [
        `the ${pick(rng, COUNTRIES)} region`,
        `the Greek word for "${pick(rng, ['violet', 'heavy', 'hidden', 'bright', 'green', 'stubborn'])}"`,
        `the town of ${townName(rng)}`,
        `the planet ${pick(rng, ['Saturn', 'Jupiter', 'Mars', 'Venus'])}`,
      ]),
      appearance: pick(rng, ['silvery-grey', 'lustrous white', 'bluish-grey', 'pale golden', 'greyish black']),
      isotopes: [],
      previous: null,
      next: null,
    }
  })
  elements.sort((a, b) => a.number - b.number)
  elements.forEach((e, i) => {
    e.previous = elements[i - 1] ?? null
    e.next = elements[i + 1] ?? null
    e.isotopes = isotopesFor(rng, e.mass)
  })
  for (const s of scientists) {
    const taken = new Set<string>()
    const years = distinctYears(rng, between(rng, 3, 5), s.born + 28, s.died - 1, taken).sort((a, b) => a - b)
    const honours = shuffle(rng, [
      `Gold Medal of the ${s.country} Chemical Society`,
      `${pick(rng, FAMILY)} Prize for Chemistry`,
      `Fellowship of the Royal Society of ${pick(rng, COUNTRIES)}`,
      `Order of Merit of ${s.country}`,
      `Honorary doctorate, University of ${townName(rng)}`,
      `${pick(rng, FAMILY)} Medal`,
    ])
    s.table = years.map((year, i) => ({key: String(year), cells: [String(year), honours[i]!]}))
  }
  const articles = [
    ...elements.map((e) => elementArticle(rng, e)),
    ...scientists.map((s) =>
      scientistArticle(
        rng,
        s,
        elements.filter((e) => e.discoverer === s),
      ),
    ),
  ]
  const elementColumns = ['symbol', 'number', 'mass', 'melting', 'density']
  const scientistColumns = ['born', 'died', 'institution']
  const categories = [
    category(
      'Chemical elements',
      'element',
      'Every chemical element with an article here, with its basic physical properties.',
      elements.map((e) => e.slug),
      elementColumns,
    ),
    category(
      'Chemists',
      'scientist',
      'Chemists and physicists credited with the discovery of elements.',
      scientists.map((s) => s.slug),
      scientistColumns,
    ),
    ...ELEMENT_CLASSES.map((label) =>
      category(
        `${label}s`,
        'element',
        `Elements classified as ${label.toLowerCase()}s.`,
        elements.filter((e) => e.classLabel === label).map((e) => e.slug),
        elementColumns,
      ),
    ),
    ...[18, 19, 20].map((n) =>
      category(
        `Elements discovered in the ${ordinal(n)} century`,
        'element',
        `Elements first isolated in the ${ordinal(n)} century.`,
        elements.filter((e) => century(e.year) === n).map((e) => e.slug),
        elementColumns,
      ),
    ),
    ...SCIENCE_FIELDS.map((field) =>
      category(
        `Scientists in ${field.toLowerCase()}`,
        'scientist',
        `Scientists whose main field was ${field.toLowerCase()}.`,
        scientists.filter((s) => s.role === field).map((s) => s.slug),
        scientistColumns,
      ),
    ),
    ...COUNTRIES.map((country) =>
      category(
        `Scientists from ${country}`,
        'scientist',
        `Scientists born or working in ${country}.`,
        scientists.filter((s) => s.country === country).map((s) => s.slug),
        scientistColumns,
      ),
    ),
  ]
  return {
    subject: 'the chemical elements and the chemists who discovered them',
    tagline: 'Elements, discoveries and the people behind them',
    primary: 'element',
    articles,
    categories,
  }
}

function symbolFor(name: string, taken: Set<string>): string {
  const letters =
    name
      .toLowerCase()
      .slice(1)
      .replace(/[aeiou]/g, '') + name.toLowerCase().slice(1)
  for (const letter of letters) {
    const symbol = name.charAt(0).toUpperCase() + letter
    if (!taken.has(symbol)) {
      taken.add(symbol)
      return symbol
    }
  }
  for (const letter of 'bcdfghjklmnpqrstvwxz') {
    const symbol = name.charAt(0).toUpperCase() + letter
    if (!taken.has(symbol)) {
      taken.add(symbol)
      return symbol
    }
  }
  return name.slice(0, 3)
}

function isotopesFor(rng: SeededRandom, mass: number): Element['isotopes'] {
  const base = Math.round(mass)
  const stable = between(rng, 1, 2)
  const first = stable === 1 ? 100 : between(rng, 52, 96)
  const masses = [...new Set([base, base + between(rng, 1, 2), base - between(rng, 1, 3), base + between(rng, 3, 5)])]
  return masses.slice(0, between(rng, 3, masses.length)).map((m, i) => ({
    mass: m,
    abundance: i < stable ? `${i === 0 ? first : 100 - first}%` : 'synthetic',
    halfLife:
      i < stable
        ? 'stable'
        : `${(rng.nextFloat() * 90 + 0.5).toFixed(1)} ${pick(rng, ['days', 'years', 'hours', 'minutes'])}`,
  }))
}

function elementArticle(rng: SeededRandom, e: Element): Article {
  const prose = new Prose(rng, e.title.toLowerCase())
  const discoverer = linkTo(e.discoverer)
  const infobox: InfoRow[] = [
    infoRow('symbol', 'Symbol', e.symbol),
    infoRow('number', 'Atomic number', String(e.number), String(e.number), e.number),
    infoRow('mass', 'Standard atomic weight', fixed2(e.mass), fixed2(e.mass), e.mass),
    infoRow('class', 'Element category', e.classLabel),
    infoRow('group', 'Group', String(e.group)),
    infoRow('period', 'Period', String(e.period)),
    infoRow('appearance', 'Appearance', e.appearance),
    infoRow('melting', 'Melting point', `${fmt(e.melting)} °C`, fmt(e.melting), e.melting),
    infoRow('boiling', 'Boiling point', `${fmt(e.boiling)} °C`, fmt(e.boiling), e.boiling),
    infoRow('density', 'Density', `${fixed2(e.density)} g/cm³`, fixed2(e.density), e.density),
    linkRow('discoverer', 'Discovered by', [discoverer]),
    infoRow('year', 'First isolated', String(e.year), String(e.year), e.year),
    ...(e.previous ? [linkRow('previous', 'Preceded by', [linkTo(e.previous)])] : []),
    ...(e.next ? [linkRow('next', 'Followed by', [linkTo(e.next)])] : []),
  ]
  const rows: TableRow[] = e.isotopes.map((iso) => ({
    key: String(iso.mass),
    cells: [`${e.title.toLowerCase()}-${iso.mass}`, iso.abundance, iso.halfLife],
  }))
  return finish({
    slug: e.slug,
    title: e.title,
    kind: 'element',
    image: {
      kind: 'logo',
      name: `${e.symbol.toLowerCase()}-${imageName(e.title)}`,
      caption: `${e.title} (${e.symbol}) in the periodic table`,
    },
    lead: [
      para`${e.title} is a chemical element with the symbol ${e.symbol} and atomic number ${e.number}. It is a ${e.appearance} ${e.classLabel.toLowerCase()} with a standard atomic weight of ${fixed2(e.mass)}.`,
      para`${e.title} was first isolated in ${e.year} by the scientist ${discoverer}. It is named after ${e.namedAfter}.`,
    ],
    infobox,
    sections: [
      {
        id: 'History',
        heading: 'History',
        paragraphs: [
          withSentences(
            para`Traces of an unknown substance in ores from ${townName(rng)} had puzzled mineralogists for decades before ${discoverer} succeeded in isolating ${e.title.toLowerCase()} in ${e.year}. The new element was named after ${e.namedAfter}.`,
            prose.take(ELEMENT_FILLERS, 2),
          ),
          withSentences(
            para`The announcement was made in a paper read before the academy in the autumn of ${e.year}, and a small ingot of the metal was exhibited the following spring.`,
            prose.take(ELEMENT_FILLERS, 2),
          ),
        ],
      },
      {
        id: 'Characteristics',
        heading: 'Characteristics',
        paragraphs: [
          withSentences(
            para`${e.title} melts at ${fmt(e.melting)} °C and boils at ${fmt(e.boiling)} °C. Its density at room temperature is ${fixed2(e.density)} g/cm³. It sits in group ${e.group} and period ${e.period} of the periodic table.`,
            prose.take(ELEMENT_FILLERS, 2),
          ),
          [
            `In the periodic table ${e.title.toLowerCase()} `,
            ...(e.previous ? para`follows ${linkTo(e.previous)}` : ['is the lightest element described here']),
            ...(e.next ? para` and precedes ${linkTo(e.next)}` : []),
            '.',
          ],
        ],
      },
      {
        id: 'Isotopes',
        heading: 'Isotopes',
        paragraphs: [
          para`${e.title} has ${e.isotopes.filter((i) => i.halfLife === 'stable').length === 1 ? 'one stable isotope' : 'two stable isotopes'}. The best-known isotopes are listed below.`,
        ],
        table: {
          caption: `Isotopes of ${e.title.toLowerCase()}`,
          columns: ['Isotope', 'Natural abundance', 'Half-life'],
          rows,
        },
      },
      {
        id: 'Occurrence',
        heading: 'Occurrence and production',
        paragraphs: [
          withSentences(
            para`${e.title} makes up about ${(rng.nextFloat() * 4 + 0.01).toFixed(2)} parts per million of the Earth's crust. Commercial production began in ${e.year + between(rng, 20, 90)}.`,
            prose.take(ELEMENT_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Applications',
        heading: 'Applications',
        paragraphs: [
          withSentences(
            para`The main uses of ${e.title.toLowerCase()} are in ${wordList(sample(rng, ['special alloys', 'catalysts', 'optical glass', 'magnets', 'electronics', 'medical imaging', 'batteries'], 3))}.`,
            prose.take(ELEMENT_FILLERS, 2),
          ),
        ],
      },
    ],
    seeAlso: [discoverer, ...(e.next ? [linkTo(e.next)] : [])],
    references: [reference(rng, 'Handbook of the Elements'), reference(rng, `The Discovery of ${e.title}`)],
    didYouKnow: [
      para`… that ${linkTo(e, e.title.toLowerCase())} melts at ${fmt(e.melting)} °C?`,
      para`… that ${linkTo(e, e.title.toLowerCase())} is named after ${e.namedAfter}?`,
      para`… that ${linkTo(e, e.title.toLowerCase())} was first isolated in ${e.year} by ${discoverer}?`,
    ],
    milestone: {year: e.year, text: para`${discoverer} isolates the element ${linkTo(e, e.title.toLowerCase())}.`},
    lastEdited: editedDate(rng),
  })
}

function scientistArticle(rng: SeededRandom, s: Person, discovered: Element[]): Article {
  const prose = new Prose(rng, surname(s))
  const advisor = s.mentor ? linkTo(s.mentor) : null
  const found = discovered.map((e) => linkTo(e))
  const infobox: InfoRow[] = [
    ...personBasics(s, 'Field', 'Institution'),
    ...(advisor ? [linkRow('advisor', 'Doctoral advisor', [advisor])] : []),
    ...(s.students.length > 0
      ? [
          linkRow(
            'students',
            'Doctoral students',
            s.students.map((st) => linkTo(st)),
          ),
        ]
      : []),
    linkRow('known', 'Known for', found),
  ]
  const rows = s.table
  return finish({
    slug: s.slug,
    title: s.title,
    kind: 'scientist',
    image: {kind: 'portrait', name: imageName(s.title), caption: `${s.title}, photographed around ${s.born + 50}`},
    lead: [
      [
        ...para`${s.title} (${s.born}–${s.died}) was a scientist from ${s.country}, working in ${s.role.toLowerCase()}, best known for the discovery of `,
        ...listOf(found),
        '.',
      ],
      para`For most of their career ${s.title} worked at the ${s.affiliation}.`,
    ],
    infobox,
    sections: [
      {
        id: 'Early_life',
        heading: 'Early life',
        paragraphs: [
          withSentences(
            para`${s.title} was born in ${s.born} in ${s.birthplace}, ${s.country}, the child of a ${pick(rng, ['pharmacist', 'schoolteacher', 'mine surveyor', 'glassmaker', 'country doctor'])}.`,
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Career',
        heading: 'Career',
        paragraphs: [
          withSentences(
            advisor
              ? para`${s.title} studied under ${advisor} and joined the ${s.affiliation} in ${s.born + between(rng, 24, 32)}.`
              : para`${s.title} was largely self-taught and joined the ${s.affiliation} in ${s.born + between(rng, 24, 32)}.`,
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Discoveries',
        heading: 'Discoveries',
        paragraphs: [
          [
            ...para`${s.title} is credited with isolating `,
            ...listOf(discovered.map((e) => [linkTo(e), ` (${e.symbol}) in ${e.year}`])),
            '.',
          ],
        ],
      },
      {
        id: 'Honours',
        heading: 'Honours and awards',
        paragraphs: [
          para`${s.title} received numerous honours during their lifetime, the most important of which are listed below.`,
        ],
        table: {caption: 'Honours and awards', columns: ['Year', 'Honour'], rows},
      },
      {
        id: 'Later_life',
        heading: 'Later life and legacy',
        paragraphs: [
          withSentences(
            [
              ...para`${s.title} died in ${s.died}.`,
              ...(s.students.length > 0
                ? [' Their doctoral students included ', ...listOf(s.students.map((st) => linkTo(st))), '.']
                : []),
            ],
            prose.take(PERSON_FILLERS, 3),
          ),
        ],
      },
    ],
    seeAlso: [...found.slice(0, 2), ...(advisor ? [advisor] : [])],
    references: [reference(rng, `The Life of ${s.title}`), reference(rng, 'Pioneers of Chemistry')],
    didYouKnow: [
      [...para`… that ${linkTo(s)} discovered `, ...listOf(found), '?'],
      ...(advisor ? [para`… that the chemist ${linkTo(s)} studied under ${advisor}?`] : []),
    ],
    milestone: {year: s.born, text: para`The scientist ${linkTo(s)} is born in ${s.birthplace}, ${s.country}.`},
    lastEdited: editedDate(rng),
  })
}
