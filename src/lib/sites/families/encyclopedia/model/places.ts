// The places topic: cities and rivers, and their articles.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample, shuffle} from '../../../random-pick.js'
import {
  CITY_CULTURE,
  CITY_ECONOMY,
  CITY_GEOGRAPHY,
  CITY_HISTORY,
  COUNTRIES,
  FAMILY,
  FESTIVALS,
  FISH,
  GIVEN,
  INDUSTRIES,
  MEANINGS,
  PLACE_START,
  RIVER_END,
  RIVER_FILLERS,
  RIVER_START,
  SEAS,
} from '../data.js'
import {century, fmt, imageName, ordinal, slugOf} from '../format.js'
import {linkTo, listOf, para, Prose, withSentences, wordList} from '../prose.js'
import type {Article, InfoRow, Section, TableRow} from '../types.js'
import {
  category,
  editedDate,
  finish,
  infoRow,
  linkRow,
  personName,
  reference,
  townName,
  uniqueNames,
  type Built,
} from './common.js'

interface City {
  title: string
  slug: string
  region: string
  founded: number
  population: number
  area: number
  elevation: number
  mayor: string
  founder: string
  postal: string
  river: River
  distance: number
  twin: City | null
  twinSince: number
  history: {year: number; population: number}[]
  industries: string[]
  festival: string
  rank: number
}

interface River {
  title: string
  slug: string
  name: string
  length: number
  discharge: number
  basin: number
  source: string
  mouth: string
  tributaries: string[]
  cities: City[]
}

const CENSUS_YEARS = [1900, 1925, 1950, 1975, 2000, 2020]

export function buildPlaces(rng: SeededRandom): Built {
  const regions = sample(rng, COUNTRIES, 4)
  const riverNames = uniqueNames(12, () => pick(rng, RIVER_START) + pick(rng, RIVER_END))
  const sources = uniqueNames(
    8,
    () =>
      `${pick(rng, ['Mount', 'Lake', 'Mount'])} ${pick(rng, PLACE_START)}${pick(rng, ['an', 'ir', 'eth', 'ow', 'ar'])}`,
  )
  const rivers: River[] = riverNames.slice(0, 8).map((name, i) => ({
    title: `${name} River`,
    slug: slugOf(`${name} River`),
    name,
    length: between(rng, 95, 1380),
    discharge: between(rng, 35, 2400),
    basin: between(rng, 18, 1400) * 100,
    source: sources[i]!,
    mouth: pick(rng, SEAS),
    tributaries: sample(rng, riverNames.slice(8), between(rng, 2, 3)),
    cities: [],
  }))
  const cityNames = uniqueNames(24, () => townName(rng))
  const mayors = uniqueNames(24, () => personName(rng))
  const cities: City[] = cityNames.map((title, i) => {
    const river = i < rivers.length * 2 ? rivers[i % rivers.length]! : pick(rng, rivers)
    const founded = between(rng, 780, 1820)
    const population = Math.round(Math.exp(Math.log(8000) + rng.nextFloat() * Math.log(2_400_000 / 8000)) / 10) * 10
    const city: City = {
      title,
      slug: slugOf(title),
      region: pick(rng, regions),
      founded,
      population,
      area: between(rng, 12, 640),
      elevation: between(rng, 2, 1450),
      mayor: mayors[i]!,
      founder: pick(rng, [
        `the merchant ${personName(rng)}`,
        `Count ${pick(rng, GIVEN)} of ${pick(rng, regions)}`,
        'monks of the Order of Saint Aldric',
        `the knight ${personName(rng)}`,
      ]),
      postal: String(between(rng, 10, 98) * 1000 + between(rng, 0, 99) * 10),
      river,
      distance: 0,
      twin: null,
      twinSince: between(rng, 1952, 2004),
      history: populationHistory(rng, population),
      industries: sample(rng, INDUSTRIES, 3),
      festival: pick(rng, FESTIVALS),
      rank: 0,
    }
    river.cities.push(city)
    return city
  })
  for (const river of rivers) {
    const distances = uniqueNames(river.cities.length, () => String(between(rng, 4, river.length - 4)))
      .map(Number)
      .sort((a, b) => a - b)
    shuffle(rng, river.cities).forEach((city, i) => (city.distance = distances[i]!))
    river.cities.sort((a, b) => a.distance - b.distance)
  }
  const paired = shuffle(rng, [...cities])
  for (let i = 0; i + 1 < paired.length; i += 2) {
    paired[i]!.twin = paired[i + 1]!
    paired[i + 1]!.twin = paired[i]!
    paired[i + 1]!.twinSince = paired[i]!.twinSince
  }
  for (const region of regions)
    cities
      .filter((c) => c.region === region)
      .sort((a, b) => b.population - a.population)
      .forEach((c, i) => (c.rank = i + 1))
  const articles = [...cities.map((c) => cityArticle(rng, c)), ...rivers.map((r) => riverArticle(rng, r))]
  const cityColumns = ['region', 'founded', 'population', 'area', 'elevation']
  const riverColumns = ['length', 'discharge', 'basin']
  const categories = [
    category(
      'Cities',
      'city',
      'All cities described in this encyclopedia, with their key figures from the 2020 census.',
      cities.map((c) => c.slug),
      cityColumns,
    ),
    category(
      'Rivers',
      'river',
      'Rivers and major streams, with their length, mean discharge and drainage basin.',
      rivers.map((r) => r.slug),
      riverColumns,
    ),
    ...regions.map((region) =>
      category(
        `Cities in ${region}`,
        'city',
        `Cities and towns in the region of ${region}.`,
        cities.filter((c) => c.region === region).map((c) => c.slug),
        cityColumns,
      ),
    ),
    ...regions.map((region) =>
      category(
        `Rivers of ${region}`,
        'river',
        `Rivers that flow through ${region}.`,
        rivers.filter((r) => r.cities.some((c) => c.region === region)).map((r) => r.slug),
        riverColumns,
      ),
    ),
    ...[9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) =>
      category(
        `Cities founded in the ${ordinal(n)} century`,
        'city',
        `Cities whose founding is dated to the ${ordinal(n)} century.`,
        cities.filter((c) => century(c.founded) === n).map((c) => c.slug),
        cityColumns,
      ),
    ),
  ]
  return {
    subject: `the cities and rivers of ${wordList(regions)}`,
    tagline: 'Cities, rivers and regions',
    primary: 'city',
    articles,
    categories,
  }
}

