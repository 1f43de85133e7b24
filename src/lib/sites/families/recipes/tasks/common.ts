// Task helpers: solution steps to open a recipe, answer facts, askable ingredients and their US amounts.
import type {SolutionStep} from '../../../../schema/solution.js'
import type {CheckInput, FactDef} from '../../../types.js'
import {mentionsAmount, mentionsAmountWithUnit} from '../checks.js'
import {ingredientLine, scaledQuantity} from '../quantities.js'
import type {Ingredient, Recipe, RecipesState} from '../types.js'

export type Fact = FactDef<RecipesState>

const searchBox = {selector: 'form.header-search input[name="q"]', description: 'the recipe search box in the header'}
const recipeLink = (r: Recipe) => ({
  selector: `a.recipe-title[data-recipe="${r.id}"]`,
  description: `the recipe title "${r.name}" in the results`,
})

export function openRecipe(r: Recipe): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: r.name, submit: true},
    {op: 'click', target: recipeLink(r)},
  ]
}

export function chooseServings(servings: number): SolutionStep {
  return {
    op: 'click',
    target: {
      selector: `a.servings-option[data-servings="${servings}"]`,
      description: `the "${servings}" servings button above the ingredients`,
    },
  }
}

export const answerFact = (text: string, check: (answer: string | null) => boolean): Fact => ({
  text,
  check: ({answer}: CheckInput<RecipesState>) => check(answer),
})

/** Ingredients a task can ask about: measured in a unit, and not named inside another ingredient's name. */
export function askable(recipe: Recipe): Ingredient[] {
  return recipe.ingredients.filter(
    (i) => i.unit !== '' && !recipe.ingredients.some((other) => other !== i && other.name.includes(i.name)),
  )
}

/** The facts that an answer states one ingredient's amount, and states it in the right unit. */
export function amountFacts(
  ingredient: Ingredient,
  value: number,
  shown: string,
  unit: string,
  unitLabel: string,
): Fact[] {
  return [
    answerFact(`The answer gives ${shown} as the amount of ${ingredient.name}`, (answer) =>
      mentionsAmount(answer, value),
    ),
    answerFact(`The amount of ${ingredient.name} is given in ${unitLabel} (${shown} ${unitLabel})`, (answer) =>
      mentionsAmountWithUnit(answer, value, unit),
    ),
  ]
}

export function usAnswer(
  ingredient: Ingredient,
  factor: number,
): {value: number; shown: string; unit: string; label: string} {
  const value = scaledQuantity(ingredient, factor)
  const line = ingredientLine(ingredient, factor, 'us')
  return {value, shown: line.amount, unit: ingredient.unit, label: line.unit}
}
