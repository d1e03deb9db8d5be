import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { CourtRecord } from '../../lib/records';
import { CourtInputs } from './court-inputs';

/** A new court: the next number, last in the order unless given a place. */
export function CourtCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  // «Корт 3 добавлен», not react-admin's «Элемент создан».
  const made = (court: CourtRecord) => {
    notify('kort.notices.court_created', { type: 'info', messageArgs: { name: court.name } });
    redirect('list', 'courts');
  };
  return (
    <Create<CourtRecord>
      title="kort.courts.new"
      mutationOptions={{ onSuccess: made }}
      transform={(court: Partial<CourtRecord>) => ({
        name: court.name,
        active: court.active ?? true,
        ...(typeof court.sort_order === 'number' ? { sort_order: court.sort_order } : {}),
      })}
    >
      <SimpleForm defaultValues={{ active: true }}>
        <CourtInputs creating />
      </SimpleForm>
    </Create>
  );
}
