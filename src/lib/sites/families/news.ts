import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../schema/solution.js'
import {answerMentions} from '../check-helpers.js'
import {slugify} from '../slug.js'
import {html, queryString, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, pagination, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample, shuffle} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {CheckInput, FactDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// A news site: a front page with sections, section pages with filters and pagination, long articles with bylines and
// pull quotes, a cookie consent banner, a metered paywall with free registration, search and a newsletter signup.

type SectionId = 'world' | 'politics' | 'business' | 'tech' | 'science' | 'sport' | 'culture' | 'climate'
type ArticleKind = 'news' | 'analysis' | 'opinion' | 'interview' | 'explainer'
type DateStyle = 'dmy' | 'mdy'
type AnswerType = 'number' | 'person' | 'date'

interface Question {
  /** The question as a task asks it, e.g. "How many jobs will Halden Freight cut?". */
  ask: string
  answer: string
  type: AnswerType
  /** Index of the first paragraph that states the answer. */
  paragraph: number
  /** For a date: the ISO form, so a check can accept any common way of writing it. */
  iso?: string
}

interface Article {
  id: number
  slug: string
  section: SectionId
  kind: ArticleKind
  headline: string
  standfirst: string
  authorId: number
  /** ISO calendar date, e.g. `2027-03-14`. */
  date: string
  time: string
  premium: boolean
  paragraphs: string[]
  /** The paragraph the pull quote follows (a little after the quote itself, as in print). */
  pullQuoteAfter: number
  quote: {text: string; name: string; role: string}
  questions: Question[]
  caption: string
  readMinutes: number
  comments: number
}

interface Author {
  id: number
  name: string
  desk: SectionId
  title: string
  bio: string
}

interface Layout {
  home: 'classic' | 'magazine'
  sidebar: 'left' | 'right'
  list: 'rows' | 'cards'
  banner: 'bar' | 'box' | 'modal'
  dateStyle: DateStyle
  pageSize: number
}

export interface NewsModel {
  tagline: string
  /** The site's "today", an ISO date. */
  today: string
  sections: SectionId[]
  authors: Author[]
  /** Newest first. */
  articles: Article[]
  mostRead: number[]
  editorsPicks: number[]
  /** Articles an anonymous reader may open per session before the paywall. */
  freeArticles: number
  layout: Layout
}

interface Consent {
  analytics: boolean
  advertising: boolean
  social: boolean
}

interface Account {
  name: string
  email: string
  password: string
  marketing: boolean
}

interface Subscription {
  code: string
  email: string
  topics: string[]
  frequency: Frequency
}

type Frequency = 'daily' | 'weekly'

export interface NewsState {
  /** The cookie choice; null until the reader answers the banner. */
  consent: Consent | null
  account: Account | null
  signedIn: boolean
  /** Free articles opened while anonymous (the meter). */
  articlesRead: number[]
  subscriptions: Subscription[]
}

const KIND_LABELS: Record<ArticleKind, string> = {news: 'News', analysis: 'Analysis', opinion: 'Opinion', interview: 'Interview', explainer: 'Explainer'}
const KIND_WEIGHTS: readonly ArticleKind[] = ['news', 'news', 'news', 'news', 'news', 'analysis', 'analysis', 'opinion', 'interview', 'explainer', 'explainer']

const SECTION_INFO: Record<SectionId, {label: string; blurb: string; desk: string}> = {
  world: {label: 'World', blurb: 'Reporting and analysis from every continent.', desk: 'World affairs correspondent'},
  politics: {label: 'Politics', blurb: 'Parliament, parties and the policies that shape daily life.', desk: 'Political correspondent'},
  business: {label: 'Business', blurb: 'Companies, markets and the economy.', desk: 'Business reporter'},
  tech: {label: 'Tech', blurb: 'Technology, the companies behind it and how it changes our lives.', desk: 'Technology editor'},
  science: {label: 'Science', blurb: 'Discoveries, research and the people behind them.', desk: 'Science correspondent'},
  sport: {label: 'Sport', blurb: 'Results, transfers, interviews and the stories behind the scores.', desk: 'Sports writer'},
  culture: {label: 'Culture', blurb: 'Books, film, music and the arts.', desk: 'Arts and culture writer'},
  climate: {label: 'Climate', blurb: 'The environment, energy and our changing planet.', desk: 'Environment correspondent'},
}
const CORE_SECTIONS: readonly SectionId[] = ['world', 'business', 'tech', 'sport', 'culture']
const EXTRA_SECTIONS: readonly SectionId[] = ['politics', 'science', 'climate']

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const FIRST_NAMES = ['Amira', 'Ben', 'Carla', 'Daniel', 'Elif', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jakob', 'Keiko', 'Liam', 'Marta', 'Nikhil', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Samuel', 'Tessa', 'Umar', 'Vera', 'Wes', 'Yara', 'Zoltan', 'Alice', 'Bruno', 'Chloe', 'Dmitri', 'Esther', 'Farid', 'Greta', 'Henrik', 'Isla', 'Joel', 'Kamala', 'Leon', 'Mei', 'Nadia', 'Oscar']
const LAST_NAMES = ['Abbott', 'Brennan', 'Castillo', 'Dimitrov', 'Eriksen', 'Fontaine', 'Gallagher', 'Hoffmann', 'Ibrahim', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rinaldi', 'Sandoval', 'Takahashi', 'Underwood', 'Varga', 'Whitaker', 'Xu', 'Yilmaz', 'Zielinski', 'Ashworth', 'Bianchi', 'Carvalho', 'Delaney', 'Ekström', 'Ferreira', 'Grant', 'Haddad', 'Ivanova', 'Keller', 'Larsen', 'Mensah', 'Novak', 'Osei']
const CITIES = ['Lisbon', 'Rotterdam', 'Valencia', 'Gothenburg', 'Krakow', 'Porto', 'Lyon', 'Leipzig', 'Bologna', 'Tampere', 'Ghent', 'Brno', 'Aarhus', 'Graz', 'Cork', 'Bilbao', 'Turin', 'Antwerp', 'Malmo', 'Utrecht', 'Seville', 'Hamburg', 'Bergen', 'Riga', 'Tallinn', 'Zagreb', 'Marseille', 'Salzburg']
const COUNTRIES = ['Norway', 'Portugal', 'Chile', 'Estonia', 'New Zealand', 'Greece', 'Ireland', 'Canada', 'Finland', 'Croatia', 'Uruguay', 'Iceland', 'Austria', 'Denmark', 'Slovenia', 'Kenya', 'Ghana', 'Vietnam']
const COMPANIES = ['Halden Freight', 'Carrow Foods', 'Meriden Bank', 'Blackwater Steel', 'Ostrava Air', 'Pellam Retail', 'Greyfield Insurance', 'Tamsin Pharma', 'Marbury Homes', 'Corliss Motors', 'Ashgrove Brewing', 'Fenwick Textiles']
const TECH_COMPANIES = ['Quillsoft', 'Nexaworks', 'Orbitel', 'Pixelmoor', 'Cindergate', 'Lumora', 'Trellis Labs', 'Hexaline', 'Vantablue', 'Kitewire']
const ENERGY_COMPANIES = ['Tidewell Energy', 'Northgale Power', 'Solvik Renewables', 'Aeolus Grid', 'Brightwater Utilities', 'Vindra Offshore']
const TEAM_SUFFIXES = ['Rovers', 'United', 'Athletic', 'City', 'Wanderers', 'Albion', 'FC']
const TITLES = ['The Salt Orchard', 'A House of Small Weather', 'Northern Lights, Southern Roads', 'The Glass Harbour', 'What the River Kept', 'The Last Lamplighter', 'Midnight at the Observatory', 'Paper Birds', 'The Quiet Year', 'Iron and Honey', 'A Map of Lost Summers', 'The Orchard Keeper']
const PRODUCT_NAMES = ['Slate', 'Aero', 'Nova', 'Pulse', 'Vertex', 'Lumen', 'Drift']
const PHOTO_AGENCIES = ['Staff photographer', 'Reuters', 'AP', 'AFP', 'Getty Images', 'EPA']

// ---------------------------------------------------------------------------------------------------------------
// Story templates: slots in braces are filled per article; `numbers` are integer slots [min, max, step?].

interface StoryTemplate {
  headline: string
  standfirst: string
  /** Factual paragraphs; the quote paragraph is inserted after the second one. */
  paragraphs: readonly string[]
  quote: string
  /** Who speaks the quote (default `person`), and the speaker's role ('' for none). */
  quoteBy?: 'person' | 'person2'
  role: string
  numbers: Record<string, readonly number[]>
  decimals?: Record<string, readonly [number, number]>
  questions: readonly {ask: string; slot: string}[]
}

const TEMPLATES: Record<SectionId, readonly StoryTemplate[]> = {
  world: [
    {
      headline: '{n} nations sign water-sharing pact at {city} summit',
      standfirst: 'Negotiators spent almost three years on a deal that makes river data public and sets up a drought fund.',
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
      standfirst: 'Crews walked out over rest periods, leaving families stuck on quays during the busiest week of the season.',
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
        '{person}, a former schoolteacher, won {pct} per cent of the vote in Sunday\'s run-off, unseating an incumbent who had led {city} for {n} years.',
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
  ],
  business: [
    {
      headline: '{org} to cut {n} jobs as profits fall {pct}%',
      standfirst: 'Most of the cuts will fall on regional offices, the company said, as it tries to restore margins.',
      paragraphs: [
        '{org} will cut {n} jobs over the next year after reporting that annual profits fell by {pct} per cent.',
        'The company, which employs about {m} people worldwide, said most of the cuts would fall on its regional offices.',
        'Shares in {org} closed lower on the news. The company will give investors a full update on {date}.',
      ],
      quote: 'These are painful decisions, and we will support every colleague who is affected',
      role: 'chief executive of {org}',
      numbers: {n: [300, 4800, 50], pct: [9, 38], m: [6000, 42000, 100]},
      questions: [
        {ask: 'How many jobs will {org} cut?', slot: 'n'},
        {ask: 'By what percentage did annual profits fall?', slot: 'pct'},
        {ask: 'Who is the chief executive of {org}?', slot: 'person'},
        {ask: 'On what date will the company update investors?', slot: 'date'},
      ],
    },
    {
      headline: '{org} agrees ${n}m takeover of rival {org2}',
      standfirst: 'The all-cash deal still needs the approval of competition regulators.',
      paragraphs: [
        '{org} has agreed to buy its smaller rival {org2} for ${n} million in cash, the two companies said on Wednesday.',
        'The price values {org2} at {m} times its annual earnings, a premium that surprised several analysts.',
        'Both boards expect the takeover to be completed by {date}.',
      ],
      quote: 'Together we can offer customers a far wider network at a lower cost',
      role: 'chair of {org}',
      numbers: {n: [120, 4800, 10], m: [9, 31]},
      questions: [
        {ask: 'For how many million dollars is {org} buying {org2}?', slot: 'n'},
        {ask: 'Who is the chair of {org}?', slot: 'person'},
        {ask: 'By what date do the boards expect the takeover to be completed?', slot: 'date'},
        {ask: 'At how many times its annual earnings does the price value {org2}?', slot: 'm'},
      ],
    },
    {
      headline: "{country}'s central bank holds rates as inflation slows to {pct}%",
      standfirst: 'Policymakers want to see price rises settle before they consider a cut.',
      paragraphs: [
        'The central bank of {country} left its main interest rate unchanged on Thursday, after figures showed inflation slowing to {pct} per cent.',
        'The decision was unanimous among the {n} members of the rate-setting committee.',
        'The next rate decision is due on {date}.',
      ],
      quote: 'We want to see inflation settle before we move',
      role: 'governor of the central bank',
      numbers: {n: [7, 12]},
      decimals: {pct: [1.2, 4.8]},
      questions: [
        {ask: 'To what rate, in per cent, has inflation slowed?', slot: 'pct'},
        {ask: 'How many members does the rate-setting committee have?', slot: 'n'},
        {ask: 'Who is the governor of the central bank?', slot: 'person'},
        {ask: 'On what date is the next rate decision due?', slot: 'date'},
      ],
    },
    {
      headline: '{org} to open {n} new stores in push into {city}',
      standfirst: 'The expansion will create hundreds of jobs, the retailer said, after a strong quarter.',
      paragraphs: [
        '{org} will open {n} new stores in and around {city} this year, creating about {m} jobs.',
        'Sales rose {pct} per cent in the last quarter, helped by a popular own-brand range.',
        'The first of the new stores opens on {date}.',
      ],
      quote: '{city} shoppers have been asking us to come for years',
      role: 'managing director of {org}',
      numbers: {n: [6, 40], m: [150, 1400, 10], pct: [3, 19]},
      questions: [
        {ask: 'How many new stores will {org} open?', slot: 'n'},
        {ask: 'About how many jobs will the new stores create?', slot: 'm'},
        {ask: 'Who is the managing director of {org}?', slot: 'person'},
        {ask: 'On what date does the first of the new stores open?', slot: 'date'},
      ],
    },
  ],
  tech: [
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
  ],
  sport: [
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
        '{person}, the race director, said organisers would consider a flatter route. Next year\'s race will be held on {date}.',
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
  ],
  culture: [
    {
      headline: '{title} wins {city} Book Prize',
      standfirst: 'The judges praised a novel that "trusts its readers completely".',
      paragraphs: [
        '{person2}\'s novel {title} has won the {city} Book Prize, worth ${n} to the author.',
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
  ],
  politics: [
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
      standfirst: 'A comfortable win in the members\' ballot, on a promise to rebuild trust town by town.',
      paragraphs: [
        '{person} has been elected leader of the opposition in {country}, winning {pct} per cent of the members\' votes.',
        'Turnout among the party\'s {k} members was {m} per cent.',
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
  ],
  science: [
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
  ],
  climate: [
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
  ],
}

const FILLERS: Record<SectionId, readonly string[]> = {
  world: [
    'Diplomats said the mood had shifted noticeably over the past month, as governments came under pressure at home to show results.',
    'Regional analysts cautioned that similar agreements had stalled in the past once the cameras left, and that the details would matter more than the ceremony.',
    'Local newspapers in {city} devoted their front pages to the story, and several printed special editions.',
    'The foreign ministry of {country} said in a short statement that it welcomed the outcome and would study it closely.',
  ],
  business: [
    'Analysts at several banks said the move had been expected, though its scale surprised some investors.',
    'The wider sector has struggled with higher borrowing costs and weaker consumer spending for much of the past year.',
    'Trade unions said they would seek urgent meetings with management to understand what the plans mean for staff.',
    'Market reaction was muted, with the main index ending the session broadly flat.',
  ],
  tech: [
    'Privacy campaigners said the announcement raised questions that regulators would need to answer quickly.',
    'Industry analysts noted that rivals have made similar promises before, with mixed results.',
    'Developers who tried early versions described the experience as promising but unfinished.',
    'The company has hired aggressively over the past year, adding hundreds of engineers in {city} alone.',
  ],
  sport: [
    'Supporters had queued outside the ground for hours, and many stayed long after the final whistle.',
    'The result leaves plenty to play for in the final weeks of the season.',
    'Pundits praised the tactical discipline on display, particularly in the second half.',
    'Ticket sales for the coming fixtures have already passed last season\'s totals, the organisers said.',
  ],
  culture: [
    'Critics have been divided, but audiences appear to have made up their own minds.',
    'The announcement was made at a packed event in {city} attended by writers, artists and patrons.',
    'Booksellers and venue owners said they expected a busy few weeks.',
    'Earlier work by the same artists has enjoyed a revival since the news broke.',
  ],
  politics: [
    'Opposition members said the government had rushed the process and promised to scrutinise every detail.',
    'Polling published this week suggests voters rank the issue among their top three concerns.',
    'Backbenchers on both sides said they had been flooded with letters from constituents.',
    'Commentators said the coming months would test whether the promises could be delivered.',
  ],
  science: [
    'The work was published in a peer-reviewed journal, and the data have been made available to other research groups.',
    'Independent scientists called the results striking but said they should be repeated before firm conclusions are drawn.',
    'Funding for the project came from a mix of public grants and a university endowment.',
    'The researchers said they hoped the findings would encourage similar studies elsewhere.',
  ],
  climate: [
    'Environmental groups welcomed the news but said the pace of change still fell short of what is needed.',
    'The project is part of a national plan to cut emissions by more than half within the decade.',
    'Residents interviewed by this newspaper were broadly supportive, though some raised concerns about costs.',
    'Scientists have warned that the coming summers are likely to be hotter than any on record.',
  ],
}

const KIND_NOTES: Partial<Record<ArticleKind, string>> = {
  opinion: 'The views expressed in this column are the author\'s own and do not necessarily reflect those of the newsroom.',
  interview: 'This interview has been edited for length and clarity.',
  explainer: 'We will update this explainer as the story develops.',
}

// ---------------------------------------------------------------------------------------------------------------
// Newsletter topics and cookie categories

interface Topic {
  id: string
  label: string
  blurb: string
}

function newsletterTopics(model: NewsModel): Topic[] {
  return [
    {id: 'briefing', label: 'Morning Briefing', blurb: 'The five stories you need before breakfast, every weekday.'},
    ...model.sections.map((id) => ({id, label: SECTION_INFO[id].label, blurb: `The best of our ${SECTION_INFO[id].label.toLowerCase()} coverage.`})),
    {id: 'weekend', label: 'Weekend Long Reads', blurb: 'Our finest features and interviews, every Saturday.'},
    {id: 'alerts', label: 'Breaking News Alerts', blurb: 'Short emails when big stories break.'},
  ]
}

const COOKIE_CATEGORIES = [
  {id: 'analytics', label: 'Analytics cookies', blurb: 'Help us understand which stories are read, so we can improve the site.'},
  {id: 'advertising', label: 'Advertising cookies', blurb: 'Let our partners show personalised adverts based on your interests.'},
  {id: 'social', label: 'Social media cookies', blurb: 'Show posts and videos from social networks inside articles.'},
] as const
type CookieCategory = (typeof COOKIE_CATEGORIES)[number]['id']

// ---------------------------------------------------------------------------------------------------------------
// The family

export const news: SiteFamily<NewsModel, NewsState> = {
  id: 'news',
  domain: 'Misc.',
  subdomain: 'News',
  brandWords: {
    first: ['Westbrook', 'Ashford', 'Fairhaven', 'Ironbridge', 'Kingsport', 'Lakeshore', 'Millbrook', 'Oakridge', 'Redcliff', 'Stonehaven'],
    second: ['Herald', 'Gazette', 'Tribune', 'Chronicle', 'Dispatch', 'Courier', 'Observer', 'Sentinel'],
  },
  model: makeModel,
  initialState: () => ({consent: null, account: null, signedIn: false, articlesRead: [], subscriptions: []}),
  handle,
  tasks: makeTasks,
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10)
}

function dateParts(iso: string): {year: number; month: number; day: number; weekday: number} {
  const [year, month, day] = iso.split('-').map(Number)
  return {year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay()}
}

function formatDate(iso: string, style: DateStyle): string {
  const {year, month, day} = dateParts(iso)
  return style === 'dmy' ? `${day} ${MONTHS[month - 1]} ${year}` : `${MONTHS[month - 1]} ${day}, ${year}`
}

function monthLabel(iso: string): string {
  const {year, month} = dateParts(iso)
  return `${MONTHS[month - 1]} ${year}`
}

/** True when the answer states the date in a common written form (day month year, month day year, or ISO). */
function answerHasDate(answer: string | null, iso: string): boolean {
  if (answer === null) return false
  const {year, month, day} = dateParts(iso)
  const plain = answer.replace(/(\d+)(st|nd|rd|th)\b/gi, '$1')
  const long = MONTHS[month - 1]
  const short = long.slice(0, 3)
  const forms = [`${day} ${long} ${year}`, `${long} ${day} ${year}`, `${day} ${short} ${year}`, `${short} ${day} ${year}`, iso]
  return forms.some((form) => answerMentions(plain, form))
}

// ---------------------------------------------------------------------------------------------------------------
// The model

function makeModel(site: SiteInfo, rng: SeededRandom): NewsModel {
  const today = isoDate(2027, between(rng, 3, 11), between(rng, 1, 28))
  const sections = [...CORE_SECTIONS.slice(0, 1), ...sample(rng, EXTRA_SECTIONS, between(rng, 1, 2)), ...CORE_SECTIONS.slice(1)]
  const layout: Layout = {
    home: site.variant % 2 === 0 ? 'classic' : 'magazine',
    sidebar: Math.floor(site.variant / 2) % 2 === 0 ? 'right' : 'left',
    list: rng.below(2) === 0 ? 'rows' : 'cards',
    banner: (['bar', 'box', 'modal'] as const)[site.variant % 3],
    dateStyle: rng.below(2) === 0 ? 'dmy' : 'mdy',
    pageSize: pick(rng, [8, 10]),
  }
  const names = personNames(rng, 200)
  const authors = makeAuthors(site, sections, names.splice(0, sections.length * 2))
  const articles = makeArticles(rng, sections, authors, names, today, layout.dateStyle)
  const recent = articles.slice(0, 30)
  return {
    tagline: pick(rng, ['Independent journalism since 1887', 'News you can trust, every day', 'Reporting without fear or favour', 'The stories that matter, told well']),
    today,
    sections,
    authors,
    articles,
    mostRead: sample(rng, recent, 5).map((a) => a.id),
    editorsPicks: sample(rng, articles.slice(5), 3).map((a) => a.id),
    freeArticles: between(rng, 3, 5),
    layout,
  }
}

/** Distinct full names. */
function personNames(rng: SeededRandom, count: number): string[] {
  const all: string[] = []
  for (const first of FIRST_NAMES) for (const last of LAST_NAMES) all.push(`${first} ${last}`)
  return sample(rng, all, count)
}

function makeAuthors(site: SiteInfo, sections: SectionId[], names: string[]): Author[] {
  return names.map((name, i) => {
    const desk = sections[i % sections.length]
    const title = i < sections.length ? SECTION_INFO[desk].desk : `${SECTION_INFO[desk].label} editor`
    return {id: i + 1, name, desk, title, bio: `${name} is ${site.name}'s ${title.toLowerCase()}. Before joining the newsroom, ${name.split(' ')[0]} reported for regional papers and wire services.`}
  })
}

function makeArticles(rng: SeededRandom, sections: SectionId[], authors: Author[], people: string[], today: string, style: DateStyle): Article[] {
  const articles: Article[] = []
  const headlines = new Set<string>()
  for (const section of sections) {
    const desk = authors.filter((a) => a.desk === section)
    const templates = shuffle(rng, [...TEMPLATES[section]])
    const count = between(rng, 11, 16)
    for (let i = 0, tries = 0; i < count && tries < 200; tries++) {
      const template = templates[i % templates.length]
      const daysAgo = rng.below(70)
      const date = addDays(today, -daysAgo)
      const event = addDays(date, between(rng, 10, 120))
      const values = {...slotValues(rng, section, template, formatDate(event, style), people), dateIso: event}
      const headline = fill(template.headline, values)
      // Two stories that differ only in their numbers would read like a glitch.
      const pattern = headline.toLowerCase().replace(/[\d,.$%]+/g, '#')
      if (headlines.has(pattern)) continue
      headlines.add(pattern)
      articles.push(buildArticle(rng, {id: 0, section, template, values, headline, date, authorId: pick(rng, desk).id}))
      i++
    }
  }
  articles.sort((a, b) => b.date.localeCompare(a.date) || b.time.localeCompare(a.time) || a.headline.localeCompare(b.headline))
  articles.forEach((a, i) => (a.id = 1000 + articles.length - i))
  return articles
}

function slotValues(rng: SeededRandom, section: SectionId, template: StoryTemplate, date: string, people: string[]): Record<string, string> {
  const [city, city2] = sample(rng, CITIES, 2)
  const orgPool = section === 'tech' ? TECH_COMPANIES : section === 'climate' ? ENERGY_COMPANIES : COMPANIES
  const [org, org2] = sample(rng, orgPool, 2)
  const [person, person2] = sample(rng, people, 2)
  const values: Record<string, string> = {
    city,
    country: pick(rng, COUNTRIES),
    org,
    org2,
    person,
    person2,
    team: `${city} ${pick(rng, TEAM_SUFFIXES)}`,
    team2: `${city2} ${pick(rng, TEAM_SUFFIXES)}`,
    title: pick(rng, TITLES),
    product: `${pick(rng, PRODUCT_NAMES)} ${between(rng, 12, 16)}`,
    date,
  }
  for (const [key, [min, max, step = 1]] of Object.entries(template.numbers)) values[key] = (min + step * rng.below(Math.floor((max - min) / step) + 1)).toLocaleString('en-US')
  for (const [key, [min, max]] of Object.entries(template.decimals ?? {})) {
    const tenths = between(rng, Math.round(min * 10), Math.round(max * 10))
    values[key] = ((tenths % 10 === 0 ? tenths + 1 : tenths) / 10).toFixed(1)
  }
  return values
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`news template slot {${key}} has no value`)
    return value
  })
}

interface ArticleSeed {
  id: number
  section: SectionId
  template: StoryTemplate
  values: Record<string, string>
  headline: string
  date: string
  authorId: number
}

function buildArticle(rng: SeededRandom, seed: ArticleSeed): Article {
  const {template, values, section} = seed
  const kind = pick(rng, KIND_WEIGHTS)
  const facts = template.paragraphs.map((p) => fill(p, values))
  const speaker = values[template.quoteBy ?? 'person']
  const role = fill(template.role, values)
  const quoteText = fill(template.quote, values)
  const quoteParagraph = role ? `“${quoteText},” said ${speaker}, ${role}.` : `“${quoteText},” said ${speaker}.`
  const fillers = sample(rng, FILLERS[section], 3).map((p) => fill(p, values))
  const paragraphs = [facts[0], fillers[0], facts[1], quoteParagraph, fillers[1], ...facts.slice(2), fillers[2]]
  const note = KIND_NOTES[kind]
  if (note) paragraphs.push(note)
  const questions = template.questions.flatMap((q): Question[] => {
    const answer = values[q.slot]
    const paragraph = paragraphs.findIndex((p) => p.includes(answer))
    if (answer === undefined || paragraph < 0) return []
    const type: AnswerType = q.slot === 'date' ? 'date' : q.slot.startsWith('person') ? 'person' : 'number'
    return [{ask: fill(q.ask, values), answer, type, paragraph, ...(type === 'date' ? {iso: values.dateIso} : {})}]
  })
  const words = paragraphs.join(' ').split(/\s+/).length
  return {
    id: seed.id,
    slug: slugOf(seed.headline),
    section,
    kind,
    headline: seed.headline,
    standfirst: fill(template.standfirst, values),
    authorId: seed.authorId,
    date: seed.date,
    time: `${String(between(rng, 6, 21)).padStart(2, '0')}:${String(rng.below(12) * 5).padStart(2, '0')}`,
    premium: rng.below(100) < 24,
    paragraphs,
    pullQuoteAfter: 5,
    quote: {text: quoteText, name: speaker, role},
    questions,
    caption: `${values.city}, earlier this year. Photograph: ${pick(rng, PHOTO_AGENCIES)}`,
    readMinutes: Math.max(3, Math.round(words / 45)),
    comments: rng.below(4) === 0 ? 0 : between(rng, 3, 480),
  }
}

/** Article URL slugs are cut at 80 characters. */
function slugOf(text: string): string {
  return slugify(text).slice(0, 80)
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

type Context = SiteContext<NewsModel, NewsState>

function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(homePage(request, context))
  if (path === '/search') return htmlReply(searchPage(request, context))
  if (path === '/consent' && method === 'POST') return saveConsentChoice(request.form, context)
  if (path === '/privacy-settings' && method === 'POST') return savePrivacySettings(request.form, context)
  if (path === '/privacy-settings') return htmlReply(privacySettingsPage(request, context))
  if (path === '/newsletter' && method === 'POST') return subscribe(request, context)
  if (path === '/newsletter') return htmlReply(newsletterPage(request, context, new URLSearchParams(), []))
  if (path === '/register' && method === 'POST') return register(request, context)
  if (path === '/register') return htmlReply(registerPage(request, context, new URLSearchParams(), []))
  if (path === '/signin' && method === 'POST') return signIn(request, context)
  if (path === '/signin') return htmlReply(signInPage(request, context, new URLSearchParams(), false))
  if (path === '/signout' && method === 'POST') {
    context.state.signedIn = false
    return redirect('/')
  }
  if (path === '/account') return context.state.signedIn ? htmlReply(accountPage(request, context)) : redirect('/signin?next=/account', 302)
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(context.model), `${context.site.name} is an independent newsroom. ${context.model.tagline}.`))
  const section = route(path, '/section/:id')
  if (section && context.model.sections.includes(section.id as SectionId)) return htmlReply(sectionPage(section.id as SectionId, request, context))
  const article = route(path, '/article/:id/:slug') ?? route(path, '/article/:id')
  const found = article && context.model.articles.find((a) => String(a.id) === article.id)
  if (found) return htmlReply(articlePage(found, request, context, null))
  const author = route(path, '/author/:id')
  const writer = author && context.model.authors.find((a) => String(a.id) === author.id)
  if (writer) return htmlReply(authorPage(writer, request, context))
  const confirmed = route(path, '/newsletter/confirmed/:code')
  const subscription = confirmed && context.state.subscriptions.find((s) => s.code === confirmed.code)
  if (subscription) return htmlReply(confirmationPage(subscription, request, context))
  return htmlReply(notFoundPage(context.site, nav(context.model)), 404)
}

