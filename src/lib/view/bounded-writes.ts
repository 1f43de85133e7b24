import {writeFile} from 'node:fs/promises'

/**
 * Files written a few at a time while the caller goes on producing them: `write` waits only when `limit` writes are
 * already in flight, so memory holds at most that many pages however many are written. The first failure is thrown
 * by the next `write` or by `flush`.
 */
export class BoundedWrites {
  private readonly pending = new Set<Promise<void>>()
  private failure: unknown = null

  constructor(private readonly limit = 32) {}

  async write(path: string, content: string): Promise<void> {
    this.rethrow()
    while (this.pending.size >= this.limit) await Promise.race(this.pending)
    this.rethrow()
    const done: Promise<void> = writeFile(path, content).then(
      () => {
        this.pending.delete(done)
      },
      (error: unknown) => {
        this.pending.delete(done)
        this.failure ??= error
      },
    )
    this.pending.add(done)
  }

  /** Waits for every write; throws the first failure. */
  async flush(): Promise<void> {
    await Promise.all(this.pending)
    this.rethrow()
  }

  private rethrow(): void {
    if (this.failure !== null) throw this.failure
  }
}
