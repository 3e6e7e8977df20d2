import { InvoiceDocumentError } from '../errors.ts';
import { MAX_PROBLEMS_PER_FILE } from '../problem-limit.ts';
import type { BoundedProblems } from '../problem-limit.ts';
import { decodeXmlBytes, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH } from '../xml-document.ts';
import { compiledModels, shortValue } from './compile.ts';
import type { CompiledComplex, CompiledRoot, CompiledSlot, SimpleCheck } from './compile.ts';
import { normalizeLineEnds, scanXml, XSI_NAMESPACE } from './xml-scanner.ts';
import type { BadNamespaceDeclaration, ScanHandler, ScannedAttribute } from './xml-scanner.ts';

/**
 * One schema violation. `code` is the SdI error code for "file not conforming to the XSD" (00200).
 * `path` is relative to the root element: `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/AliquotaIVA`.
 * Elements that may repeat (maxOccurs > 1) always carry a 1-based index; others only from their second
 * occurrence on (`Numero[2]` for a duplicated Numero). Attributes are `@name`, stray text is `text()`,
 * and a problem with the root element itself has the root's name as path.
 */
export interface StructureProblem {
  code: '00200';
  kind: StructureProblemKind;
  path: string;
  params: Record<string, string | number>;
}

export type StructureProblemKind =
  | 'missing'
  | 'unexpected'
  | 'order'
  | 'too-many'
  | 'length'
  | 'pattern'
  | 'enum'
  | 'decimal'
  | 'date'
  | 'choice'
  | 'empty';

export interface ValidateXmlOptions {
  maxBytes?: number;
  maxDepth?: number;
  /** Problems kept; the others are only counted in `omitted`. Defaults to MAX_PROBLEMS_PER_FILE. */
  maxProblems?: number;
}

/** The first problems in document order (at most the limit) and the number of further ones. */
export type StructureReport = BoundedProblems<StructureProblem>;

const ALLOWED_XSI_ATTRIBUTES = new Set(['schemaLocation', 'noNamespaceSchemaLocation']);
const NO_COUNTS: number[] = [];

/** One open element. Frames are pooled per depth, so a validation run allocates few of them. */
class Frame {
  parent: Frame | null = null;
  name = '';
  occurrence = 1;
  indexed = false;
  slot: CompiledSlot | null = null;
  complex: CompiledComplex | null = null;
  simple: SimpleCheck | null = null;
  counts: number[] = NO_COUNTS;
  /** Slot indices of the children in document order, for the order check. */
  sequence: number[] = [];
  maxIndex = -1;
  outOfOrder = false;
  text = '';
  textReported = false;
  unknownCounts: Map<string, number> | null = null;

  path(): string {
    const segment = this.indexed ? `${this.name}[${this.occurrence}]` : this.name;
    if (this.parent === null) return '';
    const parentPath = this.parent.path();
    return parentPath === '' ? segment : `${parentPath}/${segment}`;
  }
}

function join(parentPath: string, segment: string): string {
  return parentPath === '' ? segment : `${parentPath}/${segment}`;
}

/**
 * Event-driven validator shared by the XML path (fed by the scanner) and the JSON path (fed by a walk
 * over the object in model order). It never stops at the first problem: after an error it recovers
 * the way a reader would expect (an unknown element is skipped with its subtree, a misplaced one is
 * still validated in place).
 */
export class StructureValidator implements ScanHandler {
  readonly problems: StructureProblem[] = [];
  /** Problems found beyond `maxProblems`: counted, never built (no path, no params object). */
  omitted = 0;
  private readonly frames: Frame[] = [];
  private depth = 0;
  /** Depth of content that is not validated (inside an unknown element or ds:Signature). */
  private skipDepth = 0;

  constructor(private readonly maxProblems: number = MAX_PROBLEMS_PER_FILE) {}

  report(): StructureReport {
    return { problems: this.problems, omitted: this.omitted };
  }

  /**
   * True when one more problem may be kept; otherwise counts it as omitted. Callers test this before building
   * the path and params, so a file with millions of errors allocates nothing per error once the list is full.
   */
  private room(): boolean {
    if (this.problems.length < this.maxProblems) return true;
    this.omitted++;
    return false;
  }

