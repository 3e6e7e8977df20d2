/*
 * What `electron` resolves to in the projects that must not use it (tsconfig.shared.json, tsconfig.web.json):
 * nothing. `import { app } from 'electron'` there fails to compile with "has no exported member", as a package
 * manifest without the dependency would make it fail to resolve. Shared code and the page reach the host only
 * through the typed gateway (src/shared/gateway/channels.ts).
 */
export {};
