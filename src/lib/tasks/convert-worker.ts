import {workerData} from 'node:worker_threads'
import {InvalidRecordError} from '../errors.js'
import {LineBuffer} from '../io/line-buffer.js'
import {decodeLineChunk, type LineChunk} from '../io/read-lines.js'
import {parseJsonLine} from '../io/read-records.js'
import {sourceByName} from '../sources/index.js'
import {serveJobs} from '../workers/serve-jobs.js'
import type {ConvertResponse, ConvertWorkerInit} from './convert-protocol.js'
import {convertRow} from './convert-row.js'

// A conversion worker of `tasks build`: parses and converts batches of JSONL lines on another core.
const init = workerData as ConvertWorkerInit
const adapter = sourceByName(init.adapter)!
const extra = adapter.prepare ? adapter.prepare(init.file, init.prepare) : Promise.resolve(undefined)

serveJobs(convert, (result) => [result.lines.buffer, result.keyHashes.buffer, result.idHashes.buffer] as ArrayBuffer[])

async function convert(chunk: LineChunk): Promise<ConvertResponse> {
  // Task lines run about half as long again as the source rows they come from.
  const lines = new LineBuffer(Math.ceil((chunk.bytes?.byteLength ?? 0) * 1.6))
  const keyHashes: number[] = []
  const idHashes: number[] = []
  const hasWebsite: number[] = []
  const sourceRuns: [string, number][] = []
  const errors: ConvertResponse['errors'] = []
  const context = {file: init.name, extra: await extra}
  for (const line of decodeLineChunk(chunk)) {
    const parsed = parseJsonLine(line, init.name)
    if (parsed === undefined) continue
    if (parsed instanceof InvalidRecordError) {
      errors.push({line: line.line, field: parsed.field, problem: parsed.problem})
      continue
    }
    const row = convertRow(adapter, parsed.value as Record<string, unknown>, context, init.label)
    if (!('json' in row)) {
      errors.push({line: line.line, field: row.field, problem: row.problem})
      continue
    }
    lines.push(row.json)
    keyHashes.push(row.keyHash)
    idHashes.push(row.idHash)
    hasWebsite.push(row.hasWebsite ? 1 : 0)
    const run = sourceRuns.at(-1)
    if (run?.[0] === row.source) run[1]++
    else sourceRuns.push([row.source, 1])
  }
  return {
    lines: lines.finish(),
    keyHashes: Int32Array.from(keyHashes),
    idHashes: Int32Array.from(idHashes),
    sourceRuns,
    hasWebsite: Uint8Array.from(hasWebsite),
    errors,
  }
}