  /** Current complex type, for the JSON walk to enumerate children in schema order. */
  currentComplex(): CompiledComplex | null {
    return this.skipDepth > 0 ? null : (this.top()?.complex ?? null);
  }

  private top(): Frame | undefined {
    return this.depth > 0 ? this.frames[this.depth - 1] : undefined;
  }

  private push(): Frame {
    let frame = this.frames[this.depth];
    if (frame === undefined) {
      frame = new Frame();
      this.frames.push(frame);
    }
    this.depth++;
    return frame;
  }

  /** Call only after room() returned true. */
  private add(kind: StructureProblemKind, path: string, params: Record<string, string | number>): void {
    this.problems.push({ code: '00200', kind, path, params });
  }

  /** Returns false when the element's content is not validated (the JSON walk then does not descend). */
  start(
    local: string,
    namespace: string | null,
    attributes: readonly ScannedAttribute[] | null,
    badNamespaces: readonly BadNamespaceDeclaration[] | null = null,
  ): boolean {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      if (badNamespaces !== null) this.reportBadNamespaces(this.top() ?? null, '', badNamespaces);
      return false;
    }
    const parent = this.top();
    if (parent === undefined) return this.startRoot(local, namespace, attributes, badNamespaces);

    // Undefined also for a child element inside an element of simple type.
    const slot = parent.complex?.byName.get(local);
    if (slot === undefined) {
      this.skipDepth = 1;
      // Once the list is full the path is never needed again, so neither is the per-name count behind it.
      if (!this.room()) {
        if (badNamespaces !== null) this.omitted += badNamespaces.length;
        return false;
      }
      const count = this.countUnknown(parent, local);
      const path = join(parent.path(), count > 1 ? `${local}[${count}]` : local);
      this.add('unexpected', path, { element: local, parent: parent.name });
      if (badNamespaces !== null) this.reportBadNamespaces(null, path, badNamespaces);
      return false;
    }

    const count = (parent.counts[slot.index] ?? 0) + 1;
    parent.counts[slot.index] = count;
    parent.sequence.push(slot.index);
    if (slot.index < parent.maxIndex) parent.outOfOrder = true;
    else parent.maxIndex = slot.index;

    const frame = this.push();
    frame.parent = parent;
    frame.name = local;
    frame.occurrence = count;
    frame.indexed = slot.repeated || count > 1;
    frame.slot = slot;
    frame.complex = slot.complex;
    frame.simple = slot.simple;
    frame.text = '';
    frame.textReported = false;
    frame.unknownCounts = null;
    frame.maxIndex = -1;
    frame.outOfOrder = false;
    if (slot.complex !== null) {
      const n = slot.complex.slots.length;
      if (frame.counts === NO_COUNTS) frame.counts = [];
      frame.counts.length = n;
      frame.counts.fill(0);
      frame.sequence.length = 0;
    }