/** A same-site path to return to, or `/`. */
function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/'
}

function currentUrl(request: SiteRequest): string {
  const query = request.query.toString()
  return query ? `${request.path}?${query}` : request.path
}

// ---------------------------------------------------------------------------------------------------------------
// Page shell: header with date and account links, cookie banner until the reader chooses

function nav(model: NewsModel): NavLink[] {
  return [{href: '/', label: 'Home'}, ...model.sections.map((id) => ({href: `/section/${id}`, label: SECTION_INFO[id].label}))]
}

interface ShellOptions {
  q?: string
  overlays?: Html
  /** False on the page where the cookie choice is made. */
  banner?: boolean
}

function shell(context: Context, request: SiteRequest, title: string, body: Html, options: ShellOptions = {}): string {
  const {model, state, site} = context
  const {weekday} = dateParts(model.today)
  const account = state.signedIn && state.account
    ? html`<a class="account-link" href="/account">My account (${state.account.name.split(' ')[0]})</a>`
    : html`<a class="signin-link" href="/signin">Sign in</a><a class="btn btn-primary register-link" href="/register">Register</a>`
  const banner = options.banner !== false && state.consent === null ? cookieBanner(model.layout.banner, currentUrl(request)) : html``
  return page(site, {
    title,
    body: html`<div class="dateline"><span>${WEEKDAYS[weekday]}, ${formatDate(model.today, model.layout.dateStyle)}</span><span class="muted">${model.tagline}</span></div>${body}`,
    nav: nav(model),
    search: {action: '/search', name: 'q', placeholder: 'Search news, topics and writers', value: options.q ?? ''},
    headerExtras: html`<a class="newsletter-link" href="/newsletter">✉ Newsletters</a>${account}`,
    overlays: html`${banner}${options.overlays ?? ''}`,
    css: NEWS_CSS + layoutCss(model.layout),
    script: banner.value ? CONSENT_SCRIPT : undefined,
  })
}

