// Formatting helpers: numbers, ordinals, centuries, article slugs, image names and article links.

export function fmt(n: number): string {
  return n.toLocaleString('en-US', {maximumFractionDigits: 2})
}

export function fixed2(n: number): string {
  return n.toFixed(2)
}

export function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

export function century(year: number): number {
  return Math.floor((year - 1) / 100) + 1
}

export function slugOf(title: string): string {
  return title.replace(/ /g, '_')
}

export function imageName(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

export function articleHref(slug: string): string {
  return `/wiki/${encodeURIComponent(slug)}`
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
