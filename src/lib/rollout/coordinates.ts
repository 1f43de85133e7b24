export interface Viewport {
  width: number
  height: number
}

// The policy speaks [x, y] in 0-1000 units over the screenshot so the same model works at any viewport size;
// the browser needs pixels. Clamping keeps a click on the edge (1000) inside the page instead of one pixel past it.
export function toPixels(coordinate: readonly [number, number], viewport: Viewport): {x: number; y: number} {
  const [x, y] = coordinate
  assertFinite('coordinate', [x, y])
  return {
    x: clamp(Math.round((viewport.width * x) / 1000), 0, viewport.width - 1),
    y: clamp(Math.round((viewport.height * y) / 1000), 0, viewport.height - 1),
  }
}

/** The inverse of toPixels, for recording where a scripted policy clicked in the units the model would use. */
export function toRelative(point: {x: number; y: number}, viewport: Viewport): [number, number] {
  assertFinite('point', [point.x, point.y])
  return [
    clamp(Math.round((1000 * point.x) / viewport.width), 0, 1000),
    clamp(Math.round((1000 * point.y) / viewport.height), 0, 1000),
  ]
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

// NaN would survive Math.round and clamp silently and turn into a click nowhere; fail loudly instead.
function assertFinite(what: string, values: number[]): void {
  if (!values.every(Number.isFinite))
    throw new RangeError(`${what} must be two finite numbers, got [${values.join(', ')}]`)
}
