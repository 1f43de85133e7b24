/**
 * Finds the line on which each top-level element of a JSON array text starts, so errors in a JSON-array source
 * (Mind2Web-Live, Online-Mind2Web) can name a line like the other formats do.
 */
export function elementStartLines(text: string): number[] {
  const lines: number[] = []
  let line = 1
  let depth = 0
  let inString = false
  let expectElement = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\n') line++
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
      continue
    }
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') continue
    if (depth === 1 && expectElement && char !== ']') {
      lines.push(line)
      expectElement = false
    }
    if (char === '"') inString = true
    else if (char === '[' || char === '{') {
      depth++
      if (depth === 1) expectElement = true
    } else if (char === ']' || char === '}') depth--
    else if (char === ',' && depth === 1) expectElement = true
  }
  return lines
}
