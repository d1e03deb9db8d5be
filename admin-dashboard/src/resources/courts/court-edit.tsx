import { useState } from 'react';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useSaveContext,
} from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { CourtRecord } from '../../lib/records';
import { CourtInputs } from './court-inputs';
import { DeactivateCourtDialog } from './deactivate-court-dialog';

type CourtChanges = Pick<CourtRecord, 'name' | 'active' | 'sort_order'>;
const changes = ({ name, active, sort_order }: CourtChanges): CourtChanges => ({ name, active, sort_order });

/**
 * Delete only makes sense for a court without history; the API refuses any other with the reason
 * («…его можно только отключить»), shown as it comes.
 */
function CourtToolbar() {
  const notify = useNotify();
  const court = useRecordContext<CourtRecord>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="kort.courts.delete_title"
        confirmContent="kort.courts.delete_content"
        translateOptions={{ name: court?.name }}
        mutationOptions={{ onError: (error) => notify(messageOf(error), { type: 'error' }) }}
      />
    </Toolbar>
  );
}

/**
 * What the save did, said after it: «Корт 2 отключён, 4 игры отменены» (the games the confirmation
 * listed, which the API cancelled), «Корт 2 снова принимает бронирования», «Корт 2 сохранён».
 */
function useSavedNotice(before: CourtRecord | undefined) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (court: CourtRecord, cancelled: number) => {
    const name = court.name;
    if (before?.active && !court.active)
      notify(cancelled > 0 ? 'kort.notices.court_deactivated' : 'kort.notices.court_deactivated_no_games', {
        type: 'info',
        messageArgs: { name, smart_count: cancelled },
      });
    else if (before && !before.active && court.active)
      notify('kort.notices.court_activated', { type: 'info', messageArgs: { name } });
    else notify('kort.notices.court_saved', { type: 'info', messageArgs: { name } });
    redirect('list', 'courts');
  };
}

/**
 * The form's save, held back when it would take the court out of booking: the games that would
 * cancel are shown first, and the save goes only once the admin confirms.
 */
function CourtEditForm() {
  const court = useRecordContext<CourtRecord>();
  const { save } = useSaveContext();
  const [held, setHeld] = useState<CourtChanges | null>(null);
  const saved = useSavedNotice(court);
  if (!court || !save) return null;
  const send = (next: CourtChanges, cancelled: number) =>
    save(next, { onSuccess: (answer: CourtRecord) => saved(answer, cancelled) });
  const submit = (values: Record<string, unknown>) => {
    const next = changes(values as CourtChanges);
    if (court.active && next.active === false) return setHeld(next);
    return send(next, 0);
  };
  return (
    <>
      <SimpleForm onSubmit={submit} toolbar={<CourtToolbar />}>
        <CourtInputs />
      </SimpleForm>
      <DeactivateCourtDialog
        court={court}
        open={held !== null}
        onConfirm={(cancelled) => {
          if (held) void send(held, cancelled);
          setHeld(null);
        }}
        onClose={() => setHeld(null)}
      />
    </>
  );
}

export function CourtEdit() {
  return (
    <Edit<CourtRecord> mutationMode="pessimistic" redirect="list">
      <CourtEditForm />
    </Edit>
  );
}