function cookieBanner(style: Layout['banner'], next: string): Html {
  const box = html`<div class="cookie-banner cookie-${style}" role="dialog" aria-label="Cookie consent">
    <div class="cookie-text"><h3>We value your privacy</h3>
      <p>We and our 14 partners use cookies to keep this site working, to measure how our journalism is read and to show adverts that pay for it. Essential cookies are always on. You can change your choice at any time under Privacy settings.</p></div>
    <form method="post" action="/consent" class="cookie-actions">
      <input type="hidden" name="next" value="${next}">
      <button type="submit" name="choice" value="accept" class="btn btn-primary accept-cookies">Accept all</button>
      <button type="submit" name="choice" value="reject" class="btn reject-cookies">Reject non-essential</button>
      <a class="manage-cookies" href="/privacy-settings${queryString({next})}">Manage preferences</a>
    </form>
  </div>`
  return style === 'modal' ? html`<div class="overlay cookie-overlay">${box}</div>` : box
}

function saveConsentChoice(form: URLSearchParams, context: Context): SiteReply {
  const accept = form.get('choice') === 'accept'
  context.state.consent = {analytics: accept, advertising: accept, social: accept}
  return form.get('mode') === 'script' ? {status: 204, body: ''} : redirect(safeNext(form.get('next')))
}

