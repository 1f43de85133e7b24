// Quantities: US fractions, scaling, metric conversion and durations.
import type {Ingredient, Units, UsUnit} from './types.js'

const US_UNITS: readonly UsUnit[] = ['cup', 'tbsp', 'tsp', 'oz', 'lb', 'clove']
const FRACTIONS: readonly [number, string][] = [
  [0, ''],
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [3 / 8, '3/8'],
  [1 / 2, '1/2'],
  [5 / 8, '5/8'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
  [7 / 8, '7/8'],
  [1, ''],
]
/** Fixed conversion factors of the metric toggle. */
export const METRIC: Partial<Record<UsUnit, {unit: 'ml' | 'g'; factor: number}>> = {
  cup: {unit: 'ml', factor: 240},
  tbsp: {unit: 'ml', factor: 15},
  tsp: {unit: 'ml', factor: 5},
  oz: {unit: 'g', factor: 28.35},
  lb: {unit: 'g', factor: 453.6},
}

/** The nearest quantity a cook would write: whole numbers from 10 up, else eighths and thirds (never zero). */
export function niceQuantity(x: number): number {
  if (x >= 10) return Math.round(x)
  const whole = Math.floor(x)
  const frac = x - whole
  let best = FRACTIONS[0]![0]
  for (const [value] of FRACTIONS) if (Math.abs(value - frac) < Math.abs(best - frac)) best = value
  return Math.max(1 / 8, whole + best)
}

function formatQuantity(x: number): string {
  const whole = Math.floor(x + 1e-9)
  const label = FRACTIONS.find(([value]) => Math.abs(value - (x - whole)) < 1e-6)?.[1] ?? ''
  if (whole === 0) return label || '0'
  return label ? `${whole} ${label}` : String(whole)
}

function parseQuantity(text: string): number {
  return text.split(' ').reduce((sum, part) => {
    const [num, den] = part.split('/')
    return sum + (den ? Number(num) / Number(den) : Number(num))
  }, 0)
}

/** Parses "1 1/2 cup arborio rice", "2 large egg|large eggs #e" and the like. */
export function parseIngredient(spec: string): Ingredient {
  const [body, ...tagParts] = spec.split(' #')
  const words = body!.split(' ')
  const qtyWords = [words.shift()!]
  if (words[0] && /^\d+\/\d+$/.test(words[0])) qtyWords.push(words.shift()!)
  const unit = (US_UNITS as readonly string[]).includes(words[0] ?? '') ? (words.shift() as UsUnit) : ''
  const [name, plural] = words.join(' ').split('|')
  return {qty: parseQuantity(qtyWords.join(' ')), unit, name: name!, plural: plural ?? name!, tags: tagParts.join('')}
}

export function scaledQuantity(ingredient: Ingredient, factor: number): number {
  return niceQuantity(ingredient.qty * factor)
}

/** Whether scaling gives a quantity without rounding, so a task's expected value is unambiguous. */
export function scalesExactly(ingredient: Ingredient, factor: number): boolean {
  return Math.abs(ingredient.qty * factor - scaledQuantity(ingredient, factor)) < 1e-9
}

export function metricAmount(usQty: number, unit: UsUnit): {value: number; unit: 'ml' | 'g'} | null {
  const conversion = METRIC[unit]
  if (!conversion) return null
  const exact = usQty * conversion.factor
  const value = exact < 10 ? Math.round(exact * 2) / 2 : exact < 100 ? Math.round(exact) : Math.round(exact / 5) * 5
  return {value, unit: conversion.unit}
}

function usUnitLabel(unit: UsUnit, qty: number): string {
  if (unit === 'cup') return qty > 1 ? 'cups' : 'cup'
  if (unit === 'clove') return qty > 1 ? 'cloves' : 'clove'
  return unit
}

/** One ingredient line as shown: amount, unit and name, for the chosen servings and units. */
export function ingredientLine(
  ingredient: Ingredient,
  factor: number,
  units: Units,
): {amount: string; unit: string; name: string} {
  const qty = scaledQuantity(ingredient, factor)
  const metric = units === 'metric' ? metricAmount(qty, ingredient.unit) : null
  const name = ingredient.unit === '' && qty > 1 ? ingredient.plural : ingredient.name
  if (metric) return {amount: String(metric.value), unit: metric.unit, name}
  return {amount: formatQuantity(qty), unit: usUnitLabel(ingredient.unit, qty), name}
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`
}
