/**
 * The backup's texts in it/en/de (on the Profiles screen). English is the shape (`BackupMessages`); the other two
 * must have every key.
 */
export const backupEn = {
  title: 'Backup of this profile',
  intro:
    'What this computer keeps for the active profile and the service does not: customers and suppliers, products and services, payments recorded, recurring invoices, drafts, your company details and numbering series. Import the file on another computer to have them back; nothing already there is removed.',
  passphrase: 'Passphrase (optional)',
  passphraseHint:
    'With a passphrase the file can be opened only with it: it holds IBANs and your customers’ details.',
  export: 'Export backup',
  exported: 'Backup saved.',
  import: 'Import backup',
  importPassphrase: 'Passphrase of the backup',
  importConfirm: 'Open and import',
  importCancel: 'Cancel',
  report: 'Imported from the backup of {{date}}:',
  reportLine: '{{what}}: {{added}} added, {{replaced}} updated',
  reportSettings_one: '1 company setting restored',
  reportSettings_other: '{{count}} company settings restored',
  failed: 'Not imported: {{message}}',
  book: {
    contacts: 'Customers and suppliers',
    catalogue: 'Products and services',
    payments: 'Payments recorded',
    recurring: 'Recurring invoices',
    drafts: 'Drafts',
  },
  problem: {
    notJson: 'This file is not a Scambio backup (it is not JSON).',
    notBackup: 'This file is not a Scambio backup.',
    newer: 'This backup was made by a newer Scambio: update the app to import it.',
    passphraseNeeded: 'This backup is protected: type its passphrase.',
    wrongPassphrase: 'The passphrase does not open this backup (or the file was changed).',
    damaged: 'This backup is damaged: nothing was imported.',
  },
};

export type BackupMessages = typeof backupEn;

export const backupIt: BackupMessages = {
  title: 'Backup di questo profilo',
  intro:
    'Ciò che questo computer conserva per il profilo attivo e il servizio no: clienti e fornitori, prodotti e servizi, pagamenti registrati, fatture ricorrenti, bozze, i dati della tua azienda e le numerazioni. Importa il file su un altro computer per riaverli; nulla di ciò che c’è già viene rimosso.',
  passphrase: 'Frase segreta (facoltativa)',
  passphraseHint:
    'Con una frase segreta il file si apre solo con essa: contiene IBAN e dati dei tuoi clienti.',
  export: 'Esporta backup',
  exported: 'Backup salvato.',
  import: 'Importa backup',
  importPassphrase: 'Frase segreta del backup',
  importConfirm: 'Apri e importa',
  importCancel: 'Annulla',
  report: 'Importato dal backup del {{date}}:',
  reportLine: '{{what}}: aggiunti {{added}}, aggiornati {{replaced}}',
  reportSettings_one: '1 impostazione aziendale ripristinata',
  reportSettings_other: '{{count}} impostazioni aziendali ripristinate',
  failed: 'Non importato: {{message}}',
  book: {
    contacts: 'Clienti e fornitori',
    catalogue: 'Prodotti e servizi',
    payments: 'Pagamenti registrati',
    recurring: 'Fatture ricorrenti',
    drafts: 'Bozze',
  },
  problem: {
    notJson: 'Questo file non è un backup di Scambio (non è JSON).',
    notBackup: 'Questo file non è un backup di Scambio.',
    newer:
      'Questo backup è stato creato da una versione più recente di Scambio: aggiorna l’app per importarlo.',
    passphraseNeeded: 'Questo backup è protetto: digita la sua frase segreta.',
    wrongPassphrase: 'La frase segreta non apre questo backup (o il file è stato modificato).',
    damaged: 'Questo backup è danneggiato: non è stato importato nulla.',
  },
};

export const backupDe: BackupMessages = {
  title: 'Sicherung dieses Profils',
  intro:
    'Was dieser Computer für das aktive Profil speichert und der Dienst nicht: Kunden und Lieferanten, Produkte und Leistungen, erfasste Zahlungen, wiederkehrende Rechnungen, Entwürfe, Ihre Firmendaten und Nummernkreise. Importieren Sie die Datei auf einem anderen Computer, um sie zurückzuerhalten; nichts Vorhandenes wird entfernt.',
  passphrase: 'Passphrase (optional)',
  passphraseHint:
    'Mit einer Passphrase lässt sich die Datei nur mit ihr öffnen: Sie enthält IBANs und Kundendaten.',
  export: 'Sicherung exportieren',
  exported: 'Sicherung gespeichert.',
  import: 'Sicherung importieren',
  importPassphrase: 'Passphrase der Sicherung',
  importConfirm: 'Öffnen und importieren',
  importCancel: 'Abbrechen',
  report: 'Aus der Sicherung vom {{date}} importiert:',
  reportLine: '{{what}}: {{added}} hinzugefügt, {{replaced}} aktualisiert',
  reportSettings_one: '1 Firmeneinstellung wiederhergestellt',
  reportSettings_other: '{{count}} Firmeneinstellungen wiederhergestellt',
  failed: 'Nicht importiert: {{message}}',
  book: {
    contacts: 'Kunden und Lieferanten',
    catalogue: 'Produkte und Leistungen',
    payments: 'Erfasste Zahlungen',
    recurring: 'Wiederkehrende Rechnungen',
    drafts: 'Entwürfe',
  },
  problem: {
    notJson: 'Diese Datei ist keine Scambio-Sicherung (kein JSON).',
    notBackup: 'Diese Datei ist keine Scambio-Sicherung.',
    newer:
      'Diese Sicherung stammt von einem neueren Scambio: Aktualisieren Sie die App, um sie zu importieren.',
    passphraseNeeded: 'Diese Sicherung ist geschützt: Geben Sie ihre Passphrase ein.',
    wrongPassphrase: 'Die Passphrase öffnet diese Sicherung nicht (oder die Datei wurde verändert).',
    damaged: 'Diese Sicherung ist beschädigt: Es wurde nichts importiert.',
  },
};
