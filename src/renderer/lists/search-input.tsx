import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The lists' free-text search (`q`: VAT numbers, names, file names, SDI ids). Typing is debounced so each pause,
 * not each key, asks the server; the server needs three characters, so shorter text searches nothing yet.
 */
export function SearchInput({ onSearch }: { onSearch: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => onSearch(debounced.length >= 3 ? debounced : undefined), [debounced, onSearch]);
  return (
    <TextInput
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      data-testid="search"
      w={280}
    />
  );
}