/** The banner's buttons save the choice in the background and close the banner in place, like most real banners. */
const CONSENT_SCRIPT = `
document.querySelectorAll('.cookie-actions button[name=choice]').forEach(function (button) {
  button.addEventListener('click', function (event) {
    event.preventDefault();
    var body = new URLSearchParams({choice: button.value, mode: 'script'});
    fetch('/consent', {method: 'POST', body: body, credentials: 'same-origin', keepalive: true});
    var banner = document.querySelector('.cookie-overlay') || document.querySelector('.cookie-banner');
    if (banner) banner.remove();
  });
});`

function privacySettingsPage(request: SiteRequest, context: Context): string {
  const consent = context.state.consent
  const saved = request.query.get('saved') === '1'
  const next = safeNext(request.query.get('next'))
  return shell(
    context,
    request,
    'Privacy settings',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Privacy settings')}
    <section class="card prose privacy-settings">
      <h1>Privacy settings</h1>
      ${saved ? html`<div class="alert alert-ok" role="status">Your cookie preferences have been saved.</div>` : ''}
      <p>Choose which optional cookies we may use. Essential cookies keep you signed in and remember this choice; they cannot be switched off.</p>
      <form method="post" action="/privacy-settings" class="cookie-form">
        <input type="hidden" name="next" value="${next}">
        <div class="cookie-row"><div><strong>Essential cookies</strong><p class="muted">Needed for the site to work.</p></div><span class="always-on">Always on</span></div>
        ${COOKIE_CATEGORIES.map((c) => html`<div class="cookie-row"><div><strong>${c.label}</strong><p class="muted">${c.blurb}</p></div>
          <label class="switch" for="ck-${c.id}"><input type="checkbox" id="ck-${c.id}" name="${c.id}" value="on"${consent?.[c.id] ? html` checked` : ''}><span class="slider" aria-hidden="true"></span><span class="switch-label">Allow</span></label></div>`)}
        <div class="form-actions"><button type="submit" class="btn btn-dark save-preferences">Save my preferences</button> <a href="${next}">Cancel</a></div>
      </form>
    </section>`,
    {banner: false},
  )
}

function savePrivacySettings(form: URLSearchParams, context: Context): SiteReply {
  const allowed = (id: CookieCategory) => form.get(id) === 'on'
  context.state.consent = {analytics: allowed('analytics'), advertising: allowed('advertising'), social: allowed('social')}
  return redirect(`/privacy-settings${queryString({saved: 1, next: safeNext(form.get('next'))})}`)
}

// ---------------------------------------------------------------------------------------------------------------
// Article snippets

function articleHref(a: Article): string {
  return `/article/${a.id}/${a.slug}`
}

function authorOf(model: NewsModel, a: Article): Author {
  return model.authors.find((author) => author.id === a.authorId)!
}

function articleById(model: NewsModel, id: number): Article {
  return model.articles.find((a) => a.id === id)!
}

function kicker(a: Article): Html {
  return html`<span class="kicker kicker-${a.kind}">${a.kind === 'news' ? SECTION_INFO[a.section].label : KIND_LABELS[a.kind]}</span>${a.premium ? html`<span class="premium-badge" title="For registered readers">★ Premium</span>` : ''}`
}

function meta(model: NewsModel, a: Article): Html {
  const author = authorOf(model, a)
  return html`<div class="story-meta"><span class="story-author">${author.name}</span> · <time datetime="${a.date}">${formatDate(a.date, model.layout.dateStyle)}</time>${a.comments > 0 ? html` · <span class="comments">${a.comments} comments</span>` : ''}</div>`
}

/** A story's picture linking to it; pictures below the fold load lazily, as on most news sites. */
function thumb(a: Article, width: number, height: number, eager = false): Html {
  const kind = a.section === 'business' && a.id % 3 === 0 ? 'chart' : a.section === 'world' && a.id % 4 === 0 ? 'map' : 'photo'
  return html`<a class="thumb-link" href="${articleHref(a)}" tabindex="-1"><img src="/img/${kind}/story-${a.id}.svg" alt="" width="${width}" height="${height}"${eager ? '' : html` loading="lazy"`}></a>`
}

function storyCard(model: NewsModel, a: Article, withImage = true): Html {
  return html`<article class="story-card">
    ${withImage ? thumb(a, 400, 240) : ''}
    <div class="story-text">${kicker(a)}<h3><a class="headline-link" data-article="${a.id}" href="${articleHref(a)}">${a.headline}</a></h3>
    <p class="standfirst">${a.standfirst}</p>${meta(model, a)}</div>
  </article>`
}

function storyList(model: NewsModel, articles: Article[]): Html {
  return model.layout.list === 'rows'
    ? html`<div class="story-rows">${articles.map((a) => storyCard(model, a))}</div>`
    : html`<div class="story-cards">${articles.map((a) => storyCard(model, a))}</div>`
}

function mostReadBox(model: NewsModel): Html {
  return html`<section class="aside-box most-read-box"><h3>Most read</h3><ol class="most-read">${model.mostRead.map((id) => {
    const a = articleById(model, id)
    return html`<li><a class="most-read-link" data-article="${a.id}" href="${articleHref(a)}">${a.headline}</a></li>`
  })}</ol></section>`
}

function newsletterPromo(): Html {
  return html`<section class="aside-box newsletter-promo"><h3>✉ Get the Morning Briefing</h3><p>The day's essential stories in your inbox before 7am. Free, and you can unsubscribe at any time.</p><a class="btn btn-primary" href="/newsletter">Choose newsletters</a></section>`
}

function picksBox(model: NewsModel): Html {
  return html`<section class="aside-box picks-box"><h3>Editor's picks</h3>${model.editorsPicks.map((id) => {
    const a = articleById(model, id)
    return html`<div class="pick">${kicker(a)}<a href="${articleHref(a)}">${a.headline}</a></div>`
  })}</section>`
}

function withSidebar(model: NewsModel, main: Html, aside: Html): Html {
  return html`<div class="news-layout sidebar-${model.layout.sidebar}"><div class="news-main">${main}</div><aside class="news-aside">${aside}</aside></div>`
}

// ---------------------------------------------------------------------------------------------------------------
// Home, section, author and search pages

function homePage(request: SiteRequest, context: Context): string {
  const {model} = context
  const [lead, ...rest] = model.articles
  const top = rest.slice(0, 4)
  const leadStory = html`<section class="lead-story lead-${model.layout.home}">
    ${thumb(lead, 760, 430, true)}
    <div class="lead-text">${kicker(lead)}<h1><a class="headline-link" data-article="${lead.id}" href="${articleHref(lead)}">${lead.headline}</a></h1><p class="standfirst">${lead.standfirst}</p>${meta(model, lead)}</div>
  </section>`
  const topStories = html`<section class="top-stories"><h2 class="block-title">Top stories</h2><ul class="latest-list">${top.map((a) => html`<li>${kicker(a)}<a href="${articleHref(a)}">${a.headline}</a><span class="muted"> · ${a.time}</span></li>`)}</ul></section>`
  const blocks = model.sections.map((id) => {
    const latest = model.articles.filter((a) => a.section === id).slice(0, 4)
    return html`<section class="section-block"><h2 class="block-title"><a href="/section/${id}">${SECTION_INFO[id].label} ›</a></h2>
      <div class="block-grid">${latest.map((a, i) => storyCard(model, a, i === 0 || model.layout.home === 'magazine'))}</div></section>`
  })
  const ticker = html`<div class="ticker"><span class="ticker-label">Breaking</span><a href="${articleHref(lead)}">${lead.headline}</a></div>`
  const main = model.layout.home === 'classic' ? html`<div class="lead-row">${leadStory}${topStories}</div>${blocks}` : html`${leadStory}${topStories}${blocks}`
  return shell(context, request, 'Home', html`${ticker}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}${picksBox(model)}`)}`)
}

function sectionPage(id: SectionId, request: SiteRequest, context: Context): string {
  const {model} = context
  const info = SECTION_INFO[id]
  const all = model.articles.filter((a) => a.section === id)
  const kind = (Object.keys(KIND_LABELS) as ArticleKind[]).find((k) => k === request.query.get('kind'))
  const shown = kind ? all.filter((a) => a.kind === kind) : all
  const pageSize = model.layout.pageSize
  const pages = Math.max(1, Math.ceil(shown.length / pageSize))
  const current = Math.min(pages, Math.max(1, Number.parseInt(request.query.get('page') ?? '1', 10) || 1))
  const kinds = (Object.keys(KIND_LABELS) as ArticleKind[]).filter((k) => all.some((a) => a.kind === k))
  const tab = (k: ArticleKind | undefined, label: string, count: number) =>
    k === kind ? html`<span class="kind-filter active">${label} (${count})</span>` : html`<a class="kind-filter" data-kind="${k ?? 'all'}" href="/section/${id}${queryString({kind: k})}">${label} (${count})</a>`
  const main = html`<header class="section-header"><h1>${info.label}</h1><p class="muted">${info.blurb}</p></header>
    <nav class="kind-filters" aria-label="Filter by type">${tab(undefined, 'All', all.length)}${kinds.map((k) => tab(k, KIND_LABELS[k], all.filter((a) => a.kind === k).length))}</nav>
    <p class="muted result-count">Showing ${(current - 1) * pageSize + 1}–${Math.min(shown.length, current * pageSize)} of ${shown.length} ${kind ? KIND_LABELS[kind].toLowerCase() : ''} articles, newest first</p>
    ${storyList(model, shown.slice((current - 1) * pageSize, current * pageSize))}
    ${pagination(current, pages, (p) => sectionHref(id, kind, p))}`
  return shell(context, request, info.label, html`${breadcrumb([{href: '/', label: 'Home'}], info.label)}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}`)}`)
}

function sectionHref(id: SectionId, kind: ArticleKind | undefined, pageNumber: number): string {
  return `/section/${id}${queryString({kind, page: pageNumber > 1 ? pageNumber : undefined})}`
}

function authorPage(author: Author, request: SiteRequest, context: Context): string {
  const {model} = context
  const written = model.articles.filter((a) => a.authorId === author.id)
  return shell(
    context,
    request,
    author.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/section/${author.desk}`, label: SECTION_INFO[author.desk].label}], author.name)}
    <section class="card author-card"><img src="/img/portrait/author-${author.id}-${hashString(author.name)}.svg" alt="${author.name}" width="120" height="90">
      <div><h1>${author.name}</h1><p class="muted">${author.title}</p><p>${author.bio}</p></div></section>
    <h2 class="block-title">Latest from ${author.name} (${written.length})</h2>
    ${storyList(model, written)}`,
  )
}

function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