    if (badNamespaces !== null) this.reportBadNamespaces(frame, '', badNamespaces);
    if (count > slot.max && this.room()) {
      this.add('too-many', frame.path(), { element: local, max: slot.max });
    }
    if (namespace !== slot.namespace) {
      if (this.room()) {
        this.add('unexpected', frame.path(), {
          element: local,
          parent: parent.name,
          namespace: namespace ?? '',
          expectedNamespace: slot.namespace ?? '',
        });
      }
      this.depth--;
      this.skipDepth = 1;
      return false;
    }
    if (slot.any) {
      this.depth--;
      this.skipDepth = 1;
      return false;
    }
    if (attributes !== null) this.checkAttributes(frame, attributes, null);
    return true;
  }

  private startRoot(
    local: string,
    namespace: string | null,
    attributes: readonly ScannedAttribute[] | null,
    badNamespaces: readonly BadNamespaceDeclaration[] | null,
  ): boolean {
    const models = compiledModels();
    const root = [models.ordinary, models.simplified].find(
      (m) => m.name === local && m.namespace === namespace,
    );
    if (badNamespaces !== null) this.reportBadNamespaces(null, '', badNamespaces);
    if (root === undefined) {
      // Like a schema validator, nothing below a root the schemas do not declare is meaningful.
      if (this.room()) {
        this.add('unexpected', local, {
          element: local,
          parent: '/',
          namespace: namespace ?? '',
          expectedNamespace: `${models.ordinary.namespace} | ${models.simplified.namespace}`,
        });
      }
      this.skipDepth = 1;
      return false;
    }
    const frame = this.push();
    frame.parent = null;
    frame.name = local;
    frame.occurrence = 1;
    frame.indexed = false;
    frame.slot = null;
    frame.complex = root.complex;
    frame.simple = null;
    frame.counts = new Array<number>(root.complex.slots.length).fill(0);
    frame.sequence = [];
    frame.maxIndex = -1;
    frame.outOfOrder = false;
    frame.text = '';
    frame.textReported = false;
    frame.unknownCounts = null;
    this.checkAttributes(frame, attributes ?? [], root);
    return true;
  }

  private checkAttributes(
    frame: Frame,
    attributes: readonly ScannedAttribute[],
    root: CompiledRoot | null,
  ): void {
    // Computed once per element, and only if a problem needs it.
    let base: string | null = null;
    const seen = root !== null ? new Set<string>() : null;
    for (const attribute of attributes) {
      if (attribute.namespace === XSI_NAMESPACE && ALLOWED_XSI_ATTRIBUTES.has(attribute.local)) continue;
      const declared =
        root !== null && attribute.namespace === null ? root.attributes.get(attribute.local) : undefined;
      if (declared === undefined) {
        if (this.room()) {
          base ??= frame.path();
          this.add('unexpected', join(base, `@${attribute.qname}`), {
            element: `@${attribute.qname}`,
            parent: frame.name,
          });
        }
        continue;
      }
      seen?.add(declared.name);
      const violation = declared.check(attribute.value);
      if (violation !== null && this.room()) {
        base ??= frame.path();
        this.add(violation.kind, join(base, `@${attribute.qname}`), {
          element: `@${declared.name}`,
          ...violation.params,
        });
      }
    }
    if (root !== null) {
      for (const attribute of root.requiredAttributes) {
        if (!seen?.has(attribute.name) && this.room()) {
          base ??= frame.path();
          this.add('missing', join(base, `@${attribute.name}`), {
            element: `@${attribute.name}`,
            parent: frame.name,
          });
        }
      }
    }
  }

  /** `path` is used when `frame` is null; otherwise the frame's path is computed only if needed. */
  private reportBadNamespaces(
    frame: Frame | null,
    path: string,
    declarations: readonly BadNamespaceDeclaration[],
  ): void {
    let base = frame === null ? path : null;
    for (const declaration of declarations) {
      if (!this.room()) continue;
      base ??= frame?.path() ?? '';
      this.add('pattern', join(base, `@${declaration.attribute}`), {
        element: `@${declaration.attribute}`,
        value: shortValue(declaration.value),
        expected: 'URI (RFC 3986)',
      });
    }
  }

  private countUnknown(parent: Frame, local: string): number {
    parent.unknownCounts ??= new Map();
    const count = (parent.unknownCounts.get(local) ?? 0) + 1;
    parent.unknownCounts.set(local, count);
    return count;
  }

  textRange(xml: string, start: number, end: number): void {
    if (this.skipDepth > 0) return;
    const frame = this.top();
    if (frame === undefined) return;
    if (frame.simple !== null) {
      frame.text = frame.text === '' ? xml.slice(start, end) : frame.text + xml.slice(start, end);
      return;
    }
    if (frame.textReported) return;
    for (let i = start; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) {
        this.strayText(frame, xml.slice(start, end));
        return;
      }
    }
  }

  text(value: string): void {
    this.textRange(value, 0, value.length);
  }

  private strayText(frame: Frame, text: string): void {
    frame.textReported = true;
    if (!this.room()) return;
    this.add('unexpected', join(frame.path(), 'text()'), {
      element: '#text',
      parent: frame.name,
      value: shortValue(text.trim()),
    });
  }

  end(): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const frame = this.top();
    if (frame === undefined) return;
    if (frame.simple !== null) {
      let value = frame.text;
      if (value === '' && frame.slot?.defaultValue != null) value = frame.slot.defaultValue;
      const violation = frame.simple(value);
      if (violation !== null && this.room()) {
        this.add(violation.kind, frame.path(), { element: frame.name, ...violation.params });
      }
    } else if (frame.complex !== null) {
      this.finishComplex(frame, frame.complex);
    }
    this.depth--;
  }

  private finishComplex(frame: Frame, complex: CompiledComplex): void {
    // Built on the first problem only: most elements have none.
    let path: string | null = null;
    const pathOf = (): string => (path ??= frame.path());
    if (frame.outOfOrder) this.reportOrder(frame, complex, pathOf);
    const counts = frame.counts;
    for (const slot of complex.required) {
      if (counts[slot.index] === 0 && this.room())
        this.add('missing', join(pathOf(), slot.name), { element: slot.name, parent: frame.name });
    }
    for (const choice of complex.choices) {
      let present = 0;
      let secondBranch: CompiledSlot[] | null = null;
      for (const branch of choice.branches) {
        if (branch.some((slot) => (counts[slot.index] ?? 0) > 0)) {
          present++;
          if (present === 2) secondBranch = branch;
        }
      }
      if (present === 0) {
        if (this.room()) this.add('choice', pathOf(), { element: frame.name, options: choice.options });
      } else if (present > 1) {
        if (!this.room()) continue;
        const offender = secondBranch?.find((slot) => (counts[slot.index] ?? 0) > 0);
        this.add('choice', join(pathOf(), offender?.name ?? ''), {
          element: offender?.name ?? frame.name,
          options: choice.options,
        });
      } else {
        for (const branch of choice.branches) {
          if (!branch.some((slot) => (counts[slot.index] ?? 0) > 0)) continue;
          for (const slot of branch) {
            if (counts[slot.index] === 0 && this.room()) {
              this.add('missing', join(pathOf(), slot.name), { element: slot.name, parent: frame.name });
            }
          }
        }
      }
    }
  }

  /**
   * Children out of schema order: the longest non-decreasing run of positions is taken as "in place" and
   * every other child is reported, so one misplaced element yields one problem, not a cascade.
   */
  private reportOrder(frame: Frame, complex: CompiledComplex, pathOf: () => string): void {
    const sequence = frame.sequence;
    const keep = longestNonDecreasing(sequence);
    const seen = new Array<number>(complex.slots.length).fill(0);
    for (let i = 0; i < sequence.length; i++) {
      const index = sequence[i] ?? 0;
      const occurrence = (seen[index] ?? 0) + 1;
      seen[index] = occurrence;
      if (keep[i]) continue;
      const slot = complex.slots[index];
      if (slot === undefined || !this.room()) continue;
      const segment = slot.repeated || occurrence > 1 ? `${slot.name}[${occurrence}]` : slot.name;
      this.add('order', join(pathOf(), segment), {
        element: slot.name,
        parent: frame.name,
        expected: complex.order,
      });
    }
  }
}

