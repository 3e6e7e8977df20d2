// Vite bundles stylesheets; TypeScript only needs to know importing one is allowed.
declare module '*.css';
