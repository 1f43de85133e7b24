// Story templates of the Science section.
import type {StoryTemplate} from '../types.js'

export const SCIENCE_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{city} Observatory survey finds {n} new comets',
    standfirst: 'Four years of observations reveal icy visitors from the edge of the solar system.',
    paragraphs: [
      'A survey led by the {city} Observatory has identified {n} previously unknown comets in the outer solar system.',
      'The team analysed {m} nights of observations collected over four years.',
      'The findings will be presented at a conference on {date}.',
    ],
    quote: 'Every one of these comets is a time capsule from the birth of the solar system',
    role: 'lead author of the study',
    numbers: {n: [7, 46], m: [180, 900]},
    questions: [
      {ask: 'How many new comets did the survey find?', slot: 'n'},
      {ask: 'How many nights of observations did the team analyse?', slot: 'm'},
      {ask: 'Who is the lead author of the study?', slot: 'person'},
      {ask: 'On what date will the findings be presented?', slot: 'date'},
    ],
  },
  {
    headline: '{city} study links {n} minutes of daily walking to better sleep',
    standfirst: 'Volunteers who met the target fell asleep faster and woke less often.',
    paragraphs: [
      'Adults who walked for at least {n} minutes a day slept better, according to a study of {m} volunteers by researchers in {city}.',
      'Participants who met the target fell asleep on average {k} minutes faster.',
      'A larger follow-up study begins on {date}.',
    ],
    quote: 'A daily walk turns out to be one of the cheapest sleep aids there is',
    role: 'the sleep researcher who led the study',
    numbers: {n: [20, 45], m: [2000, 14000, 10], k: [6, 19]},
    questions: [
      {ask: 'How many volunteers took part in the study?', slot: 'm'},
      {ask: 'How many minutes faster did participants who met the target fall asleep?', slot: 'k'},
      {ask: 'Who led the study?', slot: 'person'},
      {ask: 'On what date does the follow-up study begin?', slot: 'date'},
    ],
  },
  {
    headline: 'Scientists in {city} sequence genome of {n}-year-old seed',
    standfirst: 'The seed, from a wild relative of barley, germinated in the laboratory.',
    paragraphs: [
      'Scientists in {city} have sequenced the genome of a seed found in a cave and dated to about {n} years ago.',
      'The seed, from a wild relative of barley, germinated after {m} days in the laboratory.',
      'The seedlings will go on public display on {date}.',
    ],
    quote: 'It is like reading a letter that was posted thousands of years ago',
    role: 'a plant geneticist at the {city} Institute of Botany',
    numbers: {n: [1800, 9500, 100], m: [9, 40]},
    questions: [
      {ask: 'After how many days in the laboratory did the seed germinate?', slot: 'm'},
      {ask: 'Who is the plant geneticist quoted in the article?', slot: 'person'},
      {ask: 'On what date will the seedlings go on public display?', slot: 'date'},
    ],
  },
]