/**
 * Marks the members of a longest non-decreasing subsequence; among equally long ones the one using the
 * earliest positions, so that for "A C B" the later B is reported, as a streaming validator would.
 */
function longestNonDecreasing(values: readonly number[]): boolean[] {
  const n = values.length;
  // fromHere[i]: length of the longest non-decreasing subsequence starting at i (patience sorting on the
  // reversed, negated sequence, O(n log n)).
  const fromHere = new Array<number>(n).fill(1);
  const tails: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const v = -(values[i] ?? 0);
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] ?? 0) <= v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
    fromHere[i] = lo + 1;
  }
  const keep = new Array<boolean>(n).fill(false);
  let need = tails.length;
  let last = -Infinity;
  for (let i = 0; i < n && need > 0; i++) {
    const v = values[i] ?? 0;
    if (fromHere[i] === need && v >= last) {
      keep[i] = true;
      last = v;
      need--;
    }
  }
  return keep;
}

// ---------------------------------------------------------------------------------------------
// Entry points

/**
 * Validates XML text against the model. Element order, namespaces and the exact text (blanks included)
 * are checked as a schema validator would. Input that is not well-formed XML is not a structure problem:
 * it throws InvoiceDocumentError ('empty', 'too-large', 'not-well-formed', 'dtd-forbidden', 'too-deep').
 */
export function validateInvoiceXmlStructure(
  xml: string | Uint8Array,
  options: ValidateXmlOptions = {},
): StructureProblem[] {
  return validateInvoiceXmlStructureBounded(xml, options).problems;
}

