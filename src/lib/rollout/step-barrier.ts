import type {StepGate} from './episode.js'

/**
 * The synchronous baseline's lock step: each of `parties` sessions arrives, and all go on together when the last
 * one has. A session that ends leaves, so the others no longer wait for it; one that is retried joins again.
 */
export class StepBarrier implements StepGate {
  private arrived = 0
  private release: (() => void) | null = null
  private opened: Promise<void> | null = null

  constructor(private parties: number) {}

  arrive(): Promise<void> {
    this.opened ??= new Promise<void>((resolve) => (this.release = resolve))
    const opened = this.opened
    this.arrived++
    this.openIfComplete()
    return opened
  }

  leave(): void {
    this.parties--
    this.openIfComplete()
  }

  join(): void {
    this.parties++
  }

  private openIfComplete(): void {
    if (!this.opened || this.arrived < this.parties) return
    const release = this.release!
    this.arrived = 0
    this.opened = null
    this.release = null
    release()
  }
}
