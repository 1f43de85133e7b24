// WebGym's task taxonomy: domains and their subdomains, as microsoft/webgym's `domain_subdomain_map` lists them.
export const TAXONOMY: Readonly<Record<string, readonly string[]>> = {
  'Lifestyle & Leisure': [
    'Shopping',
    'Food & Cooking',
    'Sports & Fitness',
    'Health & Medicine',
    'Pets & Animal Welfare',
    'Fashion & Beauty',
    'Hobbies & DIY',
  ],
  Entertainment: [
    'Films & TV Shows',
    'Gaming & Virtual Worlds',
    'Live Shows & Performances',
    'Music',
    'Books & Reading',
  ],
  'Misc.': ['General Info.', 'News', 'Legal & Government Services', 'Real Estate', 'Finance & Investment'],
  'Science & Research': ['Research & Academia', 'Technology & Science'],
  'Career & Education': ['Education & Learning', 'Jobs & Career'],
  'Travel & Transportation': ['Travel & Accommodation', 'Outdoor & Recreation', 'Ticketed Activities'],
}

export const DOMAINS = Object.keys(TAXONOMY)

/** The domain a subdomain belongs to, or null when it is not in the taxonomy. */
export function domainOfSubdomain(subdomain: string): string | null {
  for (const [domain, subs] of Object.entries(TAXONOMY)) if (subs.includes(subdomain)) return domain
  return null
}

// Every subdomain in taxonomy order (24: microsoft/webgym's map lists 24, though the paper speaks of 25).
export const SUBDOMAINS: readonly string[] = Object.values(TAXONOMY).flat()

/** True when the pair is one of the taxonomy's: the subdomain exists and belongs to that domain. */
export function isTaxonomyPair(domain: string | null, subdomain: string | null): boolean {
  return subdomain !== null && domain !== null && domainOfSubdomain(subdomain) === domain
}
