import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** To be built (issue 28): the route and the navigation are wired; the screen is this folder's work. */
export default function DeadlinesScreen(_props: { today?: Date | null }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('nav.deadlines')}</Title>
    </Stack>
  );
}
