import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { ShelfRecord, UserRecord } from '../../lib/records';
import { formatClubDateTime } from '../../lib/club-time';

/** The shelf or equipment the player holds now. */
export function UserRentals() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const { data, error, isPending } = useGetList<ShelfRecord>(
    'shelves',
    { pagination: { page: 1, perPage: 11 }, sort: { field: 'id', order: 'ASC' }, filter: { renter_id: user?.id } },
    { enabled: user !== undefined },
  );
  if (!user || isPending) return null;
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  const mine = data ?? [];
  if (mine.length === 0) return <Typography color="text.secondary">{translate('kort.users.no_rental')}</Typography>;
  return (
    <List dense>
      {mine.map((shelf) => (
        <ListItem key={shelf.id}>
          <ListItemText
            primary={translate(shelf.kind === 'equipment' ? 'kort.shelves.item' : 'kort.shelves.shelf', {
              number: shelf.id,
            })}
            secondary={
              shelf.rented_since
                ? translate('kort.shelves.since', { date: formatClubDateTime(shelf.rented_since) })
                : undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
