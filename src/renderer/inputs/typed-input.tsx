/**
 * What the app's typed inputs share (amount-input.tsx, date-field.tsx): a text input over a value kept in a
 * plain form (`2500.00`, `2026-11-27`) that shows the value the UI language's way (`2.500,00`, `27/11/2026`).
 *
 * - While focused the input keeps exactly what the user types; each keystroke that reads as a complete value
 *   stores it (so totals follow), anything else stores '' ("nothing understood").
 * - On blur a value it understood is shown again the language's way, so the user sees what was read.
 * - Text it cannot read stays as typed, with a sentence saying how to write it; text it can read more than one
 *   way stays too, with the readings offered as buttons, and nothing is stored until one is chosen.
 * - `data-value` on the input is the plain form understood ('' when none), for QA scripts (docs/qa.md).
 *
 * Inside a form that collects these problems (`TypedProblemsReport`, the composer), the input reports them by
 * field and the form shows them where it shows its own, and refuses to send while any is open; elsewhere the
 * input shows them under itself.
 */
import { Button, TextInput, type TextInputProps } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Mantine's error red is below 4.5:1 on white at this size: the composer's darker red (field-problems.tsx). */
const PROBLEM_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

/** One reading offered for an ambiguous text: its label the language's way, its plain value. */
export interface TypedChoice {
  label: string;
  value: string;
}

/** What a codec makes of the text typed. */
export type TypedReading =
  | { kind: 'empty' }
  | { kind: 'ok'; value: string }
  | { kind: 'ask'; text: string; choices: TypedChoice[] }
  | { kind: 'invalid'; text: string };

/** How one kind of input reads and writes its values, in the current UI language. */
export interface TypedCodec {
  read(text: string): TypedReading;
  /** The stored value the language's way ('' for ''); a value it cannot read is shown as it is. */
  show(value: string): string;
  /** The stored value in its plain form for `data-value` ('' when it is none). */
  plain(value: string): string;
}

/** An open problem of a typed input, as the form collecting them receives it. */
export interface TypedProblem {
  /** The sentence, in the UI language. */
  text: string;
  /** The readings to choose from (empty for text that is no value at all). */
  choices: (TypedChoice & { pick: () => void })[];
  /** Still being typed: the form does not show it yet, but does not send either. */
  typing: boolean;
}

export type TypedProblemsReport = (field: string, problem: TypedProblem | null) => void;

/** Given by a form that shows the inputs' problems itself (by field) and holds its submission while any is open. */
export const TypedProblemsContext = createContext<TypedProblemsReport | null>(null);

/** The readings as buttons, after the question (inside an input's error paragraph: phrasing content only). */
export function TypedChoices({ choices }: { choices: TypedProblem['choices'] }) {
  const { t } = useTranslation();
  if (choices.length === 0) return null;
  return (
    <span
      style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 6, marginLeft: 6, verticalAlign: 'middle' }}
    >
      {choices.map((choice) => (
        <Button
          key={choice.value}
          size="compact-sm"
          variant="default"
          aria-label={t('inputs.choose', { value: choice.label })}
          data-testid="typed-choice"
          data-value={choice.value}
          onClick={choice.pick}
        >
          {choice.label}
        </Button>
      ))}
    </span>
  );
}

export type TypedInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onFocus' | 'onBlur' | 'error'> & {
  /** The stored value, plain ('' = none). */
  value: string;
  /** Called with the plain value understood, or '' when nothing is. */
  onChange: (value: string) => void;
  /** The form's field this input edits (`lines[0].unitPrice`): where a collecting form shows its problems. */
  field?: string;
  /** The form's own problems at this field (a message, or true to mark it only). */
  error?: ReactNode;
};

export function TypedInput({
  codec,
  value,
  onChange,
  field,
  error,
  ...rest
}: TypedInputProps & { codec: TypedCodec }) {
  const report = useContext(TypedProblemsContext);
  // The user's own text: kept while focused, and after it while it is not understood. null: the value is shown.
  const [typed, setTyped] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // Typed into since the field was entered: its problem waits for the user to leave it (a focus alone shows it).
  const [editing, setEditing] = useState(false);
  const emitted = useRef(value);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  const emit = (next: string) => {
    emitted.current = next;
    if (next !== value) changeRef.current(next);
  };

  // A value set from outside (a choice elsewhere, a row removed above, a draft reopened) replaces the text.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setTyped(null);
    }
  }, [value]);

  const reading = useMemo(() => (typed === null ? null : codec.read(typed)), [typed, codec]);

  // A text left waiting that the language now reads (the UI language changed): stored, and shown its way.
  useEffect(() => {
    if (focused || reading === null) return;
    if (reading.kind === 'ok' || reading.kind === 'empty') {
      const next = reading.kind === 'ok' ? reading.value : '';
      emitted.current = next;
      if (next !== value) changeRef.current(next);
      setTyped(null);
    }
  }, [focused, reading, value]);

  const problem: TypedProblem | null = useMemo(() => {
    if (reading === null || reading.kind === 'ok' || reading.kind === 'empty') return null;
    return {
      text: reading.text,
      typing: editing,
      choices:
        reading.kind === 'ask'
          ? reading.choices.map((choice) => ({
              ...choice,
              pick: () => {
                emitted.current = choice.value;
                changeRef.current(choice.value);
                setTyped(null);
              },
            }))
          : [],
    };
  }, [reading, editing]);

  useEffect(() => {
    if (!report || !field) return;
    report(field, problem);
    return () => report(field, null);
  }, [report, field, problem]);

  const own =
    !report && problem && !problem.typing ? (
      <span style={{ color: PROBLEM_COLOR }}>
        {problem.text}
        <TypedChoices choices={problem.choices} />
      </span>
    ) : null;

  const plain = reading === null ? codec.plain(value) : reading.kind === 'ok' ? reading.value : '';
  return (
    <TextInput
      size="sm"
      {...rest}
      value={typed ?? codec.show(value)}
      data-value={plain}
      error={own ?? error}
      onFocus={() => {
        // Nothing is read again until the user types: a value shown `1,125` (one and an eighth) is not asked about.
        if (!rest.readOnly) setFocused(true);
      }}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        setEditing(true);
        const read = codec.read(text);
        emit(read.kind === 'ok' ? read.value : '');
      }}
      onBlur={() => {
        if (rest.readOnly) return;
        setFocused(false);
        setEditing(false);
        // Understood (or emptied): shown again the language's way. Not understood: kept as typed, with why.
        setTyped((current) => {
          if (current === null) return null;
          const read = codec.read(current);
          return read.kind === 'ok' || read.kind === 'empty' ? null : current;
        });
      }}
    />
  );
}
