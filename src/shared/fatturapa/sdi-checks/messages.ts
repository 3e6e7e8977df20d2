import { interpolate } from '../../interpolate.ts';
import type { Language } from '../../language.ts';
import type { SdiCheckCode, SdiProblem } from './types.ts';

export interface SdiMessage {
  /** Close to the wording of SdI's rejection notice (Descrizione). */
  description: string;
  /** What to change in the file (Suggerimento). */
  hint: string;
}

/** `{{name}}` placeholders are filled from SdiProblem.params by {@link describeSdiProblem}. */
export const sdiMessages: Record<Language, Record<SdiCheckCode, SdiMessage>> = {
  it: {
    '00001': {
      description: 'Nome file non valido: {{fileName}}',
      hint: 'Usare il formato <paese><codice fiscale del trasmittente>_<progressivo di 1-5 caratteri alfanumerici>.xml oppure .xml.p7m (es. IT01234567890_00001.xml).',
    },
    '00002': {
      description: 'Nome file duplicato: {{fileName}}',
      hint: 'Il nome è già stato usato per un file inviato in precedenza, anche se scartato: cambiare il progressivo.',
    },
    '00003': {
      description: 'Le dimensioni del file ({{size}} byte) superano quelle ammesse ({{limit}} byte)',
      hint: 'Ridurre gli allegati o suddividere il lotto in più file.',
    },
    '00200': {
      description: 'File non conforme al formato: indicare Denominazione oppure Nome e Cognome',
      hint: 'Nel blocco anagrafico deve comparire solo Denominazione (per i soggetti non persone fisiche) oppure sia Nome sia Cognome (per le persone fisiche), mai entrambe le alternative.',
    },
    '00300': {
      description: '1.1.1.2 <IdCodice> del trasmittente non valido: {{value}}',
      hint: 'Per IdPaese IT indicare il codice fiscale del trasmittente: 11 cifre oppure 16 caratteri, con carattere di controllo corretto.',
    },
    '00301': {
      description: '1.2.1.1.2 <IdCodice> del cedente/prestatore non valido: {{value}}',
      hint: 'Per IdPaese IT la partita IVA ha 11 cifre e l’ultima è la cifra di controllo: verificarla.',
    },
    '00302': {
      description: '1.2.1.2 <CodiceFiscale> del cedente/prestatore non valido: {{value}}',
      hint: 'Indicare un codice fiscale di 11 cifre o di 16 caratteri con carattere di controllo corretto.',
    },
    '00303': {
      description:
        '1.3.1.1.2 <IdCodice> o 1.4.4.1.2 <IdCodice> del rappresentante fiscale non valido: {{value}}',
      hint: 'Verificare la partita IVA del rappresentante fiscale: 11 cifre con cifra di controllo corretta.',
    },
    '00304': {
      description: '1.3.1.2 <CodiceFiscale> del rappresentante fiscale non valido: {{value}}',
      hint: 'Indicare un codice fiscale di 11 cifre o di 16 caratteri con carattere di controllo corretto.',
    },
    '00305': {
      description: '1.4.1.1.2 <IdCodice> del cessionario/committente non valido: {{value}}',
      hint: 'Per IdPaese IT la partita IVA ha 11 cifre e l’ultima è la cifra di controllo: verificarla.',
    },
    '00306': {
      description: '1.4.1.2 <CodiceFiscale> del cessionario/committente non valido: {{value}}',
      hint: 'Indicare un codice fiscale di 11 cifre o di 16 caratteri con carattere di controllo corretto.',
    },
    '00311': {
      description: '1.1.4 <CodiceDestinatario> non valido: {{code}}',
      hint: 'Per il formato {{format}} il codice deve essere di {{length}} caratteri (lettere maiuscole e cifre) e corrispondere a un ufficio IPA (FPA12) o a un canale accreditato (FPR12).',
    },
    '00312': {
      description: '1.1.4 <CodiceDestinatario> non attivo: {{code}}',
      hint: 'Chiedere al destinatario il codice in uso oppure indicare 0000000 con la PEC del destinatario.',
    },
    '00313': {
      description:
        '1.1.4 <CodiceDestinatario> con valore {{code}} non ammesso per un cessionario/committente senza IdFiscaleIVA estero',
      hint: 'XXXXXXX è riservato ai cessionari non residenti: indicare 1.4.1.1 <IdFiscaleIVA> con IdPaese diverso da IT oppure usare il codice destinatario o 0000000.',
    },
    '00320': {
      description:
        '1.2.1.1 <IdFiscaleIVA> {{vat}} e 1.2.1.2 <CodiceFiscale> {{fiscalCode}} del cedente/prestatore non coerenti',
      hint: 'Partita IVA e codice fiscale devono appartenere allo stesso soggetto (per un gruppo IVA: il codice fiscale del partecipante). SdI lo verifica in Anagrafe Tributaria.',
    },
    '00324': {
      description:
        '1.4.1.1 <IdFiscaleIVA> {{vat}} e 1.4.1.2 <CodiceFiscale> {{fiscalCode}} del cessionario/committente non coerenti',
      hint: 'Partita IVA e codice fiscale devono appartenere allo stesso soggetto (per un gruppo IVA: il codice fiscale del partecipante). SdI lo verifica in Anagrafe Tributaria.',
    },
    '00400': {
      description: '2.2.1.14 <Natura> non presente a fronte di <AliquotaIVA> pari a zero ({{aliquota}})',
      hint: 'Un’aliquota IVA pari a zero richiede la natura dell’operazione (es. N2.2, N3.1, N4) che ne giustifichi la non imponibilità.',
    },
    '00401': {
      description:
        '2.2.1.14 <Natura> {{natura}} presente a fronte di <AliquotaIVA> diversa da zero ({{aliquota}})',
      hint: 'Un’aliquota diversa da zero qualifica l’operazione come imponibile: togliere Natura (ammessa solo per TD16) oppure indicare aliquota 0.00.',
    },
    '00403': {
      description: '2.1.1.3 <Data> {{data}} successiva alla data di ricezione del file ({{receivedOn}})',
      hint: 'La data del documento non può essere futura: correggerla o inviare il file a partire da quella data.',
    },
    '00404': {
      description: 'Fattura duplicata: numero {{numero}} del {{data}} già trasmessa',
      hint: 'Una fattura con gli stessi dati identificativi (cedente, anno, numero, tipo documento) è già stata accettata: verificare la numerazione.',
    },
    '00411': {
      description:
        '2.1.1.5 <DatiRitenuta> non presente a fronte di almeno un blocco 2.2.1 <DettaglioLinee> con 2.2.1.13 <Ritenuta> uguale a SI ({{lines}} linee)',
      hint: 'Aggiungere il blocco DatiRitenuta nei dati generali del documento oppure togliere Ritenuta dalle linee.',
    },
    '00413': {
      description:
        '2.1.1.7.7 <Natura> non presente a fronte di 2.1.1.7.5 <AliquotaIVA> pari a zero ({{aliquota}})',
      hint: 'Per il contributo cassa con aliquota IVA zero indicare la natura dell’operazione.',
    },
    '00414': {
      description:
        '2.1.1.7.7 <Natura> {{natura}} presente a fronte di 2.1.1.7.5 <AliquotaIVA> diversa da zero ({{aliquota}})',
      hint: 'Per il contributo cassa imponibile togliere Natura oppure indicare aliquota 0.00.',
    },
    '00415': {
      description: '2.1.1.5 <DatiRitenuta> non presente a fronte di 2.1.1.7.6 <Ritenuta> uguale a SI',
      hint: 'Aggiungere il blocco DatiRitenuta oppure togliere Ritenuta dai dati della cassa previdenziale.',
    },
    '00417': {
      description:
        '1.4.1.1 <IdFiscaleIVA> e 1.4.1.2 <CodiceFiscale> non valorizzati (almeno uno dei due deve essere valorizzato)',
      hint: 'Indicare la partita IVA o il codice fiscale del cessionario/committente.',
    },
    '00418': {
      description: '2.1.1.3 <Data> {{data}} antecedente alla data {{linkedDate}} del documento collegato',
      hint: 'La data del documento non può precedere quella della fattura a cui si riferisce: verificare le date.',
    },
    '00419': {
      description:
        '2.2.2 <DatiRiepilogo> non presente in corrispondenza dell’aliquota {{aliquota}} indicata in 2.2.1.12 o 2.1.1.7.5 <AliquotaIVA>',
      hint: 'Aggiungere un blocco DatiRiepilogo per ogni aliquota IVA usata nelle linee o nella cassa previdenziale.',
    },
    '00420': {
      description:
        '2.2.2.2 <Natura> {{natura}} (inversione contabile) a fronte di 2.2.2.7 <EsigibilitaIVA> uguale a S (scissione pagamenti)',
      hint: 'Con l’inversione contabile (N6.x) la scissione dei pagamenti non si applica: indicare EsigibilitaIVA I o D.',
    },
    '00421': {
      description:
        '2.2.2.6 <Imposta> {{imposta}} non calcolata secondo le specifiche tecniche (atteso {{expected}})',
      hint: 'Imposta = ImponibileImporto × AliquotaIVA / 100 arrotondato ai centesimi; è tollerata una differenza di 0,01.',
    },
    '00422': {
      description:
        '2.2.2.5 <ImponibileImporto> {{imponibile}} non calcolato secondo le specifiche tecniche (atteso {{expected}} per l’aliquota {{aliquota}})',
      hint: 'ImponibileImporto = somma dei PrezzoTotale delle linee con la stessa aliquota e natura + ImportoContributoCassa + Arrotondamento; è tollerata una differenza di 1,00.',
    },
    '00423': {
      description:
        '2.2.1.11 <PrezzoTotale> {{prezzoTotale}} non calcolato secondo le specifiche tecniche (atteso {{expected}})',
      hint: 'PrezzoTotale = PrezzoUnitario, con sconti e maggiorazioni applicati in ordine, × Quantita; è tollerata una differenza di 0,01.',
    },
    '00424': {
      description: '<AliquotaIVA> {{aliquota}} non indicata in termini percentuali',
      hint: 'Le aliquote si indicano in percentuale: 22% è 22.00, non 0.22.',
    },
    '00425': {
      description: '2.1.1.4 <Numero> {{numero}} non contenente caratteri numerici',
      hint: 'Il numero del documento deve contenere almeno una cifra.',
    },
    '00427': {
      description:
        '1.1.4 <CodiceDestinatario> di {{length}} caratteri ({{code}}) non coerente con 1.1.3 <FormatoTrasmissione> {{formato}}',
      hint: 'FPA12 (pubblica amministrazione) richiede il codice ufficio IPA di 6 caratteri; FPR12 (privati) un codice di 7 caratteri.',
    },
    '00428': {
      description:
        '1.1.3 <FormatoTrasmissione> {{formato}} non coerente con il valore dell’attributo versione ({{versione}})',
      hint: 'FormatoTrasmissione deve ripetere la versione dichiarata sull’elemento radice (FPA12, FPR12 o FSM10).',
    },
    '00429': {
      description:
        '2.2.2.2 <Natura> non presente a fronte di 2.2.2.1 <AliquotaIVA> pari a zero ({{aliquota}})',
      hint: 'Nel riepilogo con aliquota zero indicare la natura dell’operazione.',
    },
    '00430': {
      description:
        '2.2.2.2 <Natura> {{natura}} presente a fronte di 2.2.2.1 <AliquotaIVA> diversa da zero ({{aliquota}})',
      hint: 'Nel riepilogo con aliquota diversa da zero togliere Natura (ammessa solo per TD16).',
    },
    '00437': {
      description:
        '2.1.1.8.2 <Percentuale> e 2.1.1.8.3 <Importo> non presenti a fronte di 2.1.1.8.1 <Tipo> valorizzato ({{tipo}})',
      hint: 'Per lo sconto o la maggiorazione sul documento indicare la percentuale o l’importo.',
    },
    '00438': {
      description:
        '2.2.1.10.2 <Percentuale> e 2.2.1.10.3 <Importo> non presenti a fronte di 2.2.1.10.1 <Tipo> valorizzato ({{tipo}})',
      hint: 'Per lo sconto o la maggiorazione sulla linea indicare la percentuale o l’importo.',
    },
    '00443': {
      description:
        'Non c’è corrispondenza tra le aliquote IVA delle linee e della cassa previdenziale e quelle di 2.2.2.1 <AliquotaIVA>: {{aliquota}}',
      hint: 'Ogni aliquota usata nelle linee o nella cassa deve avere un riepilogo, e ogni riepilogo deve riferirsi a un’aliquota usata.',
    },
    '00444': {
      description:
        'Non c’è corrispondenza tra le nature delle linee e della cassa previdenziale e quelle di 2.2.2.2 <Natura>: {{natura}}',
      hint: 'Ogni natura usata nelle linee o nella cassa deve avere un riepilogo, e ogni riepilogo deve riferirsi a una natura usata.',
    },
    '00445': {
      description:
        'Non è più ammesso il valore generico {{natura}} come natura dell’operazione (documento del {{data}})',
      hint: 'Dal 1° gennaio 2021 indicare il sottocodice (es. N2.1, N2.2, N3.1 … N6.9).',
    },
    '00460': {
      description:
        'Importo totale {{total}} superiore al limite previsto per le fatture semplificate ({{limit}})',
      hint: 'Oltre il limite dell’art. 21-bis DPR 633/72 emettere una fattura ordinaria (FPR12).',
    },
    '00471': {
      description:
        'Per il valore {{tipoDocumento}} di 2.1.1.1 <TipoDocumento> il cedente/prestatore non può essere uguale al cessionario/committente ({{vat}})',
      hint: 'Questo tipo documento richiede due soggetti diversi; per le autofatture usare TD21 o TD27.',
    },
    '00472': {
      description:
        'Per il valore {{tipoDocumento}} di 2.1.1.1 <TipoDocumento> il cedente/prestatore ({{sellerVat}}) deve essere uguale al cessionario/committente ({{buyerVat}})',
      hint: 'Le autofatture TD21 e TD27 riportano lo stesso soggetto (stessa IdFiscaleIVA) come cedente e cessionario.',
    },
    '00473': {
      description:
        'Per il valore {{tipoDocumento}} di 2.1.1.1 <TipoDocumento> il valore {{idPaese}} di 1.2.1.1.1 <IdPaese> non è ammesso',
      hint: 'TD17, TD18, TD19 e TD28 richiedono un cedente non italiano (TD28: San Marino, IdPaese SM), TD29 un cedente italiano (IdPaese IT); IdPaese OO è ammesso solo con TD17 e TD19.',
    },
    '00474': {
      description:
        'Per il valore {{tipoDocumento}} di 2.1.1.1 <TipoDocumento> non sono ammesse linee con aliquota IVA pari a zero',
      hint: 'L’autofattura per splafonamento (TD21) riporta l’IVA dovuta: indicare l’aliquota applicabile su ogni linea.',
    },
    '00475': {
      description:
        'Per il valore {{tipoDocumento}} di 2.1.1.1 <TipoDocumento> deve essere presente 1.4.1.1 <IdFiscaleIVA> del cessionario/committente',
      hint: 'TD16–TD20, TD22, TD23, TD28 e TD29 richiedono la partita IVA del cessionario/committente.',
    },
    '00476': {
      description:
        '1.2.1.1.1 <IdPaese> ({{sellerCountry}}) e 1.4.1.1.1 <IdPaese> ({{buyerCountry}}) non possono essere entrambi diversi da IT',
      hint: 'Almeno uno tra cedente e cessionario deve essere identificato in Italia; operazioni tra soggetti esteri non passano da SdI.',
    },
  },
  en: {
    '00001': {
      description: 'Invalid file name: {{fileName}}',
      hint: 'Use <country><transmitter fiscal code>_<1-5 character alphanumeric progressive>.xml or .xml.p7m (e.g. IT01234567890_00001.xml).',
    },
    '00002': {
      description: 'Duplicate file name: {{fileName}}',
      hint: 'The name was already used for an earlier file, even a rejected one: change the progressive part.',
    },
    '00003': {
      description: 'The file size ({{size}} bytes) exceeds the allowed size ({{limit}} bytes)',
      hint: 'Reduce the attachments or split the batch into several files.',
    },
    '00200': {
      description: 'File does not conform to the format: give Denominazione or Nome and Cognome',
      hint: 'The name block must contain either Denominazione alone (organisations) or both Nome and Cognome (persons), never both alternatives.',
    },
    '00300': {
      description: 'Transmitter 1.1.1.2 <IdCodice> is not valid: {{value}}',
      hint: 'For IdPaese IT give the transmitter’s fiscal code: 11 digits or 16 characters, with a correct check character.',
    },
    '00301': {
      description: 'Seller 1.2.1.1.2 <IdCodice> is not valid: {{value}}',
      hint: 'For IdPaese IT the VAT number has 11 digits, the last one a check digit: verify it.',
    },
    '00302': {
      description: 'Seller 1.2.1.2 <CodiceFiscale> is not valid: {{value}}',
      hint: 'Give a fiscal code of 11 digits or 16 characters with a correct check character.',
    },
    '00303': {
      description:
        'Fiscal representative 1.3.1.1.2 <IdCodice> or 1.4.4.1.2 <IdCodice> is not valid: {{value}}',
      hint: 'Verify the representative’s VAT number: 11 digits with a correct check digit.',
    },
    '00304': {
      description: 'Fiscal representative 1.3.1.2 <CodiceFiscale> is not valid: {{value}}',
      hint: 'Give a fiscal code of 11 digits or 16 characters with a correct check character.',
    },
    '00305': {
      description: 'Buyer 1.4.1.1.2 <IdCodice> is not valid: {{value}}',
      hint: 'For IdPaese IT the VAT number has 11 digits, the last one a check digit: verify it.',
    },
    '00306': {
      description: 'Buyer 1.4.1.2 <CodiceFiscale> is not valid: {{value}}',
      hint: 'Give a fiscal code of 11 digits or 16 characters with a correct check character.',
    },
    '00311': {
      description: '1.1.4 <CodiceDestinatario> is not valid: {{code}}',
      hint: 'For format {{format}} the code must have {{length}} characters (upper-case letters and digits) and match an IPA office (FPA12) or an accredited channel (FPR12).',
    },
    '00312': {
      description: '1.1.4 <CodiceDestinatario> is not active: {{code}}',
      hint: 'Ask the recipient for its current code, or use 0000000 with the recipient’s PEC address.',
    },
    '00313': {
      description:
        '1.1.4 <CodiceDestinatario> {{code}} is not allowed for a buyer without a foreign IdFiscaleIVA',
      hint: 'XXXXXXX is reserved for non-resident buyers: give 1.4.1.1 <IdFiscaleIVA> with IdPaese other than IT, or use the recipient code or 0000000.',
    },
    '00320': {
      description:
        'Seller 1.2.1.1 <IdFiscaleIVA> {{vat}} and 1.2.1.2 <CodiceFiscale> {{fiscalCode}} are not coherent',
      hint: 'VAT number and fiscal code must belong to the same subject (for a VAT group: the member’s fiscal code). SdI checks this in the tax register.',
    },
    '00324': {
      description:
        'Buyer 1.4.1.1 <IdFiscaleIVA> {{vat}} and 1.4.1.2 <CodiceFiscale> {{fiscalCode}} are not coherent',
      hint: 'VAT number and fiscal code must belong to the same subject (for a VAT group: the member’s fiscal code). SdI checks this in the tax register.',
    },
    '00400': {
      description: '2.2.1.14 <Natura> missing although <AliquotaIVA> is zero ({{aliquota}})',
      hint: 'A zero VAT rate requires the nature of the transaction (e.g. N2.2, N3.1, N4) explaining why no VAT is charged.',
    },
    '00401': {
      description: '2.2.1.14 <Natura> {{natura}} present although <AliquotaIVA> is not zero ({{aliquota}})',
      hint: 'A non-zero rate makes the transaction taxable: remove Natura (allowed only with TD16) or set the rate to 0.00.',
    },
    '00403': {
      description: '2.1.1.3 <Data> {{data}} is later than the date the file was received ({{receivedOn}})',
      hint: 'The document date cannot be in the future: correct it, or send the file from that date on.',
    },
    '00404': {
      description: 'Duplicate invoice: number {{numero}} of {{data}} was already transmitted',
      hint: 'An invoice with the same identifying data (seller, year, number, document type) was already accepted: check the numbering.',
    },
    '00411': {
      description:
        '2.1.1.5 <DatiRitenuta> missing although at least one 2.2.1 <DettaglioLinee> has 2.2.1.13 <Ritenuta> SI ({{lines}} lines)',
      hint: 'Add a DatiRitenuta block to the general document data, or remove Ritenuta from the lines.',
    },
    '00413': {
      description: '2.1.1.7.7 <Natura> missing although 2.1.1.7.5 <AliquotaIVA> is zero ({{aliquota}})',
      hint: 'For a pension-fund contribution with a zero VAT rate give the nature of the transaction.',
    },
    '00414': {
      description:
        '2.1.1.7.7 <Natura> {{natura}} present although 2.1.1.7.5 <AliquotaIVA> is not zero ({{aliquota}})',
      hint: 'For a taxable pension-fund contribution remove Natura or set the rate to 0.00.',
    },
    '00415': {
      description: '2.1.1.5 <DatiRitenuta> missing although 2.1.1.7.6 <Ritenuta> is SI',
      hint: 'Add a DatiRitenuta block, or remove Ritenuta from the pension-fund data.',
    },
    '00417': {
      description:
        '1.4.1.1 <IdFiscaleIVA> and 1.4.1.2 <CodiceFiscale> both missing (at least one is required)',
      hint: 'Give the buyer’s VAT number or fiscal code.',
    },
    '00418': {
      description: '2.1.1.3 <Data> {{data}} is earlier than the date {{linkedDate}} of the linked document',
      hint: 'A document cannot be dated before the invoice it refers to: check the dates.',
    },
    '00419': {
      description:
        '2.2.2 <DatiRiepilogo> missing for the rate {{aliquota}} used in 2.2.1.12 or 2.1.1.7.5 <AliquotaIVA>',
      hint: 'Add a DatiRiepilogo block for every VAT rate used in the lines or in the pension-fund data.',
    },
    '00420': {
      description:
        '2.2.2.2 <Natura> {{natura}} (reverse charge) with 2.2.2.7 <EsigibilitaIVA> S (split payment)',
      hint: 'Split payment does not apply to reverse-charge transactions (N6.x): use EsigibilitaIVA I or D.',
    },
    '00421': {
      description:
        '2.2.2.6 <Imposta> {{imposta}} not computed as the technical specifications require (expected {{expected}})',
      hint: 'Imposta = ImponibileImporto × AliquotaIVA / 100 rounded to cents; a difference of 0.01 is tolerated.',
    },
    '00422': {
      description:
        '2.2.2.5 <ImponibileImporto> {{imponibile}} not computed as the technical specifications require (expected {{expected}} for rate {{aliquota}})',
      hint: 'ImponibileImporto = sum of PrezzoTotale of the lines with the same rate and nature + ImportoContributoCassa + Arrotondamento; a difference of 1.00 is tolerated.',
    },
    '00423': {
      description:
        '2.2.1.11 <PrezzoTotale> {{prezzoTotale}} not computed as the technical specifications require (expected {{expected}})',
      hint: 'PrezzoTotale = PrezzoUnitario, with discounts and surcharges applied in order, × Quantita; a difference of 0.01 is tolerated.',
    },
    '00424': {
      description: '<AliquotaIVA> {{aliquota}} is not expressed as a percentage',
      hint: 'Rates are percentages: 22% is 22.00, not 0.22.',
    },
    '00425': {
      description: '2.1.1.4 <Numero> {{numero}} contains no digit',
      hint: 'The document number must contain at least one digit.',
    },
    '00427': {
      description:
        '1.1.4 <CodiceDestinatario> of {{length}} characters ({{code}}) not coherent with 1.1.3 <FormatoTrasmissione> {{formato}}',
      hint: 'FPA12 (public administration) needs the 6-character IPA office code; FPR12 (private parties) a 7-character code.',
    },
    '00428': {
      description:
        '1.1.3 <FormatoTrasmissione> {{formato}} not coherent with the versione attribute ({{versione}})',
      hint: 'FormatoTrasmissione must repeat the version declared on the root element (FPA12, FPR12 or FSM10).',
    },
    '00429': {
      description: '2.2.2.2 <Natura> missing although 2.2.2.1 <AliquotaIVA> is zero ({{aliquota}})',
      hint: 'Give the nature of the transaction in the zero-rate summary.',
    },
    '00430': {
      description:
        '2.2.2.2 <Natura> {{natura}} present although 2.2.2.1 <AliquotaIVA> is not zero ({{aliquota}})',
      hint: 'Remove Natura from a summary with a non-zero rate (allowed only with TD16).',
    },
    '00437': {
      description:
        '2.1.1.8.2 <Percentuale> and 2.1.1.8.3 <Importo> missing although 2.1.1.8.1 <Tipo> is given ({{tipo}})',
      hint: 'Give the percentage or the amount of the document discount or surcharge.',
    },
    '00438': {
      description:
        '2.2.1.10.2 <Percentuale> and 2.2.1.10.3 <Importo> missing although 2.2.1.10.1 <Tipo> is given ({{tipo}})',
      hint: 'Give the percentage or the amount of the line discount or surcharge.',
    },
    '00443': {
      description:
        'The VAT rates of the lines and pension-fund data do not match those of 2.2.2.1 <AliquotaIVA>: {{aliquota}}',
      hint: 'Every rate used in the lines or pension-fund data needs a summary, and every summary must refer to a rate in use.',
    },
    '00444': {
      description:
        'The natures of the lines and pension-fund data do not match those of 2.2.2.2 <Natura>: {{natura}}',
      hint: 'Every nature used in the lines or pension-fund data needs a summary, and every summary must refer to a nature in use.',
    },
    '00445': {
      description:
        'The generic value {{natura}} is no longer accepted as nature of the transaction (document dated {{data}})',
      hint: 'Since 1 January 2021 give the sub-code (e.g. N2.1, N2.2, N3.1 … N6.9).',
    },
    '00460': {
      description: 'Total amount {{total}} exceeds the limit for simplified invoices ({{limit}})',
      hint: 'Above the limit of art. 21-bis DPR 633/72 issue an ordinary invoice (FPR12).',
    },
    '00471': {
      description:
        'For 2.1.1.1 <TipoDocumento> {{tipoDocumento}} the seller cannot be the same subject as the buyer ({{vat}})',
      hint: 'This document type needs two different subjects; self-invoices use TD21 or TD27.',
    },
    '00472': {
      description:
        'For 2.1.1.1 <TipoDocumento> {{tipoDocumento}} the seller ({{sellerVat}}) must be the same subject as the buyer ({{buyerVat}})',
      hint: 'TD21 and TD27 self-invoices name the same subject (same IdFiscaleIVA) as seller and buyer.',
    },
    '00473': {
      description:
        'For 2.1.1.1 <TipoDocumento> {{tipoDocumento}} the value {{idPaese}} of 1.2.1.1.1 <IdPaese> is not allowed',
      hint: 'TD17, TD18, TD19 and TD28 need a non-Italian seller (TD28: San Marino, IdPaese SM), TD29 an Italian one (IdPaese IT); IdPaese OO is allowed only with TD17 and TD19.',
    },
    '00474': {
      description: 'For 2.1.1.1 <TipoDocumento> {{tipoDocumento}} lines with a zero VAT rate are not allowed',
      hint: 'A TD21 self-invoice (ceiling exceeded) states the VAT due: give the applicable rate on every line.',
    },
    '00475': {
      description:
        'For 2.1.1.1 <TipoDocumento> {{tipoDocumento}} the buyer’s 1.4.1.1 <IdFiscaleIVA> is required',
      hint: 'TD16–TD20, TD22, TD23, TD28 and TD29 require the buyer’s VAT number.',
    },
    '00476': {
      description:
        '1.2.1.1.1 <IdPaese> ({{sellerCountry}}) and 1.4.1.1.1 <IdPaese> ({{buyerCountry}}) cannot both differ from IT',
      hint: 'At least one of seller and buyer must be identified in Italy; transactions between foreign parties do not go through SdI.',
    },
  },
  de: {
    '00001': {
      description: 'Ungültiger Dateiname: {{fileName}}',
      hint: 'Format <Land><Steuernummer des Übermittlers>_<1–5 alphanumerische Zeichen>.xml oder .xml.p7m verwenden (z. B. IT01234567890_00001.xml).',
    },
    '00002': {
      description: 'Doppelter Dateiname: {{fileName}}',
      hint: 'Der Name wurde schon für eine frühere Datei verwendet, auch wenn sie abgelehnt wurde: die laufende Nummer ändern.',
    },
    '00003': {
      description: 'Die Dateigröße ({{size}} Byte) überschreitet die zulässige Größe ({{limit}} Byte)',
      hint: 'Anhänge verkleinern oder das Los auf mehrere Dateien aufteilen.',
    },
    '00200': {
      description: 'Datei entspricht nicht dem Format: Denominazione oder Nome und Cognome angeben',
      hint: 'Der Namensblock enthält entweder nur Denominazione (Organisationen) oder Nome und Cognome (natürliche Personen), nie beide Varianten.',
    },
    '00300': {
      description: '1.1.1.2 <IdCodice> des Übermittlers ist ungültig: {{value}}',
      hint: 'Bei IdPaese IT die Steuernummer (codice fiscale) des Übermittlers angeben: 11 Ziffern oder 16 Zeichen mit korrektem Prüfzeichen.',
    },
    '00301': {
      description: '1.2.1.1.2 <IdCodice> des Verkäufers ist ungültig: {{value}}',
      hint: 'Bei IdPaese IT hat die USt-IdNr. 11 Ziffern, die letzte ist eine Prüfziffer: bitte prüfen.',
    },
    '00302': {
      description: '1.2.1.2 <CodiceFiscale> des Verkäufers ist ungültig: {{value}}',
      hint: 'Eine Steuernummer mit 11 Ziffern oder 16 Zeichen und korrektem Prüfzeichen angeben.',
    },
    '00303': {
      description:
        '1.3.1.1.2 <IdCodice> oder 1.4.4.1.2 <IdCodice> des Fiskalvertreters ist ungültig: {{value}}',
      hint: 'Die USt-IdNr. des Fiskalvertreters prüfen: 11 Ziffern mit korrekter Prüfziffer.',
    },
    '00304': {
      description: '1.3.1.2 <CodiceFiscale> des Fiskalvertreters ist ungültig: {{value}}',
      hint: 'Eine Steuernummer mit 11 Ziffern oder 16 Zeichen und korrektem Prüfzeichen angeben.',
    },
    '00305': {
      description: '1.4.1.1.2 <IdCodice> des Käufers ist ungültig: {{value}}',
      hint: 'Bei IdPaese IT hat die USt-IdNr. 11 Ziffern, die letzte ist eine Prüfziffer: bitte prüfen.',
    },
    '00306': {
      description: '1.4.1.2 <CodiceFiscale> des Käufers ist ungültig: {{value}}',
      hint: 'Eine Steuernummer mit 11 Ziffern oder 16 Zeichen und korrektem Prüfzeichen angeben.',
    },
    '00311': {
      description: '1.1.4 <CodiceDestinatario> ist ungültig: {{code}}',
      hint: 'Für das Format {{format}} muss der Code {{length}} Zeichen lang sein (Großbuchstaben und Ziffern) und zu einer IPA-Dienststelle (FPA12) oder einem akkreditierten Kanal (FPR12) gehören.',
    },
    '00312': {
      description: '1.1.4 <CodiceDestinatario> ist nicht aktiv: {{code}}',
      hint: 'Den aktuellen Code beim Empfänger erfragen oder 0000000 mit der PEC-Adresse des Empfängers angeben.',
    },
    '00313': {
      description:
        '1.1.4 <CodiceDestinatario> {{code}} ist für einen Käufer ohne ausländische IdFiscaleIVA nicht zulässig',
      hint: 'XXXXXXX ist Käufern ohne Sitz in Italien vorbehalten: 1.4.1.1 <IdFiscaleIVA> mit IdPaese ungleich IT angeben oder den Empfängercode bzw. 0000000 verwenden.',
    },
    '00320': {
      description:
        '1.2.1.1 <IdFiscaleIVA> {{vat}} und 1.2.1.2 <CodiceFiscale> {{fiscalCode}} des Verkäufers passen nicht zusammen',
      hint: 'USt-IdNr. und Steuernummer müssen zum selben Rechtsträger gehören (bei einer Mehrwertsteuergruppe: Steuernummer des Mitglieds). SdI prüft dies im Steuerregister.',
    },
    '00324': {
      description:
        '1.4.1.1 <IdFiscaleIVA> {{vat}} und 1.4.1.2 <CodiceFiscale> {{fiscalCode}} des Käufers passen nicht zusammen',
      hint: 'USt-IdNr. und Steuernummer müssen zum selben Rechtsträger gehören (bei einer Mehrwertsteuergruppe: Steuernummer des Mitglieds). SdI prüft dies im Steuerregister.',
    },
    '00400': {
      description: '2.2.1.14 <Natura> fehlt, obwohl <AliquotaIVA> null ist ({{aliquota}})',
      hint: 'Ein Steuersatz von null erfordert die Art des Umsatzes (z. B. N2.2, N3.1, N4), die die Steuerfreiheit begründet.',
    },
    '00401': {
      description:
        '2.2.1.14 <Natura> {{natura}} angegeben, obwohl <AliquotaIVA> nicht null ist ({{aliquota}})',
      hint: 'Ein Steuersatz ungleich null macht den Umsatz steuerpflichtig: Natura entfernen (nur bei TD16 zulässig) oder den Satz 0.00 angeben.',
    },
    '00403': {
      description: '2.1.1.3 <Data> {{data}} liegt nach dem Eingangsdatum der Datei ({{receivedOn}})',
      hint: 'Das Belegdatum darf nicht in der Zukunft liegen: korrigieren oder die Datei erst ab diesem Tag senden.',
    },
    '00404': {
      description: 'Doppelte Rechnung: Nummer {{numero}} vom {{data}} wurde bereits übermittelt',
      hint: 'Eine Rechnung mit denselben Kenndaten (Verkäufer, Jahr, Nummer, Belegart) wurde bereits angenommen: Nummerierung prüfen.',
    },
    '00411': {
      description:
        '2.1.1.5 <DatiRitenuta> fehlt, obwohl mindestens eine 2.2.1 <DettaglioLinee> 2.2.1.13 <Ritenuta> SI hat ({{lines}} Zeilen)',
      hint: 'Einen DatiRitenuta-Block in den allgemeinen Belegdaten ergänzen oder Ritenuta aus den Zeilen entfernen.',
    },
    '00413': {
      description: '2.1.1.7.7 <Natura> fehlt, obwohl 2.1.1.7.5 <AliquotaIVA> null ist ({{aliquota}})',
      hint: 'Für einen Vorsorgekassenbeitrag mit Steuersatz null die Art des Umsatzes angeben.',
    },
    '00414': {
      description:
        '2.1.1.7.7 <Natura> {{natura}} angegeben, obwohl 2.1.1.7.5 <AliquotaIVA> nicht null ist ({{aliquota}})',
      hint: 'Bei einem steuerpflichtigen Vorsorgekassenbeitrag Natura entfernen oder den Satz 0.00 angeben.',
    },
    '00415': {
      description: '2.1.1.5 <DatiRitenuta> fehlt, obwohl 2.1.1.7.6 <Ritenuta> SI ist',
      hint: 'Einen DatiRitenuta-Block ergänzen oder Ritenuta aus den Vorsorgekassendaten entfernen.',
    },
    '00417': {
      description:
        '1.4.1.1 <IdFiscaleIVA> und 1.4.1.2 <CodiceFiscale> fehlen beide (mindestens eines ist erforderlich)',
      hint: 'USt-IdNr. oder Steuernummer des Käufers angeben.',
    },
    '00418': {
      description: '2.1.1.3 <Data> {{data}} liegt vor dem Datum {{linkedDate}} des verknüpften Belegs',
      hint: 'Ein Beleg kann nicht vor der Rechnung datiert sein, auf die er sich bezieht: Daten prüfen.',
    },
    '00419': {
      description:
        '2.2.2 <DatiRiepilogo> fehlt für den Steuersatz {{aliquota}} aus 2.2.1.12 oder 2.1.1.7.5 <AliquotaIVA>',
      hint: 'Für jeden in den Zeilen oder Vorsorgekassendaten verwendeten Steuersatz einen DatiRiepilogo-Block ergänzen.',
    },
    '00420': {
      description:
        '2.2.2.2 <Natura> {{natura}} (Umkehr der Steuerschuld) zusammen mit 2.2.2.7 <EsigibilitaIVA> S (Split Payment)',
      hint: 'Split Payment gilt nicht für Umsätze mit Umkehr der Steuerschuld (N6.x): EsigibilitaIVA I oder D angeben.',
    },
    '00421': {
      description:
        '2.2.2.6 <Imposta> {{imposta}} nicht nach den technischen Spezifikationen berechnet (erwartet {{expected}})',
      hint: 'Imposta = ImponibileImporto × AliquotaIVA / 100, auf Cent gerundet; eine Abweichung von 0,01 wird toleriert.',
    },
    '00422': {
      description:
        '2.2.2.5 <ImponibileImporto> {{imponibile}} nicht nach den technischen Spezifikationen berechnet (erwartet {{expected}} für den Steuersatz {{aliquota}})',
      hint: 'ImponibileImporto = Summe der PrezzoTotale der Zeilen mit gleichem Satz und gleicher Natura + ImportoContributoCassa + Arrotondamento; eine Abweichung von 1,00 wird toleriert.',
    },
    '00423': {
      description:
        '2.2.1.11 <PrezzoTotale> {{prezzoTotale}} nicht nach den technischen Spezifikationen berechnet (erwartet {{expected}})',
      hint: 'PrezzoTotale = PrezzoUnitario mit der Reihe nach angewendeten Rabatten und Zuschlägen × Quantita; eine Abweichung von 0,01 wird toleriert.',
    },
    '00424': {
      description: '<AliquotaIVA> {{aliquota}} ist nicht als Prozentsatz angegeben',
      hint: 'Steuersätze werden in Prozent angegeben: 22 % ist 22.00, nicht 0.22.',
    },
    '00425': {
      description: '2.1.1.4 <Numero> {{numero}} enthält keine Ziffer',
      hint: 'Die Belegnummer muss mindestens eine Ziffer enthalten.',
    },
    '00427': {
      description:
        '1.1.4 <CodiceDestinatario> mit {{length}} Zeichen ({{code}}) passt nicht zu 1.1.3 <FormatoTrasmissione> {{formato}}',
      hint: 'FPA12 (öffentliche Verwaltung) verlangt den 6-stelligen IPA-Dienststellencode, FPR12 (Privatwirtschaft) einen 7-stelligen Code.',
    },
    '00428': {
      description: '1.1.3 <FormatoTrasmissione> {{formato}} passt nicht zum Attribut versione ({{versione}})',
      hint: 'FormatoTrasmissione muss die am Wurzelelement angegebene Version wiederholen (FPA12, FPR12 oder FSM10).',
    },
    '00429': {
      description: '2.2.2.2 <Natura> fehlt, obwohl 2.2.2.1 <AliquotaIVA> null ist ({{aliquota}})',
      hint: 'In der Zusammenfassung mit Steuersatz null die Art des Umsatzes angeben.',
    },
    '00430': {
      description:
        '2.2.2.2 <Natura> {{natura}} angegeben, obwohl 2.2.2.1 <AliquotaIVA> nicht null ist ({{aliquota}})',
      hint: 'Natura aus einer Zusammenfassung mit Steuersatz ungleich null entfernen (nur bei TD16 zulässig).',
    },
    '00437': {
      description:
        '2.1.1.8.2 <Percentuale> und 2.1.1.8.3 <Importo> fehlen, obwohl 2.1.1.8.1 <Tipo> angegeben ist ({{tipo}})',
      hint: 'Prozentsatz oder Betrag des Belegrabatts bzw. -zuschlags angeben.',
    },
    '00438': {
      description:
        '2.2.1.10.2 <Percentuale> und 2.2.1.10.3 <Importo> fehlen, obwohl 2.2.1.10.1 <Tipo> angegeben ist ({{tipo}})',
      hint: 'Prozentsatz oder Betrag des Zeilenrabatts bzw. -zuschlags angeben.',
    },
    '00443': {
      description:
        'Die Steuersätze der Zeilen und Vorsorgekassendaten stimmen nicht mit denen in 2.2.2.1 <AliquotaIVA> überein: {{aliquota}}',
      hint: 'Jeder in Zeilen oder Vorsorgekassendaten verwendete Satz braucht eine Zusammenfassung, und jede Zusammenfassung muss sich auf einen verwendeten Satz beziehen.',
    },
    '00444': {
      description:
        'Die Umsatzarten der Zeilen und Vorsorgekassendaten stimmen nicht mit denen in 2.2.2.2 <Natura> überein: {{natura}}',
      hint: 'Jede in Zeilen oder Vorsorgekassendaten verwendete Natura braucht eine Zusammenfassung, und jede Zusammenfassung muss sich auf eine verwendete Natura beziehen.',
    },
    '00445': {
      description:
        'Der allgemeine Wert {{natura}} ist als Umsatzart nicht mehr zulässig (Beleg vom {{data}})',
      hint: 'Seit 1. Januar 2021 den Untercode angeben (z. B. N2.1, N2.2, N3.1 … N6.9).',
    },
    '00460': {
      description: 'Gesamtbetrag {{total}} überschreitet die Grenze für vereinfachte Rechnungen ({{limit}})',
      hint: 'Oberhalb der Grenze von Art. 21-bis DPR 633/72 eine ordentliche Rechnung (FPR12) ausstellen.',
    },
    '00471': {
      description:
        'Bei 2.1.1.1 <TipoDocumento> {{tipoDocumento}} dürfen Verkäufer und Käufer nicht derselbe Rechtsträger sein ({{vat}})',
      hint: 'Diese Belegart verlangt zwei verschiedene Beteiligte; Eigenrechnungen verwenden TD21 oder TD27.',
    },
    '00472': {
      description:
        'Bei 2.1.1.1 <TipoDocumento> {{tipoDocumento}} muss der Verkäufer ({{sellerVat}}) derselbe Rechtsträger wie der Käufer ({{buyerVat}}) sein',
      hint: 'Eigenrechnungen TD21 und TD27 nennen denselben Rechtsträger (gleiche IdFiscaleIVA) als Verkäufer und Käufer.',
    },
    '00473': {
      description:
        'Bei 2.1.1.1 <TipoDocumento> {{tipoDocumento}} ist der Wert {{idPaese}} in 1.2.1.1.1 <IdPaese> nicht zulässig',
      hint: 'TD17, TD18, TD19 und TD28 verlangen einen nicht italienischen Verkäufer (TD28: San Marino, IdPaese SM), TD29 einen italienischen (IdPaese IT); IdPaese OO ist nur bei TD17 und TD19 zulässig.',
    },
    '00474': {
      description:
        'Bei 2.1.1.1 <TipoDocumento> {{tipoDocumento}} sind Zeilen mit Steuersatz null nicht zulässig',
      hint: 'Die Eigenrechnung TD21 (Überschreitung des Plafonds) weist die geschuldete Steuer aus: auf jeder Zeile den anzuwendenden Satz angeben.',
    },
    '00475': {
      description:
        'Bei 2.1.1.1 <TipoDocumento> {{tipoDocumento}} ist 1.4.1.1 <IdFiscaleIVA> des Käufers erforderlich',
      hint: 'TD16–TD20, TD22, TD23, TD28 und TD29 verlangen die USt-IdNr. des Käufers.',
    },
    '00476': {
      description:
        '1.2.1.1.1 <IdPaese> ({{sellerCountry}}) und 1.4.1.1.1 <IdPaese> ({{buyerCountry}}) dürfen nicht beide von IT abweichen',
      hint: 'Mindestens Verkäufer oder Käufer muss in Italien identifiziert sein; Umsätze zwischen ausländischen Beteiligten laufen nicht über SdI.',
    },
  },
};

export interface SdiProblemDescription {
  code: string;
  description: string;
  hint: string;
  path: string;
}

/** Localized text of a problem, in the shape the API's validation errors use. */
export function describeSdiProblem(problem: SdiProblem, lang: Language): SdiProblemDescription {
  const message = sdiMessages[lang][problem.code] as SdiMessage | undefined;
  return {
    code: problem.code,
    description: message === undefined ? problem.code : interpolate(message.description, problem.params),
    hint: message === undefined ? '' : interpolate(message.hint, problem.params),
    path: problem.path,
  };
}
