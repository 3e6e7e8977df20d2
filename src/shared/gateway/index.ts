export * from './channels.ts';
export * from './api-fetch.ts';
