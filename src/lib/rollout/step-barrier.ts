/** What an episode of a lock-step batch (`--mode sync`) waits at: the slowest session, twice a step. */
export interface StepGate {
  /** Resolves when every session still in the batch has arrived. */
  arrive(): Promise<void>
  /** This session's episode has ended: the others stop waiting for it. */
  leave(): void
}

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

  /** One party's own place at the barrier (one per party the barrier was made for). */
  seat(): BarrierSeat {
    return new BarrierSeat(this)
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

/**
 * A session's place at a barrier, through all the tries of its task: it leaves once however many times its episode
 * and its task say they are done, and takes its place again when the task is tried again.
 */
export class BarrierSeat implements StepGate {
  private seated = true

  constructor(private readonly barrier: StepBarrier) {}

  arrive(): Promise<void> {
    return this.barrier.arrive()
  }

  leave(): void {
    if (!this.seated) return
    this.seated = false
    this.barrier.leave()
  }

  /** The task is tried again: the others wait for it once more. */
  rejoin(): void {
    if (this.seated) return
    this.seated = true
    this.barrier.join()
  }
}
