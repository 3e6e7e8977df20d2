import { Badge } from '@mantine/core';
import type { LogEvent } from '../../shared/api/types.ts';

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
