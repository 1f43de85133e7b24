import type {Rubric} from './rubric.js'

// Levels and difficulty are plain functions (no zod here): the conversion workers of `tasks build` load this module
// and start faster without the schema library. The Level schema is in task.ts.
export const LEVELS = ['easy', 'medium', 'hard'] as const
export type Level = (typeof LEVELS)[number]

/** Total number of facts in a rubric: the task's difficulty. */
export function countFacts(rubric: Rubric): number {
  return rubric.fact_groups.reduce((sum, group) => sum + group.facts.length, 0)
}

/** The paper's bands: easy 1-3 facts, medium 4-6, hard 7+. */
export function levelForDifficulty(difficulty: number): Level {
  if (difficulty <= 3) return 'easy'
  if (difficulty <= 6) return 'medium'
  return 'hard'
}

/** Maps a source's own level label onto easy/medium/hard, or null when it does not map. */
export function parseLevel(value: unknown): Level | null {
  if (typeof value === 'number') return value === 1 ? 'easy' : value === 2 ? 'medium' : value === 3 ? 'hard' : null
  if (typeof value !== 'string') return null
  const text = value.trim().toLowerCase()
  if ((LEVELS as readonly string[]).includes(text)) return text as Level
  if (/^(level\s*)?[123]$/.test(text)) return parseLevel(Number(text.replace(/\D/g, '')))
  return null
}
