/** Fills `{{name}}` placeholders; one without a value becomes "-" (a notification is read by people). */
export function fillText(
  template: string,
  params: Record<string, string | number | null | undefined>,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '-' : String(value);
  });
}
