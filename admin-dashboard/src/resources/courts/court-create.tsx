import { Create, SimpleForm } from 'react-admin';
import type { CourtRecord } from '../types';
import { CourtInputs } from './court-inputs';

/** A new court: the next number, last in the order unless given a place. */
export function CourtCreate() {
  return (
    <Create<CourtRecord>
      title="kort.courts.new"
      redirect="list"
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
