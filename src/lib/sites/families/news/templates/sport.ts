// Story templates of the Sport section.
import type {StoryTemplate} from '../types.js'

export const SPORT_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{team} beat {team2} to reach the cup final',
    standfirst: 'A second-half double settled a tense semi-final in front of a sell-out crowd.',
    paragraphs: [
      '{team} reached the cup final with a {n}-{m} win over {team2} in front of {k} fans on Saturday.',
      '{person2} scored twice for {team} in a first start since returning from injury.',
      'The final will be played on {date} at the national stadium.',
    ],
    quote: 'The players ran until they had nothing left to give',
    role: '{team} head coach',
    numbers: {n: [2, 4], m: [0, 1], k: [18000, 72000, 100]},
    questions: [
      {ask: 'How many fans watched the semi-final?', slot: 'k'},
      {ask: 'Which player scored twice for {team}?', slot: 'person2'},
      {ask: 'Who is the {team} head coach?', slot: 'person'},
      {ask: 'On what date will the final be played?', slot: 'date'},
    ],
  },
  {
    headline: '{person2} wins {city} marathon in course-record time',
    standfirst: 'More runners than ever finished the race, which raised money for local hospitals.',
    paragraphs: [
      '{person2} won the {city} marathon on Sunday in two hours and {n} minutes, a new course record.',
      'More than {k} runners finished the race, which raised money for local hospitals.',
      "{person}, the race director, said organisers would consider a flatter route. Next year's race will be held on {date}.",
    ],
    quote: 'I felt the crowd carry me up the last hill',
    quoteBy: 'person2',
    role: 'the winner',
    numbers: {n: [4, 12], k: [9000, 41000, 100]},
    questions: [
      {ask: 'How many runners finished the marathon?', slot: 'k'},
      {ask: 'Who is the race director?', slot: 'person'},
      {ask: "On what date will next year's race be held?", slot: 'date'},
    ],
  },
  {
    headline: '{team} sign {person2} on {n}-year deal',
    standfirst: 'The midfielder arrives for a reported fee after a long pursuit by the club.',
    paragraphs: [
      '{team} have signed midfielder {person2} on a {n}-year contract, for a fee reported to be ${m} million.',
      '{person2}, who is {k}, made {j} appearances for the previous club.',
      '{person2} could make a debut on {date}.',
    ],
    quote: 'This signing gives us energy and control in the middle of the pitch',
    role: '{team} sporting director',
    numbers: {n: [2, 5], m: [4, 60], k: [21, 31], j: [40, 210]},
    questions: [
      {ask: 'What fee, in millions of dollars, was reportedly paid for {person2}?', slot: 'm'},
      {ask: 'How many appearances did {person2} make for the previous club?', slot: 'j'},
      {ask: 'Who is the {team} sporting director?', slot: 'person'},
      {ask: 'On what date could {person2} make his debut?', slot: 'date'},
    ],
  },
  {
    headline: '{city} to host opening stage of {n}-nation cycling tour',
    standfirst: 'Organisers promise a punishing first day with a long climb before the finish.',
    paragraphs: [
      '{city} will host the opening stage of a {n}-nation cycling tour next season, organisers confirmed.',
      'The opening stage covers {m} kilometres and climbs {k} metres.',
      'The stage will be raced on {date} and broadcast in {j} countries.',
    ],
    quote: 'Our streets will be on television all around the world',
    role: "{city}'s deputy mayor for sport",
    numbers: {n: [3, 7], m: [140, 230], k: [1200, 3900, 10], j: [60, 190]},
    questions: [
      {ask: 'How many kilometres does the opening stage cover?', slot: 'm'},
      {ask: 'How many metres does the opening stage climb?', slot: 'k'},
      {ask: "Who is {city}'s deputy mayor for sport?", slot: 'person'},
      {ask: 'On what date will the opening stage be raced?', slot: 'date'},
    ],
  },
]
