// The baseline stage: parse and re-serialise every line of an NDJSON file, streaming, to a file.
import {createReadStream, createWriteStream} from 'node:fs'
import {once} from 'node:events'
import {createInterface} from 'node:readline'

const [input, output] = process.argv.slice(2)
const out = createWriteStream(output)
let batch = []
for await (const line of createInterface({
  input: createReadStream(input, {highWaterMark: 1 << 20}),
  crlfDelay: Infinity,
})) {
  if (line === '') continue
  batch.push(JSON.stringify(JSON.parse(line)))
  if (batch.length === 512) {
    if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain')
    batch = []
  }
}
if (batch.length > 0) out.write(`${batch.join('\n')}\n`)
out.end()
await once(out, 'close')
