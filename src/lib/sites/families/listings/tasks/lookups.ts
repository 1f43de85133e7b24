// Lookups on a listing page: salary, experience and job type of a job; size, year built and agent of a home.
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact} from '../checks.js'
import {digits, dollars, jobTypeLabel} from '../format.js'
import type {Listing, ListingsState} from '../types.js'
import {lookupTask} from './common.js'

/** Salary range of a job, or living area and year built of a home. */
export function detailLookup(site: SiteInfo, l: Listing): FixtureTaskDef<ListingsState> {
  if (l.kind === 'jobs') {
    const reference = `${dollars(l.salaryMin)} – ${dollars(l.salaryMax)} a year`
    return lookupTask(
      `salary-${l.id}`,
      `On ${site.name}, what is the salary range of the ${l.title} job at ${l.company}?`,
      [
        answerFact(`The answer gives the lower end ${dollars(l.salaryMin)}`, dollars(l.salaryMin)),
        answerFact(`The answer gives the upper end ${dollars(l.salaryMax)}`, dollars(l.salaryMax)),
      ],
      'Salary range of the job',
      l,
      reference,
    )
  }
  const reference = `${l.size} m², built in ${l.yearBuilt}`
  return lookupTask(
    `size-${l.id}`,
    `On ${site.name}, what is the living area of the home at ${l.address}, and in what year was it built?`,
    [
      answerFact(`The answer gives the living area ${l.size} m²`, l.size),
      answerFact(`The answer gives the year built ${l.yearBuilt}`, l.yearBuilt),
    ],
    'Details of the home',
    l,
    reference,
  )
}

/** Experience and job type of a job, or the listing agent of a home. */
export function contactLookup(site: SiteInfo, l: Listing): FixtureTaskDef<ListingsState> {
  if (l.kind === 'jobs') {
    const years = l.experience === 0 ? 'no experience required' : `${l.experience} years of experience`
    const reference = `${years}, ${jobTypeLabel(l)}`
    return lookupTask(
      `experience-${l.id}`,
      `On ${site.name}, how many years of experience does the ${l.title} job at ${l.company} require, and is it full-time, part-time, remote or contract?`,
      [
        l.experience === 0
          ? {
              text: 'The answer says no experience is required',
              check: ({answer}) =>
                /\b(no|none|zero|0)\b/i.test(answer ?? '') && /experience|required|years?/i.test(answer ?? ''),
            }
          : answerFact(`The answer gives ${l.experience} years of experience`, l.experience),
        answerFact(`The answer says the job is ${jobTypeLabel(l)}`, jobTypeLabel(l)),
      ],
      'Requirements of the job',
      l,
      reference,
    )
  }
  const reference = `${l.agent.name}, ${l.agent.phone}`
  return lookupTask(
    `agent-${l.id}`,
    `On ${site.name}, who is the listing agent for the home at ${l.address}, and what is the agent's phone number?`,
    [
      answerFact(`The answer names the agent ${l.agent.name}`, l.agent.name),
      {
        text: `The answer gives the phone number ${l.agent.phone}`,
        check: ({answer}) => digits(answer ?? '').includes(digits(l.agent.phone)),
      },
    ],
    'Listing agent',
    l,
    reference,
  )
}
