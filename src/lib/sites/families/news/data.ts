// Content tables: kinds and sections drawn, names, places, companies, filler paragraphs and notes per article kind.
import type {ArticleKind, SectionId} from './types.js'

export const KIND_WEIGHTS: readonly ArticleKind[] = ['news', 'news', 'news', 'news', 'news', 'analysis', 'analysis', 'opinion', 'interview', 'explainer', 'explainer']

export const CORE_SECTIONS: readonly SectionId[] = ['world', 'business', 'tech', 'sport', 'culture']
export const EXTRA_SECTIONS: readonly SectionId[] = ['politics', 'science', 'climate']

export const FIRST_NAMES = ['Amira', 'Ben', 'Carla', 'Daniel', 'Elif', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jakob', 'Keiko', 'Liam', 'Marta', 'Nikhil', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Samuel', 'Tessa', 'Umar', 'Vera', 'Wes', 'Yara', 'Zoltan', 'Alice', 'Bruno', 'Chloe', 'Dmitri', 'Esther', 'Farid', 'Greta', 'Henrik', 'Isla', 'Joel', 'Kamala', 'Leon', 'Mei', 'Nadia', 'Oscar']
export const LAST_NAMES = ['Abbott', 'Brennan', 'Castillo', 'Dimitrov', 'Eriksen', 'Fontaine', 'Gallagher', 'Hoffmann', 'Ibrahim', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rinaldi', 'Sandoval', 'Takahashi', 'Underwood', 'Varga', 'Whitaker', 'Xu', 'Yilmaz', 'Zielinski', 'Ashworth', 'Bianchi', 'Carvalho', 'Delaney', 'Ekström', 'Ferreira', 'Grant', 'Haddad', 'Ivanova', 'Keller', 'Larsen', 'Mensah', 'Novak', 'Osei']
export const CITIES = ['Lisbon', 'Rotterdam', 'Valencia', 'Gothenburg', 'Krakow', 'Porto', 'Lyon', 'Leipzig', 'Bologna', 'Tampere', 'Ghent', 'Brno', 'Aarhus', 'Graz', 'Cork', 'Bilbao', 'Turin', 'Antwerp', 'Malmo', 'Utrecht', 'Seville', 'Hamburg', 'Bergen', 'Riga', 'Tallinn', 'Zagreb', 'Marseille', 'Salzburg']
export const COUNTRIES = ['Norway', 'Portugal', 'Chile', 'Estonia', 'New Zealand', 'Greece', 'Ireland', 'Canada', 'Finland', 'Croatia', 'Uruguay', 'Iceland', 'Austria', 'Denmark', 'Slovenia', 'Kenya', 'Ghana', 'Vietnam']
export const COMPANIES = ['Halden Freight', 'Carrow Foods', 'Meriden Bank', 'Blackwater Steel', 'Ostrava Air', 'Pellam Retail', 'Greyfield Insurance', 'Tamsin Pharma', 'Marbury Homes', 'Corliss Motors', 'Ashgrove Brewing', 'Fenwick Textiles']
export const TECH_COMPANIES = ['Quillsoft', 'Nexaworks', 'Orbitel', 'Pixelmoor', 'Cindergate', 'Lumora', 'Trellis Labs', 'Hexaline', 'Vantablue', 'Kitewire']
export const ENERGY_COMPANIES = ['Tidewell Energy', 'Northgale Power', 'Solvik Renewables', 'Aeolus Grid', 'Brightwater Utilities', 'Vindra Offshore']
export const TEAM_SUFFIXES = ['Rovers', 'United', 'Athletic', 'City', 'Wanderers', 'Albion', 'FC']
export const TITLES = ['The Salt Orchard', 'A House of Small Weather', 'Northern Lights, Southern Roads', 'The Glass Harbour', 'What the River Kept', 'The Last Lamplighter', 'Midnight at the Observatory', 'Paper Birds', 'The Quiet Year', 'Iron and Honey', 'A Map of Lost Summers', 'The Orchard Keeper']
export const PRODUCT_NAMES = ['Slate', 'Aero', 'Nova', 'Pulse', 'Vertex', 'Lumen', 'Drift']
export const PHOTO_AGENCIES = ['Staff photographer', 'Reuters', 'AP', 'AFP', 'Getty Images', 'EPA']

export const FILLERS: Record<SectionId, readonly string[]> = {
  world: [
    'Diplomats said the mood had shifted noticeably over the past month, as governments came under pressure at home to show results.',
    'Regional analysts cautioned that similar agreements had stalled in the past once the cameras left, and that the details would matter more than the ceremony.',
    'Local newspapers in {city} devoted their front pages to the story, and several printed special editions.',
    'The foreign ministry of {country} said in a short statement that it welcomed the outcome and would study it closely.',
  ],
  business: [
    'Analysts at several banks said the move had been expected, though its scale surprised some investors.',
    'The wider sector has struggled with higher borrowing costs and weaker consumer spending for much of the past year.',
    'Trade unions said they would seek urgent meetings with management to understand what the plans mean for staff.',
    'Market reaction was muted, with the main index ending the session broadly flat.',
  ],
  tech: [
    'Privacy campaigners said the announcement raised questions that regulators would need to answer quickly.',
    'Industry analysts noted that rivals have made similar promises before, with mixed results.',
    'Developers who tried early versions described the experience as promising but unfinished.',
    'The company has hired aggressively over the past year, adding hundreds of engineers in {city} alone.',
  ],
  sport: [
    'Supporters had queued outside the ground for hours, and many stayed long after the final whistle.',
    'The result leaves plenty to play for in the final weeks of the season.',
    'Pundits praised the tactical discipline on display, particularly in the second half.',
    'Ticket sales for the coming fixtures have already passed last season\'s totals, the organisers said.',
  ],
  culture: [
    'Critics have been divided, but audiences appear to have made up their own minds.',
    'The announcement was made at a packed event in {city} attended by writers, artists and patrons.',
    'Booksellers and venue owners said they expected a busy few weeks.',
    'Earlier work by the same artists has enjoyed a revival since the news broke.',
  ],
  politics: [
    'Opposition members said the government had rushed the process and promised to scrutinise every detail.',
    'Polling published this week suggests voters rank the issue among their top three concerns.',
    'Backbenchers on both sides said they had been flooded with letters from constituents.',
    'Commentators said the coming months would test whether the promises could be delivered.',
  ],
  science: [
    'The work was published in a peer-reviewed journal, and the data have been made available to other research groups.',
    'Independent scientists called the results striking but said they should be repeated before firm conclusions are drawn.',
    'Funding for the project came from a mix of public grants and a university endowment.',
    'The researchers said they hoped the findings would encourage similar studies elsewhere.',
  ],
  climate: [
    'Environmental groups welcomed the news but said the pace of change still fell short of what is needed.',
    'The project is part of a national plan to cut emissions by more than half within the decade.',
    'Residents interviewed by this newspaper were broadly supportive, though some raised concerns about costs.',
    'Scientists have warned that the coming summers are likely to be hotter than any on record.',
  ],
}

export const KIND_NOTES: Partial<Record<ArticleKind, string>> = {
  opinion: 'The views expressed in this column are the author\'s own and do not necessarily reflect those of the newsroom.',
  interview: 'This interview has been edited for length and clarity.',
  explainer: 'We will update this explainer as the story develops.',
}