function searchPage(request: SiteRequest, context: Context): string {
  const {model} = context
  const q = request.query.get('q') ?? ''
  const sectionFilter = model.sections.find((s) => s === request.query.get('section'))
  const newest = request.query.get('sort') === 'newest'
  const words = searchWords(q)
  const scored = model.articles
    .map((a) => {
      const headline = new Set(searchWords(a.headline))
      const text = new Set(searchWords(`${a.headline} ${a.standfirst} ${authorOf(model, a).name} ${SECTION_INFO[a.section].label} ${KIND_LABELS[a.kind]}`))
      return {a, hit: words.every((w) => text.has(w)), score: words.filter((w) => headline.has(w)).length}
    })
    .filter((r) => r.hit && (!sectionFilter || r.a.section === sectionFilter))
  const ordered = newest ? scored.map((r) => r.a) : [...scored].sort((x, y) => y.score - x.score).map((r) => r.a)
  const pageSize = model.layout.pageSize
  const pages = Math.max(1, Math.ceil(ordered.length / pageSize))
  const current = Math.min(pages, Math.max(1, Number.parseInt(request.query.get('page') ?? '1', 10) || 1))
  const fields = {q, section: sectionFilter, sort: newest ? 'newest' : undefined}
  const href = (changes: Record<string, string | number | undefined>) => `/search${queryString({...fields, ...changes})}`
  const title = q ? `Search results for “${q}”` : 'Search'
  const facets = html`<section class="aside-box search-facets"><h3>Section</h3><ul>
    <li>${sectionFilter ? html`<a href="${href({section: undefined, page: undefined})}">All sections</a>` : html`<strong>All sections</strong>`}</li>
    ${model.sections.map((s) => html`<li>${s === sectionFilter ? html`<strong>${SECTION_INFO[s].label}</strong>` : html`<a class="facet-section" href="${href({section: s, page: undefined})}">${SECTION_INFO[s].label}</a>`}</li>`)}
  </ul><h3>Sort by</h3><ul><li>${newest ? html`<a href="${href({sort: undefined, page: undefined})}">Relevance</a>` : html`<strong>Relevance</strong>`}</li><li>${newest ? html`<strong>Newest first</strong>` : html`<a class="sort-newest" href="${href({sort: 'newest', page: undefined})}">Newest first</a>`}</li></ul></section>`
  const results = ordered.slice((current - 1) * pageSize, current * pageSize)
  const main = html`<h1>${title}</h1>
    <p class="muted result-count">${words.length === 0 ? 'Type a word or a phrase in the search box above.' : `${ordered.length} ${ordered.length === 1 ? 'result' : 'results'}`}</p>
    ${words.length > 0 && ordered.length === 0 ? html`<p class="card">No articles match your search. Check the spelling or try fewer words.</p>` : ''}
    <div class="search-results">${storyList(model, results)}</div>
    ${pagination(current, pages, (p) => href({page: p}))}`
  return shell(context, request, title, withSidebar(model, main, facets), {q})
}

// ---------------------------------------------------------------------------------------------------------------
// Article page with the paywall

type Gate = 'open' | 'premium' | 'meter'

/** Whether this reader may read the article, counting it against the meter when it is free. */
function gateFor(a: Article, context: Context): Gate {
  const {state, model} = context
  if (state.signedIn) return 'open'
  if (a.premium) return 'premium'
  if (state.articlesRead.includes(a.id)) return 'open'
  if (state.articlesRead.length >= model.freeArticles) return 'meter'
  state.articlesRead.push(a.id)
  return 'open'
}

interface RegistrationAttempt {
  values: URLSearchParams
  errors: string[]
}

function articlePage(a: Article, request: SiteRequest, context: Context, attempt: RegistrationAttempt | null): string {
  const {model, state} = context
  const gate = attempt ? (a.premium ? 'premium' : 'meter') : gateFor(a, context)
  const author = authorOf(model, a)
  const style = model.layout.dateStyle
  const visible = gate === 'open' ? a.paragraphs : a.paragraphs.slice(0, 1)
  const body = visible.map((p, i) => html`<p data-para="${i}">${p}</p>${i === a.pullQuoteAfter && gate === 'open' ? html`<blockquote class="pull-quote"><p>“${a.quote.text}”</p><cite>— ${a.quote.name}${a.quote.role ? `, ${a.quote.role}` : ''}</cite></blockquote>` : ''}`)
  const left = model.freeArticles - state.articlesRead.length
  const meterNote = !state.signedIn && gate === 'open' && !a.premium
    ? html`<div class="meter-note">You have ${left} free ${left === 1 ? 'article' : 'articles'} left this session. <a href="/register${queryString({next: articleHref(a)})}">Register for free</a> for unlimited reading.</div>`
    : ''
  const related = model.articles.filter((r) => r.section === a.section && r.id !== a.id).slice(0, 4)
  const main = html`<article class="article">
    <header class="article-header">${kicker(a)}<h1 class="article-headline">${a.headline}</h1><p class="article-standfirst">${a.standfirst}</p>
      <div class="byline"><img src="/img/portrait/author-${author.id}-${hashString(author.name)}.svg" alt="" width="48" height="36">
        <div><a class="byline-author" href="/author/${author.id}">${author.name}</a><span class="muted"> · ${author.title}</span><br>
        <time class="published" datetime="${a.date}">${formatDate(a.date, style)}, ${a.time}</time><span class="muted"> · ${a.readMinutes} min read</span></div></div>
    </header>
    <figure class="hero-figure">${thumb(a, 820, 460, true)}<figcaption>${a.caption}</figcaption></figure>
    ${meterNote}
    <div class="article-body${gate === 'open' ? '' : ' teaser'}">${body}</div>
    ${gate === 'open' ? html`<div class="article-tags"><span class="tag">${SECTION_INFO[a.section].label}</span><span class="tag">${KIND_LABELS[a.kind]}</span>${a.comments > 0 ? html`<span class="muted">${a.comments} comments</span>` : ''}</div>` : html`<div class="locked-note">The rest of this article is available to registered readers.</div>`}
    <section class="related"><h2 class="block-title">More in ${SECTION_INFO[a.section].label}</h2><ul>${related.map((r) => html`<li><a class="related-link" data-article="${r.id}" href="${articleHref(r)}">${r.headline}</a> <span class="muted">${formatDate(r.date, style)}</span></li>`)}</ul></section>
  </article>`
  return shell(context, request, a.headline, html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/section/${a.section}`, label: SECTION_INFO[a.section].label}], a.headline)}${withSidebar(model, main, html`${mostReadBox(model)}${newsletterPromo()}`)}`, {
    overlays: gate === 'open' ? undefined : paywall(a, gate, context, attempt),
  })
}

function paywall(a: Article, gate: Exclude<Gate, 'open'>, context: Context, attempt: RegistrationAttempt | null): Html {
  const heading = gate === 'premium' ? 'This is a Premium article' : `You've read your ${context.model.freeArticles} free articles`
  const text = gate === 'premium'
    ? `Premium journalism on ${context.site.name} is free for registered readers. Create your free account to keep reading.`
    : 'Register for free to keep reading, with unlimited articles and no more interruptions.'
  return html`<div class="overlay paywall-overlay"><div class="modal paywall" role="dialog" aria-modal="true" aria-label="Register to keep reading">
    <p class="paywall-kicker">${gate === 'premium' ? '★ Premium' : 'Free article limit reached'}</p>
    <h2>${heading}</h2><p>${text}</p>
    ${registrationForm('pw', articleHref(a), attempt?.values ?? new URLSearchParams(), attempt?.errors ?? [])}
    <p class="muted small">Already registered? <a class="signin-instead" href="/signin${queryString({next: articleHref(a)})}">Sign in</a> · <a href="/">Back to the home page</a></p>
  </div></div>`
}

// ---------------------------------------------------------------------------------------------------------------
// Accounts: registration (from the paywall or its own page), sign-in, account page

