import {
  Alert,
  Button,
  Fieldset,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyKind } from '../../shared/gateway/channels.ts';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';

/** The reasons `profiles.save` gives, each with its own message; anything else is shown as it came. */
const REASONS = [
  'keychain-unavailable',
  'name-required',
  'key-kind',
  'base-url',
  'key-format',
  'browser',
] as const;
type Reason = (typeof REASONS)[number];
const isReason = (reason: string): reason is Reason => (REASONS as readonly string[]).includes(reason);

/** A remote profile: the key goes to the host (and its keychain) once and never comes back. */
export function ProfileForm({ disabled, onSaved }: { disabled: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('https://');
  const [keyKind, setKeyKind] = useState<KeyKind>('test');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const result = await gateway.profiles.save({ name, baseUrl, keyKind, apiKey });
      if (!result.ok) {
        setError(isReason(result.reason) ? t(`profiles.reason.${result.reason}`) : result.reason);
        return;
      }
      setName('');
      setApiKey('');
      onSaved();
    } catch (e) {
      setError(t('app.error', { message: messageOf(e) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="profile-form">
      <Fieldset disabled={disabled} legend={t('profiles.remote')}>
        <Stack>
          <TextInput
            label={t('profiles.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('profiles.baseUrl')}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.currentTarget.value)}
          />
          <SegmentedControl
            value={keyKind}
            onChange={(value) => setKeyKind(value as KeyKind)}
            disabled={disabled}
            data={(['test', 'live'] as const).map((k) => ({
              value: k,
              label: t(`profile.environment.${k}`),
            }))}
          />
          <PasswordInput
            label={t('profiles.apiKey')}
            description={t('profiles.apiKeyHint', { prefix: `ik_${keyKind}_` })}
            value={apiKey}
            onChange={(e) => setApiKey(e.currentTarget.value)}
            autoComplete="off"
          />
          {error && (
            <Alert color="red" data-testid="profile-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={saving} disabled={disabled}>
              {t('profiles.save')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
