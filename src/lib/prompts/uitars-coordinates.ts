// UI-TARS-1.5's coordinate convention, in one place. The model is a Qwen2.5-VL: the server resizes each screenshot
// so that both sides are multiples of 28 and the pixel count stays within 100 x 28^2 .. 16384 x 28^2 ("smart
// resize"), and the model names points as absolute pixels of that resized image, x first. webgym keeps actions in
// 0-1000 units over the screenshot, so a point is scaled by the resized size, not the viewport's.

const FACTOR = 28
const MIN_PIXELS = 100 * FACTOR * FACTOR
const MAX_PIXELS = 16384 * FACTOR * FACTOR

export interface Size {
  width: number
  height: number
}

/** The size the model sees a screenshot of `viewport` at (Qwen2.5-VL's smart resize). */
export function uitarsCanvas(viewport: Size): Size {
  const {width, height} = viewport
  let w = Math.max(FACTOR, roundTo(width))
  let h = Math.max(FACTOR, roundTo(height))
  if (w * h > MAX_PIXELS) {
    const beta = Math.sqrt((width * height) / MAX_PIXELS)
    w = Math.floor(width / beta / FACTOR) * FACTOR
    h = Math.floor(height / beta / FACTOR) * FACTOR
  } else if (w * h < MIN_PIXELS) {
    const beta = Math.sqrt(MIN_PIXELS / (width * height))
    w = Math.ceil((width * beta) / FACTOR) * FACTOR
    h = Math.ceil((height * beta) / FACTOR) * FACTOR
  }
  return {width: w, height: h}
}

/** A point the model named ([x, y] in the resized image) in webgym's 0-1000 units; a message when it is off the image. */
export function fromUiTars(point: readonly [number, number], viewport: Size): [number, number] | string {
  const canvas = uitarsCanvas(viewport)
  const [x, y] = point
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x > canvas.width || y > canvas.height) {
    return `point (${x},${y}) is off the ${canvas.width}x${canvas.height} screenshot the model sees`
  }
  return [Math.min(1000, Math.round((1000 * x) / canvas.width)), Math.min(1000, Math.round((1000 * y) / canvas.height))]
}

/** The inverse of fromUiTars: a 0-1000 point as the model would name it (for replies written without a model). */
export function toUiTars(coordinate: readonly [number, number], viewport: Size): [number, number] {
  const canvas = uitarsCanvas(viewport)
  return [Math.round((coordinate[0] * canvas.width) / 1000), Math.round((coordinate[1] * canvas.height) / 1000)]
}

// Python's round() rounds halves to even, and the server's resize is Python: 1302 px is 46 x 28, not 47 x 28.
function roundTo(value: number): number {
  const q = value / FACTOR
  const floor = Math.floor(q)
  const rounded = q - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(q)
  return rounded * FACTOR
}