const REGISTRATION_FIELDS = [
  {name: 'name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'password', label: 'Password', type: 'password'},
] as const

function registrationForm(prefix: 'pw' | 'reg', next: string, values: URLSearchParams, errors: string[]): Html {
  return html`<form method="post" action="/register" class="register-form" novalidate>
    <input type="hidden" name="next" value="${next}"><input type="hidden" name="from" value="${prefix}">
    ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please check: ${errors.join(', ')}.</div>` : ''}
    ${REGISTRATION_FIELDS.map((f) => html`<div class="field${errors.includes(f.label) ? ' invalid' : ''}"><label for="${prefix}-${f.name}">${f.label}</label>
      <input id="${prefix}-${f.name}" name="${f.name}" type="${f.type}" value="${f.type === 'password' ? '' : (values.get(f.name) ?? '')}"${f.type === 'password' ? html` autocomplete="new-password"` : ''}>
      ${f.type === 'password' ? html`<div class="hint">At least 8 characters, including a number.</div>` : ''}</div>`)}
    <div class="check-row${errors.includes('Terms') ? ' invalid' : ''}"><input type="checkbox" id="${prefix}-terms" name="terms" value="yes"${values.get('terms') === 'yes' ? html` checked` : ''}><label for="${prefix}-terms">I accept the terms of use and the privacy policy</label></div>
    <div class="check-row"><input type="checkbox" id="${prefix}-marketing" name="marketing" value="yes"${values.get('marketing') === 'yes' ? html` checked` : ''}><label for="${prefix}-marketing">Send me offers and event invitations by email</label></div>
    <button type="submit" class="btn btn-dark register-submit">Register for free</button>
  </form>`
}

function registrationErrors(form: URLSearchParams): string[] {
  const get = (name: string) => (form.get(name) ?? '').trim()
  const errors: string[] = []
  if (!get('name')) errors.push('Full name')
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(get('email'))) errors.push('Email address')
  const password = form.get('password') ?? ''
  if (password.length < 8 || !/\d/.test(password)) errors.push('Password')
  if (form.get('terms') !== 'yes') errors.push('Terms')
  return errors
}

function register(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const next = safeNext(form.get('next'))
  const errors = registrationErrors(form)
  if (errors.length > 0) {
    const target = form.get('from') === 'pw' ? context.model.articles.find((a) => next.startsWith(`${articleHref(a)}`)) : undefined
    return htmlReply(target ? articlePage(target, request, context, {values: form, errors}) : registerPage(request, context, form, errors), 422)
  }
  context.state.account = {name: (form.get('name') ?? '').trim(), email: (form.get('email') ?? '').trim().toLowerCase(), password: form.get('password') ?? '', marketing: form.get('marketing') === 'yes'}
  context.state.signedIn = true
  return redirect(next === '/' || next === '/register' ? '/account?welcome=1' : next)
}

function registerPage(request: SiteRequest, context: Context, values: URLSearchParams, errors: string[]): string {
  const next = safeNext(values.get('next') ?? request.query.get('next'))
  return shell(
    context,
    request,
    'Register',
    html`<div class="auth-wrap"><section class="card auth-card"><h1>Create your free account</h1>
      <p class="muted">Unlimited articles, Premium journalism and newsletters, free of charge.</p>
      ${registrationForm('reg', next, values, errors)}
      <p class="muted">Already registered? <a href="/signin${queryString({next})}">Sign in</a></p></section>
      <section class="auth-benefits"><h2>Why register?</h2><ul><li>Read every Premium article</li><li>No limit on free articles</li><li>Save stories and follow writers</li><li>Manage your newsletters in one place</li></ul></section></div>`,
  )
}

function signInPage(request: SiteRequest, context: Context, values: URLSearchParams, failed: boolean): string {
  const next = safeNext(values.get('next') ?? request.query.get('next'))
  return shell(
    context,
    request,
    'Sign in',
    html`<div class="auth-wrap"><section class="card auth-card"><h1>Sign in</h1>
      ${failed ? html`<div class="alert alert-error" role="alert">That email address and password do not match an account.</div>` : ''}
      <form method="post" action="/signin" novalidate><input type="hidden" name="next" value="${next}">
        <div class="field"><label for="si-email">Email address</label><input id="si-email" name="email" type="email" value="${values.get('email') ?? ''}"></div>
        <div class="field"><label for="si-password">Password</label><input id="si-password" name="password" type="password"></div>
        <button type="submit" class="btn btn-dark signin-submit">Sign in</button></form>
      <p class="muted">New here? <a href="/register${queryString({next})}">Register for free</a></p></section></div>`,
  )
}

function signIn(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const account = context.state.account
  const matches = account !== null && account.email === (form.get('email') ?? '').trim().toLowerCase() && account.password === form.get('password')
  if (!matches) return htmlReply(signInPage(request, context, form, true), 422)
  context.state.signedIn = true
  return redirect(safeNext(form.get('next')))
}

function accountPage(request: SiteRequest, context: Context): string {
  const {state, model} = context
  const account = state.account!
  const consent = state.consent
  const topics = newsletterTopics(model)
  const label = (id: string) => topics.find((t) => t.id === id)?.label ?? id
  return shell(
    context,
    request,
    'My account',
    html`${request.query.get('welcome') === '1' ? html`<div class="alert alert-ok" role="status">Welcome, ${account.name}! Your free account is ready.</div>` : ''}
    <section class="card prose"><h1>My account</h1>
      <table class="account-table"><tr><th>Name</th><td>${account.name}</td></tr><tr><th>Email</th><td>${account.email}</td></tr>
      <tr><th>Offers by email</th><td>${account.marketing ? 'Yes' : 'No'}</td></tr>
      <tr><th>Cookies</th><td>${consent ? COOKIE_CATEGORIES.filter((c) => consent[c.id]).map((c) => c.label).join(', ') || 'Essential only' : 'Not chosen yet'} · <a href="/privacy-settings">Change</a></td></tr></table>
      <h2>Newsletters</h2>${state.subscriptions.length === 0 ? html`<p>You have no newsletter subscriptions. <a href="/newsletter">Choose newsletters</a></p>` : html`<ul>${state.subscriptions.map((s) => html`<li>${s.topics.map(label).join(', ')} (${s.frequency}) to ${s.email}</li>`)}</ul>`}
      <form method="post" action="/signout"><button type="submit" class="btn signout">Sign out</button></form></section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Newsletter

/** The code a subscription confirmation shows: derived from its content, so a task can know it in advance. */
export function subscriptionCode(site: SiteInfo, email: string, topics: readonly string[], frequency: Frequency): string {
  const key = JSON.stringify([site.slug, email.toLowerCase(), [...topics].sort(), frequency])
  return `NL-${site.slug.slice(0, 2).toUpperCase()}${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

function newsletterPage(request: SiteRequest, context: Context, values: URLSearchParams, errors: string[]): string {
  const topics = newsletterTopics(context.model)
  const chosen = new Set(values.getAll('topic'))
  const frequency = values.get('frequency') === 'weekly' ? 'weekly' : 'daily'
  const radio = (value: Frequency, label: string, hint: string) =>
    html`<div class="radio-row"><input type="radio" id="freq-${value}" name="frequency" value="${value}"${frequency === value ? html` checked` : ''}><label for="freq-${value}">${label} <span class="muted">${hint}</span></label></div>`
  return shell(
    context,
    request,
    'Newsletters',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Newsletters')}
    <div class="newsletter-layout"><form class="card newsletter-form" method="post" action="/newsletter" novalidate>
      <h1>Sign up to our newsletters</h1>
      <p class="muted">Free, independent journalism in your inbox. Pick as many as you like.</p>
      ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please check: ${errors.join(', ')}.</div>` : ''}
      <div class="field${errors.includes('Email address') ? ' invalid' : ''}"><label for="nl-email">Email address</label><input id="nl-email" name="email" type="email" value="${values.get('email') ?? ''}" placeholder="you@example.com">
        ${errors.includes('Email address') ? html`<div class="error-text">Enter a valid email address, like name@example.com.</div>` : ''}</div>
      <fieldset class="topics${errors.includes('Newsletters') ? ' invalid' : ''}"><legend>Choose your newsletters</legend>
        ${errors.includes('Newsletters') ? html`<div class="error-text">Choose at least one newsletter.</div>` : ''}
        <div class="topic-grid">${topics.map((t) => html`<div class="topic-option"><input type="checkbox" id="topic-${t.id}" name="topic" value="${t.id}"${chosen.has(t.id) ? html` checked` : ''}><label for="topic-${t.id}"><strong>${t.label}</strong><span class="muted">${t.blurb}</span></label></div>`)}</div>
      </fieldset>
      <fieldset><legend>How often?</legend>${radio('daily', 'Daily', '— one email each morning')}${radio('weekly', 'Weekly digest', '— one email every Sunday')}</fieldset>
      <div class="check-row${errors.includes('Privacy consent') ? ' invalid' : ''}"><input type="checkbox" id="nl-agree" name="agree" value="yes"${values.get('agree') === 'yes' ? html` checked` : ''}><label for="nl-agree">I agree to receive these emails and have read the privacy policy</label></div>
      <button type="submit" class="btn btn-primary subscribe-submit">Subscribe</button>
    </form>
    <aside class="card newsletter-aside"><h3>What to expect</h3><p>Each newsletter is written by our editors, not by an algorithm. We never share your address with advertisers.</p><p>Every email has a one-click unsubscribe link.</p><img src="/img/photo/newsletter-${context.site.slug}.svg" alt="" width="300" height="200"></aside></div>`,
  )
}

function subscribe(request: SiteRequest, context: Context): SiteReply {
  const {form} = request
  const email = (form.get('email') ?? '').trim().toLowerCase()
  const available = new Set(newsletterTopics(context.model).map((t) => t.id))
  const topics = [...new Set(form.getAll('topic'))].filter((t) => available.has(t))
  const errors: string[] = []
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  if (topics.length === 0) errors.push('Newsletters')
  if (form.get('agree') !== 'yes') errors.push('Privacy consent')
  if (errors.length > 0) return htmlReply(newsletterPage(request, context, form, errors), 422)
  const frequency: Frequency = form.get('frequency') === 'weekly' ? 'weekly' : 'daily'
  const ordered = newsletterTopics(context.model).map((t) => t.id).filter((id) => topics.includes(id))
  const code = subscriptionCode(context.site, email, ordered, frequency)
  context.state.subscriptions.push({code, email, topics: ordered, frequency})
  return redirect(`/newsletter/confirmed/${code}`)
}

function confirmationPage(subscription: Subscription, request: SiteRequest, context: Context): string {
  const topics = newsletterTopics(context.model)
  return shell(
    context,
    request,
    'Subscription confirmed',
    html`<section class="card prose confirmation"><h1>✓ You're subscribed</h1>
      <p>Thanks for signing up. We've sent a welcome email to <strong>${subscription.email}</strong>.</p>
      <p>Your subscription code: <strong class="subscription-code">${subscription.code}</strong><br><span class="muted">Quote this code if you contact our readers' desk.</span></p>
      <table><tr><th>Newsletters</th><td>${subscription.topics.map((id) => topics.find((t) => t.id === id)?.label ?? id).join(', ')}</td></tr><tr><th>Frequency</th><td>${subscription.frequency === 'weekly' ? 'Weekly digest' : 'Daily'}</td></tr></table>
      <p><a class="btn btn-dark" href="/">Back to the front page</a></p></section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const acceptCookies: SolutionStep = {op: 'click', target: {selector: '.cookie-banner button.accept-cookies', description: 'the "Accept all" button of the cookie banner'}}
const rejectCookies: SolutionStep = {op: 'click', target: {selector: '.cookie-banner button.reject-cookies', description: 'the "Reject non-essential" button of the cookie banner'}}

const READERS = [
  {name: 'Dana Whitfield', email: 'dana.whitfield@example.com', password: 'Marigold42'},
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', password: 'Compass2027'},
  {name: 'Lena Fischer', email: 'lena.fischer@example.com', password: 'Harbour88x'},
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', password: 'Quarry5stone'},
  {name: 'Sofia Alvarez', email: 'sofia.alvarez@example.com', password: 'Violet2026'},
]

function openArticleBySearch(a: Article): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: a.headline, submit: true},
    {op: 'click', target: {selector: `.search-results a.headline-link[data-article="${a.id}"]`, description: `the search result "${a.headline}"`}},
  ]
}

function scrollToParagraph(paragraph: number): SolutionStep {
  return {op: 'scroll_to', target: {selector: `.article-body p[data-para="${paragraph}"]`, description: `paragraph ${paragraph + 1} of the article`}}
}

function answerFact(question: Question): FactDef<NewsState> {
  const check =
    question.iso !== undefined ? ({answer}: CheckInput<NewsState>) => answerHasDate(answer, question.iso!) : ({answer}: CheckInput<NewsState>) => answerMentions(answer, question.answer)
  return {text: `The answer states ${question.type === 'date' ? 'the date' : question.type === 'person' ? 'the name' : 'the number'} ${question.answer}`, check}
}

function makeTasks(site: SiteInfo, model: NewsModel): FixtureTaskDef<NewsState>[] {
  const rng = rngFor(site, 'tasks')
  const tasks: FixtureTaskDef<NewsState>[] = [factLookupTask(site, model, rng), mostReadTask(site, model)]
  const search = constrainedSearchTask(site, model, rng)
  if (search) tasks.push(search)
  const premium = premiumTask(site, model, rng)
  if (premium) tasks.push(premium)
  tasks.push(newsletterTask(site, model, rng), cookieTask(site, rng))
  return tasks
}

function sectionArticleName(a: Article): string {
  return `the ${SECTION_INFO[a.section].label} article “${a.headline}”`
}

/** Easy: one or two facts from a free article, found with the search box. */
function factLookupTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> {
  const candidates = model.articles.filter((a) => !a.premium && a.questions.length >= 2)
  const a = pick(rng, candidates)
  const questions = sample(rng, a.questions, between(rng, 1, 2)).sort((x, y) => x.paragraph - y.paragraph)
  const reference = questions.map((q) => q.answer).join('; ')
  return {
    key: `fact-${a.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, read ${sectionArticleName(a)}. ${questions.map((q) => q.ask).join(' ')}`,
    groups: [{description: 'Facts from the article', facts: questions.map(answerFact)}],
    referenceAnswer: reference,
    solution: [acceptCookies, ...openArticleBySearch(a), scrollToParagraph(questions[questions.length - 1].paragraph), {op: 'answer', text: reference}],
  }
}

