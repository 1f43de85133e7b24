import {z} from 'zod'

export const LEVELS = ['easy', 'medium', 'hard'] as const
export const LevelSchema = z.enum(LEVELS)
export type Level = z.infer<typeof LevelSchema>

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
