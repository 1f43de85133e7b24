// Websites are host names, so `AllRecipes.com` and `allrecipes.com` must count as one website on either side.
export function websiteKey(website: unknown): string | null {
  if (typeof website !== 'string') return null
  const key = website.trim().toLowerCase()
  return key === '' ? null : key
}