function populationHistory(rng: SeededRandom, latest: number): {year: number; population: number}[] {
  const values = [latest]
  for (let i = CENSUS_YEARS.length - 2; i >= 0; i--)
    values.unshift(Math.max(800, Math.round(values[0]! / (0.88 + rng.nextFloat() * 0.5) / 10) * 10))
  return CENSUS_YEARS.map((year, i) => ({year, population: values[i]!}))
}

function cityArticle(rng: SeededRandom, c: City): Article {
  const prose = new Prose(rng, c.title)
  const river = linkTo(c.river)
  const twin = c.twin ? linkTo(c.twin) : null
  const rankText = c.rank === 1 ? 'the largest city' : `the ${ordinal(c.rank)} largest city`
  const charter = c.founded + between(rng, 20, 140)
  const fire = Math.min(1880, charter + between(rng, 60, 300))
  const railway = between(rng, 1846, 1889)
  const oldForm = `${c.title.slice(0, 3)}e${c.title.slice(3).toLowerCase()}`
  const history = c.history
  const rows: TableRow[] = history.map((h, i) => {
    const previous = history[i - 1]
    const change = previous
      ? `${h.population >= previous.population ? '+' : '−'}${Math.abs(((h.population - previous.population) / previous.population) * 100).toFixed(1)}%`
      : '—'
    return {key: String(h.year), cells: [String(h.year), fmt(h.population), change]}
  })
  const infobox: InfoRow[] = [
    infoRow('region', 'Region', c.region),
    infoRow('founded', 'Founded', String(c.founded), String(c.founded), c.founded),
    infoRow('mayor', 'Mayor', c.mayor),
    infoRow('area', 'Area', `${fmt(c.area)} km²`, fmt(c.area), c.area),
    infoRow('elevation', 'Elevation', `${fmt(c.elevation)} m`, fmt(c.elevation), c.elevation),
    infoRow('population', 'Population (2020)', fmt(c.population), fmt(c.population), c.population),
    infoRow('density', 'Density', `${fmt(Math.round(c.population / c.area))}/km²`),
    linkRow('river', 'River', [river]),
    ...(twin ? [linkRow('twin', 'Twin town', [twin])] : []),
    infoRow('postal', 'Postal code', c.postal),
  ]
  const sections: Section[] = [
    {
      id: 'Etymology',
      heading: 'Etymology',
      paragraphs: [
        withSentences(
          para`The name ${c.title} is first recorded in ${c.founded + between(rng, 3, 40)} in the form "${oldForm}", usually explained as "${pick(rng, MEANINGS)}". Later spellings vary widely in the archives of ${c.region}, and the modern form was fixed by the regional chancery in the seventeenth century.`,
          prose.take(CITY_HISTORY, 1),
        ),
      ],
    },
    {
      id: 'History',
      heading: 'History',
      paragraphs: [
        withSentences(
          para`${c.title} was founded in ${c.founded} by ${c.founder}, at a crossing of the ${river}. The settlement received a town charter in ${charter}, and its first stone walls were completed within a generation.`,
          prose.take(CITY_HISTORY, 2),
        ),
        withSentences(
          para`A great fire in ${fire} destroyed much of the old town, which was rebuilt in stone. The railway reached ${c.title} in ${railway}, and the decades that followed brought rapid industrial growth, above all in the ${c.industries[0]!} trade.`,
          prose.take(CITY_HISTORY, 1),
        ),
        para`In the twentieth century the city expanded well beyond its walls. New districts were laid out to the north and east, and the population rose from ${fmt(history[0]!.population)} in 1900 to ${fmt(c.population)} in 2020.`,
      ],
    },
    {
      id: 'Geography',
      heading: 'Geography',
      paragraphs: [
        withSentences(
          para`${c.title} lies on the ${river}, ${c.distance} kilometres downstream from its source at ${c.river.source}, at an elevation of ${fmt(c.elevation)} metres above sea level. The municipality covers an area of ${fmt(c.area)} square kilometres in the region of ${c.region}.`,
          prose.take(CITY_GEOGRAPHY, 2),
        ),
        para`The climate is temperate, with a mean January temperature of ${between(rng, -6, 4)} °C and a mean July temperature of ${between(rng, 16, 24)} °C. Annual precipitation averages ${between(rng, 480, 1100)} millimetres.`,
      ],
    },
    {
      id: 'Demographics',
      heading: 'Demographics',
      paragraphs: [
        para`At the 2020 census ${c.title} had ${fmt(c.population)} inhabitants, making it ${rankText} in ${c.region}. The population density is about ${fmt(Math.round(c.population / c.area))} inhabitants per square kilometre. The table below shows the population recorded at each census since 1900.`,
      ],
      table: {caption: 'Historical population', columns: ['Year', 'Population', 'Change'], rows},
    },
    {
      id: 'Economy',
      heading: 'Economy',
      paragraphs: [
        withSentences(
          para`The economy of ${c.title} has traditionally rested on ${c.industries[0]!}, ${c.industries[1]!} and ${c.industries[2]!}. The largest employer is the ${pick(rng, FAMILY)} ${c.industries[1]!} works, founded in ${between(rng, 1850, 1960)}.`,
          prose.take(CITY_ECONOMY, 3),
        ),
      ],
    },
    {
      id: 'Culture',
      heading: 'Culture',
      paragraphs: [
        withSentences(
          twin
            ? para`${c.title} has been twinned with ${twin} since ${c.twinSince}. Every year the city hosts the ${c.festival}, which draws visitors from across ${c.region}.`
            : para`Every year the city hosts the ${c.festival}, which draws visitors from across ${c.region}.`,
          prose.take(CITY_CULTURE, 3),
        ),
      ],
    },
    {
      id: 'Transport',
      heading: 'Transport',
      paragraphs: [
        para`${c.title} station is served by regional trains and, since ${between(rng, 1990, 2019)}, by express services. A ring road carries through traffic around the old town, and river boats on the ${river} link the city with neighbouring towns during the summer months.`,
      ],
    },
  ]
  return finish({
    slug: c.slug,
    title: c.title,
    kind: 'city',
    image: {kind: 'photo', name: imageName(c.title), caption: `View of ${c.title} from the ${c.river.title}`},
    lead: [
      para`${c.title} is a city in the region of ${c.region}, situated on the ${river} at an elevation of ${fmt(c.elevation)} metres. Founded in ${c.founded}, it had a population of ${fmt(c.population)} at the 2020 census, making it ${rankText} in ${c.region}.`,
      twin
        ? para`The city is known for its ${c.industries[0]!} and ${c.industries[1]!} industries and for the annual ${c.festival}. It has been twinned with ${twin} since ${c.twinSince}.`
        : para`The city is known for its ${c.industries[0]!} and ${c.industries[1]!} industries and for the annual ${c.festival}.`,
    ],
    infobox,
    sections,
    seeAlso: [river, ...(twin ? [twin] : [])],
    references: [
      reference(rng, `A History of ${c.title}`),
      reference(rng, `Towns of ${c.region}`),
      reference(rng, `Census of ${c.region} 2020`),
    ],
    didYouKnow: [
      para`… that ${linkTo(c)} was founded in ${c.founded} by ${c.founder}?`,
      para`… that the ${c.festival} of ${linkTo(c)} draws visitors from across ${c.region}?`,
      para`… that ${linkTo(c)} lies ${fmt(c.elevation)} metres above sea level?`,
    ],
    milestone: {year: c.founded, text: para`${linkTo(c)} is founded by ${c.founder}.`},
    lastEdited: editedDate(rng),
  })
}

