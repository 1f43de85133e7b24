import type {EpisodePolicy, PolicyInput, PolicyOutput} from '../rollout/policy.js'

/**
 * The policy of an episode whose actions come from a client over the wire: each `next` hands the observation out and
 * waits for the client's action, so the episode loop (settling, memory, repeated actions, action errors, the record)
 * runs as it does in `rollout`. The episode's stop signal ends a wait at once, and the episode ends as aborted.
 */
export class ClientTurns implements EpisodePolicy {
  /** An observation handed out that nobody has taken yet. */
  private ready: PolicyInput | null = null
  private taker: ((input: PolicyInput) => void) | null = null
  private answer: ((output: PolicyOutput) => void) | null = null

  next(input: PolicyInput): Promise<PolicyOutput> {
    return new Promise<PolicyOutput>((resolve, reject) => {
      if (input.signal.aborted) return reject(new Error('the episode was stopped'))
      const onAbort = () => {
        this.answer = null
        reject(new Error('the episode was stopped'))
      }
      input.signal.addEventListener('abort', onAbort, {once: true})
      this.answer = (output) => {
        input.signal.removeEventListener('abort', onAbort)
        this.answer = null
        resolve(output)
      }
      if (this.taker) {
        const take = this.taker
        this.taker = null
        take(input)
      } else this.ready = input
    })
  }

  /** The next observation the episode asks an action for (never settles once the episode has ended: race its end). */
  observation(): Promise<PolicyInput> {
    if (this.ready) {
      const input = this.ready
      this.ready = null
      return Promise.resolve(input)
    }
    return new Promise((resolve) => (this.taker = resolve))
  }

  /** Whether the episode is waiting for an action now. */
  get waiting(): boolean {
    return this.answer !== null
  }

  /** Hands the client's action to the episode waiting for it; false when none is waiting. */
  act(output: PolicyOutput): boolean {
    if (!this.answer) return false
    this.answer(output)
    return true
  }
}
