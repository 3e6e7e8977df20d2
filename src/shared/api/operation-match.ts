/**
 * Finds which documented operation a request is: `/v1/send/validate` is its own operation, `/v1/send/42` is
 * `/v1/send/{id_or_identifier}`. Where templates overlap, the one with more literal segments wins, as a router's
 * more specific route would.
 */

export interface PathTemplate<T> {
  value: T;
  method: string;
  pattern: RegExp;
  literals: number;
}

export function compileTemplate<T>(method: string, path: string, value: T): PathTemplate<T> {
  const segments = path.split('/').slice(1);
  const source = segments
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return {
    value,
    method: method.toLowerCase(),
    pattern: new RegExp(`^/${source}/?$`),
    literals: segments.filter((s) => !s.startsWith('{')).length,
  };
}

export class OperationMatcher<T> {
  private readonly templates: PathTemplate<T>[];

  constructor(entries: Iterable<{ method: string; path: string; value: T }>) {
    this.templates = [...entries]
      .map((e) => compileTemplate(e.method, e.path, e.value))
      .sort((a, b) => b.literals - a.literals);
  }

  match(method: string, pathname: string): T | null {
    const verb = method.toLowerCase();
    return this.templates.find((t) => t.method === verb && t.pattern.test(pathname))?.value ?? null;
  }
}
