import { Box, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendState } from '../../shared/api/types.ts';
import { HoverTooltip } from './hover-tooltip.tsx';

type Tone = 'waiting' | 'done' | 'warning' | 'rejected' | 'corrected';

const TONES: Record<SendState | 'none', Tone> = {
  none: 'waiting',
  Inviato: 'waiting',
  Consegnato: 'done',
  AccettatoDalDestinatario: 'done',
  DecorrenzaTermini: 'done',
  AttestazioneTrasmissioneFattura: 'done',
  NonConsegnato: 'warning',
  ImpossibilitaDiRecapito: 'warning',
  Scartato: 'rejected',
  RifiutatoDalDestinatario: 'rejected',
};

/** The icon's colour: a corrected rejection is settled, in the dimmed text colour (legible in both themes). */
const COLORS: Record<Tone, string> = {
  waiting: 'var(--mantine-color-blue-filled)',
  done: 'var(--mantine-color-teal-filled)',
  warning: 'var(--mantine-color-orange-filled)',
  rejected: 'var(--mantine-color-red-filled)',
  corrected: 'var(--mantine-color-dimmed)',
};

/** The badge's word: one or two, so that it fits a list's column at 1024 px (the full name is in the tooltip). */
const SHORT: Record<SendState | 'none', string> = {
  none: 'shell.state.none',
  Inviato: 'shell.state.Inviato',
  Consegnato: 'shell.state.Consegnato',
  NonConsegnato: 'shell.state.NonConsegnato',
  Scartato: 'shell.state.Scartato',
  AccettatoDalDestinatario: 'shell.state.AccettatoDalDestinatario',
  RifiutatoDalDestinatario: 'shell.state.RifiutatoDalDestinatario',
  ImpossibilitaDiRecapito: 'shell.state.ImpossibilitaDiRecapito',
  DecorrenzaTermini: 'shell.state.DecorrenzaTermini',
  AttestazioneTrasmissioneFattura: 'shell.state.AttestazioneTrasmissioneFattura',
};

export interface StateBadgeProps {
  state: SendState | null;
  /** A discarded invoice already corrected and resent: nothing left to do, so it is no longer red. */
  corrected?: boolean;
}

/**
 * An SDI state as an icon and a word, never cut short: in a narrow column (a list at 1024 px) a two-word state
 * wraps between its words. The full state and what it means are in the tooltip; a screen reader hears the full
 * state's name.
 */
export function StateBadge({ state, corrected = false }: StateBadgeProps) {
  const { t } = useTranslation();
  const key = state ?? 'none';
  const isCorrected = corrected && state === 'Scartato';
  const tone = isCorrected ? 'corrected' : TONES[key];
  const full = isCorrected ? t('shell.corrected.full') : t(`state.${key}`);
  const short = isCorrected ? t('shell.corrected.short') : t(SHORT[key]);
  const meaning = isCorrected ? t('shell.corrected.meaning') : t(`stateDescription.${key}`);
  return (
    <HoverTooltip label={`${full}: ${meaning}`} multiline w={300} openDelay={300} withinPortal>
      <Box
        component="span"
        display="inline-flex"
        // The colour is the icon's; the word is in the text colour, so every state reads at full contrast.
        style={{ gap: 5, alignItems: 'flex-start', lineHeight: 1.3, verticalAlign: 'middle' }}
        fz="xs"
        fw={600}
        data-state={key}
        data-corrected={isCorrected || undefined}
      >
        <StateIcon tone={tone} color={COLORS[tone]} />
        <span aria-hidden>{short}</span>
        <VisuallyHidden>{full}</VisuallyHidden>
      </Box>
    </HoverTooltip>
  );
}

/** A small mark per kind of state: a clock (waiting), a tick (done), a warning sign, a cross, a turning arrow. */
function StateIcon({ tone, color }: { tone: Tone; color: string }) {
  const paths: Record<Tone, ReactNode> = {
    waiting: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>
    ),
    done: <path d="M5 12.5l4.5 4.5L19 7.5" />,
    warning: (
      <>
        <path d="M12 3.5l9.5 16.5h-19z" />
        <path d="M12 10v4M12 17.2v.1" />
      </>
    ),
    rejected: <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />,
    corrected: (
      <>
        <path d="M4 12a8 8 0 1 0 2.4-5.7" />
        <path d="M4 4v4.5h4.5" />
      </>
    ),
  };
  return (
    <svg
      width="14"
      height="14"
      style={{ flexShrink: 0, marginTop: 1 }}
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth="2.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {paths[tone]}
    </svg>
  );
}
