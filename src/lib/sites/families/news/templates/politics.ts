// Story templates of the Politics section.
import type {StoryTemplate} from '../types.js'

export const POLITICS_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{country} parliament passes housing bill by {n} votes to {m}',
    standfirst: 'Ministers say the law will fund tens of thousands of affordable homes by the end of the decade.',
    paragraphs: [
      'The parliament of {country} approved the housing bill on Wednesday night by {n} votes to {m}, after a debate that lasted more than eleven hours.',
      'The law will fund {k} affordable homes by 2030, according to the government of {country}.',
      'The law comes into force on {date}.',
    ],
    quote: 'Every family deserves a home they can afford, and this law starts to deliver that',
    role: 'the housing minister',
    numbers: {n: [280, 340], m: [180, 260], k: [40000, 150000, 1000]},
    questions: [
      {ask: 'How many members voted against the housing bill?', slot: 'm'},
      {ask: 'How many affordable homes will the law fund by 2030?', slot: 'k'},
      {ask: 'Who is the housing minister?', slot: 'person'},
      {ask: 'On what date does the law come into force?', slot: 'date'},
    ],
  },
  {
    headline: '{country} opposition elects {person} as new leader',
    standfirst: "A comfortable win in the members' ballot, on a promise to rebuild trust town by town.",
    paragraphs: [
      "{person} has been elected leader of the opposition in {country}, winning {pct} per cent of the members' votes.",
      "Turnout among the party's {k} members was {m} per cent.",
      '{person} will face the prime minister in parliament for the first time on {date}.',
    ],
    quote: 'We will earn back trust town by town',
    role: 'the new opposition leader',
    numbers: {pct: [41, 68], k: [90000, 260000, 100], m: [55, 82]},
    questions: [
      {ask: "What percentage of the members' votes did the new leader win?", slot: 'pct'},
      {ask: 'How many members does the party have?', slot: 'k'},
      {ask: 'On what date will the new leader first face the prime minister in parliament?', slot: 'date'},
    ],
  },
  {
    headline: '{country} promises {n} new train drivers to end rail delays',
    standfirst: 'After a winter of cancellations, ministers pledge a two-year training drive.',
    paragraphs: [
      'The government of {country} says it will train {n} new train drivers within two years after a winter of cancellations.',
      'Official figures show {pct} per cent of trains ran late in the last quarter.',
      'A review of rail timetables will report on {date}.',
    ],
    quote: 'Passengers have been patient for far too long',
    role: 'the transport secretary',
    numbers: {n: [800, 3200, 50], pct: [14, 38]},
    questions: [
      {ask: 'How many new train drivers will the government train?', slot: 'n'},
      {ask: 'What percentage of trains ran late in the last quarter?', slot: 'pct'},
      {ask: 'Who is the transport secretary?', slot: 'person'},
      {ask: 'On what date will the timetable review report?', slot: 'date'},
    ],
  },
]