/**
 * Like validateInvoiceXmlStructure, but also says how many problems were left out beyond
 * `options.maxProblems` (default MAX_PROBLEMS_PER_FILE). The scan still reads the whole file, so well-formedness
 * errors further on are thrown as before and the count is exact; past the limit nothing is allocated per
 * problem.
 */
export function validateInvoiceXmlStructureBounded(
  xml: string | Uint8Array,
  options: ValidateXmlOptions = {},
): StructureReport {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let text: string;
  if (typeof xml === 'string') {
    if (xml.length === 0) throw new InvoiceDocumentError('empty');
    if (xml.length > maxBytes)
      throw new InvoiceDocumentError('too-large', { detail: `more than ${maxBytes} bytes` });
    text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  } else {
    if (xml.length === 0) throw new InvoiceDocumentError('empty');
    if (xml.length > maxBytes)
      throw new InvoiceDocumentError('too-large', { detail: `more than ${maxBytes} bytes` });
    text = decodeXmlBytes(xml);
  }
  if (/^\s*$/.test(text)) throw new InvoiceDocumentError('empty');
  const validator = new StructureValidator(options.maxProblems ?? MAX_PROBLEMS_PER_FILE);
  scanXml(normalizeLineEnds(text), validator, { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH });
  return validator.report();
}

/**
 * Validates the JSON form (see json-types.ts). The model is chosen by '@versione' (FSM10 = simplified).
 * Children are visited in schema order whatever the key order, so 'order' never occurs here; keys the
 * model does not know are reported as 'unexpected'. Values are checked as given: whitespace the
 * tree parse (parseInvoiceXml) trimmed cannot be seen here (use validateInvoiceXmlStructure for that).
 */
export function validateStructure(json: unknown): StructureProblem[] {
  return validateStructureBounded(json).problems;
}

/** Like validateStructure, with at most `maxProblems` problems kept and the rest counted in `omitted`. */
export function validateStructureBounded(
  json: unknown,
  maxProblems: number = MAX_PROBLEMS_PER_FILE,
): StructureReport {
  const validator = new StructureValidator(maxProblems);
  const models = compiledModels();
  if (!isRecord(json)) {
    const name = models.ordinary.name;
    return {
      problems: [{ code: '00200', kind: 'empty', path: name, params: { element: name } }],
      omitted: 0,
    };
  }
  const root = json['@versione'] === 'FSM10' ? models.simplified : models.ordinary;
  validator.start(root.name, root.namespace, jsonAttributes(json));
  walkContent(validator, json);
  validator.end();
  return validator.report();
}

function jsonAttributes(value: Record<string, unknown>): ScannedAttribute[] | null {
  let attributes: ScannedAttribute[] | null = null;
  for (const key in value) {
    if (key.charCodeAt(0) !== 0x40) continue;
    const name = key.slice(1);
    (attributes ??= []).push({ qname: name, local: name, namespace: null, value: leafText(value[key]) });
  }
  return attributes;
}

function leafText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

/** Emits the content of the current element: known children in schema order, then the rest. */
function walkContent(validator: StructureValidator, value: unknown): void {
  if (!isRecord(value)) {
    validator.text(leafText(value));
    return;
  }
  const complex = validator.currentComplex();
  if (complex !== null) {
    for (const slot of complex.slots) {
      const child = value[slot.name];
      if (child !== undefined) walkElement(validator, slot.name, slot.namespace, child);
    }
  }
  for (const key in value) {
    const first = key.charCodeAt(0);
    if (first === 0x40) continue;
    const child = value[key];
    if (key === '#text') validator.text(leafText(child));
    else if (complex === null || !complex.byName.has(key)) walkElement(validator, key, null, child);
  }
}

function walkElement(
  validator: StructureValidator,
  name: string,
  namespace: string | null,
  value: unknown,
): void {
  if (Array.isArray(value)) {
    for (const item of value) walkElement(validator, name, namespace, item);
    return;
  }
  if (value === undefined) return;
  const attributes = isRecord(value) ? jsonAttributes(value) : null;
  if (validator.start(name, namespace, attributes)) walkContent(validator, value);
  validator.end();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
