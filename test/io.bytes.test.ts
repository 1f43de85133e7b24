import {describe, expect, it} from 'vitest'
import {ByteSpool} from '../src/lib/io/byte-spool.js'
import {LineBuffer} from '../src/lib/io/line-buffer.js'
import {workdir} from './helpers/workdir.js'

const lines = (count: number, from = 0) =>
  Array.from({length: count}, (_, i) =>
    JSON.stringify({n: from + i, text: `ünïcode ${'x'.repeat((from + i) % 37)} 東京 🚀`}),
  )

async function readBack(spool: ByteSpool): Promise<{text: string; chunkEndsOnNewline: boolean}> {
  const chunks: Buffer[] = []
  for await (const chunk of spool.chunks()) chunks.push(chunk)
  return {
    text: Buffer.concat(chunks).toString('utf8'),
    chunkEndsOnNewline: chunks.every((chunk) => chunk.at(-1) === 0x0a),
  }
}

describe('ByteSpool', () => {
  it('gives back what it kept, in order, from memory', async () => {
    const spool = new ByteSpool(workdir().path('memory.spool'))
    await spool.writeLines(lines(100))
    await spool.writeBytes(Buffer.from(`${lines(50, 100).join('\n')}\n`), 50)
    await spool.close()
    expect(spool.count).toBe(150)
    expect(await readBack(spool)).toEqual({text: `${lines(150).join('\n')}\n`, chunkEndsOnNewline: true})
  })

  it('spills to its file past the budget and still gives back whole lines in order', async () => {
    const spool = new ByteSpool(workdir().path('file.spool'), 4096)
    for (let batch = 0; batch < 40; batch++) await spool.writeLines(lines(500, batch * 500))
    await spool.close()
    expect(spool.count).toBe(20_000)
    expect(await readBack(spool)).toEqual({text: `${lines(20_000).join('\n')}\n`, chunkEndsOnNewline: true})
  })
})

describe('LineBuffer', () => {
  it('encodes lines of any script as UTF-8, each ending in a newline, across growth', () => {
    const buffer = new LineBuffer(16)
    const text = lines(5000)
    for (const line of text) buffer.push(line)
    const bytes = buffer.finish()
    expect(buffer.count).toBe(5000)
    expect(Buffer.from(bytes).toString('utf8')).toBe(`${text.join('\n')}\n`)
    expect(bytes.byteLength).toBe(Buffer.byteLength(`${text.join('\n')}\n`))
  })
})
