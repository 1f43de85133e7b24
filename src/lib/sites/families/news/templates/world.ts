// Story templates of the World section.
import type {StoryTemplate} from '../types.js'

export const WORLD_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{n} nations sign water-sharing pact at {city} summit',
    standfirst:
      'Negotiators spent almost three years on a deal that makes river data public and sets up a drought fund.',
    paragraphs: [
      'Delegates from {n} countries gathered in {city} on Monday and signed a water-sharing agreement that negotiators had worked on for almost three years.',
      'The pact commits every signatory to publish river-flow data each month and creates a joint fund of ${m} million for drought relief.',
      'The agreement takes effect on {date}, once at least half of the signatories have ratified it.',
    ],
    quote: 'This is the first time upstream and downstream countries have put their numbers on the same table',
    role: "the summit's chief negotiator",
    numbers: {n: [8, 24], m: [40, 900]},
    questions: [
      {ask: 'How many countries signed the water-sharing agreement?', slot: 'n'},
      {ask: 'Who was the chief negotiator of the summit?', slot: 'person'},
      {ask: 'On what date does the agreement take effect?', slot: 'date'},
      {ask: 'How many million dollars does the joint drought fund hold?', slot: 'm'},
    ],
  },
  {
    headline: 'Ferry strike strands {n} passengers across {country} islands',
    standfirst:
      'Crews walked out over rest periods, leaving families stuck on quays during the busiest week of the season.',
    paragraphs: [
      'More than {n} passengers were stranded on Tuesday after ferry crews in {country} walked out in a dispute over rest periods.',
      'The union says crews have worked an average of {m} hours a week since the start of the season.',
      'Talks between the union and the operators are due to resume on {date} in the capital.',
    ],
    quote: 'Nobody wants to leave families stuck on a quay, but we cannot keep sailing exhausted',
    role: "general secretary of the seafarers' union",
    numbers: {n: [1200, 9800], m: [52, 68]},
    questions: [
      {ask: 'How many passengers were stranded by the ferry strike?', slot: 'n'},
      {ask: "Who is the general secretary of the seafarers' union?", slot: 'person'},
      {ask: 'On what date are the talks due to resume?', slot: 'date'},
      {ask: 'How many hours a week have the crews worked on average, according to the union?', slot: 'm'},
    ],
  },
  {
    headline: '{city} votes out long-serving mayor after {n} years',
    standfirst: 'A former schoolteacher won the run-off on a promise of reliable buses and affordable rents.',
    paragraphs: [
      "{person}, a former schoolteacher, won {pct} per cent of the vote in Sunday's run-off, unseating an incumbent who had led {city} for {n} years.",
      'Turnout reached {m} per cent, the highest in the city for two decades.',
      'The new mayor will be sworn in on {date}.',
    ],
    quote: 'People told me on every doorstep that they wanted buses that come on time and rents they can pay',
    role: 'the mayor-elect',
    numbers: {n: [12, 28], pct: [51, 64], m: [48, 79]},
    questions: [
      {ask: 'Who won the mayoral run-off?', slot: 'person'},
      {ask: 'What percentage of the vote did the winner get?', slot: 'pct'},
      {ask: 'What was the turnout, in per cent?', slot: 'm'},
      {ask: 'On what date will the new mayor be sworn in?', slot: 'date'},
    ],
  },
  {
    headline: '{country} opens {n}-kilometre high-speed rail line',
    standfirst: 'The new line cuts the journey from the coast to under two hours, but came in well over budget.',
    paragraphs: [
      'Passenger services began on Friday on a {n}-kilometre high-speed line linking the capital of {country} with the coast, cutting the journey time to {m} minutes.',
      'The line cost an estimated {pct} per cent more than first budgeted, according to the national audit office.',
      'A second phase, extending the line north, is due to open on {date}.',
    ],
    quote: 'For the first time, people can commute to the capital from the coast and be home for dinner',
    role: "{country}'s transport minister",
    numbers: {n: [140, 420], m: [48, 110], pct: [12, 45]},
    questions: [
      {ask: 'How long is the new high-speed line, in kilometres?', slot: 'n'},
      {ask: 'How many minutes does the journey take on the new line?', slot: 'm'},
      {ask: 'Who is the transport minister quoted in the article?', slot: 'person'},
      {ask: 'On what date is the second phase due to open?', slot: 'date'},
    ],
  },
]
