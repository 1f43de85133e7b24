// Story templates of the Tech section.
import type {StoryTemplate} from '../types.js'

export const TECH_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{org} fined ${n}m over data breach affecting {m} customers',
    standfirst: 'Investigators found unencrypted backups on a server that anyone on the internet could reach.',
    paragraphs: [
      'Regulators have fined {org} ${n} million after a breach exposed the personal details of {m} customers.',
      'Investigators found that the company had kept unencrypted backups on a server that was reachable from the internet for {k} months.',
      '{org} has until {date} to appeal against the decision.',
    ],
    quote: 'Companies that hold this much data must protect it properly, without exceptions',
    role: 'the data protection commissioner',
    numbers: {n: [3, 95], m: [120000, 2400000, 1000], k: [3, 19]},
    questions: [
      {ask: 'How many million dollars was {org} fined?', slot: 'n'},
      {ask: 'How many customers were affected by the breach?', slot: 'm'},
      {ask: 'Who is the data protection commissioner quoted in the article?', slot: 'person'},
      {ask: 'Until what date can {org} appeal?', slot: 'date'},
    ],
  },
  {
    headline: '{org} unveils {product} laptop with {n}-hour battery',
    standfirst: 'The lightweight machine is aimed at people who work on the move.',
    paragraphs: [
      '{org} has unveiled the {product}, a lightweight laptop it says can run for {n} hours on a single charge.',
      'The device weighs {m} grams and will cost from ${k}.',
      'It goes on sale on {date}.',
    ],
    quote: 'We built the {product} for people who work on trains, in cafés and everywhere in between',
    role: 'head of product at {org}',
    numbers: {n: [14, 31], m: [890, 1390], k: [699, 1899, 100]},
    questions: [
      {ask: 'How many grams does the {product} weigh?', slot: 'm'},
      {ask: 'Who is the head of product at {org}?', slot: 'person'},
      {ask: 'On what date does the {product} go on sale?', slot: 'date'},
      {ask: 'What is the starting price of the {product}, in dollars?', slot: 'k'},
    ],
  },
  {
    headline: '{city} launches self-driving bus trial on {n} routes',
    standfirst: 'A safety driver will stay on board for the first six months of the two-year trial.',
    paragraphs: [
      'Self-driving buses will begin carrying passengers on {n} routes in {city} as part of a two-year trial run by {org}.',
      'Each bus carries up to {m} passengers and will have a safety driver on board for the first six months.',
      'The trial starts on {date}.',
    ],
    quote: 'We will publish every incident report, good or bad',
    role: "{city}'s head of transport innovation",
    numbers: {n: [2, 9], m: [12, 40]},
    questions: [
      {ask: 'How many passengers can each self-driving bus carry?', slot: 'm'},
      {ask: "Who is {city}'s head of transport innovation?", slot: 'person'},
      {ask: 'On what date does the trial start?', slot: 'date'},
    ],
  },
  {
    headline: '{org} says its AI assistant now has {n} million users',
    standfirst: 'The company also plans a new research centre as it races rivals for engineers.',
    paragraphs: [
      '{org} says its AI assistant now has {n} million monthly users, up from {m} million a year ago.',
      'The company plans to open a research centre in {city} employing {k} engineers.',
      'The research centre is due to open on {date}.',
    ],
    quote: 'The hard problem now is not capability but trust',
    role: 'chief scientist at {org}',
    numbers: {n: [18, 140], m: [5, 16], k: [80, 600, 10]},
    questions: [
      {ask: 'How many million monthly users did the assistant have a year ago?', slot: 'm'},
      {ask: 'How many engineers will the new research centre employ?', slot: 'k'},
      {ask: 'Who is the chief scientist at {org}?', slot: 'person'},
      {ask: 'On what date is the research centre due to open?', slot: 'date'},
    ],
  },
]
