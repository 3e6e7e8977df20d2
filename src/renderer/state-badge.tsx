import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendState } from '../shared/api/types.ts';

const COLORS: Partial<Record<SendState, string>> = {
  Inviato: 'blue',
  Consegnato: 'teal',
  AccettatoDalDestinatario: 'green',
  DecorrenzaTermini: 'green',
  NonConsegnato: 'orange',
  ImpossibilitaDiRecapito: 'orange',
  Scartato: 'red',
  RifiutatoDalDestinatario: 'red',
};

export function StateBadge({ state }: { state: SendState | null }) {
  const { t } = useTranslation();
  return (
    // `dot`: the colour is a marker beside dark text, so every state reads at full contrast.
    <Badge variant="dot" color={state ? (COLORS[state] ?? 'gray') : 'gray'} data-state={state ?? 'none'}>
      {t(`state.${state ?? 'none'}`)}
    </Badge>
  );
}
