// What the tasks ask per topic: infobox lookups, the comparison, the link chain and the reverse searches.
import type {ArticleKind, InfoRow, Topic} from '../types.js'

export interface TopicTasks {
  /** Keys of infobox facts worth asking about, per kind, with the noun used in a question. */
  lookups: Partial<Record<ArticleKind, Record<string, string>>>
  /** A link from the primary kind to another article of the same kind, and what to compare. */
  compare: {
    kind: ArticleKind
    relation: string
    relationNoun: string
    metrics: {key: string; noun: string; question: string; higherWins: boolean; unit: string}[]
  }
  chain: {
    start: ArticleKind
    f1: string
    r1: string
    r1Noun: string
    f2: string
    r2: string
    r2Noun: string
    f3: string
    f4: string
    /** Which column of Z's data table holds the answer, and how the question names it. */
    tableColumn: number
    tableQuestion: (rowKey: string) => string
  }
  reverse: {
    kind: ArticleKind
    key: string
    phrase: (value: string) => string
    query: (row: InfoRow) => string
    answerKey: string
  }[]
}

export const TOPIC_TASKS: Record<Topic, TopicTasks> = {
  places: {
    lookups: {
      city: {
        founded: 'founding year',
        mayor: 'mayor',
        elevation: 'elevation in metres',
        area: 'area in square kilometres',
        population: 'population at the 2020 census',
        postal: 'postal code',
      },
      river: {
        length: 'length in kilometres',
        discharge: 'mean discharge in cubic metres per second',
        basin: 'basin size in square kilometres',
        source: 'source',
      },
    },
    compare: {
      kind: 'city',
      relation: 'twin',
      relationNoun: 'twin town',
      metrics: [
        {
          key: 'founded',
          noun: 'founding year',
          question: 'Which of the two cities is older',
          higherWins: false,
          unit: ' years',
        },
        {
          key: 'population',
          noun: '2020 population',
          question: 'Which of the two cities has the larger population',
          higherWins: true,
          unit: ' inhabitants',
        },
        {
          key: 'elevation',
          noun: 'elevation',
          question: 'Which of the two cities lies higher',
          higherWins: true,
          unit: ' m',
        },
        {
          key: 'area',
          noun: 'area',
          question: 'Which of the two cities covers the larger area',
          higherWins: true,
          unit: ' km²',
        },
      ],
    },
    chain: {
      start: 'city',
      f1: 'founded',
      r1: 'river',
      r1Noun: 'the river it lies on',
      f2: 'length',
      r2: 'largest',
      r2Noun: "that river's largest city",
      f3: 'area',
      f4: 'mayor',
      tableColumn: 1,
      tableQuestion: (year) => `its population in ${year} (from its "Historical population" table)`,
    },
    reverse: [
      {
        kind: 'city',
        key: 'mayor',
        phrase: (v) => `whose mayor is ${v}`,
        query: (r) => r.value,
        answerKey: 'population',
      },
      {kind: 'river', key: 'source', phrase: (v) => `that rises at ${v}`, query: (r) => r.value, answerKey: 'length'},
    ],
  },
  elements: {
    lookups: {
      element: {
        symbol: 'chemical symbol',
        number: 'atomic number',
        mass: 'standard atomic weight',
        melting: 'melting point in °C',
        boiling: 'boiling point in °C',
        density: 'density in g/cm³',
        year: 'year it was first isolated',
      },
      scientist: {born: 'year of birth', died: 'year of death', institution: 'institution', birthplace: 'birthplace'},
    },
    compare: {
      kind: 'element',
      relation: 'next',
      relationNoun: 'next element ("Followed by")',
      metrics: [
        {
          key: 'melting',
          noun: 'melting point',
          question: 'Which of the two elements has the higher melting point',
          higherWins: true,
          unit: ' °C',
        },
        {
          key: 'density',
          noun: 'density',
          question: 'Which of the two elements is denser',
          higherWins: true,
          unit: ' g/cm³',
        },
        {
          key: 'year',
          noun: 'year of first isolation',
          question: 'Which of the two elements was isolated first',
          higherWins: false,
          unit: ' years',
        },
      ],
    },
    chain: {
      start: 'element',
      f1: 'year',
      r1: 'discoverer',
      r1Noun: 'the scientist who discovered it',
      f2: 'born',
      r2: 'advisor',
      r2Noun: "that scientist's doctoral advisor",
      f3: 'institution',
      f4: 'birthplace',
      tableColumn: 1,
      tableQuestion: (year) => `the honour received in ${year} (from the "Honours and awards" table)`,
    },
    reverse: [
      {
        kind: 'element',
        key: 'symbol',
        phrase: (v) => `with the chemical symbol ${v}`,
        query: (r) => r.value,
        answerKey: 'number',
      },
      {
        kind: 'element',
        key: 'melting',
        phrase: (v) => `that melts at ${v} °C`,
        query: (r) => `${r.value} °C`,
        answerKey: 'symbol',
      },
    ],
  },
  inventions: {
    lookups: {
      invention: {
        year: 'year of introduction',
        patent: 'patent number',
        weight: 'weight in kilograms',
        units: 'number of units built in its first decade',
        field: 'field',
      },
      inventor: {born: 'year of birth', died: 'year of death', company: 'company', birthplace: 'birthplace'},
    },
    compare: {
      kind: 'invention',
      relation: 'previous',
      relationNoun: 'predecessor ("Preceded by")',
      metrics: [
        {
          key: 'weight',
          noun: 'weight',
          question: 'Which of the two machines is heavier',
          higherWins: true,
          unit: ' kg',
        },
        {
          key: 'units',
          noun: 'number of units built in the first decade',
          question: 'Which of the two was built in greater numbers in its first decade',
          higherWins: true,
          unit: ' units',
        },
      ],
    },
    chain: {
      start: 'invention',
      f1: 'year',
      r1: 'inventor',
      r1Noun: 'its inventor',
      f2: 'born',
      r2: 'mentor',
      r2Noun: 'the person that inventor was apprenticed to',
      f3: 'company',
      f4: 'birthplace',
      tableColumn: 1,
      tableQuestion: (year) => `the title of the patent granted in ${year} (from the "Patents" table)`,
    },
    reverse: [
      {
        kind: 'invention',
        key: 'patent',
        phrase: (v) => `protected by patent No. ${v}`,
        query: (r) => r.value,
        answerKey: 'year',
      },
      {kind: 'inventor', key: 'company', phrase: (v) => `who founded ${v}`, query: (r) => r.value, answerKey: 'born'},
    ],
  },
}
