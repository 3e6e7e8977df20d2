/**
 * Two pieces of the frame around every screen: the skip link (the keyboard's first stop, to the screen's
 * content) and the navigation's "Developer" group, which keeps the API log, webhooks, the sandbox console and
 * the API reference apart from an accountant's screens. The group is open until the user closes it; open or
 * closed is kept per profile in localStorage.
 */
import { AccordionChevron, Collapse, NavLink } from '@mantine/core';
import { useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './frame.css';

/** The `id` of the frame's `main`: where the skip link takes the focus. */
export const MAIN_ID = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  // The address lives in the hash, so `#main-content` would be read as a screen: the link moves the focus itself.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip} data-testid="skip-link">
      {t('shell.skipLink')}
    </a>
  );
}

const storageKey = (profile: string) => `scambio.nav.developer.${profile}`;

function readOpen(profile: string | null): boolean {
  if (profile === null) return true;
  try {
    return globalThis.localStorage?.getItem(storageKey(profile)) !== 'closed';
  } catch {
    return true;
  }
}

export interface DeveloperNavProps {
  /** The active profile's id (from the gateway); null until known, and the group shows open meanwhile. */
  profile: string | null;
  /** Whether the current screen is one of the group's: the toggle shows it while the group is closed. */
  current: boolean;
  children: ReactNode;
}

export function DeveloperNav({ profile, current, children }: DeveloperNavProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const [open, setOpen] = useState(() => readOpen(profile));
  useEffect(() => setOpen(readOpen(profile)), [profile]);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (profile === null) return;
    try {
      globalThis.localStorage?.setItem(storageKey(profile), next ? 'open' : 'closed');
    } catch {
      // Storage full or unavailable: the group still opens and closes, it is only not remembered.
    }
  };
  return (
    <>
      <NavLink
        component="button"
        type="button"
        mt="sm"
        label={t('shell.developer.label')}
        description={t('shell.developer.hint')}
        aria-expanded={open}
        aria-controls={groupId}
        active={!open && current}
        data-testid="nav-developer"
        data-open={open}
        onClick={toggle}
        rightSection={
          <AccordionChevron
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
      />
      <Collapse expanded={open} id={groupId} keepMounted={false}>
        <div role="group" aria-label={t('shell.developer.label')}>
          {children}
        </div>
      </Collapse>
    </>
  );
}
