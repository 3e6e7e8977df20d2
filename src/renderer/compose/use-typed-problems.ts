/**
 * Inputs whose text is not understood yet (an amount to choose between two readings, a date that is none), by
 * draft field: shown at the field in place of the checks' problems there, and holding the draft back from SDI.
 * The inputs report them through TypedProblemsContext (inputs/typed-input.tsx).
 */
import { useCallback, useRef, useState } from 'react';
import type { TypedProblem, TypedProblemsReport } from '../inputs/typed-input.tsx';

export interface TypedProblems {
  typed: Readonly<Record<string, TypedProblem>>;
  /** Given to the inputs (TypedProblemsContext): a field's problem, or null once its text is understood. */
  reportTyped: TypedProblemsReport;
  /** Whether any input is not understood, as of now rather than of the last render. */
  typedPending: () => boolean;
}

export function useTypedProblems(): TypedProblems {
  const [typed, setTyped] = useState<Readonly<Record<string, TypedProblem>>>({});
  const typedRef = useRef(typed);
  typedRef.current = typed;
  const reportTyped = useCallback<TypedProblemsReport>((field, problem) => {
    setTyped((current) => {
      if ((current[field] ?? null) === problem) return current;
      const next = { ...current };
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });
  }, []);
  return { typed, reportTyped, typedPending: () => Object.keys(typedRef.current).length > 0 };
}
