// A time limit on any promise: the browser calls of an episode, a probe of a browser, a page's check.

/** A limit ran out; `what` names the thing that took too long, for a typed outcome rather than a message. */
export class TimeoutError extends Error {
  constructor(
    message: string,
    readonly ms: number,
  ) {
    super(message)
    this.name = 'TimeoutError'
  }
}

/** Settles as `promise` does, or rejects with a TimeoutError after `ms` (the promise itself is not cancelled). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message = `timed out after ${ms} ms`): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(message, ms)), ms)))])
  } finally {
    clearTimeout(timer)
  }
}
