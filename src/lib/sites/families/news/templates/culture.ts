// Story templates of the Culture section.
import type {StoryTemplate} from '../types.js'

export const CULTURE_TEMPLATES: readonly StoryTemplate[] = [
  {
    headline: '{title} wins {city} Book Prize',
    standfirst: 'The judges praised a novel that "trusts its readers completely".',
    paragraphs: [
      "{person2}'s novel {title} has won the {city} Book Prize, worth ${n} to the author.",
      'The judges chose it from a shortlist of six, after {k} novels were submitted.',
      'The winner will read from the book at a public event on {date}.',
    ],
    quote: 'It is a book that trusts its readers completely',
    role: 'chair of the judges',
    numbers: {n: [10000, 50000, 5000], k: [120, 480]},
    questions: [
      {ask: 'Who wrote {title}?', slot: 'person2'},
      {ask: 'How many novels were submitted for the prize?', slot: 'k'},
      {ask: 'Who chaired the judges?', slot: 'person'},
      {ask: 'On what date will the winner read at a public event?', slot: 'date'},
    ],
  },
  {
    headline: '{city} Museum of Art reopens after {n}-year renovation',
    standfirst: 'New rooms for photography and design, and free entry for the first months.',
    paragraphs: [
      'The {city} Museum of Art has reopened after a {n}-year renovation that cost ${m} million.',
      'The museum now has {k} galleries, including new rooms for photography and design.',
      'Entry will be free until {date}.',
    ],
    quote: 'We wanted the building to feel open to everyone, not just to experts',
    role: 'director of the museum',
    numbers: {n: [2, 7], m: [18, 140], k: [24, 90]},
    questions: [
      {ask: 'How many million dollars did the renovation cost?', slot: 'm'},
      {ask: 'How many galleries does the museum now have?', slot: 'k'},
      {ask: 'Who is the director of the museum?', slot: 'person'},
      {ask: 'Until what date will entry be free?', slot: 'date'},
    ],
  },
  {
    headline: '{title} tops box office with ${n}m opening weekend',
    standfirst: 'An original story beat the sequels, to the delight of cinema owners.',
    paragraphs: [
      'The film {title} took ${n} million in its opening weekend, the best start for an original story this year.',
      'Directed by {person2}, the film was shot in {city} over {m} days.',
      'It opens in a further {k} countries on {date}.',
    ],
    quote: 'We made it for cinemas, and audiences came to cinemas',
    role: "the film's producer",
    numbers: {n: [12, 96], m: [38, 110], k: [20, 60]},
    questions: [
      {ask: 'Who directed {title}?', slot: 'person2'},
      {ask: 'Over how many days was the film shot?', slot: 'm'},
      {ask: "Who is the film's producer?", slot: 'person'},
      {ask: 'On what date does the film open in further countries?', slot: 'date'},
    ],
  },
  {
    headline: '{person2} announces {n}-date tour opening in {city}',
    standfirst: 'Tickets go on sale soon, and the promoter expects demand to be high.',
    paragraphs: [
      'The singer {person2} has announced a {n}-date tour, with tickets on sale from {date}.',
      'The tour opens in {city} and includes {m} stadium shows.',
      '{person}, the tour promoter, said demand was expected to be the highest in a decade.',
    ],
    quote: 'These songs were written to be sung by a crowd',
    quoteBy: 'person2',
    role: '',
    numbers: {n: [14, 48], m: [3, 12]},
    questions: [
      {ask: 'How many stadium shows does the tour include?', slot: 'm'},
      {ask: 'Who is the tour promoter?', slot: 'person'},
      {ask: 'From what date are tickets on sale?', slot: 'date'},
    ],
  },
]
