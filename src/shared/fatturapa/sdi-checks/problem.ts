import type { SdiCheckCode, SdiProblem, SdiSeverity } from './types.ts';

export function problem(
  code: SdiCheckCode,
  path: string,
  params: Record<string, string | number> = {},
  severity: SdiSeverity = 'error',
): SdiProblem {
  return { code, severity, path, params };
}
