// Content pools of the listings family: cities, areas, job categories and companies, homes, filter bands and people.
import type {JobCategory, Person, PropertyType, TypeOption} from './types.js'

export const CITIES = ['Port Alder', 'Marlow Bay', 'Eastbrook', 'Kingsford', 'Halden', 'Brookhaven', 'Westmere', 'Ashby Vale', 'Fenwick', 'Larchmont']

export const NEIGHBOURHOODS = ['Old Town', 'Riverside', 'Harbourside', 'Northgate', 'Elm Park', 'Westfield', 'Southbank', 'Hillcrest', 'Meadowbrook', 'Canal Quarter', 'University District', 'Market Square', 'Greenway', 'Lakeshore']
export const REGIONS = ['Downtown', 'Tech Park', 'Airport District', 'North Shore', 'Midtown', 'Harbour Front', 'Industrial Estate', 'University Quarter', 'West End', 'Riverbend', 'Business Park', 'South Hills', 'Eastside', 'Old Port']
export const AREA_TRAITS = ['tree-lined streets', 'a busy weekend market', 'its waterfront promenade', 'good schools', 'quick tram links to the centre', 'independent cafés', 'a large public park', 'converted warehouses', 'quiet cul-de-sacs', 'a lively restaurant scene', 'new office buildings', 'historic brick terraces']

export const JOB_CATEGORIES: readonly JobCategory[] = [
  {name: 'Engineering', suffixes: ['Software', 'Systems', 'Labs'], salary: [62, 128], titles: ['Software Engineer', 'QA Engineer', 'DevOps Engineer', 'Frontend Developer', 'Data Engineer', 'Site Reliability Engineer'], requirements: ['Solid knowledge of TypeScript or Java', 'Experience with cloud platforms such as AWS or GCP', 'Familiarity with automated testing and CI pipelines', 'A degree in computer science or equivalent experience', 'Experience working in agile teams']},
  {name: 'Healthcare', suffixes: ['Health', 'Clinic', 'Care'], salary: [34, 88], titles: ['Registered Nurse', 'Physiotherapist', 'Pharmacy Technician', 'Medical Receptionist', 'Care Assistant', 'Dental Hygienist'], requirements: ['A current professional registration', 'Basic life support certification', 'A calm and caring manner with patients', 'Willingness to work rotating shifts', 'Experience with electronic patient records']},
  {name: 'Finance', suffixes: ['Capital', 'Partners', 'Financial'], salary: [45, 112], titles: ['Accountant', 'Financial Analyst', 'Payroll Specialist', 'Credit Controller', 'Internal Auditor', 'Bookkeeper'], requirements: ['A recognised accounting qualification or progress towards one', 'Advanced spreadsheet skills', 'Strong attention to detail', 'Experience with month-end closing', 'Knowledge of local tax rules']},
  {name: 'Sales', suffixes: ['Group', 'Trading', 'Commerce'], salary: [36, 95], titles: ['Account Executive', 'Sales Representative', 'Customer Success Manager', 'Business Development Manager', 'Inside Sales Associate', 'Retail Store Manager'], requirements: ['A proven track record of meeting targets', 'Confident communication by phone and in person', 'Experience with a CRM such as Salesforce', 'A full driving licence', 'Negotiation skills']},
  {name: 'Hospitality', suffixes: ['Hotels', 'Kitchen', 'Hospitality'], salary: [28, 62], titles: ['Line Cook', 'Hotel Receptionist', 'Restaurant Manager', 'Barista', 'Event Coordinator', 'Housekeeping Supervisor'], requirements: ['A food hygiene certificate', 'Availability on evenings and weekends', 'A friendly, guest-first attitude', 'Ability to stay calm during busy service', 'Basic cash handling skills']},
  {name: 'Logistics', suffixes: ['Logistics', 'Freight', 'Transport'], salary: [32, 78], titles: ['Warehouse Associate', 'Delivery Driver', 'Supply Chain Planner', 'Forklift Operator', 'Logistics Coordinator', 'Fleet Manager'], requirements: ['A valid forklift or driving licence', 'Experience with warehouse management systems', 'Good physical fitness', 'Strong planning and organisational skills', 'Willingness to work early shifts']},
  {name: 'Education', suffixes: ['Academy', 'Learning', 'School'], salary: [33, 74], titles: ['Primary School Teacher', 'Teaching Assistant', 'Math Tutor', 'School Librarian', 'Admissions Officer', 'Curriculum Designer'], requirements: ['A teaching qualification or relevant degree', 'A clear background check', 'Experience working with children or young adults', 'Patience and strong classroom management', 'Familiarity with online learning tools']},
  {name: 'Marketing', suffixes: ['Media', 'Studio', 'Agency'], salary: [40, 98], titles: ['Marketing Coordinator', 'Content Writer', 'SEO Specialist', 'Social Media Manager', 'Graphic Designer', 'Brand Manager'], requirements: ['A portfolio of recent work', 'Excellent writing and editing skills', 'Experience with analytics tools', 'Knowledge of design software', 'Ability to manage several campaigns at once']},
]

