// Lookup task: one or two facts from a free article.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact} from '../checks.js'
import type {NewsModel, NewsState} from '../types.js'
import {acceptCookies, openArticleBySearch, scrollToParagraph, sectionArticleName} from './common.js'

/** Easy: one or two facts from a free article, found with the search box. */
export function factLookupTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> {
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
    solution: [
      acceptCookies,
      ...openArticleBySearch(a),
      scrollToParagraph(questions[questions.length - 1].paragraph),
      {op: 'answer', text: reference},
    ],
  }
}
