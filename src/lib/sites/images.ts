import {SeededRandom} from '../random/seeded-random.js'
import {hashString, pick} from './random-pick.js'

// Generated pictures: every image of the fixture web is an SVG drawn from its name, so nothing is fetched from
// outside and a page looks the same on every run.

export const IMAGE_KINDS = ['product', 'photo', 'food', 'portrait', 'house', 'map', 'logo', 'chart'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

const HUES = [8, 24, 42, 95, 140, 170, 200, 215, 250, 280, 320, 345]

/** The SVG for `/img/<kind>/<name>.svg`, or null for an unknown kind. */
export function imageSvg(kind: string, name: string): string | null {
  if (!(IMAGE_KINDS as readonly string[]).includes(kind)) return null
  const rng = new SeededRandom(hashString(`${kind}/${name}`))
  const hue = pick(rng, HUES)
  const draw = DRAWERS[kind as ImageKind]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">${draw(rng, hue, name)}</svg>`
}

const DRAWERS: Record<ImageKind, (rng: SeededRandom, hue: number, name: string) => string> = {
  product(rng, hue) {
    const shape = rng.below(4)
    const body =
      shape === 0
        ? `<rect x="130" y="70" width="140" height="170" rx="18" fill="hsl(${hue},55%,45%)"/><rect x="160" y="45" width="80" height="30" rx="8" fill="hsl(${hue},40%,30%)"/>`
        : shape === 1
          ? `<circle cx="200" cy="155" r="85" fill="hsl(${hue},60%,50%)"/><circle cx="200" cy="155" r="40" fill="hsl(${hue},60%,80%)"/>`
          : shape === 2
            ? `<path d="M110 230 L200 60 L290 230 Z" fill="hsl(${hue},50%,48%)"/><rect x="120" y="228" width="160" height="14" fill="hsl(${hue},30%,30%)"/>`
            : `<rect x="95" y="110" width="210" height="110" rx="10" fill="hsl(${hue},45%,42%)"/><circle cx="145" cy="230" r="22" fill="#333"/><circle cx="255" cy="230" r="22" fill="#333"/>`
    return `<rect width="400" height="300" fill="hsl(${hue},30%,94%)"/><ellipse cx="200" cy="262" rx="120" ry="12" fill="rgba(0,0,0,.12)"/>${body}`
  },
  photo(rng, hue) {
    const sun = `<circle cx="${60 + rng.below(280)}" cy="${50 + rng.below(50)}" r="28" fill="hsl(45,95%,65%)"/>`
    const hill = (y: number, l: number) =>
      `<path d="M0 ${y} Q ${80 + rng.below(120)} ${y - 60 - rng.below(50)} 200 ${y} T 400 ${y - rng.below(30)} V300 H0 Z" fill="hsl(${(hue + 100) % 360},35%,${l}%)"/>`
    return `<rect width="400" height="300" fill="hsl(${hue},60%,82%)"/>${sun}${hill(200, 45)}${hill(240, 35)}${hill(270, 28)}`
  },
  food(rng, hue) {
    const bits = Array.from(
      {length: 7},
      () =>
        `<circle cx="${150 + rng.below(100)}" cy="${110 + rng.below(80)}" r="${10 + rng.below(14)}" fill="hsl(${pick(rng, HUES)},65%,50%)"/>`,
    ).join('')
    return `<rect width="400" height="300" fill="hsl(${hue},25%,88%)"/><circle cx="200" cy="150" r="115" fill="#fafafa" stroke="#ddd" stroke-width="4"/><circle cx="200" cy="150" r="85" fill="hsl(${hue},45%,72%)"/>${bits}`
  },
  portrait(_rng, hue) {
    return `<rect width="400" height="300" fill="hsl(${hue},35%,85%)"/><circle cx="200" cy="120" r="55" fill="hsl(28,45%,70%)"/><path d="M90 300 Q200 160 310 300 Z" fill="hsl(${hue},45%,38%)"/>`
  },
  house(rng, hue) {
    const windows = Array.from(
      {length: 2 + rng.below(3)},
      (_, i) =>
        `<rect x="${135 + i * 40}" y="165" width="26" height="26" fill="#cfe8ff" stroke="#fff" stroke-width="3"/>`,
    ).join('')
    return `<rect width="400" height="300" fill="hsl(205,60%,85%)"/><rect y="240" width="400" height="60" fill="hsl(110,35%,45%)"/><rect x="110" y="140" width="180" height="100" fill="hsl(${hue},35%,70%)"/><path d="M95 145 L200 70 L305 145 Z" fill="hsl(${hue},40%,35%)"/>${windows}<rect x="185" y="200" width="30" height="40" fill="hsl(${hue},40%,30%)"/>`
  },
  map(rng, hue) {
    const roads = Array.from(
      {length: 6},
      () => `<path d="M${rng.below(400)} 0 L${rng.below(400)} 300" stroke="#fff" stroke-width="${3 + rng.below(5)}"/>`,
    ).join('')
    return `<rect width="400" height="300" fill="hsl(${hue},20%,90%)"/><path d="M0 220 Q120 180 220 240 T400 210 V300 H0Z" fill="hsl(200,55%,75%)"/>${roads}<circle cx="${80 + rng.below(240)}" cy="${60 + rng.below(160)}" r="9" fill="#d93025"/>`
  },
  logo(_rng, hue, name) {
    return `<rect width="400" height="300" rx="40" fill="hsl(${hue},55%,40%)"/><text x="200" y="185" text-anchor="middle" font-size="140" font-family="DejaVu Sans, sans-serif" font-weight="700" fill="#fff">${name
      .charAt(0)
      .toUpperCase()
      .replace(/[^A-Z0-9]/, 'W')}</text>`
  },
  chart(rng, hue) {
    const bars = Array.from({length: 8}, (_, i) => {
      const h = 40 + rng.below(200)
      return `<rect x="${30 + i * 45}" y="${270 - h}" width="30" height="${h}" fill="hsl(${hue},55%,${40 + (i % 3) * 8}%)"/>`
    }).join('')
    return `<rect width="400" height="300" fill="#fff"/><path d="M20 270 H390" stroke="#888"/>${bars}`
  },
}
