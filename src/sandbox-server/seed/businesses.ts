/**
 * What the seeded businesses sell and buy: sectors with their catalogues at realistic prices and the VAT rate the
 * law gives each item (4% staple foods and books, 10% catering and some foods, 22% the rest), the suppliers every
 * business has, and the public administrations some of them serve. Names are made up; none is a real company.
 */

export type VatRate = '22.00' | '10.00' | '4.00';

export interface CatalogItem {
  description: string;
  /** UnitaMisura; '' for a service sold as one. */
  unit: string;
  /** Unit price range in cents. */
  price: readonly [number, number];
  /** Quantity range (whole units). */
  quantity: readonly [number, number];
  vatRate: VatRate;
}

/** A kind of supplier an account's companies buy from; `{surname}` and `{town}` are filled in. */
export interface SupplierKind {
  names: readonly string[];
  catalog: readonly CatalogItem[];
  /** Bills once a month (energy, rent, telephone) rather than now and then. */
  monthly: boolean;
}

export interface Sector {
  id: string;
  /** Name templates of a company of this sector: `{surname}`, `{surname2}`, `{town}`. */
  names: readonly string[];
  catalog: readonly CatalogItem[];
  /** Lines per invoice. */
  lines: readonly [number, number];
  /** Numbering: `{n}` the counter, `{nnnn}` zero-padded, `{yyyy}` the year. */
  numbering: string;
  /** Sells to a public administration too (FPA12 invoices, split payment, a CIG). */
  publicCustomer: string | null;
  /** What it buys besides the common suppliers. */
  supplies: readonly SupplierKind[];
  /** A professional firm: social security fund (INARCASSA, 4%) and 20% withholding on its fees. */
  professional?: boolean;
}

const item = (
  description: string,
  unit: string,
  price: readonly [number, number],
  quantity: readonly [number, number],
  vatRate: VatRate = '22.00',
): CatalogItem => ({ description, unit, price, quantity, vatRate });

