// Form task: register from the paywall of a Premium article, then read a fact from it.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {pick} from '../../../random-pick.js'
import type {CheckInput, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {answerFact} from '../checks.js'
import type {Account, NewsModel, NewsState} from '../types.js'
import {acceptCookies, openArticleBySearch, READERS, sectionArticleName} from './common.js'

/** Medium: register a free account from the paywall of a Premium article, then read a fact from it. */
export function premiumTask(
  site: SiteInfo,
  model: NewsModel,
  rng: SeededRandom,
): FixtureTaskDef<NewsState> | undefined {
  const candidates = model.articles.filter((a) => a.premium && a.questions.some((q) => q.paragraph > 0))
  if (candidates.length === 0) return undefined
  const a = pick(rng, candidates)
  const question = pick(
    rng,
    a.questions.filter((q) => q.paragraph > 0),
  )
  const reader = pick(rng, READERS)
  const account =
    (test: (account: Account) => boolean) =>
    ({state}: CheckInput<NewsState>) =>
      state.account !== null && test(state.account)
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
      {
        op: 'type',
        target: {selector: '#pw-name', description: 'the Full name field of the registration form'},
        text: reader.name,
      },
      {
        op: 'type',
        target: {selector: '#pw-email', description: 'the Email address field of the registration form'},
        text: reader.email,
      },
      {
        op: 'type',
        target: {selector: '#pw-password', description: 'the Password field of the registration form'},
        text: reader.password,
      },
      {
        op: 'click',
        target: {selector: 'label[for="pw-terms"]', description: 'the "I accept the terms of use" checkbox'},
      },
      {
        op: 'click',
        target: {selector: '.paywall button.register-submit', description: 'the "Register for free" button'},
      },
      {op: 'answer', text: question.answer},
    ],
  }
}
