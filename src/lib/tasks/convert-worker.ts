import {workerData} from 'node:worker_threads'
import {InvalidRecordError} from '../cli/errors.js'
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

serveJobs(async (chunk: LineChunk): Promise<ConvertResponse> => {
  const response: ConvertResponse = {json: [], keys: [], ids: [], sources: [], hasWebsite: [], errors: []}
  const context = {file: init.name, extra: await extra}
  for (const line of decodeLineChunk(chunk)) {
    const parsed = parseJsonLine(line, init.name)
    if (parsed === undefined) continue
    if (parsed instanceof InvalidRecordError) {
      response.errors.push({line: line.line, field: parsed.field, problem: parsed.problem})
      continue
    }
    const row = convertRow(adapter, parsed.value as Record<string, unknown>, context, init.label)
    if (!('json' in row)) {
      response.errors.push({line: line.line, field: row.field, problem: row.problem})
      continue
    }
    response.json.push(row.json)
    response.keys.push(row.key)
    response.ids.push(row.id)
    response.sources.push(row.source)
    response.hasWebsite.push(row.hasWebsite)
  }
  return response
})
