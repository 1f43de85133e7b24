// TravelPlanner's CSV stores Python literals (`{'a': None}`, `['x', 'y']`), written by Python's repr. This reads
// that subset — dicts, lists, tuples, strings, numbers, True/False/None — into JSON values, like ast.literal_eval.

export class PythonLiteralError extends Error {}

export function parsePythonLiteral(text: string): unknown {
  const parser = new LiteralParser(text)
  const value = parser.value()
  parser.skipSpace()
  if (!parser.atEnd()) parser.fail('unexpected text after the value')
  return value
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\n': '',
}

class LiteralParser {
  private at = 0
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length
  }

  fail(problem: string): never {
    throw new PythonLiteralError(`${problem} at character ${this.at + 1}`)
  }

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++
  }

  value(): unknown {
    this.skipSpace()
    const char = this.text[this.at]
    if (char === '{') return this.dict()
    if (char === '[') return this.sequence(']')
    if (char === '(') return this.sequence(')')
    if (char === "'" || char === '"') return this.string()
    if (char === '-' || char === '+' || (char >= '0' && char <= '9') || char === '.') return this.number()
    for (const [word, value] of [
      ['None', null],
      ['True', true],
      ['False', false],
      ['nan', Number.NaN],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length
        return value
      }
    }
    return this.fail(char === undefined ? 'unexpected end of text' : `unexpected ${JSON.stringify(char)}`)
  }

  private dict(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    this.at++
    for (;;) {
      this.skipSpace()
      if (this.text[this.at] === '}') {
        this.at++
        return out
      }
      const key = this.value()
      this.skipSpace()
      if (this.text[this.at] !== ':') this.fail('expected ":" in a dict')
      this.at++
      out[String(key)] = this.value()
      this.skipSpace()
      if (this.text[this.at] === ',') this.at++
      else if (this.text[this.at] !== '}') this.fail('expected "," or "}" in a dict')
    }
  }

  private sequence(close: string): unknown[] {
    const out: unknown[] = []
    this.at++
    for (;;) {
      this.skipSpace()
      if (this.text[this.at] === close) {
        this.at++
        return out
      }
      out.push(this.value())
      this.skipSpace()
      if (this.text[this.at] === ',') this.at++
      else if (this.text[this.at] !== close) this.fail(`expected "," or "${close}"`)
    }
  }

  private string(): string {
    const quote = this.text[this.at]
    const triple = this.text.startsWith(quote.repeat(3), this.at)
    const end = triple ? quote.repeat(3) : quote
    this.at += end.length
    let out = ''
    for (;;) {
      if (this.atEnd()) this.fail('unterminated string')
      if (this.text.startsWith(end, this.at)) {
        this.at += end.length
        break
      }
      const char = this.text[this.at]
      if (char === '\\') {
        const next = this.text[this.at + 1]
        if (next === 'x' || next === 'u' || next === 'U') {
          const width = next === 'x' ? 2 : next === 'u' ? 4 : 8
          const hex = this.text.slice(this.at + 2, this.at + 2 + width)
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) this.fail('bad escape')
          out += String.fromCodePoint(Number.parseInt(hex, 16))
          this.at += 2 + width
          continue
        }
        out += next in ESCAPES ? ESCAPES[next] : `\\${next}`
        this.at += 2
        continue
      }
      out += char
      this.at++
    }
    this.skipSpace()
    // Python joins adjacent string literals.
    if (this.text[this.at] === "'" || this.text[this.at] === '"') out += this.string()
    return out
  }

  private number(): number {
    const match = /^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?/.exec(this.text.slice(this.at))
    if (!match || match[0] === '' || match[0] === '-' || match[0] === '+') this.fail('bad number')
    this.at += match[0].length
    return Number(match[0].replace(/_/g, ''))
  }
}
