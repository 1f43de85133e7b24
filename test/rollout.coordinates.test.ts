import {describe, expect, it} from 'vitest'
import {toPixels, toRelative} from '../src/lib/rollout/coordinates.js'

// Non-square, so that swapping x and y or scaling by the wrong side gives a different pixel.
const viewport = {width: 1280, height: 768}

describe('toPixels', () => {
  it('scales x by the width and y by the height, keeping their order', () => {
    expect(toPixels([250, 750], viewport)).toEqual({x: 320, y: 576})
    expect(toPixels([750, 250], viewport)).toEqual({x: 960, y: 192})
    expect(toPixels([500, 500], viewport)).toEqual({x: 640, y: 384})
  })

  it('rounds to the nearest pixel', () => {
    // 1280 * 1 / 1000 = 1.28 and 768 * 3 / 1000 = 2.304
    expect(toPixels([1, 3], viewport)).toEqual({x: 1, y: 2})
    expect(toPixels([2, 2], viewport)).toEqual({x: 3, y: 2})
  })

  it('clamps to the last pixel at 1000 and to zero below 0', () => {
    expect(toPixels([1000, 1000], viewport)).toEqual({x: 1279, y: 767})
    expect(toPixels([0, 0], viewport)).toEqual({x: 0, y: 0})
    expect(toPixels([-10, 1500], viewport)).toEqual({x: 0, y: 767})
  })

  it('refuses non-finite coordinates', () => {
    expect(() => toPixels([Number.NaN, 5], viewport)).toThrow(/finite.*NaN/)
  })
})

describe('toRelative', () => {
  it('is the inverse scaling, per axis', () => {
    expect(toRelative({x: 320, y: 576}, viewport)).toEqual([250, 750])
    expect(toRelative({x: 960, y: 192}, viewport)).toEqual([750, 250])
  })

  it('clamps to 0-1000', () => {
    expect(toRelative({x: 5000, y: -3}, viewport)).toEqual([1000, 0])
  })

  it('refuses non-finite points', () => {
    expect(() => toRelative({x: 1, y: Number.POSITIVE_INFINITY}, viewport)).toThrow(RangeError)
  })
})

describe('round trip', () => {
  it('returns every relative coordinate to within one unit', () => {
    for (let x = 0; x <= 1000; x += 7) {
      const y = 1000 - x
      const [rx, ry] = toRelative(toPixels([x, y], viewport), viewport)
      expect(Math.abs(rx - x)).toBeLessThanOrEqual(1)
      expect(Math.abs(ry - y)).toBeLessThanOrEqual(1)
    }
  })

  it('returns every pixel to within one pixel', () => {
    for (let px = 0; px < viewport.width; px += 5) {
      const py = Math.floor((px * viewport.height) / viewport.width)
      const back = toPixels(toRelative({x: px, y: py}, viewport), viewport)
      expect(Math.abs(back.x - px)).toBeLessThanOrEqual(1)
      expect(Math.abs(back.y - py)).toBeLessThanOrEqual(1)
    }
  })
})
