// Story templates of the Climate section.
import type {StoryTemplate} from '../types.js'

export const CLIMATE_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{city} plants {n} trees in bid to cool its streets',
    standfirst: 'Engineers say the shade could lower pavement temperatures by several degrees.',
    paragraphs: [
      '{city} has planted {n} street trees this year, part of a plan to lower summer temperatures in its densest neighbourhoods.',
      'City engineers say the shade could cut pavement temperatures by up to {m} degrees.',
      'A second planting season starts on {date}.',
    ],
    quote: 'Trees are the cheapest air conditioning a city can buy',
    role: "{city}'s chief urban forester",
    numbers: {n: [4000, 26000, 10], m: [4, 12]},
    questions: [
      {ask: 'How many street trees has {city} planted this year?', slot: 'n'},
      {ask: 'By up to how many degrees could the shade cut pavement temperatures?', slot: 'm'},
      {ask: "Who is {city}'s chief urban forester?", slot: 'person'},
      {ask: 'On what date does the second planting season start?', slot: 'date'},
    ],
  },
  {
    headline: 'Offshore wind farm off {country} to power {n} homes',
    standfirst: 'The project will be one of the largest of its kind when complete.',
    paragraphs: [
      'A wind farm with {m} turbines off the coast of {country} will supply electricity to about {n} homes when it is complete.',
      'Construction by {org} will cost an estimated ${k} billion.',
      'The first turbines will start generating on {date}.',
    ],
    quote: 'This shows that clean power at scale is no longer a dream',
    role: 'project director at {org}',
    numbers: {n: [300000, 1400000, 1000], m: [40, 160], k: [2, 9]},
    questions: [
      {ask: 'How many turbines will the wind farm have?', slot: 'm'},
      {ask: 'Who is the project director at {org}?', slot: 'person'},
      {ask: 'On what date will the first turbines start generating?', slot: 'date'},
    ],
  },
  {
    headline: 'Glacier in {country} retreats {n} metres in one summer',
    standfirst: 'The loss is the largest since measurements began, researchers say.',
    paragraphs: [
      'Measurements show a glacier in {country} retreated by {n} metres this summer, the largest loss since records began {m} years ago.',
      'The team from the University of {city} used drones and stakes drilled into the ice.',
      'The team will repeat the measurements on {date}.',
    ],
    quote: 'We are watching a landscape disappear within a single career',
    role: 'a glaciologist at the University of {city}',
    numbers: {n: [22, 95], m: [60, 140]},
    questions: [
      {ask: 'How many metres did the glacier retreat this summer?', slot: 'n'},
      {ask: 'How many years ago did the records begin?', slot: 'm'},
      {ask: 'Who is the glaciologist quoted in the article?', slot: 'person'},
      {ask: 'On what date will the team repeat the measurements?', slot: 'date'},
    ],
  },
]
