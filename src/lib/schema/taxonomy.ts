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
  Entertainment: ['Films & TV Shows', 'Gaming & Virtual Worlds', 'Live Shows & Performances', 'Music', 'Books & Reading'],
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
