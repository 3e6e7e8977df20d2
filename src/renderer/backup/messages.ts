/**
 * The backup's texts in it/en/de (a section of the Profiles screen), kept here so the catalogs only gain one
 * `backup` entry each. English is the shape (`BackupMessages`); the other two must have every key.
 */
export const backupEn = {
  title: 'Backup of this profile',
  intro:
    'What this computer keeps for the active profile and the service does not: customers and suppliers, products and services, payments recorded, recurring invoices, drafts, your company details and numbering series. The invoices are not in it: they stay on the service. Import the file on another computer to have all this back; nothing already there is removed.',
  passphrase: 'Passphrase (optional)',
  passphraseHint:
    'The file holds IBANs and your customers’ details: with a passphrase only whoever knows it can open the file. Keep it safe, it cannot be recovered.',
  export: 'Export backup',
  exported: 'Backup saved as {{fileName}}.',
  exportedSealed: 'Backup saved as {{fileName}}, protected by the passphrase.',
  import: 'Import backup',
  importHint: 'A backup file exported by Scambio: it is checked whole before anything is written.',
  importPassphrase: 'Passphrase of the backup',
  importPassphraseHint: 'This backup is protected: type the passphrase chosen when it was exported.',
  importConfirm: 'Open and import',
  importCancel: 'Cancel',
  reportFrom: 'Imported the backup of “{{profile}}” exported on {{date}}. Nothing was removed.',
  reportNothing: 'This computer already had everything the backup holds.',
  reportEmpty: 'The backup holds nothing to restore.',
  column: {
    part: 'What',
    added: 'Added',
    replaced: 'Updated',
    unchanged: 'Already the same',
  },
  part: {
    contacts: 'Customers and suppliers',
    catalogue: 'Products and services',
    payments: 'Payments recorded',
    recurring: 'Recurring invoices',
    drafts: 'Drafts',
    customers: 'Customers of the invoices written here',
    suppliers: 'Your company details',
    series: 'Numbering series',
    resends: 'Corrected invoices',
  },
  failed: 'Not done: {{message}}',
  problem: {
    notJson: 'This file is not a Scambio backup (it is not even a JSON file). Nothing was imported.',
    notBackup: 'This file is not a Scambio backup. Nothing was imported.',
    newer:
      'This backup was made by a newer version of Scambio: update the app, then import it. Nothing was imported.',
    passphraseNeeded: 'This backup is protected: type its passphrase.',
    wrongPassphrase:
      'The passphrase does not open this backup. Nothing was imported: check it and try again.',
    damaged:
      'This backup is damaged (changed or cut short since it was exported). Nothing was imported: use another copy.',
  },
};

export type BackupMessages = typeof backupEn;

export const backupIt: BackupMessages = {
  title: 'Backup di questo profilo',
  intro:
    'Ciò che questo computer conserva per il profilo attivo e il servizio no: clienti e fornitori, prodotti e servizi, pagamenti registrati, fatture ricorrenti, bozze, i dati della tua azienda e le numerazioni. Le fatture non ci sono: restano sul servizio. Importa il file su un altro computer per ritrovare tutto; nulla di ciò che c’è già viene rimosso.',
  passphrase: 'Frase segreta (facoltativa)',
  passphraseHint:
    'Il file contiene IBAN e dati dei tuoi clienti: con una frase segreta lo apre solo chi la conosce. Conservala con cura, non si può recuperare.',
  export: 'Esporta backup',
  exported: 'Backup salvato come {{fileName}}.',
  exportedSealed: 'Backup salvato come {{fileName}}, protetto dalla frase segreta.',
  import: 'Importa backup',
  importHint: 'Un backup esportato da Scambio: viene controllato per intero prima di scrivere nulla.',
  importPassphrase: 'Frase segreta del backup',
  importPassphraseHint: 'Questo backup è protetto: digita la frase segreta scelta quando è stato esportato.',
  importConfirm: 'Apri e importa',
  importCancel: 'Annulla',
  reportFrom: 'Importato il backup di «{{profile}}» esportato il {{date}}. Nulla è stato rimosso.',
  reportNothing: 'Questo computer aveva già tutto ciò che il backup contiene.',
  reportEmpty: 'Il backup non contiene nulla da ripristinare.',
  column: {
    part: 'Cosa',
    added: 'Aggiunti',
    replaced: 'Aggiornati',
    unchanged: 'Già uguali',
  },
  part: {
    contacts: 'Clienti e fornitori',
    catalogue: 'Prodotti e servizi',
    payments: 'Pagamenti registrati',
    recurring: 'Fatture ricorrenti',
    drafts: 'Bozze',
    customers: 'Clienti delle fatture scritte qui',
    suppliers: 'Dati della tua azienda',
    series: 'Numerazioni',
    resends: 'Fatture corrette',
  },
  failed: 'Non riuscito: {{message}}',
  problem: {
    notJson:
      'Questo file non è un backup di Scambio (non è nemmeno un file JSON). Non è stato importato nulla.',
    notBackup: 'Questo file non è un backup di Scambio. Non è stato importato nulla.',
    newer:
      'Questo backup è stato creato da una versione più recente di Scambio: aggiorna l’app, poi importalo. Non è stato importato nulla.',
    passphraseNeeded: 'Questo backup è protetto: digita la sua frase segreta.',
    wrongPassphrase:
      'La frase segreta non apre questo backup. Non è stato importato nulla: controllala e riprova.',
    damaged:
      'Questo backup è danneggiato (modificato o troncato dopo l’esportazione). Non è stato importato nulla: usa un’altra copia.',
  },
};

