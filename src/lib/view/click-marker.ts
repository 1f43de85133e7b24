import {actionCoordinate, type RecordedAction} from '../schema/action.js'

/** Where a marker sits over the screenshot, in percent of the image box from its left and top edges. */
export interface MarkerPosition {
  left: number
  top: number
}

/**
 * Where an action with a coordinate landed, over the screenshot it was chosen on: the model's [x, y] are 0-1000 of
 * the screenshot (the viewport), so the point is x/1000 of the image's width from its left edge and y/1000 of its
 * height from its top, clamped to the image as the browser clamps the click. null for actions without a point.
 */
export function markerPosition(action: RecordedAction | null | undefined): MarkerPosition | null {
  const coordinate = action ? actionCoordinate(action) : undefined
  if (!coordinate) return null
  const [x, y] = coordinate
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null
  return {left: clamp(x) / 10, top: clamp(y) / 10}
}

/** The marker's inline style: its centre (the CSS translates it by half its size) at the position. */
export function markerStyle(position: MarkerPosition): string {
  return `left:${position.left}%;top:${position.top}%`
}

function clamp(value: number): number {
  return Math.min(1000, Math.max(0, value))
}
