/** The npm package a bare import names: `pkijs/build/x` → pkijs, `@playwright/test/x` → @playwright/test. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}
