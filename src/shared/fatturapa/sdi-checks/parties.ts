import { documentTypeRule, documentTypesWhere } from '../document-type-rules.ts';
import type { InvoiceXml } from '../xml-document.ts';
import { bodies, buyerIds, header, isSimplified, sameVat, sellerIds } from './invoice-view.ts';
import type { BodyView, VatRef } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck, SdiProblem } from './types.ts';
import { child, descend, pathOf, text } from './xml-access.ts';
import type { NodeRef } from './xml-access.ts';

/** Blocks whose schema type is the choice Denominazione | (Nome, Cognome). */
function nameHolders(doc: InvoiceXml): NodeRef[] {
  const head = header(doc);
  const seller = child(head, 'CedentePrestatore');
  const buyer = child(head, 'CessionarioCommittente');
  const holders = isSimplified(doc)
    ? [
        seller,
        child(seller, 'RappresentanteFiscale'),
        child(buyer, 'AltriDatiIdentificativi'),
        descend(buyer, 'AltriDatiIdentificativi', 'RappresentanteFiscale'),
      ]
    : [
        descend(seller, 'DatiAnagrafici', 'Anagrafica'),
        descend(head, 'RappresentanteFiscale', 'DatiAnagrafici', 'Anagrafica'),
        descend(buyer, 'DatiAnagrafici', 'Anagrafica'),
        child(buyer, 'RappresentanteFiscale'),
        descend(head, 'TerzoIntermediarioOSoggettoEmittente', 'DatiAnagrafici', 'Anagrafica'),
        ...bodies(doc).map((body) =>
          descend(body.ref, 'DatiGenerali', 'DatiTrasporto', 'DatiAnagraficiVettore', 'Anagrafica'),
        ),
      ];
  return holders.filter((h): h is NodeRef => h !== undefined);
}

/**
 * SdI reports this schema choice as 00200 although it is easy to miss in a schema validator's output, so it
 * is also checked here with a clear message.
 */
export const nameChoice: SdiCheck = {
  name: 'nameChoice',
  codes: ['00200'],
  run({ doc }) {
    return nameHolders(doc).flatMap((holder) => {
      const denominazione = text(holder, 'Denominazione') !== undefined;
      const nome = text(holder, 'Nome') !== undefined;
      const cognome = text(holder, 'Cognome') !== undefined;
      const valid = denominazione ? !nome && !cognome : nome && cognome;
      if (valid) return [];
      const reason = denominazione ? 'both' : nome || cognome ? 'incomplete' : 'missing';
      return [problem('00200', holder.path, { element: 'Denominazione', reason })];
    });
  },
};

export const buyerIdentifier: SdiCheck = {
  name: 'buyerIdentifier',
  codes: ['00417'],
  run({ doc }) {
    const buyer = child(header(doc), 'CessionarioCommittente');
    if (buyer === undefined) return [];
    const holderName = isSimplified(doc) ? 'IdentificativiFiscali' : 'DatiAnagrafici';
    const holder = child(buyer, holderName);
    if (child(holder, 'IdFiscaleIVA') !== undefined || child(holder, 'CodiceFiscale') !== undefined)
      return [];
    return [problem('00417', holder?.path ?? pathOf(buyer, holderName))];
  },
};

function vatText(vat: VatRef | undefined): string {
  return vat === undefined ? '-' : `${vat.country.value}${vat.code.value}`;
}

/** Body-level problems that depend on TipoDocumento point at that element, so each body is reported apart. */
function perDocumentType(
  doc: InvoiceXml,
  test: (type: string, body: BodyView) => Record<string, string> | null,
  code: SdiProblem['code'],
): SdiProblem[] {
  return bodies(doc).flatMap((body) => {
    const type = body.tipoDocumento;
    if (type === undefined) return [];
    const params = test(type.value, body);
    return params === null ? [] : [problem(code, type.path, { tipoDocumento: type.value, ...params })];
  });
}

/** 00471: the types whose seller and buyer must be different subjects (the FSM10 list is TD07 alone). */
const MUST_DIFFER = new Set(
  documentTypesWhere((rule) => rule.format === 'ordinary' && rule.parties === 'different'),
);
const MUST_DIFFER_SIMPLIFIED = new Set(
  documentTypesWhere((rule) => rule.format === 'simplified' && rule.parties === 'different'),
);

export const sellerBuyerDifferent: SdiCheck = {
  name: 'sellerBuyerDifferent',
  codes: ['00471'],
  run({ doc }) {
    const seller = sellerIds(doc).vat;
    if (!sameVat(seller, buyerIds(doc).vat)) return [];
    const types = isSimplified(doc) ? MUST_DIFFER_SIMPLIFIED : MUST_DIFFER;
    return perDocumentType(doc, (type) => (types.has(type) ? { vat: vatText(seller) } : null), '00471');
  },
};

const MUST_BE_SAME = new Set(documentTypesWhere((rule) => rule.parties === 'same'));

export const sellerBuyerSame: SdiCheck = {
  name: 'sellerBuyerSame',
  codes: ['00472'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    const seller = sellerIds(doc).vat;
    const buyer = buyerIds(doc).vat;
    if (sameVat(seller, buyer)) return [];
    const params = { sellerVat: vatText(seller), buyerVat: vatText(buyer) };
    return perDocumentType(doc, (type) => (MUST_BE_SAME.has(type) ? params : null), '00472');
  },
};

/**
 * 00473: whether the seller's IdPaese is allowed for the type (document-type-rules.ts): not IT for TD17–TD19, SM for
 * TD28, IT for TD29; "OO" (operators in Livigno and Campione d'Italia) only on TD17 and TD19.
 */
function sellerCountryAllowed(type: string, country: string): boolean {
  const rule = documentTypeRule(type);
  if (country === 'OO') return rule?.sellerCountryOO ?? false;
  const wanted = rule?.sellerCountry ?? 'any';
  if (wanted === 'any') return true;
  return wanted === 'foreign' ? country !== 'IT' : country === wanted;
}

export const sellerCountryForType: SdiCheck = {
  name: 'sellerCountryForType',
  codes: ['00473'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    const seller = sellerIds(doc).vat;
    if (seller === undefined) return [];
    const country = seller.country.value;
    return perDocumentType(
      doc,
      (type) => (sellerCountryAllowed(type, country) ? null : { idPaese: country }),
      '00473',
    );
  },
};

const BUYER_VAT_REQUIRED = new Set(documentTypesWhere((rule) => rule.buyerVatRequired));

export const buyerVatRequired: SdiCheck = {
  name: 'buyerVatRequired',
  codes: ['00475'],
  run({ doc }) {
    if (isSimplified(doc) || buyerIds(doc).vat !== undefined) return [];
    return perDocumentType(doc, (type) => (BUYER_VAT_REQUIRED.has(type) ? {} : null), '00475');
  },
};

export const bothPartiesForeign: SdiCheck = {
  name: 'bothPartiesForeign',
  codes: ['00476'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    const seller = sellerIds(doc).vat;
    const buyer = buyerIds(doc).vat;
    if (seller === undefined || buyer === undefined) return [];
    if (seller.country.value === 'IT' || buyer.country.value === 'IT') return [];
    return [
      problem('00476', buyer.country.path, {
        sellerCountry: seller.country.value,
        buyerCountry: buyer.country.value,
      }),
    ];
  },
};

export const partyChecks: readonly SdiCheck[] = [
  nameChoice,
  buyerIdentifier,
  sellerBuyerDifferent,
  sellerBuyerSame,
  sellerCountryForType,
  buyerVatRequired,
  bothPartiesForeign,
];
