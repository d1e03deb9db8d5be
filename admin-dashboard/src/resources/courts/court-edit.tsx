import { useState } from 'react';
import {
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { CourtRecord } from '../types';
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
 * The form's save, held back when it would take the court out of booking: the games that would
 * cancel are shown first, and the save goes only once the admin confirms.
 */
function CourtEditForm() {
  const court = useRecordContext<CourtRecord>();
  const { save } = useSaveContext();
  const [held, setHeld] = useState<CourtChanges | null>(null);
  if (!court || !save) return null;
  const submit = (values: Record<string, unknown>) => {
    const next = changes(values as CourtChanges);
    if (court.active && next.active === false) return setHeld(next);
    return save(next);
  };
  return (
    <>
      <SimpleForm onSubmit={submit} toolbar={<CourtToolbar />}>
        <CourtInputs />
      </SimpleForm>
      <DeactivateCourtDialog
        court={court}
        open={held !== null}
        onConfirm={() => {
          if (held) void save(held);
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
