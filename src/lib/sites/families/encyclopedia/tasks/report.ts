// Form task: report a problem with an article and give the reference number.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import {pick} from '../../../random-pick.js'
import type {FactDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {imageName} from '../format.js'
import {PROBLEMS} from '../labels.js'
import {normaliseDetails, reportReference} from '../report.js'
import type {Article, EncyclopediaModel, EncyclopediaState, ProblemReport, ProblemType} from '../types.js'
import {openArticle} from './common.js'

const REPORTERS = [
  'j.moreau@example.org',
  'l.fischer@example.com',
  'r.menon@example.net',
  'a.novak@example.org',
  'k.lindqvist@example.com',
  'd.whitfield@example.net',
]

function reportDetails(article: Article, problem: ProblemType, rng: SeededRandom): string {
  const info = pick(
    rng,
    article.infobox.filter((r) => !r.links),
  )
  switch (problem) {
    case 'factual':
      return `The ${info.label} value in the infobox does not match the source cited in the references`
    case 'outdated':
      return `The ${info.label} value given in the infobox seems to be out of date`
    case 'typo':
      return `There is a spelling mistake in the ${pick(rng, article.sections).heading} section`
    case 'link':
      return `A link in the See also section of ${article.title} points to the wrong article`
  }
}

export function reportTask(
  site: SiteInfo,
  model: EncyclopediaModel,
  rng: SeededRandom,
): FixtureTaskDef<EncyclopediaState> {
  const article = pick(rng, model.articles)
  const problem = pick(rng, PROBLEMS)
  const details = reportDetails(article, problem.id, rng)
  const email = pick(rng, REPORTERS)
  const reference = reportReference(site, {article: article.slug, problem: problem.id, details, email})
  const filed = (state: EncyclopediaState) => state.reports.filter((r) => r.article === article.slug)
  const reportFact = (text: string, test: (r: ProblemReport) => boolean): FactDef<EncyclopediaState> => ({
    text,
    check: ({state}) => filed(state).some(test),
  })
  return {
    key: `report-${imageName(article.title)}`,
    kind: 'form',
    intent: `On ${site.name}, report a problem with the article "${article.title}": choose the problem type "${problem.label}", write the details "${details}", and give the email address ${email}. Tell me the reference number you receive.`,
    groups: [
      {
        description: 'The report',
        facts: [
          reportFact(`A problem report was filed on the article ${article.title}`, () => true),
          reportFact(`The problem type is "${problem.label}"`, (r) => r.problem === problem.id),
          reportFact(`The details say "${details}"`, (r) => normaliseDetails(r.details) === normaliseDetails(details)),
          reportFact(`The contact email is ${email}`, (r) => r.email.toLowerCase() === email),
        ],
      },
      {
        description: 'Confirmation',
        facts: [
          {
            text: `The answer reports the reference number ${reference}`,
            check: ({answer}) => answerMentions(answer, reference),
          },
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      ...openArticle(article),
      {op: 'click', target: {selector: 'a.report-link', description: 'the "Report a problem" tab of the article'}},
      {
        op: 'click',
        target: {selector: `label[for="problem-${problem.id}"]`, description: `the "${problem.label}" option`},
      },
      {op: 'type', target: {selector: '#details', description: 'the Details field'}, text: details},
      {op: 'type', target: {selector: '#email', description: 'the email address field'}, text: email},
      {op: 'click', target: {selector: 'button.submit-report', description: 'the "Send report" button'}},
      {op: 'answer', text: reference},
    ],
  }
}
