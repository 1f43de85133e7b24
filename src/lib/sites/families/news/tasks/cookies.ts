// State task: allow some cookie categories and refuse the others.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {between, sample} from '../../../random-pick.js'
import type {CheckInput, FixtureTaskDef, SiteInfo} from '../../../types.js'
import {COOKIE_CATEGORIES} from '../labels.js'
import type {NewsState} from '../types.js'

/** Easy: allow some optional cookie categories and refuse the others through "Manage preferences". */
export function cookieTask(site: SiteInfo, rng: SeededRandom): FixtureTaskDef<NewsState> {
  const allowed = new Set(
    sample(
      rng,
      COOKIE_CATEGORIES.map((c) => c.id),
      between(rng, 1, 2),
    ),
  )
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
            ? {
                text: `${c.label} are allowed`,
                check: ({state}: CheckInput<NewsState>) => state.consent !== null && state.consent[c.id],
              }
            : {
                text: `${c.label} are refused`,
                check: ({state}: CheckInput<NewsState>) => state.consent !== null && !state.consent[c.id],
              },
        ),
      },
    ],
    referenceAnswer: null,
    solution: [
      {
        op: 'click',
        target: {
          selector: '.cookie-banner a.manage-cookies',
          description: 'the "Manage preferences" link of the cookie banner',
        },
      },
      ...COOKIE_CATEGORIES.filter((c) => allowed.has(c.id)).map((c): SolutionStep => ({
        op: 'click',
        target: {selector: `label[for="ck-${c.id}"]`, description: `the "${c.label}" switch`},
      })),
      {op: 'click', target: {selector: 'button.save-preferences', description: 'the "Save my preferences" button'}},
    ],
  }
}