/** Easy: the top story of the "Most read" list and its writer. */
function mostReadTask(site: SiteInfo, model: NewsModel): FixtureTaskDef<NewsState> {
  const a = articleById(model, model.mostRead[0])
  const author = authorOf(model, a)
  const reference = `${a.headline}, by ${author.name}`
  return {
    key: `most-read-${a.id}`,
    kind: 'lookup',
    intent: `On the ${site.name} home page, which story is number one in the "Most read" list, and who wrote it?`,
    groups: [
      {
        description: 'The most-read story',
        facts: [
          {text: `The answer names the story “${a.headline}”`, check: ({answer}) => answerMentions(answer, a.headline)},
          {text: `The answer names its writer ${author.name}`, check: ({answer}) => answerMentions(answer, author.name)},
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      acceptCookies,
      {op: 'click', target: {selector: `ol.most-read a.most-read-link[data-article="${a.id}"]`, description: `the first story in the "Most read" list, "${a.headline}"`}},
      {op: 'answer', text: reference},
    ],
  }
}

/** Medium: the one article of a section with a given type published in a given month; report headline, writer and date. */
function constrainedSearchTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> | undefined {
  const options: {section: SectionId; kind: ArticleKind; month: string; match: Article}[] = []
  for (const section of model.sections)
    for (const kind of ['analysis', 'opinion', 'interview', 'explainer'] as const) {
      const ofKind = model.articles.filter((a) => a.section === section && a.kind === kind)
      for (const month of new Set(ofKind.map((a) => a.date.slice(0, 7)))) {
        const hits = ofKind.filter((a) => a.date.startsWith(month))
        if (hits.length === 1 && ofKind.length >= 2) options.push({section, kind, month, match: hits[0]})
      }
    }
  if (options.length === 0) return undefined
  const {section, kind, match} = pick(rng, options)
  const author = authorOf(model, match)
  const when = monthLabel(match.date)
  const label = SECTION_INFO[section].label
  const published = formatDate(match.date, model.layout.dateStyle)
  const named = (test: (a: Article) => boolean) => ({answer}: CheckInput<NewsState>) => model.articles.some((a) => answerMentions(answer, a.headline) && test(a))
  const ofKind = model.articles.filter((a) => a.section === section && a.kind === kind)
  const position = ofKind.indexOf(match)
  const pageNumber = Math.floor(position / model.layout.pageSize) + 1
  const reference = `${match.headline}, by ${author.name}, published ${published}`
  return {
    key: `find-${match.id}`,
    kind: 'search',
    intent: `On ${site.name}, find the ${KIND_LABELS[kind].toLowerCase()} piece in the ${label} section that was published in ${when}. Give its headline, who wrote it and the date it was published.`,
    groups: [
      {
        description: 'The article meets every constraint',
        facts: [
          {text: `The article named is in the ${label} section`, check: named((a) => a.section === section)},
          {text: `The article named is labelled ${KIND_LABELS[kind]}`, check: named((a) => a.kind === kind)},
          {text: `The article named was published in ${when}`, check: named((a) => a.date.slice(0, 7) === match.date.slice(0, 7))},
        ],
      },
      {
        description: 'Writer and date',
        facts: [
          {text: `The answer names the writer ${author.name}`, check: ({answer}) => answerMentions(answer, author.name)},
          {text: `The answer gives the publication date ${published}`, check: ({answer}) => answerHasDate(answer, match.date)},
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      acceptCookies,
      {op: 'click', target: {selector: `nav.main-nav a[href="/section/${section}"]`, description: `the "${label}" link in the navigation`}},
      {op: 'click', target: {selector: `a.kind-filter[data-kind="${kind}"]`, description: `the "${KIND_LABELS[kind]}" filter`}},
      ...(pageNumber > 1 ? [{op: 'click' as const, target: {selector: `nav.pagination a.page-link[href="${sectionHref(section, kind, pageNumber)}"]`, description: `page ${pageNumber} of the list`}}] : []),
      {op: 'answer', text: reference},
    ],
  }
}

/** Medium: register a free account from the paywall of a Premium article, then read a fact from it. */
function premiumTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> | undefined {
  const candidates = model.articles.filter((a) => a.premium && a.questions.some((q) => q.paragraph > 0))
  if (candidates.length === 0) return undefined
  const a = pick(rng, candidates)
  const question = pick(rng, a.questions.filter((q) => q.paragraph > 0))
  const reader = pick(rng, READERS)
  const account = (test: (account: Account) => boolean) => ({state}: CheckInput<NewsState>) => state.account !== null && test(state.account)
  return {
    key: `premium-${a.id}`,
    kind: 'form',
    intent: `On ${site.name}, ${sectionArticleName(a)} is a Premium article for registered readers. Register a free account as ${reader.name} (email ${reader.email}, password ${reader.password}) without signing up for offers by email, then read the article and answer: ${question.ask}`,
    groups: [
      {
        description: 'A free account was registered',
        facts: [
          {text: 'A free account was registered', check: account(() => true)},
          {text: `The account uses the email ${reader.email}`, check: account((acc) => acc.email === reader.email)},
          {text: `The account is in the name of ${reader.name}`, check: account((acc) => acc.name === reader.name)},
          {text: 'Offers by email were not requested', check: account((acc) => !acc.marketing)},
        ],
      },
      {description: 'A fact from the Premium article', facts: [answerFact(question)]},
    ],
    referenceAnswer: question.answer,
    solution: [
      acceptCookies,
      ...openArticleBySearch(a),
      {op: 'type', target: {selector: '#pw-name', description: 'the Full name field of the registration form'}, text: reader.name},
      {op: 'type', target: {selector: '#pw-email', description: 'the Email address field of the registration form'}, text: reader.email},
      {op: 'type', target: {selector: '#pw-password', description: 'the Password field of the registration form'}, text: reader.password},
      {op: 'click', target: {selector: 'label[for="pw-terms"]', description: 'the "I accept the terms of use" checkbox'}},
      {op: 'click', target: {selector: '.paywall button.register-submit', description: 'the "Register for free" button'}},
      {op: 'answer', text: question.answer},
    ],
  }
}

/** Hard: a cookie choice, then a newsletter subscription with given topics and frequency; report the code. */
function newsletterTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> {
  const topics = newsletterTopics(model)
  const chosen = sample(rng, topics, between(rng, 2, 3))
  const ordered = topics.filter((t) => chosen.includes(t))
  const frequency: Frequency = pick(rng, ['daily', 'weekly'] as const)
  const reader = pick(rng, READERS)
  const reject = rng.below(2) === 0
  const code = subscriptionCode(site, reader.email, ordered.map((t) => t.id), frequency)
  const latest = (state: NewsState) => [...state.subscriptions].reverse().find((s) => s.email === reader.email)
  const subscriptionFact = (text: string, test: (s: Subscription) => boolean): FactDef<NewsState> => ({text, check: ({state}) => {
    const s = latest(state)
    return s !== undefined && test(s)
  }})
  const names = ordered.map((t) => t.label)
  const list = names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]}, ${names[1]} and ${names[2]}`
  return {
    key: `newsletter-${ordered.map((t) => t.id).join('-')}-${frequency}`,
    kind: 'form',
    intent: `On ${site.name}, ${reject ? 'reject all non-essential cookies' : 'accept all cookies'} when the cookie banner appears, then sign up ${reader.email} for exactly these newsletters: ${list}, delivered ${frequency === 'weekly' ? 'as a weekly digest' : 'daily'}. Tell me the subscription code shown on the confirmation page.`,
    groups: [
      {
        description: 'Cookie choice',
        facts: [
          reject
            ? {text: 'Non-essential cookies were rejected', check: ({state}) => state.consent !== null && !state.consent.analytics && !state.consent.advertising && !state.consent.social}
            : {text: 'All cookies were accepted', check: ({state}) => state.consent !== null && state.consent.analytics && state.consent.advertising && state.consent.social},
        ],
      },
      {
        description: 'The newsletter subscription',
        facts: [
          subscriptionFact(`A subscription was made for ${reader.email}`, () => true),
          ...ordered.map((t) => subscriptionFact(`It includes the ${t.label} newsletter`, (s) => s.topics.includes(t.id))),
          subscriptionFact('It includes no other newsletters', (s) => s.topics.length === ordered.length && s.topics.every((id) => ordered.some((t) => t.id === id))),
          subscriptionFact(`Delivery is ${frequency === 'weekly' ? 'a weekly digest' : 'daily'}`, (s) => s.frequency === frequency),
        ],
      },
      {description: 'Confirmation', facts: [{text: `The answer reports the subscription code ${code}`, check: ({answer}) => answerMentions(answer, code)}]},
    ],
    referenceAnswer: code,
    solution: [
      reject ? rejectCookies : acceptCookies,
      {op: 'click', target: {selector: 'a.newsletter-link', description: 'the "Newsletters" link in the header'}},
      {op: 'type', target: {selector: '#nl-email', description: 'the Email address field'}, text: reader.email},
      ...ordered.map((t): SolutionStep => ({op: 'click', target: {selector: `label[for="topic-${t.id}"]`, description: `the "${t.label}" newsletter checkbox`}})),
      {op: 'click', target: {selector: `label[for="freq-${frequency}"]`, description: `the "${frequency === 'weekly' ? 'Weekly digest' : 'Daily'}" option`}},
      {op: 'click', target: {selector: 'label[for="nl-agree"]', description: 'the "I agree to receive these emails" checkbox'}},
      {op: 'click', target: {selector: 'button.subscribe-submit', description: 'the "Subscribe" button'}},
      {op: 'answer', text: code},
    ],
  }
}

/** Easy: allow some optional cookie categories and refuse the others through "Manage preferences". */
function cookieTask(site: SiteInfo, rng: SeededRandom): FixtureTaskDef<NewsState> {
  const allowed = new Set(sample(rng, COOKIE_CATEGORIES.map((c) => c.id), between(rng, 1, 2)))
  const allowedLabels = COOKIE_CATEGORIES.filter((c) => allowed.has(c.id)).map((c) => c.label.toLowerCase())
  const refusedLabels = COOKIE_CATEGORIES.filter((c) => !allowed.has(c.id)).map((c) => c.label.toLowerCase())
  return {
    key: `cookies-${[...allowed].sort().join('-')}`,
    kind: 'state',
    intent: `On ${site.name}, use the cookie banner's "Manage preferences" option to allow only ${allowedLabels.join(' and ')}, refusing ${refusedLabels.join(' and ')}, and save your choice.`,
    groups: [
      {
        description: 'Saved cookie preferences',
        facts: COOKIE_CATEGORIES.map((c) =>
          allowed.has(c.id)
            ? {text: `${c.label} are allowed`, check: ({state}: CheckInput<NewsState>) => state.consent !== null && state.consent[c.id]}
            : {text: `${c.label} are refused`, check: ({state}: CheckInput<NewsState>) => state.consent !== null && !state.consent[c.id]},
        ),
      },
    ],
    referenceAnswer: null,
    solution: [
      {op: 'click', target: {selector: '.cookie-banner a.manage-cookies', description: 'the "Manage preferences" link of the cookie banner'}},
      ...COOKIE_CATEGORIES.filter((c) => allowed.has(c.id)).map((c): SolutionStep => ({op: 'click', target: {selector: `label[for="ck-${c.id}"]`, description: `the "${c.label}" switch`}})),
      {op: 'click', target: {selector: 'button.save-preferences', description: 'the "Save my preferences" button'}},
    ],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Styles

function layoutCss(layout: Layout): string {
  const side = layout.sidebar === 'left' ? '.news-aside{order:-1}' : ''
  const cards = layout.list === 'cards' ? '.story-cards{display:grid;grid-template-columns:repeat(2,1fr);gap:18px}' : ''
  return side + cards
}

const NEWS_CSS = `
.dateline{display:flex;justify-content:space-between;font-size:13px;text-transform:uppercase;letter-spacing:.04em;border-bottom:3px double rgba(0,0,0,.25);padding-bottom:6px;margin-bottom:14px}
.ticker{display:flex;gap:12px;align-items:center;background:#fff4f2;border:1px solid #f3c9c2;padding:8px 12px;margin-bottom:16px;font-weight:600}
.ticker-label{background:#c62828;color:#fff;font-size:12px;text-transform:uppercase;padding:2px 8px;letter-spacing:.05em}
.news-layout{display:flex;gap:28px;align-items:flex-start}
.news-main{flex:1;min-width:0}
.news-aside{width:300px;flex:none;display:flex;flex-direction:column;gap:18px}
.aside-box{border-top:4px solid currentColor;padding-top:8px}
.aside-box h3{font-size:16px;text-transform:uppercase;letter-spacing:.04em}
.aside-box ul{list-style:none;padding:0;margin:0 0 12px}.aside-box li{margin:5px 0}
.most-read{padding-left:0;margin:0;list-style:none;counter-reset:rank}
.most-read li{counter-increment:rank;display:flex;gap:10px;padding:8px 0;border-bottom:1px solid rgba(0,0,0,.1);font-weight:600;line-height:1.3}
.most-read li::before{content:counter(rank);font-size:28px;font-weight:700;opacity:.35;min-width:24px;line-height:1}
.most-read a{color:inherit}
.newsletter-promo{background:rgba(0,0,0,.03);padding:10px 14px 14px}
.pick{padding:6px 0;border-bottom:1px solid rgba(0,0,0,.08)}.pick a{display:block;color:inherit;font-weight:600}
.kicker{display:inline-block;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:#b3261e;margin-right:8px}
.kicker-analysis{color:#1565c0}.kicker-opinion{color:#6a1b9a}.kicker-interview{color:#2e7d32}.kicker-explainer{color:#ef6c00}
.premium-badge{display:inline-block;font-size:11px;font-weight:700;background:#1d1d1d;color:#f5c518;padding:1px 7px;border-radius:3px;vertical-align:middle}
.headline-link{color:inherit}
.standfirst{color:#444;margin:4px 0 6px}
.story-meta{font-size:13px;color:#666}.story-author{font-weight:600}
.lead-row{display:grid;grid-template-columns:2fr 1fr;gap:24px;margin-bottom:24px}
.lead-story h1{font-size:32px;margin-top:6px}.lead-story h1 a{color:inherit}
.lead-story img{width:100%;height:auto;background:#ddd}
.lead-magazine{position:relative;margin-bottom:20px}
.lead-magazine .lead-text{position:absolute;left:0;right:0;bottom:0;padding:22px;background:linear-gradient(transparent,rgba(0,0,0,.85));color:#fff}
.lead-magazine .lead-text .standfirst,.lead-magazine .story-meta{color:#eee}
.lead-magazine img{max-height:420px;object-fit:cover}
.block-title{font-size:18px;text-transform:uppercase;letter-spacing:.04em;border-top:2px solid currentColor;padding-top:6px;margin:18px 0 12px}
.block-title a{color:inherit}
.latest-list{list-style:none;padding:0;margin:0}.latest-list li{padding:9px 0;border-bottom:1px solid rgba(0,0,0,.1)}.latest-list a{color:inherit;font-weight:600}
.top-stories .block-title{margin-top:0}
.block-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:16px}
.block-grid .story-card img{width:100%;height:auto}
.story-card h3{font-size:17px;margin:4px 0}
.story-rows .story-card{display:flex;gap:16px;padding:14px 0;border-bottom:1px solid rgba(0,0,0,.1)}
.story-rows .thumb-link{flex:none;width:220px}.story-rows img{width:220px;height:132px;object-fit:cover}
.story-cards .story-card{border:1px solid rgba(0,0,0,.08);background:#fff}.story-cards .story-text{padding:10px 14px 14px}
.story-cards img{width:100%;height:180px;object-fit:cover}
.section-header{border-bottom:1px solid rgba(0,0,0,.15);margin-bottom:12px}.section-header h1{font-size:38px;margin-bottom:2px}
.kind-filters{display:flex;gap:8px;flex-wrap:wrap;margin:8px 0}
.kind-filter{padding:5px 12px;border:1px solid rgba(0,0,0,.2);border-radius:999px;font-size:14px;font-weight:600}
.kind-filter.active{background:#1d1d1d;color:#fff;border-color:#1d1d1d}
.article-headline{font-size:36px;margin:6px 0 10px}
.article-standfirst{font-size:19px;color:#444}
.byline{display:flex;gap:12px;align-items:center;border-top:1px solid rgba(0,0,0,.12);border-bottom:1px solid rgba(0,0,0,.12);padding:10px 0;margin:12px 0;font-size:14px}
.byline img{width:48px;height:48px;border-radius:50%;object-fit:cover}.byline-author{font-weight:700}
.hero-figure{margin:0 0 16px}.hero-figure img{width:100%;height:auto;max-height:380px;object-fit:cover}
figcaption{font-size:13px;color:#666;margin-top:4px}
.article-body p{font-size:18px;line-height:1.65;margin:0 0 18px;max-width:720px}
.article-body.teaser{position:relative;max-height:220px;overflow:hidden}
.article-body.teaser::after{content:'';position:absolute;left:0;right:0;bottom:0;height:120px;background:linear-gradient(transparent,#fff)}
.pull-quote{border-left:5px solid currentColor;margin:10px 0 22px;padding:6px 20px;max-width:640px}
.pull-quote p{font-size:24px;font-style:italic;line-height:1.35;margin:0 0 6px}.pull-quote cite{font-size:14px;color:#555;font-style:normal}
.meter-note{background:#fff8e1;border:1px solid #ffe082;padding:8px 12px;margin-bottom:14px;font-size:14px}
.locked-note{font-weight:700;padding:12px 0}
.article-tags{display:flex;gap:8px;align-items:center;margin:10px 0 20px}.tag{border:1px solid rgba(0,0,0,.2);padding:2px 10px;border-radius:3px;font-size:13px}
.related ul{padding-left:18px}.related li{margin:6px 0}
.paywall{max-height:92vh;overflow:auto;max-width:520px}
.paywall h2{margin-top:4px}.paywall-kicker{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:#b3261e;margin:0}
.paywall .field{margin-bottom:10px}.paywall input[type=text],.paywall input[type=email],.paywall input[type=password]{width:100%}
.small{font-size:13px}
.check-row,.radio-row{display:flex;gap:8px;align-items:flex-start;margin:8px 0}.check-row label,.radio-row label{font-weight:400;margin:0}
.check-row.invalid label{color:#c62828}
.register-form .hint{font-size:12px;color:#666}
.cookie-banner{z-index:40;color:#f2f2f2;background:#1f2328;box-shadow:0 -4px 18px rgba(0,0,0,.3)}
.cookie-banner h3{margin:0 0 6px}.cookie-banner p{margin:0 0 10px;font-size:14px}
.cookie-actions{display:flex;gap:10px;align-items:center;flex-wrap:wrap}.manage-cookies{color:#9ecbff;text-decoration:underline}
.cookie-bar{position:fixed;left:0;right:0;bottom:0;padding:20px max(24px,calc(50% - 560px));display:flex;gap:24px;align-items:center}
.cookie-bar .cookie-text{flex:1}
.cookie-box{position:fixed;left:20px;bottom:20px;width:420px;padding:20px;border-radius:8px}
.cookie-overlay{z-index:45}.cookie-modal{max-width:520px;width:90%;padding:26px;border-radius:8px}
.cookie-row{display:flex;justify-content:space-between;align-items:center;gap:16px;border-bottom:1px solid rgba(0,0,0,.1);padding:12px 0}
.cookie-row p{margin:2px 0 0}.always-on{font-weight:700;color:#2e7d32}
.switch{display:flex;align-items:center;gap:8px;cursor:pointer;margin:0}
.switch input{position:absolute;opacity:0;width:1px;height:1px}
.slider{width:46px;height:26px;border-radius:13px;background:#bbb;position:relative;transition:background .15s}
.slider::after{content:'';position:absolute;top:3px;left:3px;width:20px;height:20px;border-radius:50%;background:#fff;transition:left .15s}
.switch input:checked+.slider{background:#2e7d32}.switch input:checked+.slider::after{left:23px}
.form-actions{margin-top:16px;display:flex;gap:14px;align-items:center}
.newsletter-layout{display:flex;gap:24px;align-items:flex-start}.newsletter-form{flex:1}.newsletter-aside{width:320px;flex:none}
.newsletter-form input[type=email]{width:100%;max-width:420px}
fieldset{border:1px solid rgba(0,0,0,.12);border-radius:6px;margin:0 0 16px;padding:10px 14px}legend{font-weight:700;padding:0 6px}
fieldset.invalid{border-color:#c62828}
.topic-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:10px}
.topic-option{display:flex;gap:8px;align-items:flex-start;border:1px solid rgba(0,0,0,.1);border-radius:6px;padding:8px 10px}
.topic-option label{margin:0;font-weight:400}.topic-option label strong,.topic-option label span{display:block}.topic-option label span{font-size:13px}
.subscription-code{font-size:22px;letter-spacing:.04em}
.auth-wrap{display:flex;gap:32px;align-items:flex-start}.auth-card{width:440px}.auth-card input[type=text],.auth-card input[type=email],.auth-card input[type=password]{width:100%}
.author-card{display:flex;gap:20px;align-items:center;margin-bottom:16px}.author-card img{width:120px;height:120px;border-radius:50%;object-fit:cover}
.account-link,.signin-link{white-space:nowrap}.header-extras .register-link{color:#111}
`
