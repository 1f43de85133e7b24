// Content tables: the word pools names are built from, and filler sentences per article kind.

export const PLACE_START = ['Bren', 'Mar', 'Ost', 'Kal', 'Vel', 'Tor', 'Ash', 'Dun', 'Elm', 'Fen', 'Gal', 'Hav', 'Lin', 'Mor', 'Nor', 'Pell', 'Quen', 'Ros', 'Sal', 'Thorn', 'Ul', 'Var', 'Wes', 'Yar', 'Zel', 'Cor', 'Bel', 'Har']
export const PLACE_END = ['holt', 'port', 'burg', 'ford', 'wick', 'haven', 'mere', 'stad', 'field', 'ton', 'dale', 'minster', 'bridge', 'by', 'gate', 'wold', 'cester', 'mouth']
export const RIVER_START = ['Av', 'Sor', 'Tam', 'Lis', 'Ond', 'Mer', 'Ysk', 'Dra', 'Kel', 'Wen', 'Ril', 'Ust', 'Bran', 'Cal', 'Esk', 'Lod', 'Teav', 'Orr']
export const RIVER_END = ['el', 'ne', 'ber', 'va', 'ra', 'et', 'ona', 'isk', 'ow', 'ence', 'ath', 'ore']
export const COUNTRIES = ['Valdoria', 'Ostrevia', 'Kessmark', 'Lorania', 'Tavrenne', 'Halvonia', 'Brescovy', 'Marendia', 'Sylvara', 'Cordessa', 'Averland', 'Norrenmark']
export const GIVEN = ['Ada', 'Emil', 'Henrietta', 'Oskar', 'Lidia', 'Tobias', 'Marguerite', 'Anton', 'Clara', 'Viktor', 'Ingrid', 'Felix', 'Rosalind', 'August', 'Helena', 'Matthias', 'Sofia', 'Leopold', 'Agnes', 'Jonas', 'Edith', 'Bertram', 'Olga', 'Casimir']
export const FAMILY = ['Varga', 'Lindqvist', 'Brandt', 'Moreau', 'Kessler', 'Halloran', 'Novak', 'Duval', 'Eckhart', 'Sorensen', 'Marchetti', 'Albrecht', 'Rydberg', 'Castellan', 'Whitcombe', 'Ferreira', 'Ostrowski', 'Delacroix', 'Hartmann', 'Quill', 'Tennant', 'Vasari', 'Morland', 'Strand']
export const ELEMENT_START = ['Vird', 'Calv', 'Ostr', 'Lunt', 'Ferv', 'Aurel', 'Bromw', 'Cyr', 'Dolm', 'Erv', 'Gald', 'Hesp', 'Ivor', 'Kald', 'Mord', 'Novar', 'Pell', 'Quor', 'Selv', 'Tarn', 'Ulv', 'Xyl', 'Yrr', 'Zeph']
export const ELEMENT_END = ['ium', 'onium', 'inium', 'anum', 'orium', 'ellium', 'idium']
export const ELEMENT_CLASSES = ['Transition metal', 'Alkaline earth metal', 'Lanthanide', 'Post-transition metal', 'Metalloid', 'Actinide']
export const INVENTION_ADJ = ['Rotary', 'Pneumatic', 'Harmonic', 'Thermal', 'Magnetic', 'Optical', 'Hydraulic', 'Galvanic', 'Centrifugal', 'Acoustic', 'Electrostatic', 'Gyroscopic', 'Tidal', 'Compound']
export const INVENTION_NOUN = ['Loom', 'Press', 'Telegraph', 'Lamp', 'Engine', 'Pump', 'Compass', 'Furnace', 'Recorder', 'Calculator', 'Kiln', 'Sextant', 'Regulator', 'Lathe', 'Battery', 'Semaphore']
export const INVENTION_FIELDS = ['Textiles', 'Communication', 'Navigation', 'Energy', 'Metallurgy', 'Timekeeping', 'Printing', 'Agriculture']
export const INDUSTRIES = ['textile', 'brewing', 'shipbuilding', 'printing', 'glassmaking', 'software', 'tourism', 'steel', 'pharmaceutical', 'timber', 'porcelain', 'logistics']
export const MEANINGS = ['ford by the ash trees', 'market on the hill', 'harbour of the grey stones', 'settlement by the marsh', 'bridge of the elders', 'clearing in the oak wood', 'fortress at the bend', 'meadow of the herons']
export const SEAS = ['the Marren Sea', 'the Gulf of Ardent', 'Lake Ossory', 'the Pale Sea', 'the Bay of Cindra', 'the Northern Ocean']
export const FISH = ['grayling', 'brown trout', 'barbel', 'pike', 'European eel', 'sturgeon', 'chub', 'perch']
export const FESTIVALS = ['Lantern Night', 'Harvest Fair', 'River Regatta', 'Winter Market', 'Midsummer Music Festival', 'Founders Day parade', 'Book Fair']
export const OCCUPATIONS = ['Engineer', 'Clockmaker', 'Mechanic', 'Physicist', 'Industrialist', 'Instrument maker']
export const SCIENCE_FIELDS = ['Chemistry', 'Physical chemistry', 'Mineralogy', 'Spectroscopy', 'Inorganic chemistry']
export const PURPOSES = ['regulating steam pressure', 'winding thread', 'measuring distances at sea', 'the transmission of signals', 'grinding grain', 'casting type', 'cooling furnaces', 'sorting coins', 'ventilating mines', 'lighting streets']
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const PUBLISHERS = ['University Press', 'Academic Press', 'Historical Society', 'Scientific Publishing', 'Archive Editions']

