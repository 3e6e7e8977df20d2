/**
 * Real Italian towns with their postcode and province, and common street names: seeded addresses look like the
 * ones an accountant reads every day. The house numbers and which street goes with which town are drawn.
 */

export interface Town {
  name: string;
  /** CAP of the town centre. */
  postcode: string;
  province: string;
}

export const TOWNS: readonly Town[] = [
  { name: 'Milano', postcode: '20121', province: 'MI' },
  { name: 'Torino', postcode: '10121', province: 'TO' },
  { name: 'Bologna', postcode: '40121', province: 'BO' },
  { name: 'Firenze', postcode: '50122', province: 'FI' },
  { name: 'Verona', postcode: '37121', province: 'VR' },
  { name: 'Bergamo', postcode: '24121', province: 'BG' },
  { name: 'Brescia', postcode: '25121', province: 'BS' },
  { name: 'Padova', postcode: '35121', province: 'PD' },
  { name: 'Roma', postcode: '00184', province: 'RM' },
  { name: 'Napoli', postcode: '80133', province: 'NA' },
  { name: 'Bari', postcode: '70121', province: 'BA' },
  { name: 'Genova', postcode: '16121', province: 'GE' },
  { name: 'Parma', postcode: '43121', province: 'PR' },
  { name: 'Modena', postcode: '41121', province: 'MO' },
  { name: 'Treviso', postcode: '31100', province: 'TV' },
  { name: 'Vicenza', postcode: '36100', province: 'VI' },
  { name: 'Monza', postcode: '20900', province: 'MB' },
  { name: 'Como', postcode: '22100', province: 'CO' },
  { name: 'Lecco', postcode: '23900', province: 'LC' },
  { name: 'Prato', postcode: '59100', province: 'PO' },
  { name: 'Perugia', postcode: '06121', province: 'PG' },
  { name: 'Ancona', postcode: '60121', province: 'AN' },
  { name: 'Trento', postcode: '38122', province: 'TN' },
  { name: 'Udine', postcode: '33100', province: 'UD' },
  { name: 'Cagliari', postcode: '09124', province: 'CA' },
  { name: 'Palermo', postcode: '90133', province: 'PA' },
  { name: 'Catania', postcode: '95131', province: 'CT' },
  { name: 'Reggio Emilia', postcode: '42121', province: 'RE' },
  { name: 'Rimini', postcode: '47921', province: 'RN' },
  { name: 'Pescara', postcode: '65121', province: 'PE' },
];

export const STREETS: readonly string[] = [
  'Via Roma',
  'Via Giuseppe Garibaldi',
  'Corso Vittorio Emanuele II',
  'Via Giuseppe Mazzini',
  'Via Dante Alighieri',
  'Viale della Repubblica',
  'Via XX Settembre',
  'Via Camillo Benso di Cavour',
  "Via dell'Industria",
  "Via dell'Artigianato",
  'Via Alessandro Volta',
  'Via Guglielmo Marconi',
  'Via Giacomo Matteotti',
  'Piazza della Libertà',
  'Via Leonardo da Vinci',
  'Via dei Mille',
  'Via Giuseppe Verdi',
  'Via San Francesco',
  'Viale Europa',
  'Via delle Industrie',
  'Via Enrico Fermi',
  'Via Antonio Gramsci',
  'Corso Italia',
  'Via Nazionale',
];

/** Foreign customers: an Italian company exports, and SDI gets the invoice with CodiceDestinatario XXXXXXX. */
export interface ForeignPlace {
  country: string;
  town: string;
  street: string;
  /** The VAT number after the country code: a fixed start (Austria's U) and drawn digits. */
  vatPrefix: string;
  vatDigits: number;
}

export const FOREIGN_PLACES: readonly ForeignPlace[] = [
  { country: 'DE', town: 'München', street: 'Leopoldstraße', vatPrefix: '', vatDigits: 9 },
  { country: 'FR', town: 'Lyon', street: 'Rue de la République', vatPrefix: '', vatDigits: 11 },
  { country: 'AT', town: 'Innsbruck', street: 'Maria-Theresien-Straße', vatPrefix: 'U', vatDigits: 8 },
];
