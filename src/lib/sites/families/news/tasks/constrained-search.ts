// Search task: the one article of a section with a given type and month.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {answerMentions} from '../../../check-helpers.js'
import {pick} from '../../../random-pick.js'
import type {CheckInput, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerHasDate} from '../checks.js'
import {formatDate, monthLabel} from '../dates.js'
import {KIND_LABELS, SECTION_INFO} from '../labels.js'
import {authorOf} from '../lookups.js'
import type {Article, ArticleKind, NewsModel, NewsState, SectionId} from '../types.js'
import {sectionHref} from '../urls.js'
import {acceptCookies} from './common.js'

/** Medium: the one article of a section with a given type published in a given month; report headline, writer and date. */
export function constrainedSearchTask(
  site: SiteInfo,
  model: NewsModel,
  rng: SeededRandom,
): FixtureTaskDef<NewsState> | undefined {
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
  const named =
    (test: (a: Article) => boolean) =>
    ({answer}: CheckInput<NewsState>) =>
      model.articles.some((a) => answerMentions(answer, a.headline) && test(a))
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
          {
            text: `The article named was published in ${when}`,
            check: named((a) => a.date.slice(0, 7) === match.date.slice(0, 7)),
          },
        ],
      },
      {
        description: 'Writer and date',
        facts: [
          {
            text: `The answer names the writer ${author.name}`,
            check: ({answer}) => answerMentions(answer, author.name),
          },
          {
            text: `The answer gives the publication date ${published}`,
            check: ({answer}) => answerHasDate(answer, match.date),
          },
        ],
      },
    ],
    referenceAnswer: reference,
    solution: [
      acceptCookies,
      {
        op: 'click',
        target: {
          selector: `nav.main-nav a[href="/section/${section}"]`,
          description: `the "${label}" link in the navigation`,
        },
      },
      {
        op: 'click',
        target: {selector: `a.kind-filter[data-kind="${kind}"]`, description: `the "${KIND_LABELS[kind]}" filter`},
      },
      ...(pageNumber > 1
        ? [
            {
              op: 'click' as const,
              target: {
                selector: `nav.pagination a.page-link[href="${sectionHref(section, kind, pageNumber)}"]`,
                description: `page ${pageNumber} of the list`,
              },
            },
          ]
        : []),
      {op: 'answer', text: reference},
    ],
  }
}
