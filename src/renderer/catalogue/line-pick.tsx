/**
 * In the composer, under the lines: pick an item of the catalogue by typing its code or description (it fills the
 * last line when that one is still empty, else a new line), or save a line typed here into the catalogue.
 */
import { Autocomplete, Button, Group, Menu, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyLine, type InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { applyItem, itemOfLine, searchCatalogue, type CatalogueItem } from '../../shared/registry/index.ts';
import { useCatalogue } from './saved-catalogue.ts';

/** The label an item is offered under: unique per item, so a pick finds it again. */
const labelOf = (item: CatalogueItem) =>
  item.code ? `${item.code} · ${item.description}` : item.description;

export function CataloguePick({
  draft,
  change,
}: {
  draft: InvoiceDraft;
  change: (edit: (draft: InvoiceDraft) => void) => void;
}) {
  const { t } = useTranslation();
  const { items, change: changeCatalogue } = useCatalogue();
  const [typed, setTyped] = useState('');
  const [saved, setSaved] = useState(false);
  // The Autocomplete writes the picked label into the field after the pick: the field is emptied instead.
  const picked = useRef<string | null>(null);
  const offered = useMemo(() => searchCatalogue(items ?? [], typed), [items, typed]);
  const savable = draft.lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => line.description.trim() !== '' && line.unitPrice.trim() !== '');

  const pick = (label: string) => {
    const item = offered.find((candidate) => labelOf(candidate) === label);
    if (!item) return;
    change((d) => {
      const last = d.lines[d.lines.length - 1];
      const empty = last && last.description.trim() === '' && last.unitPrice.trim() === '';
      if (!empty) {
        const line = emptyLine();
        line.withholding = d.withholdings.length > 0 && d.lines.some((l) => l.withholding);
        d.lines.push(line);
      }
      applyItem(d.lines[d.lines.length - 1]!, item);
    });
    picked.current = label;
    setTyped('');
  };

  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Autocomplete
        label={t('catalogue.compose.pick')}
        placeholder={t('catalogue.compose.pickPlaceholder')}
        w={340}
        value={typed}
        onChange={(value) => {
          const wasPicked = value === picked.current;
          picked.current = null;
          setTyped(wasPicked ? '' : value);
        }}
        data={offered.map(labelOf)}
        onOptionSubmit={pick}
        disabled={!items?.length}
        data-testid="compose-line-pick"
      />
      <Menu position="bottom-start">
        <Menu.Target>
          <Button variant="subtle" disabled={savable.length === 0} data-testid="compose-line-save">
            {t('catalogue.compose.save')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {savable.map(({ line, n }) => (
            <Menu.Item
              key={n}
              data-testid="compose-line-save-item"
              onClick={() =>
                void changeCatalogue({ kind: 'save', items: [itemOfLine(line)] }).then(() => setSaved(true))
              }
            >
              {t('catalogue.compose.saveLine', { n, description: line.description.slice(0, 60) })}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {saved && (
        <Text size="sm" c="teal.8" data-testid="compose-line-saved">
          {t('catalogue.compose.saved')}
        </Text>
      )}
    </Group>
  );
}
