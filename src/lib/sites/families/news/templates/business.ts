// Story templates of the Business section.
import type {StoryTemplate} from '../types.js'

export const BUSINESS_TEMPLATES: readonly StoryTemplate[] = [
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
]
