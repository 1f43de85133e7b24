// The jobs of a job board: companies, titles, salaries, requirements and descriptions.
import type {SeededRandom} from '../../../random/seeded-random.js'
import {answerMentions} from '../../check-helpers.js'
import {between, pick, sample} from '../../random-pick.js'
import {BENEFITS, COMPANY_PREFIXES, JOB_TYPES, JOB_TYPE_WEIGHTS} from './data.js'
import {postedDate} from './format.js'
import type {Area, Job, JobCategory} from './types.js'

export function makeJobs(rng: SeededRandom, categories: readonly JobCategory[], areas: Area[], city: string): Job[] {
  const companies = makeCompanies(rng, categories)
  const titlesByCompany = new Map<string, string[]>()
  const jobs: Job[] = []
  const count = between(rng, 54, 66)
  for (let attempt = 0; jobs.length < count && attempt < count * 20; attempt++) {
    const company = pick(rng, companies)
    const seniority = pick(rng, ['', '', 'Senior ', 'Junior ', 'Lead '])
    const title = `${seniority}${pick(rng, company.category.titles)}`
    const taken = titlesByCompany.get(company.name) ?? []
    // Two titles of one company must not contain each other, so an answer names exactly one job.
    if (taken.some((t) => answerMentions(t, title) || answerMentions(title, t))) continue
    titlesByCompany.set(company.name, [...taken, title])
    jobs.push(makeJob(rng, 40_101 + jobs.length, title, company, seniority, areas, city))
  }
  return jobs
}

interface Company {
  name: string
  category: JobCategory
}

function makeCompanies(rng: SeededRandom, categories: readonly JobCategory[]): Company[] {
  const prefixes = sample(rng, COMPANY_PREFIXES, between(rng, 16, 20))
  return prefixes.map((prefix, i) => {
    const category = categories[i % categories.length]
    return {name: `${prefix} ${pick(rng, category.suffixes)}`, category}
  })
}

function makeJob(
  rng: SeededRandom,
  id: number,
  title: string,
  company: Company,
  seniority: string,
  areas: Area[],
  city: string,
): Job {
  const area = pick(rng, areas)
  const [low, high] = company.category.salary
  const bonus = seniority === 'Senior ' || seniority === 'Lead ' ? 14 : seniority === 'Junior ' ? -6 : 0
  const salaryMin = Math.max(24, between(rng, low, high) + bonus) * 1000
  const salaryMax = salaryMin + between(rng, 6, 24) * 1000
  const experience =
    seniority === 'Junior ' ? between(rng, 0, 1) : seniority === '' ? between(rng, 1, 4) : between(rng, 5, 9)
  const jobType = pick(rng, JOB_TYPE_WEIGHTS)
  const typeLabel = JOB_TYPES.find((t) => t.id === jobType)!.label.toLowerCase()
  const requirements = [
    experience === 0
      ? 'No previous experience required: full training is provided'
      : `At least ${experience} ${experience === 1 ? 'year' : 'years'} of experience in a similar role`,
    ...sample(rng, company.category.requirements, 3),
  ]
  return {
    kind: 'jobs',
    id,
    title,
    areaId: area.id,
    posted: postedDate(rng),
    company: company.name,
    category: company.category.name,
    jobType,
    salaryMin,
    salaryMax,
    experience,
    requirements,
    benefits: sample(rng, BENEFITS, between(rng, 3, 5)),
    description: [
      `${company.name} is looking for a ${title} to join its ${company.category.name.toLowerCase()} team in ${area.name}, ${city}. This is a ${typeLabel} position${jobType === 'remote' ? ' with occasional visits to our office' : ''}.`,
      `You will work closely with colleagues across the business, take ownership of your own projects and help us keep raising the bar for our customers. ${pick(rng, ['We value curiosity and kindness.', 'We move fast and celebrate small wins.', 'We believe in steady, sustainable growth.', 'We care about doing things properly.'])}`,
      `Interviews take place in two rounds: a short video call followed by a meeting with the team. We aim to reply to every applicant within ten working days.`,
    ],
  }
}