export const COMPANY_PREFIXES = ['Brightwave', 'Northgate', 'Alderway', 'Bluepeak', 'Cobalt', 'Driftwood', 'Emberly', 'Foxglove', 'Greystone', 'Highmark', 'Inkwell', 'Kinetic', 'Lakemont', 'Meridian', 'Oakbridge', 'Pinecrest', 'Quayside', 'Redfern', 'Silverline', 'Tidewater', 'Upland', 'Vantage', 'Wrenfield', 'Yarrow']

export const JOB_TYPES: readonly TypeOption[] = [
  {id: 'full-time', label: 'Full-time'},
  {id: 'part-time', label: 'Part-time'},
  {id: 'remote', label: 'Remote'},
  {id: 'contract', label: 'Contract'},
]
export const JOB_TYPE_WEIGHTS = ['full-time', 'full-time', 'full-time', 'full-time', 'part-time', 'part-time', 'remote', 'remote', 'contract']
export const BENEFITS = ['25 days of paid holiday', 'Pension plan with a 5% employer match', 'Private health insurance', 'A yearly training budget of $1,500', 'Flexible working hours', 'Bike-to-work scheme', 'Free lunch on Fridays', 'Sixteen weeks of paid parental leave', 'Employee share scheme', 'Gym membership discount']

export const PROPERTY_TYPES: readonly PropertyType[] = [
  {name: 'Apartment', beds: [1, 3]},
  {name: 'House', beds: [2, 5]},
  {name: 'Townhouse', beds: [2, 4]},
  {name: 'Villa', beds: [3, 5]},
  {name: 'Loft', beds: [1, 2]},
  {name: 'Bungalow', beds: [2, 3]},
]
export const STREETS = ['Linden Street', 'Harbor Road', 'Maple Avenue', 'Church Lane', 'Mill Road', 'Queens Walk', 'Orchard Way', 'Station Road', 'Elm Grove', 'Bridge Street', 'Park Terrace', 'Willow Close', 'Canal Street', 'Chestnut Drive', 'Victoria Road', 'Kingfisher Lane', 'Beacon Hill Road', 'Ashford Place', 'Rosemary Court', 'Foundry Lane']
export const HOME_ADJECTIVES = ['Bright', 'Spacious', 'Charming', 'Renovated', 'Modern', 'Cosy', 'Light-filled', 'Elegant', 'Quiet', 'Characterful']
export const HOME_FEATURES = ['balcony', 'private garden', 'garage', 'roof terrace', 'fireplace', 'solar panels', 'open-plan kitchen', 'home office', 'walk-in closet', 'parking space', 'storage room', 'canal view', 'underfloor heating', 'lift access']
export const ENERGY_LABELS = ['A', 'A', 'B', 'B', 'C', 'C', 'D', 'E', 'F']
export const AGENT_FIRST = ['Olivia', 'James', 'Hannah', 'Daniel', 'Grace', 'Samuel', 'Chloe', 'Owen', 'Isla', 'Leo']
export const AGENT_LAST = ['Carter', 'Bennett', 'Hughes', 'Foster', 'Reyes', 'Lindqvist', 'Okafor', 'Moreau', 'Sato', 'Whitaker']
export const AGENCIES = ['Keller & Moss Realty', 'Brick & Beam Estates', 'Harrow Property Group', 'Cedar Key Realtors', 'Open Door Estates', 'Larkspur Homes']

export const SALARY_THRESHOLDS = [40_000, 60_000, 80_000, 100_000, 120_000]
export const SALE_BANDS = [0, 300_000, 500_000, 750_000, 1_000_000]
export const RENT_BANDS = [0, 1_200, 1_800, 2_500, 3_500]
export const TIME_SLOTS = ['09:30', '11:00', '12:30', '14:00', '15:30', '17:00', '18:30']

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

export const PEOPLE: readonly Person[] = [
  {name: 'Dana Whitfield', email: 'dana.whitfield@example.com', phone: '(555) 201-4433'},
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', phone: '(555) 310-9087'},
  {name: 'Lena Fischer', email: 'lena.fischer@example.com', phone: '(555) 478-1120'},
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', phone: '(555) 562-3398'},
  {name: 'Sofia Marquez', email: 'sofia.marquez@example.com', phone: '(555) 634-7702'},
  {name: 'Tomasz Nowak', email: 'tomasz.nowak@example.com', phone: '(555) 719-2846'},
]
