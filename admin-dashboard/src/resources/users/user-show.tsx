import { Stack } from '@mui/material';
import {
  DataTable,
  EmailField,
  FunctionField,
  Labeled,
  Pagination,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BookingStatusChip } from '../../components/booking-status';
import { CancelBookingButton } from '../../components/cancel-booking-button';
import { ClubDateField } from '../../components/club-date-field';
import { formatClubDateTime } from '../../lib/club-time';
import { formatPhone } from '../../lib/phone';
import { actionKey, CommandStatusChip } from '../../components/command-labels';
import type { BookingRecord, CommandRecord, UserRecord } from '../../lib/records';
import { BlockUserButton } from './block-user-button';
import { SportSchoolSwitch } from './sport-school-switch';
import { NoShowPause, UserNoShows } from './user-no-shows';
import { UserMoney } from './user-money';
import { UserRentals } from './user-rentals';
import { UserRoleBlock } from './user-role';
import { roleLabel, UserStatusChip } from './user-status';

/**
 * The spec's player profile (/admin_user_profile): details (with what they paid, when they did),
 * games, no-shows, rental and door openings.
 */
export function UserShow() {
  const translate = useTranslate();
  return (
    <Show<UserRecord>
      actions={
        <TopToolbar>
          <BlockUserButton />
        </TopToolbar>
      }
    >
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label="kort.users.tab_profile">
          <TextField source="name" />
          <EmailField source="email" />
          <FunctionField<UserRecord> source="phone_number" render={(user) => formatPhone(user.phone_number)} />
          <FunctionField<UserRecord> source="role" render={(user) => translate(roleLabel(user.role))} />
          <Labeled label="kort.users.state">
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <UserStatusChip />
              <NoShowPause />
            </Stack>
          </Labeled>
          <UserMoney />
          <SportSchoolSwitch />
          <UserRoleBlock />
          <ClubDateField source="confirmed_at" />
          <ClubDateField source="rules_accepted_at" />
          <EndedAt />
        </TabbedShowLayout.Tab>

        <TabbedShowLayout.Tab label="kort.users.tab_games" path="games">
          <ReferenceManyField<UserRecord, BookingRecord>
            reference="bookings"
            target="user_id"
            sort={{ field: 'starts_at', order: 'DESC' }}
            perPage={25}
            pagination={<Pagination />}
            empty={translate('kort.users.no_games')}
          >
            <DataTable<BookingRecord> bulkActionButtons={false}>
              <DataTable.Col<BookingRecord>
                source="starts_at"
                render={(booking) => formatClubDateTime(booking.starts_at)}
              />
              <DataTable.Col<BookingRecord> source="court_id" />
              <DataTable.Col<BookingRecord>
                source="status"
                render={(booking) => <BookingStatusChip booking={booking} />}
              />
              <DataTable.Col<BookingRecord> label=" ">
                <CancelBookingButton />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>

        <TabbedShowLayout.Tab label="kort.users.tab_no_shows" path="no-shows">
          <UserNoShows />
        </TabbedShowLayout.Tab>

        <TabbedShowLayout.Tab label="kort.users.tab_rental" path="rental">
          <UserRentals />
        </TabbedShowLayout.Tab>

        <TabbedShowLayout.Tab label="kort.users.tab_door" path="door">
          <ReferenceManyField<UserRecord, CommandRecord>
            reference="commands"
            target="requested_by"
            // One row per opening: the code's opening or the entry at the door, not the sensor's reports after it.
            filter={{ action: ['door.open', 'door.entry'] }}
            sort={{ field: 'requested_at', order: 'DESC' }}
            perPage={25}
            pagination={<Pagination />}
            empty={translate('kort.users.no_door')}
          >
            <DataTable<CommandRecord> bulkActionButtons={false}>
              <DataTable.Col<CommandRecord>
                source="requested_at"
                render={(command) => formatClubDateTime(command.requested_at)}
              />
              <DataTable.Col<CommandRecord>
                source="action"
                render={(command) => translate(actionKey(command.action))}
              />
              <DataTable.Col<CommandRecord>
                source="status"
                render={(command) => <CommandStatusChip status={command.status} />}
              />
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

/**
 * When the account ended, named for how: «Заблокирован» by an admin (a block, which can be lifted),
 * «Удалил профиль» by the player; nothing for a live account.
 */
function EndedAt() {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user?.deleted_at) return null;
  return (
    <Labeled label={translate(user.deletion_kind === 'admin' ? 'kort.users.blocked_at' : 'kort.users.self_deleted_at')}>
      <ClubDateField source="deleted_at" />
    </Labeled>
  );
}
