/**
 * How the API reference is shown, the same at the sandbox's `/docs/` page and on the app's "API reference" screen:
 * Swagger UI (swagger-ui-dist, bundled, never from a CDN) over `/v1/openapi.json`.
 */

/** Swagger UI options both places use. No validator badge: it would send the document to an outside service. */
export const REFERENCE_OPTIONS = {
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  defaultModelExpandDepth: 2,
  displayOperationId: true,
  filter: true,
  showExtensions: true,
  tryItOutEnabled: false,
  queryConfigEnabled: false,
} as const;

/**
 * Colours Swagger UI draws below WCAG AA contrast (4.5:1 for text), darkened; its layout is left alone. Scoped to
 * `.swagger-ui`, so the rest of a page keeps its own look.
 */
export const REFERENCE_CSS = `
.swagger-ui .info .title small pre,
.swagger-ui .info .title small.version-stamp pre { color: #fff; }
.swagger-ui .info .title small { background: #5b5f66; }
.swagger-ui .info .title small.version-stamp { background: #2f7d0f; }
.swagger-ui .opblock-tag small,
.swagger-ui .opblock .opblock-summary-description,
.swagger-ui .opblock .opblock-summary-operation-id,
.swagger-ui .parameter__in,
.swagger-ui .parameter__type,
.swagger-ui .parameter__deprecated,
.swagger-ui .prop-format,
.swagger-ui .renderedMarkdown p,
.swagger-ui .response-col_links,
.swagger-ui table thead tr th,
.swagger-ui table thead tr td,
.swagger-ui .model-title,
.swagger-ui .model,
.swagger-ui .model .property,
.swagger-ui .model .property.primitive { color: #3b4151; }
.swagger-ui .parameter__name.required span,
.swagger-ui .parameter__name.required::after { color: #b3261e; }
.swagger-ui .opblock-summary-method { color: #fff; text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f6fb2; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d7a4f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5a00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .info a, .swagger-ui a.nostyle, .swagger-ui .info .link { color: #1f5fa8; }
.swagger-ui .btn.authorize { color: #1d7a4f; border-color: #1d7a4f; }
.swagger-ui .btn.authorize svg { fill: #1d7a4f; }
.swagger-ui .btn.cancel { border-color: #b3261e; color: #b3261e; }
.swagger-ui .btn.execute { background-color: #1f5fa8; border-color: #1f5fa8; }
/* Examples are shown whole rather than in a box that scrolls, which a keyboard could not reach. */
.swagger-ui .highlight-code > .microlight { max-height: none; overflow-y: visible; }
.swagger-ui .model-box-control:focus, .swagger-ui .opblock-summary-control:focus { outline: 2px solid #1f6fb2; }
/* Swagger UI labels neither its server picker nor the disabled pickers of enum parameters (their values are
   listed in words beside them): with one server and nothing to pick outside "Try it out", they are not shown. */
.swagger-ui .scheme-container .servers-title,
.swagger-ui .scheme-container .servers,
.swagger-ui .parameters-col_description select[disabled] { display: none; }
`;
