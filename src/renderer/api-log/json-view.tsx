import { Box, Button, CopyButton, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The text as JSON, or undefined when it is something else (an XML answer, a truncated body). */
export function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/**
 * A JSON text shown whole, pretty-printed, each object and array foldable, with a button copying it. Its text
 * (what a reader or a test reads off the page) is the pretty-printed JSON itself while nothing is folded. Text
 * that is not JSON is shown as it is.
 */
export function JsonView({ label, text, testId }: { label: string; text: string; testId?: string }) {
  const { t } = useTranslation();
  const value = parseJson(text);
  const pretty = value === undefined ? text : JSON.stringify(value, null, 2);
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={700}>
          {label}
        </Text>
        <CopyButton value={pretty}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('apiLog.copied') : t('apiLog.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Box
        data-testid={testId}
        ff="monospace"
        fz="xs"
        p="xs"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4, overflowX: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {value === undefined ? text : <JsonNode value={value} name={null} last depth={0} />}
      </Box>
    </Box>
  );
}

const INDENT_REM = 1;

function JsonNode({
  name,
  value,
  last,
  depth,
}: {
  name: string | null;
  value: Json;
  last: boolean;
  depth: number;
}) {
  const key = name === null ? '' : `${JSON.stringify(name)}: `;
  const comma = last ? '' : ',';
  const indent = { paddingInlineStart: `${depth * INDENT_REM}rem` };
  if (value === null || typeof value !== 'object') {
    return (
      <div style={indent}>
        {key}
        {JSON.stringify(value)}
        {comma}
      </div>
    );
  }
  const entries: [string | null, Json][] = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div style={indent}>
        {key}
        {open}
        {close}
        {comma}
      </div>
    );
  }
  return (
    <Foldable
      summary={`${key}${open}`}
      folded={`…${close}${comma}`}
      count={entries.length}
      indent={indent}
      closing={
        <div style={indent}>
          {close}
          {comma}
        </div>
      }
    >
      {entries.map(([childName, child], i) => (
        <JsonNode key={i} name={childName} value={child} last={i === entries.length - 1} depth={depth + 1} />
      ))}
    </Foldable>
  );
}

/** An object or array: open at first; folded, it shows its closing bracket on the summary line. */
function Foldable({
  summary,
  folded,
  count,
  indent,
  closing,
  children,
}: {
  summary: string;
  folded: string;
  count: number;
  indent: { paddingInlineStart: string };
  closing: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary style={{ ...indent, cursor: 'pointer' }}>
        {summary}
        {!open && (
          <>
            {folded}{' '}
            <Text span fz="xs" c="dimmed">
              {t('apiLog.items', { count })}
            </Text>
          </>
        )}
      </summary>
      {children}
      {closing}
    </details>
  );
}