export const SECTORS: readonly Sector[] = [
  {
    id: 'workshop',
    names: ['Officine Meccaniche {surname} S.r.l.', 'Meccanica {surname} & {surname2} S.n.c.'],
    catalog: [
      item('Lavorazione CNC flange in acciaio AISI 304', 'PZ', [1250, 4500], [20, 200]),
      item('Tornitura alberi di trasmissione su disegno', 'PZ', [3800, 9500], [5, 60]),
      item('Manutenzione programmata impianto di produzione', 'ORE', [4200, 5200], [4, 24]),
      item('Saldatura TIG carpenteria leggera', 'ORE', [3900, 4800], [3, 16]),
      item('Trasferta tecnico specializzato', '', [6000, 12000], [1, 1]),
    ],
    lines: [1, 3],
    numbering: '{n}/{yyyy}',
    publicCustomer: 'Manutenzione mezzi del parco comunale',
    supplies: [
      {
        names: ['Acciai {surname} S.p.A.', 'Metalli {town} S.r.l.'],
        catalog: [
          item('Barre tonde in acciaio AISI 304 (kg)', 'KG', [420, 690], [150, 900]),
          item('Lamiere in acciaio S235 (kg)', 'KG', [110, 190], [200, 1500]),
        ],
        monthly: false,
      },
      {
        names: ['Utensileria {surname} S.r.l.'],
        catalog: [item('Inserti in metallo duro', 'PZ', [850, 1900], [10, 50])],
        monthly: false,
      },
    ],
  },
  {
    id: 'software',
    names: ['{surname} Software S.r.l.', 'Soluzioni Digitali {surname} S.r.l.'],
    catalog: [
      item('Canone mensile licenza gestionale (5 utenti)', '', [18000, 42000], [1, 1]),
      item('Sviluppo software su commessa', 'ORE', [5000, 6500], [8, 80]),
      item('Assistenza sistemistica da remoto', 'ORE', [4500, 5500], [2, 12]),
      item('Servizio di hosting e backup mensile', '', [9000, 19000], [1, 1]),
    ],
    lines: [1, 3],
    numbering: 'FT/{yyyy}/{nnnn}',
    publicCustomer: 'Canone piattaforma servizi online al cittadino',
    supplies: [
      {
        names: ['Cloud {town} S.r.l.', 'Datacenter {surname} S.p.A.'],
        catalog: [item('Istanze server virtuali (canone mensile)', '', [25000, 90000], [1, 1])],
        monthly: true,
      },
    ],
  },
  {
    id: 'food',
    names: ['Forniture Alimentari {surname} S.p.A.', 'Distribuzione {surname} S.r.l.'],
    catalog: [
      item('Farina di grano tenero tipo 00 (sacco 25 kg)', 'PZ', [1450, 1900], [10, 80], '4.00'),
      item('Pasta di semola di grano duro (cartone 12 kg)', 'PZ', [1600, 2400], [10, 60], '4.00'),
      item('Olio extravergine di oliva (latta 5 l)', 'PZ', [3900, 5200], [6, 40], '4.00'),
      item('Passata di pomodoro (cartone 12 bottiglie)', 'PZ', [1150, 1600], [10, 60], '10.00'),
      item('Caffè in grani miscela bar (kg)', 'KG', [1650, 2400], [10, 50]),
      item('Acqua minerale naturale (cassa 24 bottiglie)', 'PZ', [520, 780], [20, 120]),
    ],
    lines: [2, 5],
    numbering: '{n}',
    publicCustomer: 'Derrate alimentari per le mense scolastiche',
    supplies: [
      {
        names: ['Pastificio {surname} S.r.l.', 'Molino {surname} S.p.A.'],
        catalog: [
          item('Pasta di semola di grano duro (cartone 12 kg)', 'PZ', [1150, 1550], [40, 200], '4.00'),
          item('Farina di grano tenero tipo 00 (sacco 25 kg)', 'PZ', [1050, 1350], [40, 200], '4.00'),
        ],
        monthly: false,
      },
      {
        names: ['Caseificio {surname} S.r.l.'],
        catalog: [item('Mozzarella fior di latte (kg)', 'KG', [780, 990], [50, 300], '4.00')],
        monthly: false,
      },
    ],
  },
  {
    id: 'furniture',
    names: ['{surname} Arredamenti S.r.l.', 'Falegnameria {surname} S.n.c.'],
    catalog: [
      item('Tavolo in rovere massello 180x90 cm', 'PZ', [89000, 149000], [1, 4]),
      item('Sedia imbottita in tessuto antimacchia', 'PZ', [9500, 18500], [4, 24]),
      item('Armadio a due ante laccato bianco', 'PZ', [62000, 98000], [1, 3]),
      item('Scrivania operativa con cassettiera', 'PZ', [34000, 52000], [1, 10]),
      item('Trasporto e montaggio', '', [8000, 25000], [1, 1]),
    ],
    lines: [1, 4],
    numbering: '{yyyy}-{nnnn}',
    publicCustomer: null,
    supplies: [
      {
        names: ['Legnami {surname} S.p.A.'],
        catalog: [item('Pannelli in rovere impiallacciato (m²)', 'MQ', [3200, 4800], [20, 120])],
        monthly: false,
      },
    ],
  },
  {
    id: 'engineering',
    names: ['Studio Tecnico {surname} & Associati', 'Studio di Ingegneria {surname} e {surname2}'],
    catalog: [
      item('Progettazione esecutiva impianto fotovoltaico', '', [180000, 650000], [1, 1]),
      item('Direzione lavori (acconto)', '', [120000, 380000], [1, 1]),
      item('Pratica di prevenzione incendi', '', [60000, 140000], [1, 1]),
      item('Sopralluogo e relazione tecnica', '', [25000, 60000], [1, 1]),
    ],
    lines: [1, 2],
    numbering: '{n}/{yyyy}',
    publicCustomer: 'Progettazione adeguamento sismico della scuola primaria',
    professional: true,
    supplies: [
      {
        names: ['Software Tecnico {surname} S.r.l.'],
        catalog: [item('Canone annuale software di calcolo strutturale', '', [90000, 180000], [1, 1])],
        monthly: false,
      },
    ],
  },
  {
    id: 'printing',
    names: ['Tipografia {surname} S.r.l.', 'Arti Grafiche {town} S.r.l.'],
    catalog: [
      item('Stampa brochure A4 in quadricromia (1000 copie)', 'PZ', [38000, 62000], [1, 5]),
      item('Stampa libro 160 pagine brossura (copie)', 'PZ', [420, 780], [300, 2000], '4.00'),
      item('Biglietti da visita (confezione 500)', 'PZ', [2500, 4500], [2, 20]),
      item('Manifesti 70x100 cm', 'PZ', [180, 390], [50, 400]),
    ],
    lines: [1, 3],
    numbering: '{n}/{yyyy}',
    publicCustomer: 'Stampa manifesti e materiale informativo',
    supplies: [
      {
        names: ['Cartiera {surname} S.p.A.'],
        catalog: [item('Carta patinata 130 g (bancale)', 'PZ', [68000, 112000], [1, 4])],
        monthly: false,
      },
    ],
  },
  {
    id: 'catering',
    names: ['Ristorazione {surname} S.r.l.', 'Catering {town} S.r.l.'],
    catalog: [
      item('Servizio catering evento aziendale (coperti)', 'PZ', [2800, 5500], [20, 180], '10.00'),
      item('Pranzo di lavoro (coperti)', 'PZ', [1800, 3200], [4, 40], '10.00'),
      item('Noleggio attrezzature e allestimento', '', [15000, 45000], [1, 1]),
    ],
    lines: [1, 2],
    numbering: '{n}',
    publicCustomer: 'Servizio di refezione scolastica (pasti)',
    supplies: [
      {
        names: ['Ortofrutta {surname} S.r.l.'],
        catalog: [item('Verdura fresca di stagione (kg)', 'KG', [180, 420], [80, 400], '4.00')],
        monthly: false,
      },
    ],
  },
];