function riverArticle(rng: SeededRandom, r: River): Article {
  const prose = new Prose(rng, r.name)
  const cities = r.cities
  const largest = [...cities].sort((a, b) => b.population - a.population)[0]!
  const regions = [...new Set(cities.map((c) => c.region))]
  const infobox: InfoRow[] = [
    infoRow('regions', 'Regions', regions.join(', ')),
    infoRow('source', 'Source', r.source),
    infoRow('mouth', 'Mouth', r.mouth.replace(/^the /, '')),
    infoRow('length', 'Length', `${fmt(r.length)} km`, fmt(r.length), r.length),
    infoRow('discharge', 'Discharge', `${fmt(r.discharge)} m³/s`, fmt(r.discharge), r.discharge),
    infoRow('basin', 'Basin size', `${fmt(r.basin)} km²`, fmt(r.basin), r.basin),
    infoRow('tributaries', 'Tributaries', r.tributaries.join(', ')),
    linkRow('largest', 'Largest city', [linkTo(largest)]),
  ]
  const rows: TableRow[] = cities.map((c) => ({
    key: c.slug,
    cells: [linkTo(c), c.region, `${c.distance} km`, pick(rng, ['left', 'right'])],
  }))
  const bridges = between(rng, 1180, 1620)
  return finish({
    slug: r.slug,
    title: r.title,
    kind: 'river',
    image: {kind: 'map', name: imageName(r.title), caption: `Course of the ${r.title}`},
    lead: [
      para`The ${r.title} is a river in ${regions.join(', ')}, ${fmt(r.length)} kilometres long. It rises at ${r.source} and flows into ${r.mouth}. The largest city on its banks is ${linkTo(largest)}.`,
      para`The ${r.name} drains a basin of ${fmt(r.basin)} square kilometres and has a mean discharge of ${fmt(r.discharge)} cubic metres per second at its mouth.`,
    ],
    infobox,
    sections: [
      {
        id: 'Course',
        heading: 'Course',
        paragraphs: [
          withSentences(
            [
              ...para`From its source at ${r.source}, the ${r.name} flows through ${regions.join(' and ')} and passes `,
              ...listOf(cities.map((c) => linkTo(c))),
              ...para` before reaching ${r.mouth}.`,
            ],
            prose.take(RIVER_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Hydrology',
        heading: 'Hydrology',
        paragraphs: [
          withSentences(
            para`The mean discharge of the ${r.name} is ${fmt(r.discharge)} m³/s. Its main tributaries are the ${r.tributaries.join(', the ')}. The highest water levels usually occur in ${pick(rng, ['March', 'April', 'May'])}, after the snow melts in the uplands.`,
            prose.take(RIVER_FILLERS, 3),
          ),
        ],
      },
      {
        id: 'Settlements',
        heading: 'Settlements',
        paragraphs: [
          para`The following settlements lie on the ${r.name}, listed from the source downstream, with their distance from the source.`,
        ],
        table: {
          caption: `Settlements along the ${r.title}`,
          columns: ['Settlement', 'Region', 'Distance from source', 'Bank'],
          rows,
        },
      },
      {
        id: 'History',
        heading: 'History',
        paragraphs: [
          withSentences(
            para`The first permanent bridge across the ${r.name} was built in ${bridges}. The river was made navigable for barges up to ${linkTo(cities[cities.length - 1]!)} in ${between(rng, 1750, 1890)}.`,
            prose.take(RIVER_FILLERS, 1),
          ),
        ],
      },
      {
        id: 'Ecology',
        heading: 'Ecology',
        paragraphs: [
          withSentences(
            para`The ${r.name} supports populations of ${wordList(sample(rng, FISH, 3))}. Parts of its valley are protected as nature reserves.`,
            prose.take(RIVER_FILLERS, 2),
          ),
        ],
      },
    ],
    seeAlso: cities.slice(0, 3).map((c) => linkTo(c)),
    references: [reference(rng, `Rivers of ${regions[0]!}`), reference(rng, `Hydrological Yearbook`)],
    didYouKnow: [
      para`… that the ${linkTo(r)} is ${fmt(r.length)} kilometres long and rises at ${r.source}?`,
      para`… that the first permanent bridge over the ${linkTo(r)} was built in ${bridges}?`,
    ],
    milestone: {year: bridges, text: para`The first permanent bridge across the ${linkTo(r)} is completed.`},
    lastEdited: editedDate(rng),
  })
}
