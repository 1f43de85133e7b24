// Checks on free-text answers: amounts with units, durations, recipe names.
import {answerMentions, normaliseAnswer} from '../../check-helpers.js'
import type {Recipe, RecipesModel} from './types.js'

const UNIT_WORDS: Record<string, string> = {
  c: 'cup',
  cup: 'cup',
  cups: 'cup',
  tbsp: 'tbsp',
  tbs: 'tbsp',
  tbsps: 'tbsp',
  tbl: 'tbsp',
  tablespoon: 'tbsp',
  tablespoons: 'tbsp',
  tsp: 'tsp',
  tsps: 'tsp',
  teaspoon: 'tsp',
  teaspoons: 'tsp',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  ml: 'ml',
  mls: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  g: 'g',
  gr: 'g',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  grammes: 'g',
  clove: 'clove',
  cloves: 'clove',
}
const VULGAR_FRACTIONS: Record<string, number> = {
  '½': 1 / 2,
  '¼': 1 / 4,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
}

/** Every amount written in an answer ("1 1/2 cups", "1.5 cup", "1½ c", "480ml") with the unit word after it. */
function amountsIn(answer: string | null): {value: number; unit: string}[] {
  if (answer === null) return []
  const text = answer
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[\u2044\u2215]/g, '/')
  const pattern = /(\d+)(?:[\s-]+|\s+and\s+)(\d+)\/(\d+)|(\d+)\/(\d+)|(\d*)\s?([½¼¾⅓⅔⅛⅜⅝⅞])|(\d+(?:\.\d+)?|\.\d+)/g
  const amounts: {value: number; unit: string}[] = []
  for (const match of text.matchAll(pattern)) {
    const [, mixedWhole, mixedNum, mixedDen, num, den, vulgarWhole, vulgar, plain] = match
    const value =
      mixedWhole !== undefined
        ? Number(mixedWhole) + Number(mixedNum) / Number(mixedDen)
        : num !== undefined
          ? Number(num) / Number(den)
          : vulgar !== undefined
            ? Number(vulgarWhole || 0) + VULGAR_FRACTIONS[vulgar]!
            : Number(plain)
    const unitWord = /^\s*-?\s*([a-z]+)/.exec(text.slice(match.index + match[0].length))?.[1] ?? ''
    amounts.push({value, unit: UNIT_WORDS[unitWord] ?? ''})
  }
  return amounts
}

function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.011
}

export function mentionsAmount(answer: string | null, value: number): boolean {
  return amountsIn(answer).some((a) => sameAmount(a.value, value))
}

export function mentionsAmountWithUnit(answer: string | null, value: number, unit: string): boolean {
  return amountsIn(answer).some((a) => sameAmount(a.value, value) && a.unit === unit)
}

/** Whether the answer gives `total` minutes, as "65 minutes", "65 min" or "1 hr 5 min". */
export function mentionsMinutes(answer: string | null, total: number): boolean {
  if (answer === null) return false
  if (answerMentions(answer, total)) return true
  const text = answer.toLowerCase()
  for (const m of text.matchAll(/(\d+)\s*(?:h|hr|hrs|hours?)\b(?:\s*(?:and\s*)?(\d+)\s*(?:m|min|mins|minutes?)\b)?/g))
    if (Number(m[1]) * 60 + Number(m[2] ?? 0) === total) return true
  for (const m of text.matchAll(/(\d+)\s*(?:m|min|mins|minutes?)\b/g)) if (Number(m[1]) === total) return true
  return false
}

/** The recipes an answer names; a name inside a longer named one ("Chicken Curry" in "Spicy Chicken Curry") does not count. */
export function mentionedRecipes(model: RecipesModel, answer: string | null): Recipe[] {
  const named = model.recipes.filter((r) => answerMentions(answer, r.name))
  return named.filter(
    (r) =>
      !named.some(
        (other) => other !== r && ` ${normaliseAnswer(other.name)} `.includes(` ${normaliseAnswer(r.name)} `),
      ),
  )
}