/** The suppliers every company has: its energy, its line, its premises, its carrier and its office supplies. */
export const COMMON_SUPPLIERS: readonly SupplierKind[] = [
  {
    names: ['Energia {town} S.p.A.', 'Luce e Gas {surname} S.p.A.'],
    catalog: [item('Fornitura di energia elettrica (kWh)', 'KWH', [19, 31], [1800, 9500])],
    monthly: true,
  },
  {
    names: ['{surname} Telecomunicazioni S.r.l.', 'Rete {town} S.p.A.'],
    catalog: [
      item('Canone connettività in fibra aziendale', '', [6900, 12900], [1, 1]),
      item('Traffico telefonico mobile', '', [1500, 9000], [1, 1]),
    ],
    monthly: true,
  },
  {
    names: ['Immobiliare {surname} S.r.l.'],
    catalog: [item('Canone di locazione dei locali commerciali', '', [120000, 380000], [1, 1])],
    monthly: true,
  },
  {
    names: ['Trasporti {surname} S.r.l.', 'Logistica {town} S.r.l.'],
    catalog: [item('Spedizione collettame (bancali)', 'PZ', [4500, 9500], [1, 12])],
    monthly: false,
  },
  {
    names: ['Cartoleria {surname} S.n.c.'],
    catalog: [
      item('Carta A4 80 g (risme)', 'PZ', [390, 520], [10, 60]),
      item('Toner per stampante laser', 'PZ', [5900, 11900], [1, 4]),
    ],
    monthly: false,
  },
];

/** Business customers: `{surname}`, `{town}`. */
export const CUSTOMER_NAMES: readonly string[] = [
  'Costruzioni {surname} S.p.A.',
  'Impianti {surname} S.r.l.',
  '{surname} Logistica S.r.l.',
  'Commerciale {town} S.r.l.',
  'Elettronica {surname} S.r.l.',
  'Automazioni {surname} S.r.l.',
  'Hotel {surname} S.r.l.',
  '{surname} & Figli S.n.c.',
  'Servizi Integrati {town} S.r.l.',
  'Gruppo {surname} S.p.A.',
  'Farmacia {surname} S.n.c.',
  'Autofficina {surname} S.n.c.',
];

export const FOREIGN_CUSTOMER_NAMES: Readonly<Record<string, string>> = {
  DE: 'Müller Maschinenbau GmbH',
  FR: 'Dubois Équipements SARL',
  AT: 'Alpenhof Gastronomie GmbH',
};

/** Public administrations: each one's e-invoicing office has a 6-character IPA code. */
export const PUBLIC_BODIES: readonly string[] = [
  'Comune di {town}',
  'Azienda USL di {town}',
  'Università degli Studi di {town}',
  'Istituto Comprensivo Statale di {town}',
];

export const SURNAMES: readonly string[] = [
  'Rossi',
  'Bianchi',
  'Colombo',
  'Ferrari',
  'Esposito',
  'Romano',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Serra',
  'Coppola',
  'De Santis',
  'Brambilla',
  'Sala',
  'Pellegrini',
  'Villa',
];

/** Italian banks as an invoice names them; the ABI and CAB in the IBAN are drawn, the CIN computed. */
export const BANKS: readonly string[] = [
  'Banca Popolare di {town}',
  'Cassa di Risparmio di {town}',
  'Banca di Credito Cooperativo di {town}',
  'Credito {town} S.p.A.',
];

/** Why a public administration refuses an invoice (EC02): what offices really write. */
export const REFUSAL_REASONS: readonly string[] = [
  'CIG non indicato in fattura',
  'Importo non corrispondente alla determina di impegno',
  "Manca il riferimento all'ordine NSO",
  'Codice ufficio errato: fattura da inviare al settore competente',
];