export const CITY_HISTORY: readonly ((t: string) => string)[] = [
  (t) => `Archival records describe ${t} as a modest but prosperous market settlement during this period.`,
  (t) => `Guild registers from the period list weavers, coopers and tanners among the leading trades of ${t}.`,
  (t) => `The old town of ${t} retains much of its medieval street plan, including two of the original gates.`,
  (t) => `Plague and famine reduced the population of ${t} by almost a third in the following century.`,
  () => `Several churches and a covered market hall survive from this era.`,
  (t) => `Historians have debated the exact boundaries of early ${t}, as few maps survive from before the sixteenth century.`,
  () => `The town council met in the upper hall of the cloth market until a proper town hall was built.`,
  (t) => `Merchants from ${t} traded salt, wool and timber with towns along the coast.`,
  (t) => `During the wars of the seventeenth century ${t} changed hands several times and was twice besieged.`,
  (t) => `A Latin school was founded in ${t} shortly after the Reformation and still exists as a grammar school.`,
  () => `The city walls were demolished in the nineteenth century and replaced by a ring of boulevards and parks.`,
  () => `Much of the historic centre was carefully restored after the Second World War.`,
]
export const CITY_GEOGRAPHY: readonly ((t: string) => string)[] = [
  () => `The surrounding countryside is dominated by farmland, orchards and mixed woodland.`,
  (t) => `Several small streams cross the municipality of ${t} before joining the main river.`,
  () => `The historic centre sits on a low terrace above the flood plain, which protected it from most floods.`,
  (t) => `Summers in ${t} are warm and winters are cool, with most rain falling in autumn.`,
  () => `Parks and green spaces cover roughly a fifth of the city's area.`,
  () => `The municipality is divided into eleven districts, the oldest of which is the walled old town.`,
  (t) => `A chain of low wooded hills shelters ${t} from the prevailing westerly winds.`,
  () => `Fog is common in the river valley during the autumn months.`,
]
export const CITY_ECONOMY: readonly ((t: string) => string)[] = [
  (t) => `The service sector now employs the majority of the working population of ${t}.`,
  (t) => `A business park on the eastern edge of ${t} houses several logistics firms.`,
  () => `Tourism has grown steadily since the restoration of the old town in the 1990s.`,
  () => `Small and medium-sized family firms remain an important part of the local economy.`,
  () => `The weekly market on the main square has been held without interruption for centuries.`,
  (t) => `Unemployment in ${t} has been below the regional average for most of the past two decades.`,
  () => `A technical college trains apprentices for the region's manufacturers.`,
  () => `The harbour on the river handles grain, gravel and containers.`,
]
export const CITY_CULTURE: readonly ((t: string) => string)[] = [
  (t) => `The municipal museum of ${t} holds collections of local archaeology, crafts and painting.`,
  () => `A theatre and a concert hall offer a full programme throughout the season.`,
  () => `The city's football club plays in the second division of the regional league.`,
  (t) => `Local cuisine in ${t} is known for smoked fish, rye bread and honey cakes.`,
  () => `The public library, founded in the nineteenth century, holds more than 200,000 volumes.`,
  (t) => `The cathedral choir of ${t} is among the oldest in the region.`,
  () => `Street musicians and craft stalls fill the market square on summer weekends.`,
  () => `An open-air museum on the edge of town preserves farmhouses moved from the surrounding villages.`,
]

