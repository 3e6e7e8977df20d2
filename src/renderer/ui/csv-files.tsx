/**
 * What the screens that import and export their own CSV share (customers and suppliers, the catalogue): saving a
 * text through the host's save dialog, and the report of an import, where each refused row is a line of words.
 */
import { Alert, Text } from '@mantine/core';
import type { Gateway } from '../../shared/gateway/channels.ts';

/** An import's outcome as a screen says it: rows kept, and one sentence per row refused. */
export interface ImportOutcome {
  imported: number;
  problems: string[];
}

/** Saves UTF-8 text through the host (the desktop's dialog, a download in a browser). */
export async function saveText(gateway: Gateway, suggestedName: string, text: string): Promise<void> {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  await gateway.dialog.saveFile({ suggestedName, contentBase64: btoa(binary) });
}

export function ImportReport({
  outcome,
  importedText,
  problemsText,
  onClose,
  testId,
}: {
  outcome: ImportOutcome;
  importedText: string;
  problemsText: string;
  onClose: () => void;
  testId: string;
}) {
  return (
    <Alert
      color={outcome.problems.length > 0 ? 'orange' : 'teal'}
      withCloseButton
      onClose={onClose}
      data-testid={testId}
      data-imported={outcome.imported}
      data-problems={outcome.problems.length}
    >
      <Text size="sm">{importedText}</Text>
      {outcome.problems.length > 0 && <Text size="sm">{problemsText}</Text>}
      {outcome.problems.map((problem) => (
        <Text key={problem} size="sm">
          {problem}
        </Text>
      ))}
    </Alert>
  );
}
