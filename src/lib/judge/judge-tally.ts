import type {Judgment} from '../schema/judged.js'

/** What the judge decided, for the summary line on stderr. */
export class JudgeTally {
  judged = 0
  rewarded = 0
  blocked = 0
  errors = 0
  unsupported = 0
  referenceMismatches = 0
  fallbacks = 0
  images = 0
  requests = 0

  add(judgment: Judgment): void {
    this.judged++
    if (judgment.reward === 1) this.rewarded++
    if (judgment.blocked) this.blocked++
    if (judgment.error) this.errors++
    if (judgment.answer_supported === false) this.unsupported++
    if (judgment.reference_match === false) this.referenceMismatches++
    const selection = judgment.selection as {fallback?: string | null} | undefined
    if (selection?.fallback) this.fallbacks++
    const cost = judgment.cost as {images?: number; requests?: number} | undefined
    this.images += cost?.images ?? 0
    this.requests += cost?.requests ?? 0
  }

  summary(label: string): string {
    const parts = [
      `${label}: ${this.rewarded} of ${this.judged} rewarded`,
      `${this.blocked} blocked`,
      `${this.unsupported} unsupported answers`,
      `${this.referenceMismatches} reference mismatches`,
      `${this.errors} judging errors (reward 0)`,
    ]
    if (this.fallbacks > 0) parts.push(`${this.fallbacks} fell back to the most recent screenshots`)
    if (this.requests > 0 && this.judged > 0)
      parts.push(
        `${(this.images / this.judged).toFixed(1)} verdict images and ${(this.requests / this.judged).toFixed(1)} requests per trajectory`,
      )
    return parts.join(', ')
  }
}