export const backupDe: BackupMessages = {
  title: 'Sicherung dieses Profils',
  intro:
    'Was dieser Computer für das aktive Profil speichert und der Dienst nicht: Kunden und Lieferanten, Produkte und Leistungen, erfasste Zahlungen, wiederkehrende Rechnungen, Entwürfe, Ihre Firmendaten und Nummernkreise. Die Rechnungen sind nicht enthalten: Sie bleiben beim Dienst. Importieren Sie die Datei auf einem anderen Computer, um alles zurückzuerhalten; nichts Vorhandenes wird entfernt.',
  passphrase: 'Passphrase (optional)',
  passphraseHint:
    'Die Datei enthält IBANs und Kundendaten: Mit einer Passphrase kann sie nur öffnen, wer diese kennt. Bewahren Sie sie gut auf, sie lässt sich nicht wiederherstellen.',
  export: 'Sicherung exportieren',
  exported: 'Sicherung gespeichert als {{fileName}}.',
  exportedSealed: 'Sicherung gespeichert als {{fileName}}, mit der Passphrase geschützt.',
  import: 'Sicherung importieren',
  importHint:
    'Eine von Scambio exportierte Sicherungsdatei: Sie wird vollständig geprüft, bevor etwas geschrieben wird.',
  importPassphrase: 'Passphrase der Sicherung',
  importPassphraseHint: 'Diese Sicherung ist geschützt: Geben Sie die beim Export gewählte Passphrase ein.',
  importConfirm: 'Öffnen und importieren',
  importCancel: 'Abbrechen',
  reportFrom: 'Die Sicherung von „{{profile}}“ vom {{date}} wurde importiert. Nichts wurde entfernt.',
  reportNothing: 'Dieser Computer hatte bereits alles, was die Sicherung enthält.',
  reportEmpty: 'Die Sicherung enthält nichts zum Wiederherstellen.',
  column: {
    part: 'Was',
    added: 'Hinzugefügt',
    replaced: 'Aktualisiert',
    unchanged: 'Bereits gleich',
  },
  part: {
    contacts: 'Kunden und Lieferanten',
    catalogue: 'Produkte und Leistungen',
    payments: 'Erfasste Zahlungen',
    recurring: 'Wiederkehrende Rechnungen',
    drafts: 'Entwürfe',
    customers: 'Kunden der hier geschriebenen Rechnungen',
    suppliers: 'Ihre Firmendaten',
    series: 'Nummernkreise',
    resends: 'Korrigierte Rechnungen',
  },
  failed: 'Nicht ausgeführt: {{message}}',
  problem: {
    notJson:
      'Diese Datei ist keine Scambio-Sicherung (nicht einmal eine JSON-Datei). Es wurde nichts importiert.',
    notBackup: 'Diese Datei ist keine Scambio-Sicherung. Es wurde nichts importiert.',
    newer:
      'Diese Sicherung stammt von einer neueren Scambio-Version: Aktualisieren Sie die App und importieren Sie sie dann. Es wurde nichts importiert.',
    passphraseNeeded: 'Diese Sicherung ist geschützt: Geben Sie ihre Passphrase ein.',
    wrongPassphrase:
      'Die Passphrase öffnet diese Sicherung nicht. Es wurde nichts importiert: Prüfen Sie sie und versuchen Sie es erneut.',
    damaged:
      'Diese Sicherung ist beschädigt (nach dem Export verändert oder gekürzt). Es wurde nichts importiert: Verwenden Sie eine andere Kopie.',
  },
};
