import {parentPort} from 'node:worker_threads'
import {ExternalError, InputError, UsageError} from '../errors.js'

/**
 * The worker side of a WorkerPool: answers each job with the handler's result, the user-facing error it raised (bad
 * input, a usage mistake, a failing file system: re-raised as such in the caller), or the crash that prevented it.
 * `transfer` names buffers of a result to move to the caller instead of copying (they become unusable here).
 */
export function serveJobs<I, O>(
  handler: (job: I) => O | Promise<O>,
  transfer: (result: O) => ArrayBuffer[] = () => [],
): void {
  parentPort!.on('message', async ({id, job}: {id: number; job: I}) => {
    try {
      const result = await handler(job)
      parentPort!.postMessage({id, result}, transfer(result))
    } catch (error) {
      if (error instanceof UsageError || error instanceof InputError || error instanceof ExternalError) {
        parentPort!.postMessage({id, failure: {kind: error.name, message: error.text, hint: error.hintText}})
      } else {
        parentPort!.postMessage({id, crash: (error as Error)?.stack ?? String(error)})
      }
    }
  })
}
