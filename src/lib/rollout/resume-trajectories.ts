import {createReadStream, createWriteStream} from 'node:fs'
import {rename, stat} from 'node:fs/promises'
import {once} from 'node:events'
import {InputError} from '../cli/errors.js'
import {readLineBatches} from '../io/read-lines.js'
import {dropPartialLastLine} from '../batch/resume.js'

/**
 * Prepares `rollout --resume FILE`: a last line cut short by a crash is dropped, and so are trajectories that ended
 * `aborted` (a stopped run's unfinished episodes) or `error` (a policy endpoint down, a browser lost for good), which
 * are rolled out again. Returns the task ids FILE still holds,
 * so that after the resumed run every task is in FILE exactly once.
 */
export async function tasksAlreadyRolledOut(path: string): Promise<Set<string>> {
  let size: number
  try {
    size = (await stat(path)).size
  } catch {
    return new Set()
  }
  await dropPartialLastLine(path, size)
  const done = new Set<string>()
  const kept: string[] = []
  let dropped = 0
  for await (const batch of readLineBatches(createReadStream(path), Number.MAX_SAFE_INTEGER)) {
    for (const line of batch) {
      if (!line.text?.trim()) continue
      let record: {task?: {id?: unknown}; status?: unknown}
      try {
        record = JSON.parse(line.text)
      } catch {
        throw new InputError(`${path}:${line.line}: not valid JSON, cannot resume from this file`, 'resume from the file an earlier rollout wrote')
      }
      const id = record.task?.id
      if (typeof id !== 'string') throw new InputError(`${path}:${line.line}: not a trajectory (no task.id), cannot resume from this file`, 'resume from the file an earlier rollout wrote')
      if (record.status === 'aborted' || record.status === 'error' || done.has(id)) {
        dropped++
        continue
      }
      done.add(id)
      kept.push(line.text)
    }
  }
  if (dropped > 0) await rewrite(path, kept)
  return done
}

async function rewrite(path: string, lines: readonly string[]): Promise<void> {
  const temporary = `${path}.resume.tmp`
  const out = createWriteStream(temporary)
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain')
  out.end()
  await once(out, 'close')
  await rename(temporary, path)
}
