/**
 * A Tooltip that costs nothing until it is wanted: a list page has two per row (the amount's source, the SDI
 * state's meaning), and each Mantine Tooltip sets up its floating element, listeners and position on mount, a
 * fifth of the list's drawing time. Until the pointer rests on the element (`openDelay`) or it takes the focus,
 * only the element is drawn; then the Tooltip takes over, opened, and behaves as any other from there.
 */
import { Tooltip, type TooltipProps } from '@mantine/core';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';

type Handlers = {
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
};

export function HoverTooltip({ children, ...props }: TooltipProps & { children: ReactElement<Handlers> }) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (armed)
    return (
      <Tooltip {...props} defaultOpened>
        {children}
      </Tooltip>
    );
  const own = children.props;
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setArmed(true), props.openDelay ?? 0);
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event);
      clearTimeout(timer.current);
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      setArmed(true);
    },
  });
}
