/** The part of swagger-ui-dist's ES bundle the API reference screen uses (the package ships no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUiOptions {
    domNode: HTMLElement;
    spec: object;
    [option: string]: unknown;
  }
  export default function SwaggerUI(options: SwaggerUiOptions): unknown;
}
