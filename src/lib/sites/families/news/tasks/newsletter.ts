// Form task: a cookie choice, then a newsletter subscription; report the code.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {answerMentions} from '../../../check-helpers.js'
import {between, pick, sample} from '../../../random-pick.js'
import type {FactDef, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {newsletterTopics, subscriptionCode} from '../newsletter.js'
import type {Frequency, NewsModel, NewsState, Subscription} from '../types.js'
import {acceptCookies, READERS, rejectCookies} from './common.js'

/** Hard: a cookie choice, then a newsletter subscription with given topics and frequency; report the code. */
export function newsletterTask(site: SiteInfo, model: NewsModel, rng: SeededRandom): FixtureTaskDef<NewsState> {
  const topics = newsletterTopics(model)
  const chosen = sample(rng, topics, between(rng, 2, 3))
  const ordered = topics.filter((t) => chosen.includes(t))
  const frequency: Frequency = pick(rng, ['daily', 'weekly'] as const)
  const reader = pick(rng, READERS)
  const reject = rng.below(2) === 0
  const code = subscriptionCode(
    site,
    reader.email,
    ordered.map((t) => t.id),
    frequency,
  )
  const latest = (state: NewsState) => [...state.subscriptions].reverse().find((s) => s.email === reader.email)
  const subscriptionFact = (text: string, test: (s: Subscription) => boolean): FactDef<NewsState> => ({
    text,
    check: ({state}) => {
      const s = latest(state)
      return s !== undefined && test(s)
    },
  })
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
            ? {
                text: 'Non-essential cookies were rejected',
                check: ({state}) =>
                  state.consent !== null &&
                  !state.consent.analytics &&
                  !state.consent.advertising &&
                  !state.consent.social,
              }
            : {
                text: 'All cookies were accepted',
                check: ({state}) =>
                  state.consent !== null &&
                  state.consent.analytics &&
                  state.consent.advertising &&
                  state.consent.social,
              },
        ],
      },
      {
        description: 'The newsletter subscription',
        facts: [
          subscriptionFact(`A subscription was made for ${reader.email}`, () => true),
          ...ordered.map((t) =>
            subscriptionFact(`It includes the ${t.label} newsletter`, (s) => s.topics.includes(t.id)),
          ),
          subscriptionFact(
            'It includes no other newsletters',
            (s) => s.topics.length === ordered.length && s.topics.every((id) => ordered.some((t) => t.id === id)),
          ),
          subscriptionFact(
            `Delivery is ${frequency === 'weekly' ? 'a weekly digest' : 'daily'}`,
            (s) => s.frequency === frequency,
          ),
        ],
      },
      {
        description: 'Confirmation',
        facts: [
          {text: `The answer reports the subscription code ${code}`, check: ({answer}) => answerMentions(answer, code)},
        ],
      },
    ],
    referenceAnswer: code,
    solution: [
      reject ? rejectCookies : acceptCookies,
      {op: 'click', target: {selector: 'a.newsletter-link', description: 'the "Newsletters" link in the header'}},
      {op: 'type', target: {selector: '#nl-email', description: 'the Email address field'}, text: reader.email},
      ...ordered.map((t): SolutionStep => ({
        op: 'click',
        target: {selector: `label[for="topic-${t.id}"]`, description: `the "${t.label}" newsletter checkbox`},
      })),
      {
        op: 'click',
        target: {
          selector: `label[for="freq-${frequency}"]`,
          description: `the "${frequency === 'weekly' ? 'Weekly digest' : 'Daily'}" option`,
        },
      },
      {
        op: 'click',
        target: {selector: 'label[for="nl-agree"]', description: 'the "I agree to receive these emails" checkbox'},
      },
      {op: 'click', target: {selector: 'button.subscribe-submit', description: 'the "Subscribe" button'}},
      {op: 'answer', text: code},
    ],
  }
}
