/**
 * Which fields' problems show: a new form says nothing until a field is left (its problems) or Send is pressed
 * (all of them). Leaving a field reveals every draft field it changed since it was entered (changedFields).
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { changedFields } from './draft-fields.ts';

/** The form controls whose leaving checks their field (buttons are not fields). */
const isField = (target: EventTarget) =>
  target instanceof HTMLElement && target.matches('input, textarea, select');

export interface RevealedFields {
  /** Every field's problems show (Send was pressed, or the draft was worked on before). */
  revealAll: boolean;
  /** The fields left since the draft was opened. */
  touched: ReadonlySet<string>;
  setRevealAll: (all: boolean) => void;
  /** Another draft: nothing left yet, and every problem shown or none. */
  reset: (revealAll: boolean) => void;
  /** For the element around the form: where a field is entered and left. */
  fieldEvents: {
    onFocus: (event: FocusEvent) => void;
    onBlur: (event: FocusEvent) => void;
  };
}

export function useRevealedFields(draft: InvoiceDraft | null): RevealedFields {
  const [revealAll, setRevealAll] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const draftRef = useRef<InvoiceDraft | null>(null);
  draftRef.current = draft;
  const focusedDraft = useRef<InvoiceDraft | null>(null);
  // A field left by pressing a button (Add a line) shows its problems once the click is done: a message appearing
  // above the button between mousedown and mouseup would move it away from the pointer and lose the click.
  const pointerDown = useRef(false);
  const leftWhileDown = useRef<string[]>([]);
  const touch = useCallback((fields: string[]) => {
    if (fields.length > 0) setTouched((current) => new Set([...current, ...fields]));
  }, []);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => {
      pointerDown.current = false;
      const left = leftWhileDown.current;
      leftWhileDown.current = [];
      if (left.length > 0) setTimeout(() => touch(left), 0);
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
    };
  }, [touch]);

  return {
    revealAll,
    touched,
    setRevealAll,
    reset: (all) => {
      setTouched(new Set());
      setRevealAll(all);
    },
    fieldEvents: {
      onFocus: (event) => {
        if (isField(event.target)) focusedDraft.current = draftRef.current;
      },
      onBlur: (event) => {
        const before = focusedDraft.current;
        if (!isField(event.target) || !before || !draftRef.current) return;
        const left = changedFields(before, draftRef.current);
        focusedDraft.current = null;
        if (pointerDown.current) leftWhileDown.current.push(...left);
        else touch(left);
      },
    },
  };
}
