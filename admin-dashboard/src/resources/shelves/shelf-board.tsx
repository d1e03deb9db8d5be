import { EQUIPMENT_SHELVES, PLAYER_SHELVES } from '@kort/contracts';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useLiveDevices } from '../../lib/use-live-devices';
import type { SettingRecord, ShelfRecord } from '../../lib/records';
import { ShelfGrid } from './shelf-grid';

const REFRESH_MS = 30_000;

const SECTIONS = {
  shelf: { title: 'kort.shelves.boxes_title', ids: PLAYER_SHELVES },
  equipment: { title: 'kort.shelves.equipment_title', ids: EQUIPMENT_SHELVES },
} as const;

/** 'shelf-3': true → {3: true}: the locks of the live state by shelf number. */
function locksOf(relays: Record<string, boolean | undefined> | undefined): Partial<Record<number, boolean>> {
  const locks: Partial<Record<number, boolean>> = {};
  for (const [relay, open] of Object.entries(relays ?? {}))
    if (relay.startsWith('shelf-') && open !== undefined) locks[Number(relay.slice('shelf-'.length))] = open;
  return locks;
}

/** The settings naming compartments 10 and 11 («Ракетки», «Мячи»), as players read them. */
const EQUIPMENT_NAMES: Record<string, number> = { equipment_10_name: 10, equipment_11_name: 11 };

/** What each compartment holds, by number, from the club's settings (undefined until read). */
function useEquipmentNames(shown: boolean): Partial<Record<number, string>> {
  const { data } = useGetList<SettingRecord>('settings', { pagination: { page: 1, perPage: 100 } }, { enabled: shown });
  const names: Partial<Record<number, string>> = {};
  for (const setting of data ?? []) {
    const number = EQUIPMENT_NAMES[setting.id];
    if (number !== undefined && setting.value.trim()) names[number] = setting.value.trim();
  }
  return names;
}

/**
 * The shelves page: 1–9 (the spec's /admin_boxes), 10 and 11 (/admin_equipment), or both (the
 * `shelves` resource). Read again after every action and every 30 s; the locks follow the agent's
 * reports live (/live, as the home page's light and door).
 */
export function ShelfBoard({ kind }: { kind?: keyof typeof SECTIONS }) {
  const translate = useTranslate();
  const { data, error, refetch } = useGetList<ShelfRecord>(
    'shelves',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { refetchInterval: REFRESH_MS },
  );
  const { devices } = useLiveDevices(undefined, { storedDoorEvents: false });
  const locks = locksOf(devices?.relays);
  const sections = kind ? [SECTIONS[kind]] : [SECTIONS.shelf, SECTIONS.equipment];
  const names = useEquipmentNames(kind !== 'shelf');
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate(kind ? SECTIONS[kind].title : 'resources.shelves.name', { smart_count: 2 })} />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('kort.errors.load_failed')}: {error.message}
        </Alert>
      )}
      <Stack spacing={3}>
        {sections.map((section) => (
          <section key={section.title} aria-label={translate(section.title)}>
            {/* One section is the page itself: the app bar already names it. */}
            {sections.length > 1 && (
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate(section.title)}
              </Typography>
            )}
            <ShelfGrid shelves={data} ids={section.ids} onChanged={() => void refetch()} locks={locks} names={names} />
          </section>
        ))}
      </Stack>
    </Box>
  );
}
