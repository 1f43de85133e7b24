// Writes N synthetic generic task rows over about W websites, deterministically (a fixed-seed LCG), as JSONL.
import {createWriteStream} from 'node:fs'
import {once} from 'node:events'

const DOMAINS = {
  'Lifestyle & Leisure': ['Shopping', 'Food & Cooking', 'Sports & Fitness', 'Health & Medicine'],
  Entertainment: ['Films & TV Shows', 'Music', 'Books & Reading'],
  'Misc.': ['General Info.', 'News', 'Real Estate'],
  'Science & Research': ['Research & Academia', 'Technology & Science'],
  'Career & Education': ['Education & Learning', 'Jobs & Career'],
  'Travel & Transportation': ['Travel & Accommodation', 'Ticketed Activities'],
}
const DOMAIN_NAMES = Object.keys(DOMAINS)
const VERBS = ['Find', 'Compare', 'Look up', 'List', 'Check', 'Book', 'Search for', 'Report']
const THINGS = [
  'the cheapest',
  'the highest-rated',
  'the newest',
  'the opening hours of',
  'the price of',
  'three reviews of',
  'the address of',
]
const ITEMS = [
  'wireless headphones',
  'a vegan lasagna recipe',
  'a 2-bedroom flat',
  'a flight to Lisbon',
  'the city museum',
  'a data science course',
  'a used bicycle',
]
const TLDS = ['com', 'org', 'net', 'co.uk', 'de', 'io', 'com.au', 'fr']

export async function generateTasks(path, {tasks = 300_000, websites = 128_000} = {}) {
  let state = 42
  const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32
  const pick = (list) => list[Math.floor(random() * list.length)]
  const out = createWriteStream(path)
  for (let i = 0; i < tasks; i++) {
    // The first `websites` tasks cover every site once; the rest favour popular sites.
    const site = i < websites ? i : Math.floor(websites * random() ** 3)
    const domain = DOMAIN_NAMES[site % DOMAIN_NAMES.length]
    const row = {
      qid: `q${i}`,
      question: `${pick(VERBS)} ${pick(THINGS)} ${pick(ITEMS)} (case ${i})`,
      site: `https://www.site${site}.${TLDS[site % TLDS.length]}/`,
      gold: random() < 0.3 ? `answer ${i}` : null,
      taxonomy: {domain, subdomain: DOMAINS[domain][site % DOMAINS[domain].length]},
      level: pick(['easy', 'medium', 'hard']),
    }
    if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'close')
}
