export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target on our 2-core machines: a ceiling for latencies, a floor for throughputs. */
  target?: { max?: number; min?: number };
}

/** Prints figures with their targets and the ratio to each target (> 1 means the target is met with room). */
export function report(section: string, figures: Figure[]): void {
  console.log(`\n## ${section}`);
  for (const f of figures) {
    let verdict = '';
    if (f.target?.max !== undefined)
      verdict = `target < ${round(f.target.max)} ${f.unit}, ratio ${(f.target.max / f.value).toFixed(2)}×`;
    if (f.target?.min !== undefined)
      verdict = `target > ${round(f.target.min)} ${f.unit}, ratio ${(f.value / f.target.min).toFixed(2)}×`;
    const met = f.target
      ? (f.target.max ?? Infinity) > f.value && (f.target.min ?? -Infinity) < f.value
        ? ' ok'
        : ' MISSED'
      : '';
    console.log(
      `${f.name.padEnd(70)} ${f.value.toFixed(2).padStart(10)} ${f.unit.padEnd(3)} ${verdict}${met}`,
    );
  }
}

function round(value: number): string {
  return Number(value.toPrecision(3)).toString();
}
