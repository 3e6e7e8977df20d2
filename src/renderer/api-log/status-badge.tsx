import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEvent, SandboxLogEvent } from '../../shared/api/types.ts';

const CLASS_COLORS: Record<number, string> = { 2: 'teal', 3: 'blue', 4: 'orange', 5: 'red' };

/**
 * A call's HTTP status, whole: the badge never shrinks below its three digits, however narrow the column. The
 * colour is a dot beside dark text (full contrast), by the status class.
 */
export function StatusBadge({ event }: { event: Pick<LogEvent, 'status_code'> }) {
  return (
    <Badge
      variant="dot"
      color={CLASS_COLORS[Math.floor(event.status_code / 100)] ?? 'gray'}
      data-testid="log-status"
      data-status={event.status_code}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {event.status_code}
    </Badge>
  );
}

/** The mark of a fault the sandbox injected into the call (docs/sandbox.md "Faults and latency"), if it has one. */
export function FaultBadge({ event }: { event: LogEvent & Pick<SandboxLogEvent, 'fault'> }) {
  const { t } = useTranslation();
  const { fault } = event;
  if (!fault) return null;
  const kind = fault.kind === 'status' ? String(fault.status) : fault.kind;
  return (
    <Badge
      size="sm"
      variant="light"
      color="grape"
      data-testid="log-fault"
      data-kind={fault.kind}
      title={fault.source === 'rule' ? t('faults.byRule', { id: fault.rule_id }) : t('faults.byHeader')}
      style={{ flexShrink: 0 }}
    >
      {t('faults.badge', { kind })}
    </Badge>
  );
}
