// A time limit on any promise: the browser calls of an episode, a probe of a browser, a page's check.

/** A limit ran out: told apart by its class (a typed outcome), never by its message. */
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
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `timed out after ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(message, ms)), ms))),
    ])
  } finally {
    clearTimeout(timer)
  }
}