export const RIVER_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Water quality in the ${t} has improved markedly since treatment plants were built along its banks in the 1980s.`,
  (t) => `Spring floods on the ${t} were once common, but dams and levees now control most of them.`,
  (t) => `The valley of the ${t} is a popular route for cyclists and hikers.`,
  () => `Gravel banks along the middle course provide nesting sites for terns and plovers.`,
  (t) => `Several water mills once stood on the banks of the ${t}, and two of them have been restored.`,
  (t) => `In its upper course the ${t} runs through a narrow gorge with several small waterfalls.`,
  (t) => `Below the last weir the ${t} widens into a slow, meandering lowland river.`,
  () => `The river freezes over in severe winters, most recently in 1963.`,
  (t) => `Ferries still cross the ${t} at three places where no bridge has been built.`,
  () => `Locks built in the nineteenth century allow barges to pass the rapids on the middle course.`,
  (t) => `Archaeologists have found the remains of wooden pile dwellings on the banks of the ${t}.`,
  (t) => `The ${t} has inspired painters and poets, and appears on the coat of arms of several towns.`,
]

export const ELEMENT_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Like many of its neighbours in the periodic table, ${t} tarnishes slowly in moist air.`,
  (t) => `Finely divided ${t} is pyrophoric and must be handled under an inert atmosphere.`,
  () => `Its compounds are typically brightly coloured, which made early identification easier.`,
  (t) => `Spectral lines of ${t} were catalogued long before the pure metal was obtained in quantity.`,
  (t) => `World production of ${t} is small, and most of it comes from the refining of other metals.`,
  (t) => `The most common oxidation states of ${t} are +2 and +3.`,
  (t) => `Pure ${t} is soft enough to be cut with a steel blade when freshly prepared.`,
  () => `It dissolves readily in dilute acids, releasing hydrogen.`,
  () => `Its oxide forms a thin protective layer that slows further corrosion.`,
  (t) => `The claim to the discovery of ${t} was disputed for several years before it was confirmed by independent analysis.`,
  (t) => `Early samples of ${t} were contaminated with neighbouring elements, and their measured properties varied widely.`,
  (t) => `Most ${t} today is recovered as a by-product of refining copper and zinc ores.`,
  (t) => `Compounds of ${t} are of low toxicity, but the dust should not be inhaled.`,
  (t) => `Research into ${t} alloys intensified after the Second World War.`,
]

export const PERSON_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Contemporaries described ${t} as a patient teacher and a meticulous experimenter.`,
  (t) => `Much of the correspondence of ${t} survives and was published in four volumes.`,
  (t) => `${t} travelled widely, visiting laboratories and workshops across the continent.`,
  (t) => `A street and a secondary school in their home town are named after ${t}.`,
  (t) => `The notebooks of ${t} are preserved in the national archive.`,
  (t) => `As a child ${t} showed an early talent for mathematics and drawing.`,
  (t) => `${t} was educated at the local grammar school before moving to the capital.`,
  (t) => `Financial difficulties forced ${t} to work as a private tutor for several years.`,
  (t) => `${t} published more than sixty papers and two widely used textbooks.`,
  (t) => `Colleagues remembered ${t} for long working days and a dislike of public speaking.`,
  (t) => `In later years ${t} served on several government commissions on industry and education.`,
  (t) => `A portrait of ${t} hangs in the main hall of the national academy.`,
  (t) => `${t} married in their early thirties and had three children.`,
  (t) => `A biography of ${t} appeared on the centenary of their birth.`,
]

export const INVENTION_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Early models of the ${t} were built by hand in small workshops, and few survive.`,
  (t) => `Critics at first dismissed the ${t} as an expensive curiosity.`,
  (t) => `Working replicas of the ${t} are on display in several museums of technology.`,
  (t) => `Licences to build the ${t} were sold to manufacturers in at least six countries.`,
  (t) => `Later versions of the ${t} replaced the cast-iron frame with lighter steel.`,
  (t) => `Maintenance manuals for the ${t} were among the first illustrated technical handbooks.`,
  () => `A rival design appeared within two years, leading to a long dispute over the patent.`,
  (t) => `The first public demonstration of the ${t} drew a large crowd and was reported in the national press.`,
  (t) => `Operators of the ${t} needed several weeks of training before they could use it safely.`,
  () => `Improved bearings reduced the friction that had troubled the first prototypes.`,
  (t) => `The ${t} won a gold medal at an international exhibition soon after its introduction.`,
  (t) => `Insurance companies at first refused to cover buildings in which the ${t} was used.`,
  (t) => `By the end of the century the ${t} had become a standard fixture in workshops and mills.`,
  (t) => `Collectors today pay high prices for early examples of the ${t} in working order.`,
]
