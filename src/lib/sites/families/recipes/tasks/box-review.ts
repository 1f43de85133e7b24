// The state task: save two recipes to the recipe box and review a third.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import type {SolutionStep} from '../../../../schema/solution.js'
import {normaliseAnswer} from '../../../check-helpers.js'
import {pick} from '../../../random-pick.js'
import type {FixtureTaskDef, SiteInfo} from '../../../types.js'
import type {Recipe, RecipesState} from '../types.js'
import {type Fact, openRecipe} from './common.js'

const REVIEW_TASKS = [
  {name: 'Jordan P.', text: 'Made this on a weeknight and it was a hit with the whole family.'},
  {name: 'Alex Rivera', text: 'Great flavor and the instructions were easy to follow.'},
  {name: 'Morgan Lee', text: 'I added extra garlic and would happily make it again.'},
  {name: 'Taylor Brooks', text: 'Turned out perfectly the first time. Saving this one!'},
  {name: 'Casey Nguyen', text: 'Simple ingredients, big flavor. Will be making this often.'},
]

export function boxAndReviewTask(
  site: SiteInfo,
  first: Recipe,
  second: Recipe,
  reviewed: Recipe,
  rng: SeededRandom,
): FixtureTaskDef<RecipesState> {
  const review = pick(rng, REVIEW_TASKS)
  const rating = pick(rng, [3, 4, 5])
  const stateFact = (text: string, check: (state: RecipesState) => boolean): Fact => ({
    text,
    check: ({state}) => check(state),
  })
  const posted = (state: RecipesState) => state.reviews.filter((r) => r.recipeId === reviewed.id)
  const saveSteps = (r: Recipe): SolutionStep[] => [
    ...openRecipe(r),
    {op: 'click', target: {selector: 'button.save-recipe', description: 'the "Save to recipe box" button'}},
  ]
  return {
    key: `box-review-${first.id}-${second.id}-${reviewed.id}`,
    kind: 'state',
    intent: `On ${site.name}, save the "${first.name}" and "${second.name}" recipes to my recipe box (and nothing else), then post a ${rating}-star review of the "${reviewed.name}" recipe under the name "${review.name}" with the text "${review.text}".`,
    groups: [
      {
        description: 'Recipe box',
        facts: [
          stateFact(`The recipe box contains "${first.name}"`, (state) => state.box.includes(first.id)),
          stateFact(`The recipe box contains "${second.name}"`, (state) => state.box.includes(second.id)),
          stateFact(
            'The recipe box holds no other recipes',
            (state) => state.box.length === 2 && state.box.includes(first.id) && state.box.includes(second.id),
          ),
        ],
      },
      {
        description: `Review of ${reviewed.name}`,
        facts: [
          stateFact(`A review of "${reviewed.name}" was posted`, (state) => posted(state).length > 0),
          stateFact(`The review gives ${rating} stars`, (state) => posted(state).some((r) => r.rating === rating)),
          stateFact(`The review is signed "${review.name}"`, (state) =>
            posted(state).some((r) => normaliseAnswer(r.name) === normaliseAnswer(review.name)),
          ),
          stateFact('The review has the requested text', (state) =>
            posted(state).some((r) => normaliseAnswer(r.text) === normaliseAnswer(review.text)),
          ),
        ],
      },
    ],
    referenceAnswer: null,
    solution: [
      ...saveSteps(first),
      ...saveSteps(second),
      ...openRecipe(reviewed),
      {
        op: 'click',
        target: {
          selector: `label[for="rating-${rating}"]`,
          description: `star number ${rating} of the rating in the "Write a review" form`,
        },
      },
      {
        op: 'type',
        target: {selector: '#review-name', description: 'the "Your name" field of the review form'},
        text: review.name,
      },
      {op: 'type', target: {selector: '#review-text', description: 'the "Your review" text box'}, text: review.text},
      {op: 'click', target: {selector: 'button.submit-review', description: 'the "Post review" button'}},
    ],
  }
}
