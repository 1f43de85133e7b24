import type {Box} from './accessibility-tree.js'

// The Set-of-Marks screenshot: a numbered box over each interactive element, drawn on the screenshot's image (the
// page is not touched, so the plain screenshot stays what the page showed). Digits are drawn from a built-in 3x5
// pixel font as rectangles, so the image is the same on every machine, whatever fonts it has.

const DIGITS: Record<string, string[]> = {
  '0': ['111', '101', '101', '101', '111'],
  '1': ['010', '110', '010', '010', '111'],
  '2': ['111', '001', '111', '100', '111'],
  '3': ['111', '001', '111', '001', '111'],
  '4': ['101', '101', '111', '001', '001'],
  '5': ['111', '100', '111', '001', '111'],
  '6': ['111', '100', '111', '101', '111'],
  '7': ['111', '001', '010', '010', '010'],
  '8': ['111', '101', '111', '101', '111'],
  '9': ['111', '101', '111', '001', '111'],
}
const PIXEL = 2 // a font pixel, in image pixels
const PAD = 2
// Colours that stay apart from each other and from white page backgrounds; neighbours get different ones.
const COLOURS = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#008080',
  '#9a6324',
  '#800000',
  '#000075',
  '#808000',
]

export interface Mark {
  id: number
  box: Box
}

/** The screenshot (JPEG) with the marks drawn on it, as a JPEG of the same quality. */
export async function drawMarks(
  jpeg: Buffer,
  marks: readonly Mark[],
  size: {width: number; height: number},
  quality: number,
): Promise<Buffer> {
  if (marks.length === 0) return jpeg
  const overlay = Buffer.from(marksSvg(marks, size))
  // Loaded here, not with the module: the modes are named by the record schemas every command loads.
  const {default: sharp} = await import('sharp')
  return sharp(jpeg)
    .composite([{input: overlay, top: 0, left: 0}])
    .jpeg({quality})
    .toBuffer()
}

/** The marks as an SVG the size of the screenshot. */
export function marksSvg(marks: readonly Mark[], size: {width: number; height: number}): string {
  const parts: string[] = []
  for (const mark of marks) {
    const colour = COLOURS[mark.id % COLOURS.length]!
    const {x, y, width, height} = mark.box
    parts.push(
      `<rect x="${r(x + 1)}" y="${r(y + 1)}" width="${r(Math.max(1, width - 2))}" height="${r(Math.max(1, height - 2))}" fill="none" stroke="${colour}" stroke-width="2"/>`,
    )
    const label = String(mark.id)
    const labelWidth = label.length * 4 * PIXEL - PIXEL + 2 * PAD
    const labelHeight = 5 * PIXEL + 2 * PAD
    // Inside the box's top-left corner, kept within the image.
    const left = Math.min(Math.max(0, Math.round(x)), size.width - labelWidth)
    const top = Math.min(Math.max(0, Math.round(y)), size.height - labelHeight)
    parts.push(`<rect x="${left}" y="${top}" width="${labelWidth}" height="${labelHeight}" fill="${colour}"/>`)
    parts.push(`<path fill="#ffffff" d="${digitsPath(label, left + PAD, top + PAD)}"/>`)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${parts.join('')}</svg>`
}

function digitsPath(label: string, left: number, top: number): string {
  const path: string[] = []
  ;[...label].forEach((digit, position) => {
    const rows = DIGITS[digit]!
    rows.forEach((row, rowIndex) => {
      ;[...row].forEach((cell, column) => {
        if (cell !== '1') return
        const x = left + (position * 4 + column) * PIXEL
        const y = top + rowIndex * PIXEL
        path.push(`M${x} ${y}h${PIXEL}v${PIXEL}h-${PIXEL}z`)
      })
    })
  })
  return path.join('')
}

function r(value: number): number {
  return Math.round(value * 10) / 10
}
