import type {ByteSpool} from '../io/byte-spool.js'
import {countNewlines} from '../io/read-lines.js'
import type {RecordWriter} from '../io/record-writer.js'
import type {Task} from '../schema/task.js'
import {IntColumn} from '../split/int-column.js'
import {duplicateKey, shortHash} from './finalize.js'
import {rowsSharingHash} from './hash-groups.js'

/** Who a merged duplicate was. */
export interface MergedFrom {
  source: string
  id: string
}

/** What pass 2 does to the spooled rows. Rows are numbered in spool order. */
export interface MergePlan {
  /** Duplicates of an earlier row: left out. */
  dropped: Set<number>
  /** First rows that others were merged into, with every row of the group (the first one first). */
  mergedInto: Map<number, MergedFrom[]>
  /** Kept rows whose id another kept row has: their ids get a suffix that tells them apart. */
  renamed: Set<number>
}

/** The hashes of each spooled row's duplicate key and id: all that pass 1 keeps per row. */
export class RowHashes {
  readonly keys = new IntColumn()
  readonly ids = new IntColumn()

  get count(): number {
    return this.keys.length
  }

  add(keyHash: number, idHash: number): void {
    this.keys.push(keyHash)
    this.ids.push(idHash)
  }
}

interface Candidate {
  row: number
  key: string
  id: string
  source: string
}

const NEWLINE = 0x0a

/**
 * Works out exactly which rows are duplicates (same normalised intent and website as an earlier row) and which
 * kept rows share an id. Only rows whose key or id hash another row shares are read again and compared in full;
 * every other row is unique by its hash alone.
 */
export async function planMerges(spool: ByteSpool, hashes: RowHashes): Promise<MergePlan> {
  const plan: MergePlan = {dropped: new Set(), mergedInto: new Map(), renamed: new Set()}
  const keyShared = rowsSharingHash(hashes.keys.values())
  const idShared = rowsSharingHash(hashes.ids.values())
  const candidates: Candidate[] = []
  let row = 0
  if (keyShared.includes(1) || idShared.includes(1)) {
    for await (const chunk of spool.chunks()) {
      for (let start = 0; start < chunk.length; row++) {
        const end = chunk.indexOf(NEWLINE, start)
        if (keyShared[row] === 1 || idShared[row] === 1) {
          const task = JSON.parse(chunk.toString('utf8', start, end)) as Task
          candidates.push({row, key: duplicateKey(task.intent, task.website), id: task.id, source: task.source})
        }
        start = end + 1
      }
    }
  }
  const firstByKey = new Map<string, Candidate>()
  for (const candidate of candidates) {
    if (keyShared[candidate.row] !== 1) continue
    const first = firstByKey.get(candidate.key)
    if (!first) {
      firstByKey.set(candidate.key, candidate)
      continue
    }
    const group = plan.mergedInto.get(first.row) ?? [{source: first.source, id: first.id}]
    group.push({source: candidate.source, id: candidate.id})
    plan.mergedInto.set(first.row, group)
    plan.dropped.add(candidate.row)
  }
  const rowsById = new Map<string, number[]>()
  for (const candidate of candidates) {
    if (idShared[candidate.row] !== 1 || plan.dropped.has(candidate.row)) continue
    const rows = rowsById.get(candidate.id)
    if (rows) rows.push(candidate.row)
    else rowsById.set(candidate.id, [candidate.row])
  }
  for (const rows of rowsById.values()) if (rows.length > 1) for (const each of rows) plan.renamed.add(each)
  return plan
}

/**
 * Pass 2: writes the spooled rows in order, leaving out duplicates and rewriting only the rows the plan changes;
 * every other line is copied as bytes.
 */
export async function writeMerged(spool: ByteSpool, plan: MergePlan, writer: RecordWriter): Promise<void> {
  const unchanged = plan.dropped.size === 0 && plan.renamed.size === 0
  let row = 0
  for await (const chunk of spool.chunks()) {
    if (unchanged) {
      await writer.writeBytes(chunk, countNewlines(chunk))
      continue
    }
    let runStart = 0
    let runLines = 0
    for (let start = 0; start < chunk.length; row++) {
      const end = chunk.indexOf(NEWLINE, start)
      const dropped = plan.dropped.has(row)
      const group = plan.mergedInto.get(row)
      const renamed = plan.renamed.has(row)
      if (dropped || group || renamed) {
        if (runLines > 0) await writer.writeBytes(chunk.subarray(runStart, start), runLines)
        if (!dropped) {
          const task = JSON.parse(chunk.toString('utf8', start, end)) as Task
          if (renamed) task.id = `${task.id}~${shortHash(duplicateKey(task.intent, task.website))}`
          if (group) task.meta = {...task.meta, merged_from: [{source: task.source, id: task.id}, ...group.slice(1)]}
          await writer.writeLine(JSON.stringify(task))
        }
        runStart = end + 1
        runLines = 0
      } else {
        runLines++
      }
      start = end + 1
    }
    if (runLines > 0) await writer.writeBytes(chunk.subarray(runStart), runLines)
  }
}
